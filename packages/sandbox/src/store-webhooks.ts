import { createHmac } from 'node:crypto';

/**
 * How the Shopify and WooCommerce sandboxes deliver webhooks: a POST of the exact bytes they
 * signed, one after another, with fault switches a test or the demo turns on for the next
 * deliveries: sent twice (same ids, same bytes), never sent, or held back and sent after the one
 * that follows it (out of order). Each attempt's answer is recorded.
 */

export type DeliveryFault = 'twice' | 'never' | 'out_of_order';

export type Delivery = { url: string; headers: Record<string, string>; body: string };

/** A delivery as it went out: its answer's status (0: no answer) or 'dropped' for a 'never' fault. */
export type SentDelivery = Delivery & { status: number | 'dropped' };

/** base64 HMAC-SHA256 of the body: how both stores sign a delivery. */
export const base64Hmac = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('base64');

export function createDeliverer(options: { timeoutMs?: number } = {}) {
  const { timeoutMs = 5_000 } = options;
  const faults: DeliveryFault[] = [];
  const sent: SentDelivery[] = [];
  let held: { delivery: Delivery; report: (status: number) => void } | undefined;
  const closing = new AbortController();

  async function post(delivery: Delivery): Promise<number> {
    let status: number;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      status = response.status;
    } catch {
      status = 0;
    }
    sent.push({ ...delivery, status });
    return status;
  }

  return {
    /** Every delivery made, oldest first; tests may empty it. */
    sent,
    /** The next `times` deliveries meet this fault. */
    fault(fault: DeliveryFault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    /**
     * Sends one delivery (with whatever fault is next) and reports each status its attempts got,
     * for the store's own bookkeeping (WooCommerce disables a webhook after 5 failures in a row).
     */
    async send(delivery: Delivery, report: (status: number) => void = () => undefined): Promise<void> {
      const fault = faults.shift();
      if (fault === 'never') {
        sent.push({ ...delivery, status: 'dropped' });
        return;
      }
      if (fault === 'out_of_order') {
        held = { delivery, report };
        return;
      }
      report(await post(delivery));
      if (fault === 'twice') report(await post(delivery));
      const late = held;
      held = undefined;
      if (late) late.report(await post(late.delivery));
    },
    /** Sends a delivery held back for 'out_of_order' that no later one has pushed out yet. */
    async flush(): Promise<void> {
      const late = held;
      held = undefined;
      if (late) late.report(await post(late.delivery));
    },
    /** Stops delivering (attempts under way end at once). */
    close() {
      closing.abort();
    },
  };
}

export type Deliverer = ReturnType<typeof createDeliverer>;

/** Whether a webhook address is one the sandbox may call over plain http: loopback or a private network. */
export function isLocalAddress(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host === '::1' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}
