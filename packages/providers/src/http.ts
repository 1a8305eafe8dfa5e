import { setTimeout as delay } from 'node:timers/promises';
import { type ErrorDetail, ProviderError, readPrintifyError, redactor, secretsOf } from './provider-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

// The helper's whole surface in one import, as callers expect it here.
export { ProviderError } from './provider-error.ts';
export { RateLimiter, limiterFor } from './rate-limiter.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type HttpClientOptions = {
  /** The provider's name as a seller knows it ("Printify"): every error message starts with it. */
  provider: string;
  baseUrl: string;
  /** Auth headers. Their values are secrets: they are redacted from every error. */
  headers: Record<string, string>;
  /** More strings to redact (a raw API key the headers hold in another form). */
  secretValues?: string[];
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first one. */
  maxRetries?: number;
  /** Taken before every attempt. */
  limiters?: RateLimiter[];
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  userAgent?: string;
  /** Reads the provider's reason and code from an error body (default: printify.md's order). */
  readError?: (body: unknown) => ErrorDetail;
  /** Told the end of every attempt (metrics); what it throws is ignored, the request goes on. */
  onAttempt?: (attempt: ProviderAttempt) => void;
};

/** One attempt of a request: `status` 0 when no answer came (timeout, connection refused). */
export type ProviderAttempt = {
  provider: string;
  method: HttpMethod;
  status: number;
  ok: boolean;
  durationMs: number;
};

/** What a provider client passes through to the helper unchanged (tests inject fetch, sleep and random). */
export type TransportOptions = Pick<
  HttpClientOptions,
  'timeoutMs' | 'maxRetries' | 'fetch' | 'sleep' | 'random' | 'onAttempt'
>;

export type RequestOptions = {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded, in this order (Stripe's bracket keys as they are); not with `body`. */
  form?: Record<string, string>;
  /** Headers of this request only (e.g. Idempotency-Key), sent on every attempt, retries included. */
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  /** Taken before every attempt, after the client's own (e.g. Printify's publish allowance). */
  limiters?: RateLimiter[];
  signal?: AbortSignal;
  /**
   * Whether sending the request twice does no harm. Defaults to true except for POST. A request
   * that is not idempotent is only retried when the provider cannot have acted on it (429, 408,
   * no connection made): a 5xx or a timeout may come after a product was created, and Printify and
   * Gelato have no idempotency keys, so a blind retry would make a duplicate.
   */
  idempotent?: boolean;
};

export type HttpClient = {
  /** Sends one request with a JSON or form body (retrying as the options say) and returns the parsed JSON answer. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
};

const baseBackoffMs = 500;
const maxBackoffMs = 20_000;
/** A Retry-After longer than this is not waited out here: the caller learns it from the error. */
const maxRetryAfterMs = 60_000;
/** Connection failures after which the request cannot have reached the provider. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

type Outcome<T> =
  { ok: true; value: T; status: number } | { ok: false; error: ProviderError; retry: boolean };

/** The one outbound HTTP helper of PodFlow: auth, JSON, timeouts, retries, rate limits, redaction. */
export function httpClient(options: HttpClientOptions): HttpClient {
  const { provider, timeoutMs = 30_000, maxRetries = 4, userAgent = 'PodFlow/0.1' } = options;
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const random = options.random ?? Math.random;
  const readError = options.readError ?? readPrintifyError;
  const redact = redactor(secretsOf(options.headers, options.secretValues));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function attempt<T>(
    method: HttpMethod,
    url: string,
    init: RequestInit,
    idempotent: boolean,
    signal?: AbortSignal,
  ): Promise<Outcome<T>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { ...init, signal: attemptSignal });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // An address the SSRF-safe fetch refused: no retry helps, and its sentence is the one to show.
      const refusal = causeWithCode(error, 'unsafe_url');
      if (refusal) {
        const init = { provider, status: 0, code: 'unsafe_url', retryable: false };
        return { ok: false, error: new ProviderError(refusal.message, init), retry: false };
      }
      const timedOut = timeout.aborted;
      const code = timedOut ? 'ETIMEDOUT' : systemCode(error);
      const what = timedOut
        ? `${provider} did not answer ${method} ${pathOf(url)} within ${seconds(timeoutMs)}`
        : `${provider} could not be reached (${method} ${pathOf(url)}): ${describe(error)}`;
      const cause = new Error(redact(describe(error)));
      const providerError = new ProviderError(redact(what), {
        provider,
        status: 0,
        code,
        retryable: true,
        cause,
      });
      return { ok: false, error: providerError, retry: idempotent || notSentCodes.has(String(code)) };
    }
    const body = parseJson(text);
    if (response.ok) {
      if (body === invalidJson) {
        const what = `${provider} answered ${method} ${pathOf(url)} with something that is not JSON: ${excerpt(text)}`;
        return {
          ok: false,
          error: new ProviderError(redact(what), { provider, status: response.status, retryable: false }),
          retry: false,
        };
      }
      return { ok: true, value: body as T, status: response.status };
    }
    const status = response.status;
    const retryable = status === 408 || status === 429 || status >= 500;
    const retryAfterMs = retryAfter(response.headers);
    const detail = readError(body === invalidJson ? text : body);
    const reason = detail.reason ? `: ${excerpt(detail.reason)}` : ' without a reason';
    const code = detail.code !== undefined ? `, code ${detail.code}` : '';
    const what = `${provider} answered ${method} ${pathOf(url)} with HTTP ${status}${code}${reason}`;
    const error = new ProviderError(redact(what), {
      provider,
      status,
      code: detail.code,
      retryable,
      retryAfterMs,
    });
    return { ok: false, error, retry: retryable && (idempotent || status === 408 || status === 429) };
  }

  return {
    async request<T>(method: HttpMethod, path: string, request: RequestOptions = {}): Promise<T> {
      const url = new URL(baseUrl + path);
      for (const [key, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'User-Agent': userAgent,
        ...options.headers,
      };
      const init: RequestInit = { method, headers };
      if (request.body !== undefined && request.form !== undefined) {
        throw new TypeError('A request sends either a JSON body or a form, not both');
      }
      if (request.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(request.body);
      }
      if (request.form !== undefined) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        init.body = new URLSearchParams(request.form).toString();
      }
      Object.assign(headers, request.headers);
      const idempotent = request.idempotent ?? method !== 'POST';
      const limiters = [...(options.limiters ?? []), ...(request.limiters ?? [])];
      const { signal } = request;

      for (let retries = 0; ; retries++) {
        signal?.throwIfAborted();
        for (const limiter of limiters) await abortable(limiter.take(), signal);
        const started = performance.now();
        const outcome = await attempt<T>(method, url.href, init, idempotent, signal);
        const status = outcome.ok ? outcome.status : outcome.error.status;
        const durationMs = performance.now() - started;
        try {
          options.onAttempt?.({ provider, method, status, ok: outcome.ok, durationMs });
        } catch {
          // Metrics never change what a request does.
        }
        if (outcome.ok) return outcome.value;
        const { error } = outcome;
        const wait =
          error.retryAfterMs ?? Math.floor(random() * Math.min(maxBackoffMs, baseBackoffMs * 2 ** retries));
        if (!outcome.retry || retries >= maxRetries || wait > maxRetryAfterMs) {
          throw retries === 0 ? error : afterRetries(error, retries + 1);
        }
        await abortable(sleep(wait), signal);
      }
    },
  };
}

/** The same error, its message saying how many attempts were made. */
function afterRetries(error: ProviderError, attempts: number): ProviderError {
  return new ProviderError(`${error.message} (after ${attempts} attempts)`, {
    provider: error.provider,
    status: error.status,
    code: error.code,
    retryable: error.retryable,
    retryAfterMs: error.retryAfterMs,
    // A ProviderError's cause is an Error or nothing: its constructor takes no other.
    cause: error.cause as Error | undefined,
  });
}

/** How long the provider asked us to wait: `retry-after-ms`, or `Retry-After` in seconds or as a date. */
export function retryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  // Headers already strips the white space around a value.
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const invalidJson = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalidJson;
  }
}

function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** fetch's TypeError hides the socket error in `cause`: name the deepest one. */
function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const inner = cause ?? error;
  return inner instanceof Error ? inner.message || inner.name : String(inner);
}

function causeWithCode(error: unknown, code: string): Error | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === code) return current;
  }
  return undefined;
}

function systemCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
