import type { OrderStatus } from '@podflow/contract/orders';
import {
  type ShopifyOrder,
  shopifyHeader,
  shopifyOrderTopics,
  shopifyOrdersClient,
  verifyShopifyWebhook,
} from '@podflow/providers/shopify-orders';
import { type OrderSnapshot, type OrderSourceAdapter, type SourceInput, pageSince } from '../order-source.ts';
import { bodyHash, centsOf, jsonObject, msOf, orderIdOf, storeWords } from './store-source-kit.ts';

/**
 * A Shopify shop's orders as order snapshots (docs: providers/orders.md §3). The store's state is
 * reported as it is: its payment and fulfilment in Shopify's words, mapped to a status (paid and
 * unfulfilled: pending; fulfilled: shipped; cancelled, refunded or voided: canceled) and the
 * problem 'unpaid' while payment is pending, partial or expired. The stores take no actions.
 * `input.credential` is the Admin API access token (what connectionKey opens for 'shopify');
 * `shopId` the shop name.
 */

const numericId = (gid: string) => /(\d+)$/.exec(gid)?.[1] ?? gid;
const unpaid = new Set(['PENDING', 'PARTIALLY_PAID', 'EXPIRED']);
const canceled = new Set(['REFUNDED', 'VOIDED']);

/** The fulfilments that happened (not cancelled or failed). */
const shipped = (order: ShopifyOrder) =>
  order.fulfillments.filter((fulfillment) => fulfillment.status === 'SUCCESS');

function statusOf(order: ShopifyOrder): OrderStatus {
  const financial = order.displayFinancialStatus ?? '';
  if (order.cancelledAt || canceled.has(financial)) return 'canceled';
  switch (order.displayFulfillmentStatus) {
    case 'FULFILLED': {
      const fulfillments = shipped(order);
      const delivered =
        fulfillments.length > 0 && fulfillments.every((fulfillment) => fulfillment.deliveredAt);
      return delivered ? 'delivered' : 'shipped';
    }
    case 'PARTIALLY_FULFILLED':
      return 'in_progress';
    case 'IN_PROGRESS':
      return 'in_production';
    case 'REQUEST_DECLINED':
      return 'has_issues';
    case 'UNFULFILLED':
    case 'ON_HOLD':
    case 'SCHEDULED':
      return 'pending';
    default:
      return 'in_progress';
  }
}

/** The known times among these, as ms. */
const timesOf = (values: (string | null)[]) => values.map(msOf).filter((ms): ms is number => ms !== null);

/** A Shopify order as PodFlow stores it. */
export function shopifySnapshot(order: ShopifyOrder, shop: string): OrderSnapshot {
  const id = numericId(order.id);
  const financial = order.displayFinancialStatus;
  const address = order.shippingAddress;
  const name = [address?.firstName, address?.lastName].filter(Boolean).join(' ');
  const fulfillments = shipped(order);
  const shipments = fulfillments.flatMap((fulfillment) =>
    fulfillment.trackingInfo.map((tracking) => ({
      carrier: tracking.company ?? '',
      number: tracking.number ?? '',
      url: tracking.url,
      shippedAt: msOf(fulfillment.createdAt),
      deliveredAt: msOf(fulfillment.deliveredAt),
    })),
  );
  const status = statusOf(order);
  const shippedTimes = timesOf(fulfillments.map((fulfillment) => fulfillment.createdAt));
  const deliveredTimes = timesOf(fulfillments.map((fulfillment) => fulfillment.deliveredAt));
  return {
    providerOrderId: id,
    number: order.name,
    providerStatus: order.cancelledAt
      ? 'cancelled'
      : `${(financial ?? 'unknown').toLowerCase()}, ${order.displayFulfillmentStatus.toLowerCase()}`,
    status,
    problem: status !== 'canceled' && unpaid.has(financial ?? '') ? 'unpaid' : null,
    financialStatus: financial ? storeWords(financial) : null,
    fulfillmentStatus: storeWords(order.displayFulfillmentStatus),
    customerName: name || order.email || '',
    email: order.email,
    country: address?.countryCodeV2 ?? null,
    address: address
      ? {
          first_name: address.firstName ?? '',
          last_name: address.lastName ?? '',
          email: order.email,
          phone: address.phone,
          country: address.countryCodeV2 ?? '',
          region: address.provinceCode,
          address1: address.address1 ?? '',
          address2: address.address2,
          city: address.city ?? '',
          zip: address.zip ?? '',
          company: address.company,
        }
      : null,
    items: order.lineItems.nodes.map((line) => ({
      productId: line.product ? numericId(line.product.id) : null,
      variantId: line.variant ? numericId(line.variant.id) : null,
      title: line.title,
      variant: line.variantTitle,
      sku: line.sku,
      quantity: line.quantity,
      costCents: null,
      shippingCents: null,
      retailCents: null,
      status: null,
    })),
    currency: order.totalPriceSet.shopMoney.currencyCode || order.currencyCode,
    retailCents: centsOf(order.totalPriceSet.shopMoney.amount),
    costCents: null,
    shippingCents: null,
    shipments,
    storeOrder: null,
    externalRef: null,
    createdAt: msOf(order.createdAt) ?? 0,
    updatedAt: msOf(order.updatedAt) ?? 0,
    sentToProductionAt: null,
    shippedAt: shippedTimes.length > 0 ? Math.min(...shippedTimes) : null,
    deliveredAt: status === 'delivered' && deliveredTimes.length > 0 ? Math.max(...deliveredTimes) : null,
    providerUrl: `https://admin.shopify.com/store/${encodeURIComponent(shop)}/orders/${id}`,
  };
}

/** The order source of one Shopify shop. */
export function shopifyOrderSource(input: SourceInput): OrderSourceAdapter {
  const { shopId: shop, credential, settings } = input;
  const client = shopifyOrdersClient({
    shop,
    accessToken: credential,
    baseUrl: settings.shopifyBaseUrl,
    apiVersion: settings.shopifyApiVersion,
    timeoutMs: settings.timeoutMs,
  });
  return {
    provider: 'shopify',

    async list(cursor, { since }) {
      // Shopify pages by last update (every order created since was updated since): an older
      // order changed lately may come first, so paging goes on to the end.
      const page = await client.listOrders({ after: cursor, since });
      return pageSince(
        page.orders.map((order) => shopifySnapshot(order, shop)),
        page.next,
        since,
        'other',
      );
    },

    async get(providerOrderId) {
      if (!/^\d{1,20}$/.test(providerOrderId)) return null;
      const order = await client.getOrder(providerOrderId);
      return order ? shopifySnapshot(order, shop) : null;
    },

    /** Shopify signs with the app's API secret key, set in the app, not per subscription: `secret` is not sent. */
    async registerWebhooks(url) {
      const ids: string[] = [];
      for (const topic of shopifyOrderTopics) ids.push(await client.createWebhook(topic, url));
      return ids;
    },

    async removeWebhooks(ids) {
      for (const id of ids) await client.deleteWebhook(id);
    },

    verifyWebhook({ rawBody, headers }, secret) {
      if (!verifyShopifyWebhook(rawBody, shopifyHeader(headers, 'Hmac-Sha256'), secret)) return null;
      const body = jsonObject(rawBody);
      return {
        eventKey: shopifyHeader(headers, 'Webhook-Id') ?? bodyHash(rawBody),
        topic: shopifyHeader(headers, 'Topic') ?? 'unknown',
        providerOrderId: orderIdOf(body),
        occurredAt: msOf(shopifyHeader(headers, 'Triggered-At')) ?? msOf(body?.updated_at),
      };
    },
  };
}
