/**
 * The one error every provider client throws: which provider, what it answered, whether trying
 * again later may help. Secrets never reach its message, its cause or its JSON.
 */

export type ProviderErrorInit = {
  provider: string;
  /** The HTTP status; 0 when the provider was unreachable or did not answer in time. */
  status: number;
  code?: string | number;
  retryable: boolean;
  retryAfterMs?: number;
  cause?: Error;
};

/** A provider refused, failed, throttled or could not be reached. */
export class ProviderError extends Error {
  readonly provider: string;
  readonly status: number;
  readonly code: string | number | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;

  constructor(message: string, init: ProviderErrorInit) {
    super(message, init.cause ? { cause: init.cause } : undefined);
    this.name = 'ProviderError';
    this.provider = init.provider;
    this.status = init.status;
    this.code = init.code;
    this.retryable = init.retryable;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  /** What logs and API replies may carry: the (already redacted) message and the facts, no body. */
  toJSON() {
    return {
      name: this.name,
      message: this.message,
      provider: this.provider,
      status: this.status,
      code: this.code,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

/** What a provider said in an error body: its reason in words and its own error code. */
export type ErrorDetail = { reason?: string; code?: string | number };

/** Reads an error body: the first of `fields` that holds text is the reason (`a.b` reads nested). */
export function errorDetailReader(fields: string[]): (body: unknown) => ErrorDetail {
  return (body) => {
    if (typeof body === 'string') return { reason: body.trim() || undefined };
    if (!isRecord(body)) return {};
    let reason: string | undefined;
    for (const field of fields) {
      reason = textOf(
        field.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), body),
      );
      if (reason) break;
    }
    const nested = isRecord(body.errors) ? body.errors.code : undefined;
    const code = [body.code, nested].find((value) => typeof value === 'string' || typeof value === 'number');
    return { reason, code: code as string | number | undefined };
  };
}

/** Printify's order (printify.md "Error format"); fits most JSON APIs, so it is the default. */
export const readPrintifyError = errorDetailReader(['errors.reason', 'error', 'message']);

/** Gelato's order (gelato.md "Errors"): `message ?? error`. */
export const readGelatoError = errorDetailReader(['message', 'error']);

/** Replaces every secret (and its URL- and JSON-escaped forms) in `text` with `[redacted]`. */
export function redactor(secrets: string[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    // encodeURIComponent throws on a lone surrogate; such a secret has no URL-escaped form to hide.
    if (secret.isWellFormed()) forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so a bearer header is hidden whole rather than leaving its scheme around a hole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((result, form) => result.split(form).join('[redacted]'), text);
}

/** The secrets a set of auth headers carries: each value, and the token after a `Bearer`/`Basic` scheme. */
export function secretsOf(headers: Record<string, string>, extra: string[] = []): string[] {
  const values = Object.values(headers);
  const tokens = values.map((value) => value.replace(/^(Bearer|Basic|Token)\s+/i, '').trim());
  return [...values, ...tokens, ...extra].filter((value) => value.length > 0);
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join('; ') || undefined;
  // Some APIs nest the sentence: `{"error": {"message": "..."}}`.
  if (isRecord(value)) return textOf(value.message) ?? textOf(value.reason);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
