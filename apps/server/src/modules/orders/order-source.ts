import type {
  AttentionReason,
  OrderAddress,
  OrderProvider,
  OrderStatus,
  ShippingOption,
} from '@podflow/contract/orders';

/**
 * The order-source port: what the orders module needs of one provider's order API, whatever the
 * provider. One adapter per provider in ./sources/ (printify.ts, gelato.ts, shopify.ts,
 * woocommerce.ts), each on its client in packages/providers. The module stores and shows
 * `OrderSnapshot`s; it never reads a provider's raw shape.
 */

/** One order line as the provider has it now. */
export type SnapshotItem = {
  /** The provider's (or store's) product id: how the line is tied to the design PodFlow made it from. */
  productId: string | null;
  variantId: string | null;
  title: string;
  variant: string | null;
  sku: string | null;
  quantity: number;
  /** What the provider charges the seller for this line (all of its quantity), minor units. */
  costCents: number | null;
  shippingCents: number | null;
  /** What the customer paid for this line (all of its quantity), minor units. */
  retailCents: number | null;
  /** The line's own status in the provider's words. */
  status: string | null;
};

export type SnapshotShipment = {
  carrier: string;
  number: string;
  url: string | null;
  shippedAt: number | null;
  deliveredAt: number | null;
};

/** An order as its provider has it now: the present state every event and reconcile applies. */
export type OrderSnapshot = {
  providerOrderId: string;
  /** The store order number or the provider's label. */
  number: string;
  providerStatus: string;
  status: OrderStatus;
  /**
   * Why the provider holds or fails it, when it says (Printify's on-hold sub-status, Gelato's failure,
   * a store order's payment): the attention rules turn it into the seller's sentence.
   */
  problem: Extract<
    AttentionReason,
    'payment_not_received' | 'out_of_stock' | 'address_issue' | 'image_issue' | 'has_issues' | 'unpaid'
  > | null;
  /** Gelato's and the stores' payment state, in their words. */
  financialStatus: string | null;
  /** The stores' fulfilment state, in their words. */
  fulfillmentStatus: string | null;
  customerName: string;
  email: string | null;
  country: string | null;
  address: OrderAddress | null;
  items: SnapshotItem[];
  currency: string;
  /** Order totals in minor units; computed from the lines where the provider's totals are ambiguous. */
  retailCents: number | null;
  costCents: number | null;
  shippingCents: number | null;
  shipments: SnapshotShipment[];
  /**
   * A provider order placed from a store: the store and the store's order id (Printify's
   * metadata.shop_order_id of an external order), so the two are shown side by side.
   */
  storeOrder: { store: 'shopify' | 'woocommerce' | 'other'; id: string } | null;
  /** The reference PodFlow sent with a manual order (Printify external_id, Gelato orderReferenceId). */
  externalRef: string | null;
  createdAt: number;
  updatedAt: number;
  sentToProductionAt: number | null;
  shippedAt: number | null;
  deliveredAt: number | null;
  providerUrl: string | null;
};

export type SnapshotPage = { orders: OrderSnapshot[]; next: string | null };

/**
 * A provider's page cut to the orders created at or after `since`. Where the provider pages by
 * creation, newest first, a page reaching before `since` is the last one needed; where it pages by
 * another order (Shopify: last update), paging goes on to the provider's end.
 */
export function pageSince(
  orders: OrderSnapshot[],
  next: string | null,
  since: number,
  pagedBy: 'newest_created' | 'other',
): SnapshotPage {
  const recent = orders.filter((order) => order.createdAt >= since);
  const reachedBefore = pagedBy === 'newest_created' && recent.length < orders.length;
  return { orders: recent, next: reachedBefore ? null : next };
}

/** A webhook delivery as received: the raw bytes (signatures are over them) and the headers. */
export type WebhookDelivery = { rawBody: Buffer; headers: Record<string, string | string[] | undefined> };

/** What a verified delivery says: which order changed, and when the provider says it happened. */
export type WebhookEvent = {
  /** Unique per event at the provider (its event id, delivery id or a hash of the body): stored once. */
  eventKey: string;
  topic: string;
  /** Null for a ping or a topic that names no order (answered 200, not applied). */
  providerOrderId: string | null;
  occurredAt: number | null;
};

export type ManualOrderInput = {
  /** PodFlow's reference, sent as the provider's external id: how a lost answer is found again. */
  externalRef: string;
  productId: string;
  variantId: string;
  quantity: number;
  address: OrderAddress;
  shippingMethod: string;
  /**
   * The design's print file at a URL the provider can fetch (a signed URL under PUBLIC_URL):
   * Gelato prints an order from it and refuses a create without one; Printify ignores it.
   */
  printFileUrl?: string;
};

export type ProductOptions = {
  productId: string;
  title: string;
  variants: { id: string; title: string; costCents: number | null }[];
};

/**
 * One source's adapter. `list` pages newest first; the optional calls exist only where the
 * provider offers them (the stores take no actions). Every call throws the providers package's
 * ProviderError on a refusal, with the provider's own text kept.
 */
export interface OrderSourceAdapter {
  readonly provider: OrderProvider;
  /**
   * A page of the orders created at or after `since` (pageSince), newest first where the provider
   * allows; `cursor` null for the first page, `next` null once no later page holds one.
   */
  list(cursor: string | null, options: { since: number }): Promise<SnapshotPage>;
  /** The order now, or null when the provider has no such order. */
  get(providerOrderId: string): Promise<OrderSnapshot | null>;
  /**
   * Registers the order webhooks at `url` signed with `secret` and answers their ids, or
   * 'manual' where the provider has no API for it (Gelato: the seller pastes the URL).
   */
  registerWebhooks(url: string, secret: string): Promise<string[] | 'manual'>;
  removeWebhooks(ids: string[]): Promise<void>;
  /** Checks the signature on the raw bytes (constant time) and reads the event; null when refused. */
  verifyWebhook(delivery: WebhookDelivery, secret: string): WebhookEvent | null;
  sendToProduction?(providerOrderId: string): Promise<OrderSnapshot>;
  cancel?(providerOrderId: string): Promise<OrderSnapshot>;
  updateAddress?(providerOrderId: string, address: OrderAddress): Promise<OrderSnapshot>;
  productOptions?(productId: string): Promise<ProductOptions | null>;
  quote?(input: Omit<ManualOrderInput, 'externalRef' | 'shippingMethod'>): Promise<{
    itemsCents: number | null;
    options: ShippingOption[];
  }>;
  createOrder?(input: ManualOrderInput): Promise<OrderSnapshot>;
  /** The order made under `externalRef`, if a create whose answer was lost made one. */
  findByExternalRef?(externalRef: string, since: number): Promise<OrderSnapshot | null>;
}

/**
 * What an adapter is made from: the source's shop and the credential of the connection that
 * reaches it (the opened `provider_connections.api_key_sealed`, exactly as connectionKey() answers
 * it), on the configured base URLs. Each adapter file exports one factory taking this:
 * sources/printify.ts `printifyOrderSource`, sources/gelato.ts `gelatoOrderSource`,
 * sources/shopify.ts `shopifyOrderSource`, sources/woocommerce.ts `wooCommerceOrderSource`.
 */
export type SourceInput = {
  shopId: string;
  credential: string;
  settings: {
    printifyBaseUrl: string;
    gelatoBaseUrl: string;
    /** Gelato's order API (https://order.gelatoapis.com by default). */
    gelatoOrderBaseUrl: string;
    shopifyBaseUrl: string;
    shopifyApiVersion: string;
    timeoutMs: number;
    /** WooCommerce stores are reached through the SSRF-safe fetch. */
    storeFetch?: typeof globalThis.fetch;
  };
};

/**
 * Makes a source's adapter. A webhook is read by an adapter made with `credential: ''` (checking a
 * signature needs the webhook's secret, never the connection's): a factory reads its credential
 * only when a call reaches the provider.
 */
export type OrderSourceFactory = (input: SourceInput) => OrderSourceAdapter;
