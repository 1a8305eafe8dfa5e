import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's webhook signatures (docs: providers/stripe.md "Webhook signature verification"): the
 * `Stripe-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">[,v1=...][,v0=...]`,
 * keyed with the endpoint's `whsec_...` secret as it is. Messages are stripe-node's, so a log reads
 * the same whichever library checked.
 */

/** An event as Stripe posts it; `data.object` is the Checkout Session, Subscription or Invoice it is about. */
export type StripeEvent = {
  id: string;
  object?: 'event';
  type: string;
  created: number;
  api_version?: string | null;
  livemode?: boolean;
  pending_webhooks?: number;
  request?: { id: string | null; idempotency_key: string | null } | null;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
};

/** The header failed a check: answer 400 and do not act on the body. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export type VerifyWebhookOptions = {
  /** How old (seconds) a signed timestamp may be; default 300; 0 checks no age. Future timestamps pass, as in stripe-node. */
  toleranceSeconds?: number;
  /** The current Unix time in seconds (default: the clock). */
  now?: number;
};

const defaultToleranceSeconds = 300;

/**
 * Verifies `Stripe-Signature` over the exact raw body (every v1 candidate, compared in constant
 * time; then the timestamp's age) and returns the parsed event; throws WebhookSignatureError otherwise.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): StripeEvent {
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) {
    throw new WebhookSignatureError(
      'Webhook payload must be provided as a string or a Buffer instance representing the _raw_ request body.',
    );
  }
  if (!header) throw new WebhookSignatureError('No stripe-signature header value was provided.');
  const { timestamp, signatures } = parseHeader(header);
  if (timestamp === undefined) {
    throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
  }
  if (signatures.length === 0) throw new WebhookSignatureError('No signatures found with expected scheme');

  const payload = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = Buffer.from(hmacHex(secret, `${timestamp}.${payload}`));
  // Every candidate is compared, so the time taken does not tell which one (if any) matched.
  const matches = signatures.map((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches.includes(true)) {
    throw new WebhookSignatureError(
      'No signatures found matching the expected signature for payload. ' +
        'Are you passing the raw request body you received from Stripe?',
    );
  }
  const tolerance = options.toleranceSeconds ?? defaultToleranceSeconds;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (tolerance > 0 && now - timestamp > tolerance) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
  return JSON.parse(payload) as StripeEvent;
}

/** The header Stripe would send for this payload (tests and the sandbox); `timestamp` in Unix seconds. */
export function signWebhook(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmacHex(secret, `${timestamp}.${payload}`)}`;
}

function hmacHex(secret: string, signedPayload: string): string {
  return createHmac('sha256', secret).update(signedPayload, 'utf8').digest('hex');
}

/** `t` (the last one wins, as in stripe-node) and every `v1`; other schemes (v0) are ignored. */
function parseHeader(header: string): { timestamp: number | undefined; signatures: string[] } {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const scheme = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (scheme === 't') {
      const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      timestamp = Number.isSafeInteger(parsed) ? parsed : undefined;
    } else if (scheme === 'v1') {
      signatures.push(value);
    }
  }
  return { timestamp, signatures };
}
