import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { GelatoSandboxOrder, GelatoSandboxPackage } from './gelato-sandbox-order-data.ts';

/**
 * The Gelato sandbox's webhooks (providers/orders.md §2): order_status_updated and
 * order_item_tracking_code_updated events, unsigned as Gelato's, POSTed to the URL pasted in the
 * "dashboard" one after another, 3 tries `retryMs` apart; on request one is delivered twice,
 * never, or after the event that follows.
 */

export type WebhookFault = 'twice' | 'never' | 'out_of_order';
export type WebhookDelivery = { event: Record<string, unknown>; status: number; attempt: number };

/** The order_status_updated event of the order as it is now, each item's tracked packages as fulfillments. */
export function statusEvent(order: GelatoSandboxOrder): Record<string, unknown> {
  return {
    id: `os_${randomUUID().replace(/-/g, '')}`,
    event: 'order_status_updated',
    orderId: order.id,
    storeId: order.storeId,
    orderReferenceId: order.orderReferenceId,
    fulfillmentStatus: order.fulfillmentStatus,
    items: order.items.map((item) => ({
      itemReferenceId: item.itemReferenceId,
      fulfillmentStatus: item.fulfillmentStatus,
      fulfillments: order.shipment.packages
        .filter((pack) => pack.orderItemIds.includes(item.id))
        .map((pack) => ({
          trackingCode: pack.trackingCode,
          trackingUrl: pack.trackingUrl,
          shipmentMethodName: order.shipment.shipmentMethodName,
          shipmentMethodUid: order.shipment.shipmentMethodUid,
          fulfillmentCountry: order.shipment.fulfillmentCountry,
          fulfillmentStateProvince: 'IL',
          fulfillmentFacilityId: 'sandbox-facility-1',
        })),
    })),
  };
}

/** One order_item_tracking_code_updated event per item of a new package. [payload unconfirmed] */
export function trackingEvents(
  order: GelatoSandboxOrder,
  pack: GelatoSandboxPackage,
): Record<string, unknown>[] {
  return order.items
    .filter((item) => pack.orderItemIds.includes(item.id))
    .map((item) => ({
      id: `os_${randomUUID().replace(/-/g, '')}`,
      event: 'order_item_tracking_code_updated',
      orderId: order.id,
      storeId: order.storeId,
      orderReferenceId: order.orderReferenceId,
      itemReferenceId: item.itemReferenceId,
      trackingCode: pack.trackingCode,
      trackingUrl: pack.trackingUrl,
      shipmentMethodName: order.shipment.shipmentMethodName,
      shipmentMethodUid: order.shipment.shipmentMethodUid,
    }));
}

/** The dashboard's webhook setting and the deliveries to it. */
export function createWebhookSender(retryMs: number) {
  const deliveries: WebhookDelivery[] = [];
  const faults: WebhookFault[] = [];
  /** Lets every wait and delivery go when the sandbox closes. */
  const stop = new AbortController();
  let webhookUrl: string | null = null;
  let held: Record<string, unknown> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  /** POSTs one event as Gelato does: 3 tries `webhookRetryMs` apart, any 2xx is delivered. */
  async function deliver(event: Record<string, unknown>): Promise<void> {
    for (let attempt = 1; attempt <= 3 && webhookUrl && !closed; attempt += 1) {
      const status = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Gelato-Webhooks' },
        body: JSON.stringify(event),
        signal: AbortSignal.any([AbortSignal.timeout(5_000), stop.signal]),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      deliveries.push({ event, status, attempt });
      if (status >= 200 && status < 300) return;
      if (attempt < 3) await delay(retryMs, undefined, { signal: stop.signal }).catch(() => undefined);
    }
  }

  function enqueue(event: Record<string, unknown>): void {
    if (!webhookUrl || closed) return;
    const fault = faults.shift();
    if (fault === 'never') return;
    if (fault === 'out_of_order') {
      const earlier = held;
      held = event;
      if (earlier) chain = chain.then(() => deliver(earlier));
      return;
    }
    const waiting = held;
    held = null;
    chain = chain.then(async () => {
      await deliver(event);
      if (waiting) await deliver(waiting);
      if (fault === 'twice') await deliver(event);
    });
  }

  return {
    deliveries,
    setUrl(url: string | null) {
      webhookUrl = url;
    },
    fault(fault: WebhookFault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    enqueue,
    /** Resolves once every event so far has been delivered (held ones too). */
    async settled() {
      const waiting = held;
      held = null;
      if (waiting) chain = chain.then(() => deliver(waiting));
      await chain;
    },
    close() {
      closed = true;
      stop.abort();
    },
  };
}
