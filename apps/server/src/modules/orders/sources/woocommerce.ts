import type { OrderStatus } from '@podflow/contract/orders';
import { safeFetch } from '@podflow/providers/safe-fetch';
import { headerValue } from '@podflow/providers/webhook-signature';
import {
  type WooOrder,
  verifyWooWebhook,
  wooGmt,
  wooOrderTopics,
  wooOrdersClient,
  wooPingOf,
} from '@podflow/providers/woocommerce-orders';
import { parseWooKeys } from '../../stores/stores.service.ts';
import { type OrderSnapshot, type OrderSourceAdapter, type SourceInput, pageSince } from '../order-source.ts';
import { bodyHash, centsOf, jsonObject, orderIdOf, storeWords } from './store-source-kit.ts';

/**
 * A WooCommerce store's orders as order snapshots (docs: providers/orders.md §4). WooCommerce has
 * one status for payment and fulfilment: processing (paid, to ship) is pending, completed is
 * shipped, cancelled and refunded are canceled; pending payment, on hold (awaiting payment) and
 * failed carry the problem 'unpaid'. `input.credential` is the connection's opened keys (JSON,
 * read by the stores module's parseWooKeys); `shopId` the store URL.
 */

const statuses: Record<string, OrderStatus> = {
  pending: 'pending',
  processing: 'pending',
  'on-hold': 'pending',
  failed: 'pending',
  completed: 'shipped',
  cancelled: 'canceled',
  refunded: 'canceled',
  trash: 'canceled',
  'checkout-draft': 'draft',
};
const unpaid = new Set(['pending', 'on-hold', 'failed']);

/** A WooCommerce order as PodFlow stores it. */
export function wooSnapshot(order: WooOrder, storeUrl: string): OrderSnapshot {
  const shipping = order.shipping?.address_1 ? order.shipping : order.billing;
  const name = [shipping.first_name, shipping.last_name].filter(Boolean).join(' ');
  const email = order.billing?.email || null;
  const payment = order.status === 'refunded' ? 'Refunded' : order.date_paid_gmt ? 'Paid' : 'Not paid';
  const completed = order.status === 'completed' ? wooGmt(order.date_completed_gmt) : null;
  return {
    providerOrderId: String(order.id),
    number: `#${order.number || order.id}`,
    providerStatus: order.status,
    status: statuses[order.status] ?? 'in_progress',
    problem: unpaid.has(order.status) ? 'unpaid' : null,
    financialStatus: payment,
    fulfillmentStatus: storeWords(order.status === 'pending' ? 'pending payment' : order.status),
    customerName: name || email || '',
    email,
    country: shipping.country || null,
    address: shipping.address_1
      ? {
          first_name: shipping.first_name,
          last_name: shipping.last_name,
          email,
          phone: shipping.phone || order.billing?.phone || null,
          country: shipping.country,
          region: shipping.state || null,
          address1: shipping.address_1,
          address2: shipping.address_2 || null,
          city: shipping.city,
          zip: shipping.postcode,
          company: shipping.company || null,
        }
      : null,
    items: order.line_items.map((line) => ({
      productId: line.product_id > 0 ? String(line.product_id) : null,
      variantId: line.variation_id > 0 ? String(line.variation_id) : null,
      title: line.name,
      variant: null,
      sku: line.sku || null,
      quantity: line.quantity,
      costCents: null,
      shippingCents: null,
      retailCents: centsOf(line.total),
      status: null,
    })),
    currency: order.currency,
    retailCents: centsOf(order.total),
    costCents: null,
    shippingCents: null,
    shipments: [],
    storeOrder: null,
    externalRef: null,
    createdAt: wooGmt(order.date_created_gmt) ?? 0,
    updatedAt: wooGmt(order.date_modified_gmt) ?? 0,
    sentToProductionAt: null,
    shippedAt: completed,
    deliveredAt: null,
    providerUrl: `${storeUrl.replace(/\/+$/, '')}/wp-admin/post.php?post=${order.id}&action=edit`,
  };
}

/** The order source of one WooCommerce store. */
export function wooCommerceOrderSource(input: SourceInput): OrderSourceAdapter {
  const { shopId: storeUrl, credential, settings } = input;
  // Made at the first call that reaches the store: a webhook is read without the keys
  // (OrderSourceFactory), so they are parsed only when needed.
  let made: ReturnType<typeof wooOrdersClient> | undefined;
  const client = () => {
    if (made) return made;
    const keys = parseWooKeys(credential);
    made = wooOrdersClient({
      storeUrl,
      consumerKey: keys.key,
      consumerSecret: keys.secret,
      queryStringAuth: keys.queryStringAuth,
      timeoutMs: settings.timeoutMs,
      // The store is at an address the seller typed: never reached without the SSRF guard.
      fetch: settings.storeFetch ?? safeFetch({ allowPrivate: false, timeoutMs: settings.timeoutMs }),
    });
    return made;
  };
  return {
    provider: 'woocommerce',

    async list(cursor, { since }) {
      const page = cursor === null ? 1 : Number(cursor);
      if (!Number.isSafeInteger(page) || page < 1) throw new TypeError(`Not a WooCommerce page: ${cursor}`);
      const answer = await client().listOrders({ page, since });
      // Changed since `since`, sorted by creation, newest first.
      return pageSince(
        answer.orders.map((order) => wooSnapshot(order, storeUrl)),
        answer.next === null ? null : String(answer.next),
        since,
        'newest_created',
      );
    },

    async get(providerOrderId) {
      if (!/^\d{1,15}$/.test(providerOrderId)) return null;
      const order = await client().getOrder(Number(providerOrderId));
      return order ? wooSnapshot(order, storeUrl) : null;
    },

    /**
     * One webhook per topic. Those already delivering to `url` (a registration whose answer was
     * lost) are deleted first: their secret may not be this one. If a create fails, the ones made
     * are deleted again, so a retry starts clean.
     */
    async registerWebhooks(url, secret) {
      const ids: string[] = [];
      try {
        for (const topic of wooOrderTopics) {
          for (const old of await client().findWebhooks(topic, url)) await client().deleteWebhook(old.id);
          const name = `PodFlow ${topic}`;
          const webhook = await client().createWebhook({ name, topic, deliveryUrl: url, secret });
          ids.push(String(webhook.id));
        }
      } catch (error) {
        for (const id of ids)
          await client()
            .deleteWebhook(Number(id))
            .catch(() => undefined);
        throw error;
      }
      return ids;
    },

    async removeWebhooks(ids) {
      for (const id of ids) if (/^\d+$/.test(id)) await client().deleteWebhook(Number(id));
    },

    verifyWebhook({ rawBody, headers }, secret) {
      // The ping on creation is unsigned and names no order: answered, never applied.
      const ping = wooPingOf(rawBody);
      if (ping !== null)
        return { eventKey: `ping:${ping}`, topic: 'ping', providerOrderId: null, occurredAt: null };
      if (!verifyWooWebhook(rawBody, headerValue(headers, 'x-wc-webhook-signature'), secret)) return null;
      const body = jsonObject(rawBody);
      // WooCommerce's delivery id is a hash of the webhook id and the second: two changes in one
      // second share it, so the body's hash keeps them apart (a repeat of one delivery still matches).
      const delivery = headerValue(headers, 'x-wc-webhook-delivery-id');
      return {
        eventKey: delivery ? `${delivery}:${bodyHash(rawBody).slice(0, 16)}` : bodyHash(rawBody),
        topic: headerValue(headers, 'x-wc-webhook-topic') ?? 'unknown',
        providerOrderId: orderIdOf(body),
        occurredAt: wooGmt(typeof body?.date_modified_gmt === 'string' ? body.date_modified_gmt : null),
      };
    },
  };
}
