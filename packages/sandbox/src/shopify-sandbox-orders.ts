import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { type Json, type PageArgs, connectionOf, requireScope } from './shopify-sandbox-checks.ts';
import { gid, idOf, shopifyTime } from './shopify-sandbox-store.ts';
import { type Deliverer, base64Hmac, isLocalAddress } from './store-webhooks.ts';

/**
 * The Shopify sandbox's orders (docs: providers/orders.md §3): the `orders` and `order` queries
 * with the 60-day window of a token without read_all_orders, the orders/create and orders/updated
 * webhook subscriptions, and their deliveries (REST-style snake_case JSON, signed with the app's
 * API secret key in X-Shopify-Hmac-Sha256).
 */

/** The order part of the schema, with Shopify's names (a subset of the 2026-07 Admin schema). */
export const orderSchemaSdl = `
  scalar Decimal

  extend type QueryRoot {
    orders(first: Int, after: String, last: Int, before: String, query: String, sortKey: OrderSortKeys, reverse: Boolean): OrderConnection!
    order(id: ID!): Order
    webhookSubscriptions(first: Int, after: String, topics: [WebhookSubscriptionTopic!], uri: String): WebhookSubscriptionConnection!
  }

  extend type Mutation {
    webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  }

  enum OrderSortKeys { CREATED_AT ID PROCESSED_AT UPDATED_AT }
  enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
  enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD PARTIALLY_FULFILLED REQUEST_DECLINED SCHEDULED UNFULFILLED }
  enum CurrencyCode { AUD CAD EUR GBP USD }
  enum CountryCode { AU BE CA DE FR GB NL US }
  enum FulfillmentStatus { CANCELLED ERROR FAILURE SUCCESS }
  enum WebhookSubscriptionTopic { ORDERS_CREATE ORDERS_UPDATED }
  enum WebhookSubscriptionFormat { JSON XML }

  type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
  type MoneyBag { presentmentMoney: MoneyV2! shopMoney: MoneyV2! }

  type MailingAddress {
    firstName: String
    lastName: String
    name: String
    company: String
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    zip: String
    country: String
    countryCodeV2: CountryCode
    phone: String
  }

  type ProductVariant { id: ID! sku: String title: String! }

  type LineItem {
    id: ID!
    title: String!
    variantTitle: String
    sku: String
    quantity: Int!
    product: Product
    variant: ProductVariant
    originalUnitPriceSet: MoneyBag!
  }
  type LineItemEdge { cursor: String! node: LineItem! }
  type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }

  type FulfillmentTrackingInfo { company: String number: String url: URL }
  type Fulfillment {
    id: ID!
    status: FulfillmentStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    deliveredAt: DateTime
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
  }

  type Order {
    id: ID!
    name: String!
    email: String
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    closedAt: DateTime
    test: Boolean!
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    currencyCode: CurrencyCode!
    totalPriceSet: MoneyBag!
    shippingAddress: MailingAddress
    lineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean): LineItemConnection!
    fulfillments(first: Int, query: String): [Fulfillment!]!
  }
  type OrderEdge { cursor: String! node: Order! }
  type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }

  input WebhookSubscriptionInput {
    uri: String
    format: WebhookSubscriptionFormat
    filter: String
    includeFields: [String!]
    name: String
  }
  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    uri: String!
    format: WebhookSubscriptionFormat!
    createdAt: DateTime!
    updatedAt: DateTime!
  }
  type WebhookSubscriptionEdge { cursor: String! node: WebhookSubscription! }
  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }
  type WebhookSubscriptionCreatePayload { userErrors: [UserError!]! webhookSubscription: WebhookSubscription }
  type WebhookSubscriptionDeletePayload { deletedWebhookSubscriptionId: ID userErrors: [UserError!]! }
`;

export type ShopifyFinancialStatus =
  | 'AUTHORIZED'
  | 'EXPIRED'
  | 'PAID'
  | 'PARTIALLY_PAID'
  | 'PARTIALLY_REFUNDED'
  | 'PENDING'
  | 'REFUNDED'
  | 'VOIDED';
export type ShopifyFulfillmentStatus =
  | 'FULFILLED'
  | 'IN_PROGRESS'
  | 'ON_HOLD'
  | 'PARTIALLY_FULFILLED'
  | 'REQUEST_DECLINED'
  | 'SCHEDULED'
  | 'UNFULFILLED';

export type SandboxOrderLine = {
  /** A product of the shop (numeric id), or none for a custom line. */
  productId?: string | null;
  title: string;
  variantTitle?: string | null;
  sku?: string | null;
  quantity: number;
  priceCents: number;
};

export type SandboxTracking = { company: string; number: string; url: string | null };

/** A new order, as a checkout would make it. */
export type NewShopifyOrder = {
  lines: SandboxOrderLine[];
  financial?: ShopifyFinancialStatus;
  fulfillment?: ShopifyFulfillmentStatus;
  email?: string | null;
  customer?: { firstName: string; lastName: string; country: string; city?: string };
  shippingCents?: number;
  /** Default now; an older date places it in the past (outside the 60-day window if older than that). */
  createdAt?: Date;
};

/** What a test or the demo changes on an order; every change moves updatedAt and is delivered as orders/updated. */
export type ShopifyOrderChange = {
  financial?: ShopifyFinancialStatus;
  fulfillment?: ShopifyFulfillmentStatus;
  cancelled?: boolean;
  /** Adds a fulfillment with this tracking and marks the order FULFILLED. */
  tracking?: SandboxTracking;
  /** The carrier says every fulfillment was delivered. */
  delivered?: boolean;
};

type OrderRecord = {
  id: number;
  shop: string;
  number: number;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  financial: ShopifyFinancialStatus;
  fulfillment: ShopifyFulfillmentStatus;
  shippingCents: number;
  customer: { firstName: string; lastName: string; country: string; city: string };
  lines: (SandboxOrderLine & { id: number; variantId: number | null })[];
  fulfillments: { id: number; createdAt: string; deliveredAt: string | null; tracking: SandboxTracking }[];
};

type Subscription = {
  id: number;
  shop: string;
  topic: 'ORDERS_CREATE' | 'ORDERS_UPDATED';
  uri: string;
  createdAt: string;
};

const dayMs = 86_400_000;
const money = (cents: number) => (cents / 100).toFixed(2);
const restTopic = { ORDERS_CREATE: 'orders/create', ORDERS_UPDATED: 'orders/updated' } as const;

/** The orders and webhook subscriptions of every shop, and their deliveries. */
export function createShopifyOrders(options: {
  deliverer: Deliverer;
  apiSecret: (shop: string) => string;
  apiVersion: string;
  now?: () => number;
}) {
  const { deliverer, apiSecret, apiVersion, now = Date.now } = options;
  const orders = new Map<number, OrderRecord>();
  const subscriptions = new Map<number, Subscription>();
  const numbers = new Map<string, number>();
  let nextOrder = 5_500_000_000_001;
  let nextLine = 14_000_000_000_001;
  let nextFulfillment = 4_400_000_000_001;
  let nextSubscription = 1_200_000_001;

  const total = (order: OrderRecord) =>
    order.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0) + order.shippingCents;

  /** Without read_all_orders a token sees only orders created in the last 60 days. */
  const visible = (order: OrderRecord, scopes: string[]) =>
    scopes.includes('read_all_orders') || Date.parse(order.createdAt) >= now() - 60 * dayMs;

  function restBody(order: OrderRecord): string {
    const address = {
      first_name: order.customer.firstName,
      last_name: order.customer.lastName,
      city: order.customer.city,
      country_code: order.customer.country,
    };
    return JSON.stringify({
      id: order.id,
      admin_graphql_api_id: gid('Order', order.id),
      name: `#${order.number}`,
      order_number: order.number,
      email: order.email,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      cancelled_at: order.cancelledAt,
      financial_status: order.financial.toLowerCase(),
      fulfillment_status:
        { FULFILLED: 'fulfilled', PARTIALLY_FULFILLED: 'partial' }[order.fulfillment as 'FULFILLED'] ?? null,
      currency: 'USD',
      total_price: money(total(order)),
      line_items: order.lines.map((line) => ({
        id: line.id,
        admin_graphql_api_id: gid('LineItem', line.id),
        product_id: line.productId ? Number(line.productId) : null,
        variant_id: line.variantId,
        title: line.title,
        variant_title: line.variantTitle ?? null,
        sku: line.sku ?? null,
        quantity: line.quantity,
        price: money(line.priceCents),
      })),
      shipping_address: address,
      fulfillments: order.fulfillments.map((f) => ({
        id: f.id,
        status: 'success',
        created_at: f.createdAt,
        tracking_company: f.tracking.company,
        tracking_number: f.tracking.number,
        tracking_url: f.tracking.url,
      })),
    });
  }

  async function deliver(order: OrderRecord, topic: Subscription['topic']): Promise<void> {
    const body = restBody(order);
    for (const subscription of subscriptions.values()) {
      if (subscription.shop !== order.shop || subscription.topic !== topic) continue;
      await deliverer.send({
        url: subscription.uri,
        body,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': restTopic[topic],
          'x-shopify-hmac-sha256': base64Hmac(body, apiSecret(order.shop)),
          'x-shopify-shop-domain': `${order.shop}.myshopify.com`,
          'x-shopify-api-version': apiVersion,
          'x-shopify-webhook-id': randomUUID(),
          'x-shopify-event-id': randomUUID(),
          'x-shopify-triggered-at': new Date(now()).toISOString(),
        },
      });
    }
  }

  function add(shop: string, input: NewShopifyOrder): OrderRecord {
    const created = shopifyTime(input.createdAt ?? new Date(now()));
    const number = (numbers.get(shop) ?? 1000) + 1;
    numbers.set(shop, number);
    const order: OrderRecord = {
      id: nextOrder++,
      shop,
      number,
      email: input.email === undefined ? `customer${number}@example.com` : input.email,
      createdAt: created,
      updatedAt: created,
      cancelledAt: null,
      financial: input.financial ?? 'PAID',
      fulfillment: input.fulfillment ?? 'UNFULFILLED',
      shippingCents: input.shippingCents ?? 499,
      customer: {
        city: 'Portland',
        ...(input.customer ?? { firstName: 'Ada', lastName: 'Lane', country: 'US' }),
      },
      lines: input.lines.map((line) => ({
        ...line,
        id: nextLine++,
        variantId: line.productId ? Number(line.productId) + 7 : null,
      })),
      fulfillments: [],
    };
    orders.set(order.id, order);
    return order;
  }

  function change(order: OrderRecord, update: ShopifyOrderChange): void {
    const at = shopifyTime(new Date(Math.max(now(), Date.parse(order.updatedAt) + 1000)));
    if (update.financial) order.financial = update.financial;
    if (update.fulfillment) order.fulfillment = update.fulfillment;
    if (update.cancelled) order.cancelledAt = at;
    if (update.tracking) {
      order.fulfillments.push({
        id: nextFulfillment++,
        createdAt: at,
        deliveredAt: null,
        tracking: update.tracking,
      });
      order.fulfillment = 'FULFILLED';
    }
    if (update.delivered) for (const fulfillment of order.fulfillments) fulfillment.deliveredAt ??= at;
    order.updatedAt = at;
  }

  function view(order: OrderRecord, product: (id: string) => unknown): Json {
    const totalMoney = { amount: money(total(order)), currencyCode: 'USD' };
    const lines = order.lines.map((line) => {
      const price = { amount: money(line.priceCents), currencyCode: 'USD' };
      return {
        id: gid('LineItem', line.id),
        title: line.title,
        variantTitle: line.variantTitle ?? null,
        sku: line.sku ?? null,
        quantity: line.quantity,
        product: () => (line.productId ? product(gid('Product', line.productId)) : null),
        variant: line.variantId
          ? {
              id: gid('ProductVariant', line.variantId),
              sku: line.sku ?? null,
              title: line.variantTitle ?? 'Default Title',
            }
          : null,
        originalUnitPriceSet: { shopMoney: price, presentmentMoney: price },
      };
    });
    const { firstName, lastName, country, city } = order.customer;
    return {
      id: gid('Order', order.id),
      name: `#${order.number}`,
      email: order.email,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      processedAt: order.createdAt,
      cancelledAt: order.cancelledAt,
      closedAt: null,
      test: false,
      displayFinancialStatus: order.financial,
      displayFulfillmentStatus: order.fulfillment,
      currencyCode: 'USD',
      totalPriceSet: { shopMoney: totalMoney, presentmentMoney: totalMoney },
      shippingAddress: {
        firstName,
        lastName,
        name: `${firstName} ${lastName}`,
        company: null,
        address1: '1 Main St',
        address2: null,
        city,
        province: null,
        provinceCode: null,
        zip: '97201',
        country,
        countryCodeV2: country,
        phone: null,
      },
      lineItems: (args: PageArgs) =>
        connection(
          lines.map((node, at) => ({ id: at + 1, node })),
          args,
          'lineItems',
        ),
      fulfillments: () =>
        order.fulfillments.map((f) => ({
          id: gid('Fulfillment', f.id),
          status: 'SUCCESS',
          createdAt: f.createdAt,
          updatedAt: f.createdAt,
          deliveredAt: f.deliveredAt,
          trackingInfo: () => [f.tracking],
        })),
    };
  }

  return {
    orders,
    subscriptions,
    /** Adds an order and delivers orders/create; answers its numeric id. */
    async addOrder(shop: string, input: NewShopifyOrder): Promise<string> {
      const order = add(shop, input);
      await deliver(order, 'ORDERS_CREATE');
      return String(order.id);
    },
    /** Changes an order and delivers orders/updated. */
    async updateOrder(shop: string, id: string, update: ShopifyOrderChange): Promise<void> {
      const order = orders.get(Number(id));
      if (!order || order.shop !== shop) throw new Error(`The sandbox shop ${shop} has no order ${id}`);
      change(order, update);
      await deliver(order, 'ORDERS_UPDATED');
    },
    /**
     * Seeds a shop's order history (no deliveries): for each product given (those PodFlow
     * listed) orders paid and waiting, shipped with tracking, awaiting payment, refunded and
     * cancelled, plus an order of a product PodFlow did not list and one 70 days old (hidden
     * without read_all_orders). Answers the order ids, newest last.
     */
    seed(shop: string, productIds: string[], otherProductId: string | null): string[] {
      const day = (n: number) => new Date(now() - n * dayMs);
      const made: OrderRecord[] = [];
      productIds.forEach((productId, index) => {
        const line = {
          productId,
          title: `Design tee ${index + 1}`,
          variantTitle: 'M / Black',
          quantity: 1,
          priceCents: 2500,
        };
        const at = (n: number) => day(n + index * 5);
        made.push(add(shop, { lines: [line], createdAt: at(70) }));
        const shipped = add(shop, { lines: [line], createdAt: at(9) });
        change(shipped, { tracking: { company: 'USPS', number: `9400${shipped.number}`, url: null } });
        made.push(shipped);
        made.push(add(shop, { lines: [line], financial: 'PENDING', createdAt: at(4) }));
        const refunded = add(shop, { lines: [line], createdAt: at(6) });
        change(refunded, { financial: 'REFUNDED', cancelled: true });
        made.push(refunded);
        made.push(add(shop, { lines: [{ ...line, quantity: 2 }], createdAt: at(2) }));
      });
      if (otherProductId) {
        made.push(
          add(shop, {
            lines: [{ productId: otherProductId, title: 'Gift card', quantity: 1, priceCents: 5000 }],
            createdAt: day(1),
          }),
        );
      }
      return made.map((order) => String(order.id));
    },
    /** The root fields of the order part, for one request's shop and scopes. */
    root(context: { shop: string; scopes: string[] }, product: (id: string) => unknown) {
      const { shop, scopes } = context;
      const find = (id: string) => {
        const number = idOf('Order', id);
        if (number === undefined) throw new GraphQLError(`Invalid global id '${id}'`);
        const order = orders.get(number);
        return order?.shop === shop && visible(order, scopes) ? order : undefined;
      };
      return {
        orders(
          args: PageArgs & { query?: string | null; sortKey?: string | null; reverse?: boolean | null },
        ) {
          requireScope(scopes, 'orders', ['read_orders']);
          const matches = searchFilter(args.query ?? '');
          const key = { CREATED_AT: 'createdAt', PROCESSED_AT: 'createdAt', UPDATED_AT: 'updatedAt' }[
            (args.sortKey ?? 'ID') as 'CREATED_AT'
          ] as 'createdAt' | undefined;
          const list = [...orders.values()]
            .filter((order) => order.shop === shop && visible(order, scopes) && matches(order))
            .sort((a, b) => (key ? Date.parse(a[key]) - Date.parse(b[key]) : 0) || a.id - b.id);
          if (args.reverse) list.reverse();
          return connection(
            list.map((order) => ({ id: order.id, node: view(order, product) })),
            args,
            'orders',
          );
        },
        order(args: { id: string }) {
          requireScope(scopes, 'order', ['read_orders']);
          const order = find(args.id);
          return order ? view(order, product) : null;
        },
        webhookSubscriptions(args: PageArgs & { topics?: string[] | null; uri?: string | null }) {
          const list = [...subscriptions.values()].filter(
            (s) =>
              s.shop === shop &&
              (!args.topics?.length || args.topics.includes(s.topic)) &&
              (args.uri == null || s.uri === args.uri),
          );
          return connection(
            list.map((s) => ({ id: s.id, node: subscriptionView(s) })),
            args,
            'webhookSubscriptions',
          );
        },
        webhookSubscriptionCreate(args: { topic: Subscription['topic']; webhookSubscription: Json }) {
          requireScope(scopes, 'webhookSubscriptionCreate', ['read_orders']);
          const refuse = (message: string) => ({
            webhookSubscription: null,
            userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message }],
          });
          const uri = String(args.webhookSubscription.uri ?? '').trim();
          if (!uri) return refuse("Address can't be blank");
          if (!URL.canParse(uri)) return refuse('Address is invalid');
          const url = new URL(uri);
          // Shopify takes https only; the sandbox also calls a PodFlow on loopback or a private network over http.
          if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalAddress(url))) {
            return refuse(`Address protocol ${url.protocol}// is not supported`);
          }
          const taken = [...subscriptions.values()].some(
            (s) => s.shop === shop && s.topic === args.topic && s.uri === uri,
          );
          if (taken) return refuse('Address for this topic has already been taken');
          const subscription = {
            id: nextSubscription++,
            shop,
            topic: args.topic,
            uri,
            createdAt: shopifyTime(new Date(now())),
          };
          subscriptions.set(subscription.id, subscription);
          return { webhookSubscription: subscriptionView(subscription), userErrors: [] };
        },
        webhookSubscriptionDelete(args: { id: string }) {
          const number = idOf('WebhookSubscription', args.id);
          const subscription = number === undefined ? undefined : subscriptions.get(number);
          if (!subscription || subscription.shop !== shop) {
            return {
              deletedWebhookSubscriptionId: null,
              userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
            };
          }
          subscriptions.delete(subscription.id);
          return { deletedWebhookSubscriptionId: args.id, userErrors: [] };
        },
      };
    },
  };
}

export type ShopifyOrders = ReturnType<typeof createShopifyOrders>;

function subscriptionView(subscription: Subscription): Json {
  return {
    id: gid('WebhookSubscription', subscription.id),
    topic: subscription.topic,
    uri: subscription.uri,
    format: 'JSON',
    createdAt: subscription.createdAt,
    updatedAt: subscription.createdAt,
  };
}

/** Relay paging over nodes keyed by id, as the media gallery pages. */
const connection = (items: { id: number; node: Json }[], args: PageArgs, field: string): Json =>
  connectionOf(items, args, (item) => item.node, field);

/**
 * The date terms of Shopify's order search (`updated_at:>'2026-01-02T03:04:05Z'`, `created_at:<=2026-01-01`);
 * other terms are not filtered on by the sandbox.
 */
function searchFilter(query: string): (order: OrderRecord) => boolean {
  const checks: ((order: OrderRecord) => boolean)[] = [];
  for (const match of query.matchAll(/\b(updated_at|created_at):(>=|<=|>|<)?['"]?([^'"\s]+)['"]?/g)) {
    const [, field, op = '=', value] = match;
    const bound = Date.parse(value!);
    if (!Number.isFinite(bound)) throw new GraphQLError(`Invalid date in search query: ${value}`);
    const key = field === 'updated_at' ? 'updatedAt' : 'createdAt';
    checks.push((order) => {
      const at = Date.parse(order[key]);
      return op === '>'
        ? at > bound
        : op === '>='
          ? at >= bound
          : op === '<'
            ? at < bound
            : op === '<='
              ? at <= bound
              : at === bound;
    });
  }
  return (order) => checks.every((check) => check(order));
}
