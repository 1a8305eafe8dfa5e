import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { SandboxEvent } from './stripe-sandbox-types.ts';

/**
 * The sandbox's webhook endpoint: events in Stripe's envelope, signed as stripe.md says
 * (`t=<seconds>,v1=<hex HMAC-SHA256(secret, "t.payload")>`, a fresh `t` per attempt) and posted
 * one after another in the order they were created, each retried a few times on a non-2xx answer
 * or no answer. Every attempt's status is recorded on the event.
 */

export type NewEvent = { type: string; object: unknown; previousAttributes?: Record<string, unknown> };

export type WebhookSender = {
  events: SandboxEvent[];
  /** Creates the events in order; resolves once each was delivered or given up on. */
  emit(events: NewEvent[]): Promise<void>;
  sign(payload: string, timestamp?: number): string;
  setUrl(url: string): void;
  /** Stops delivering (pending waits end at once). */
  close(): void;
};

export type WebhookSenderOptions = {
  secret: string;
  apiVersion: string;
  url?: string;
  /** Waits before each retry; its length is the number of retries. */
  retryDelaysMs: number[];
  /** How long one attempt may take. */
  timeoutMs?: number;
};

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id: `prefix` and `length` random letters and digits. */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export const unixNow = () => Math.floor(Date.now() / 1000);

/** The Stripe-Signature header for a payload. */
export function signPayload(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { secret, apiVersion, retryDelaysMs, timeoutMs = 5_000 } = options;
  let url = options.url;
  const events: SandboxEvent[] = [];
  const closing = new AbortController();
  let queue: Promise<void> = Promise.resolve();

  async function attempt(event: SandboxEvent, target: string): Promise<number> {
    event.signature = signPayload(event.payload, secret);
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': event.signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: event.payload,
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return 0;
    }
  }

  async function deliver(event: SandboxEvent): Promise<void> {
    const target = url;
    if (!target) return;
    for (let retry = 0; !closing.signal.aborted; retry += 1) {
      const status = await attempt(event, target);
      if (closing.signal.aborted) return;
      event.deliveries.push(status);
      const wait = retryDelaysMs[retry];
      if ((status >= 200 && status < 300) || wait === undefined) return;
      await delay(wait, undefined, { signal: closing.signal }).catch(() => undefined);
    }
  }

  return {
    events,
    emit(created) {
      const batch = created.map(({ type, object, previousAttributes }) => {
        const id = stripeId('evt_');
        const envelope = {
          id,
          object: 'event',
          api_version: apiVersion,
          created: unixNow(),
          data: { object, ...(previousAttributes && { previous_attributes: previousAttributes }) },
          livemode: false,
          pending_webhooks: url ? 1 : 0,
          request: { id: null, idempotency_key: null },
          type,
        };
        // Serialised now: the payload is the object as it was when the event happened.
        const event: SandboxEvent = {
          id,
          type,
          payload: JSON.stringify(envelope, null, 2),
          signature: '',
          deliveries: [],
        };
        events.push(event);
        return event;
      });
      const delivered = queue.then(async () => {
        for (const event of batch) await deliver(event);
      });
      queue = delivered.catch(() => undefined);
      return delivered;
    },
    sign: (payload, timestamp) => signPayload(payload, secret, timestamp),
    setUrl(next) {
      url = next;
    },
    close() {
      closing.abort();
    },
  };
}
