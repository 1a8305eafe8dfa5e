import { type UserError, refusal } from './shopify-graphql.ts';
import { type ShopifyClientOptions, shopifyGraphql } from './shopify.ts';
import { base64HmacMatches, headerValue } from './webhook-signature.ts';

/**
 * A shop's orders on Shopify's Admin GraphQL API (docs: providers/orders.md §3): pages of orders
 * by update, one order, the orders/create and orders/updated webhook subscriptions, and the
 * check of a webhook delivery's signature. Only the last 60 days of orders are visible without
 * the read_all_orders scope; older ones are silently absent.
 */

/** Orders a page: each order costs about 70 points (20 lines), so 10 stay well under Shopify's 1,000 a query. */
export const shopifyOrdersPage = 10;
const linesPerOrder = 20;

const orderFields = `id name createdAt updatedAt cancelledAt email displayFinancialStatus
  displayFulfillmentStatus currencyCode
  totalPriceSet { shopMoney { amount currencyCode } }
  shippingAddress { firstName lastName company address1 address2 city provinceCode zip countryCodeV2 phone }
  lineItems(first: ${linesPerOrder}) { nodes { id title variantTitle sku quantity product { id } variant { id } } }
  fulfillments(first: 10) { status createdAt deliveredAt trackingInfo(first: 5) { company number url } }`;

/** Every document the order client sends (the conformance test checks each against Shopify's schema). */
export const orderDocuments = {
  orders: `query PodFlowOrders($first: Int!, $after: String, $query: String, $sortKey: OrderSortKeys!, $reverse: Boolean!) {
    orders(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
      nodes { ${orderFields} }
      pageInfo { hasNextPage endCursor }
    }
  }`,
  order: `query PodFlowOrder($id: ID!) { order(id: $id) { ${orderFields} } }`,
  webhooks: `query PodFlowWebhooks($topics: [WebhookSubscriptionTopic!], $uri: String) {
    webhookSubscriptions(first: 10, topics: $topics, uri: $uri) { nodes { id topic uri } }
  }`,
  webhookCreate: `mutation PodFlowWebhookCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription { id topic uri }
      userErrors { field message }
    }
  }`,
  webhookDelete: `mutation PodFlowWebhookDelete($id: ID!) {
    webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
  }`,
};

type Money = { amount: string; currencyCode: string };

/** An order as the documents select it (Shopify's words: display statuses in capitals, money as decimal strings). */
export type ShopifyOrder = {
  /** gid://shopify/Order/123 */
  id: string;
  /** The order number the seller and customer see, e.g. "#1001". */
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  email: string | null;
  /** AUTHORIZED, EXPIRED, PAID, PARTIALLY_PAID, PARTIALLY_REFUNDED, PENDING, REFUNDED, VOIDED; null on some old orders. */
  displayFinancialStatus: string | null;
  /** FULFILLED, IN_PROGRESS, ON_HOLD, PARTIALLY_FULFILLED, REQUEST_DECLINED, SCHEDULED, UNFULFILLED, … */
  displayFulfillmentStatus: string;
  currencyCode: string;
  totalPriceSet: { shopMoney: Money };
  shippingAddress: {
    firstName: string | null;
    lastName: string | null;
    company: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    provinceCode: string | null;
    zip: string | null;
    countryCodeV2: string | null;
    phone: string | null;
  } | null;
  lineItems: {
    nodes: {
      id: string;
      title: string;
      variantTitle: string | null;
      sku: string | null;
      quantity: number;
      product: { id: string } | null;
      variant: { id: string } | null;
    }[];
  };
  fulfillments: {
    status: string;
    createdAt: string;
    deliveredAt: string | null;
    trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  }[];
};

/** The two order topics PodFlow subscribes to. */
export const shopifyOrderTopics = ['ORDERS_CREATE', 'ORDERS_UPDATED'] as const;
export type ShopifyOrderTopic = (typeof shopifyOrderTopics)[number];

type WebhookNode = { id: string; topic: string; uri: string };

/** A numeric order id or its GID in, the GID out. */
export function shopifyOrderGid(id: string): string {
  const trimmed = id.trim();
  if (/^gid:\/\/shopify\/Order\/\d+$/.test(trimmed)) return trimmed;
  if (/^\d+$/.test(trimmed)) return `gid://shopify/Order/${trimmed}`;
  throw new TypeError(`Not a Shopify order id: ${JSON.stringify(id)}`);
}

/** Shopify's search syntax for "changed after": a timestamp in quotes, whole seconds, UTC. */
export const updatedSince = (ms: number) =>
  `updated_at:>'${new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;

/** A shop's order client on the shared HTTP helper (same options as shopifyClient). */
export function shopifyOrdersClient(options: ShopifyClientOptions) {
  const { call, refuse } = shopifyGraphql(options);

  async function findWebhook(topic: ShopifyOrderTopic, uri: string): Promise<string | null> {
    const data = await call<{ webhookSubscriptions: { nodes: WebhookNode[] } }>(
      'webhookSubscriptions',
      orderDocuments.webhooks,
      { topics: [topic], uri },
      true,
    );
    return data.webhookSubscriptions.nodes.find((node) => node.uri === uri)?.id ?? null;
  }

  return {
    /**
     * A page of orders, most recently updated first (or created, with sortKey CREATED_AT); `since`
     * leaves out orders not changed after it. `next` is the cursor of the page after, or null.
     */
    async listOrders(query: {
      after?: string | null;
      since?: number;
      sortKey?: 'UPDATED_AT' | 'CREATED_AT';
      first?: number;
    }): Promise<{ orders: ShopifyOrder[]; next: string | null }> {
      const variables = {
        first: query.first ?? shopifyOrdersPage,
        after: query.after ?? null,
        query: query.since === undefined ? null : updatedSince(query.since),
        sortKey: query.sortKey ?? 'UPDATED_AT',
        reverse: true,
      };
      const data = await call<{
        orders: { nodes: ShopifyOrder[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      }>('orders', orderDocuments.orders, variables, true);
      const { nodes, pageInfo } = data.orders;
      return { orders: nodes, next: pageInfo.hasNextPage ? pageInfo.endCursor : null };
    },

    /** One order by numeric id or GID; null when the shop has none (or it is older than the token may see). */
    async getOrder(id: string): Promise<ShopifyOrder | null> {
      const data = await call<{ order: ShopifyOrder | null }>(
        'order',
        orderDocuments.order,
        { id: shopifyOrderGid(id) },
        true,
      );
      return data.order;
    },

    /**
     * Subscribes `uri` to a topic (JSON deliveries) and answers the subscription's GID. One that
     * already exists for the same topic and address (a create whose answer was lost) is answered
     * as it is, never made twice.
     */
    async createWebhook(topic: ShopifyOrderTopic, uri: string): Promise<string> {
      const existing = await findWebhook(topic, uri);
      if (existing) return existing;
      const data = await call<{
        webhookSubscriptionCreate: {
          webhookSubscription: WebhookNode | null;
          userErrors: UserError[];
        } | null;
      }>(
        'webhookSubscriptionCreate',
        orderDocuments.webhookCreate,
        { topic, webhookSubscription: { uri, format: 'JSON' } },
        false,
      );
      refuse('webhookSubscriptionCreate', data.webhookSubscriptionCreate?.userErrors);
      const created = data.webhookSubscriptionCreate?.webhookSubscription;
      if (!created) throw refusal('Shopify answered webhookSubscriptionCreate without the subscription');
      return created.id;
    },

    /** Deletes a subscription; one Shopify no longer has counts as deleted. */
    async deleteWebhook(id: string): Promise<void> {
      const data = await call<{
        webhookSubscriptionDelete: {
          deletedWebhookSubscriptionId: string | null;
          userErrors: UserError[];
        } | null;
      }>('webhookSubscriptionDelete', orderDocuments.webhookDelete, { id }, true);
      const errors = (data.webhookSubscriptionDelete?.userErrors ?? []).filter(
        (error) => !/does not exist|not found/i.test(error.message),
      );
      refuse('webhookSubscriptionDelete', errors);
    },
  };
}

export type ShopifyOrdersClient = ReturnType<typeof shopifyOrdersClient>;

/** Shopify's check of a webhook delivery: base64 HMAC-SHA256 of the raw body with the app's API secret key. */
export const verifyShopifyWebhook = (rawBody: Buffer, hmacHeader: string | undefined, secret: string) =>
  base64HmacMatches(rawBody, hmacHeader, secret);

/**
 * A header of a Shopify delivery by its X-Shopify-* name, also found under the lowercase
 * `shopify-*` name of Shopify's newer event deliveries; the first value when repeated.
 */
export function shopifyHeader(
  headers: Record<string, string | string[] | undefined>,
  name: 'Hmac-Sha256' | 'Topic' | 'Webhook-Id' | 'Triggered-At' | 'Shop-Domain' | 'Event-Id',
): string | undefined {
  const lower = name.toLowerCase();
  for (const key of [`x-shopify-${lower}`, `shopify-${lower}`]) {
    const value = headerValue(headers, key);
    if (value) return value;
  }
  return undefined;
}
