/**
 * Order processing (issue 23; ARCHITECTURE.md "Orders"; facts in providers/orders.md): the plain
 * types of the Orders screen and its calls under /orders_app/. The zod schemas the server
 * validates and documents are in orders-calls.ts.
 *
 * Orders belong to the seller's account, not to a workspace: every distinct Printify shop, Gelato
 * store, Shopify shop and WooCommerce store connected in any of the seller's workspaces is one
 * order source. Provider orders (Printify, Gelato) are the rows of the list; a store order
 * (Shopify, WooCommerce) of a product PodFlow listed is shown beside the provider order it
 * reached, and is a row of its own only while it has reached no provider.
 */

export const orderProviders = ['printify', 'gelato', 'shopify', 'woocommerce'] as const;
export type OrderProvider = (typeof orderProviders)[number];
/** The providers that make and ship products: they take actions and manual orders. */
export const productionProviders = ['printify', 'gelato'] as const;
export type ProductionProvider = (typeof productionProviders)[number];

export const orderProviderNames: Record<OrderProvider, string> = {
  printify: 'Printify',
  gelato: 'Gelato',
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
};

/**
 * An order's status in plain words, whatever the provider calls it. The provider's own word is
 * kept beside it (`provider_status`); a word PodFlow does not know reads "In progress".
 */
export const orderStatuses = [
  'awaiting_approval',
  'action_required',
  'has_issues',
  'pending',
  'sending_to_production',
  'in_production',
  'shipped',
  'delivered',
  'canceled',
  'returned',
  'draft',
  'in_progress',
  'not_at_provider',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusWords: Record<OrderStatus, string> = {
  awaiting_approval: 'On hold: waiting for approval',
  action_required: 'On hold: action required',
  has_issues: 'Has issues',
  pending: 'Pending',
  sending_to_production: 'Sending to production',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  returned: 'Returned',
  draft: 'Draft',
  in_progress: 'In progress',
  not_at_provider: 'Not sent to a provider',
};

/** Why an order needs the seller; each comes with a sentence saying why and what to do. */
export const attentionReasons = [
  'awaiting_approval',
  'payment_not_received',
  'out_of_stock',
  'address_issue',
  'image_issue',
  'has_issues',
  'stuck_sending',
  'no_tracking',
  'unpaid',
  'not_at_provider',
  'submission_failed',
] as const;
export type AttentionReason = (typeof attentionReasons)[number];

/** The order actions; a bulk run takes the first three. */
export const orderActions = ['send_to_production', 'cancel', 'retry'] as const;
export type OrderAction = (typeof orderActions)[number];

/** Money in minor units (cents) of `currency`; null when the provider did not say. */
export type OrderMoney = {
  currency: string;
  retail_cents: number | null;
  /** What the provider charges the seller for the items. */
  cost_cents: number | null;
  shipping_cents: number | null;
  /** retail − (cost + shipping); null when any part is unknown. */
  margin_cents: number | null;
};

export type OrderTracking = { carrier: string; number: string; url: string | null };

export type OrderItem = {
  title: string;
  variant: string | null;
  sku: string | null;
  quantity: number;
  /** The design this product was made from, when PodFlow made it. */
  design_id: string | null;
  design_thumbnail_url: string | null;
  /** The mockup PodFlow made for the design (its first), when there is one. */
  mockup_url: string | null;
  status: string | null;
};

/** The store order beside a provider order (Shopify or WooCommerce), in the store's words. */
export type StoreOrderSide = {
  store: 'shopify' | 'woocommerce';
  number: string;
  financial_status: string | null;
  fulfillment_status: string | null;
  url: string | null;
};

/** For each action, null when the seller may take it now, else the reason it is not offered. */
export type OrderActionBlocks = Record<OrderAction | 'edit_address', string | null>;

export type OrderSummary = {
  id: string;
  provider: OrderProvider;
  source_id: string;
  shop_title: string;
  /** The store's order number or the provider's label: what the seller and customer call it. */
  number: string;
  provider_order_id: string;
  customer: string;
  email: string | null;
  country: string | null;
  items: OrderItem[];
  status: OrderStatus;
  provider_status: string;
  attention: { reason: AttentionReason; sentence: string; since: string } | null;
  money: OrderMoney;
  tracking: OrderTracking[];
  store: StoreOrderSide | null;
  blocked: OrderActionBlocks;
  created_at: string;
  updated_at: string;
  shipped_at: string | null;
};

export type OrderAddress = {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  country: string;
  region: string | null;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  company: string | null;
};

export type OrderShipment = OrderTracking & { shipped_at: string | null; delivered_at: string | null };

export type OrderTimelineEntry = {
  at: string;
  /** What happened, in a sentence ("Sent to production by you", "Shipped with USPS"). */
  text: string;
  /** Where PodFlow learned it. */
  origin: 'webhook' | 'reconcile' | 'import' | 'action';
};

export type OrderDetail = OrderSummary & {
  address: OrderAddress | null;
  shipments: OrderShipment[];
  timeline: OrderTimelineEntry[];
  provider_url: string | null;
  store_url: string | null;
};

/**
 * Extra fields an order action's refusal may carry beside the error body (errors.ts): the
 * provider's own words, which the screen folds under the sentence, and the order read again.
 * Optional: a refusal without them shows the sentence alone.
 */
export type OrderRefusalExtra = { provider_detail?: string | null; order?: OrderDetail };

export type OrderListPage = { orders: OrderSummary[]; next_cursor: string | null };

export type OrderFilters = {
  provider?: OrderProvider;
  source_id?: string;
  status?: OrderStatus;
  /** ISO dates (YYYY-MM-DD), inclusive, on the order's creation date (UTC). */
  from?: string;
  to?: string;
  attention?: boolean;
  /** Order number, customer name or e-mail. */
  q?: string;
};

/** One order's outcome in a bulk run. */
export type OrderRunItem = {
  order_id: string;
  number: string;
  status: 'pending' | 'done' | 'refused' | 'failed';
  /** The seller's sentence: what happened and, when it did not, what to do. */
  reason: string | null;
  detail: string | null;
};

export type OrderRun = {
  id: string;
  action: OrderAction;
  status: 'Pending' | 'In Progress' | 'Completed' | 'Failed';
  total: number;
  done: number;
  refused: number;
  failed: number;
  items: OrderRunItem[];
  created_at: string;
  finished_at: string | null;
};

export type OrderSource = {
  id: string;
  provider: OrderProvider;
  shop_title: string;
  /** False once no workspace of the seller connects it any more: its orders stay, read-only. */
  connected: boolean;
  importing: boolean;
  last_synced_at: string | null;
  /** The last sync's failure, in a sentence. */
  problem: string | null;
  /** 'registered', 'manual' (Gelato: paste webhook_url in its dashboard), 'off' (PodFlow is not reachable from the internet: the reconcile keeps it current). */
  webhooks: 'registered' | 'manual' | 'off';
  webhook_url: string | null;
};

export type OrderSummaryCounts = {
  attention: number;
  by_status: Partial<Record<OrderStatus, number>>;
  /** The last 30 days, oldest first, one entry per UTC day. */
  days: { date: string; orders: number; margin_cents: number }[];
  currency: string;
};

/** A product of a design on a provider, for a manual order. */
export type ManualOrderProduct = {
  provider: ProductionProvider;
  source_id: string;
  shop_title: string;
  product_id: string;
  title: string;
  variants: { id: string; title: string; cost_cents: number | null }[];
  /** The currency of the variants' costs (optional: without it the screen shows no cost beside a variant). */
  currency?: string;
};

/** What a manual order is made of, before its shipping method is chosen (the quote's request). */
export type ManualOrderDraft = {
  source_id: string;
  design_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  address: OrderAddress;
};

export type ShippingOption = {
  method: string;
  name: string;
  price_cents: number;
  currency: string;
  min_days: number | null;
  max_days: number | null;
};

export type ShippingQuote = {
  /** What the provider charges for the items, before shipping. */
  items_cents: number | null;
  options: ShippingOption[];
};

export type OrderSettings = { digest: boolean; no_tracking_days: number };

export const orderMessages = {
  notFound: 'Order not found.',
  sourceNotFound: 'Shop not found.',
  sent: 'Sent to production.',
  canceled: 'Order canceled.',
  retried: 'Order submitted again.',
  addressSaved: 'Address saved.',
  manualCreated: 'Order created.',
  settingsSaved: 'Order settings saved.',
  bulkStarted: (count: number) => `Working on ${count} order${count === 1 ? '' : 's'}.`,
  disconnected: 'Reconnect this shop in a workspace to act on its orders.',
  bulkTooMany: 'Choose at most 500 orders at a time.',
  bulkEmpty: 'Choose at least one order.',
  noProduct:
    'This design has no product on Printify or Gelato yet: create its listing first (step 7), then order it.',
} as const;

/** Each attention reason's sentence: why the order needs the seller and what to do about it. */
export const attentionSentences: Record<AttentionReason, string> = {
  awaiting_approval:
    "Printify is holding it for your approval: send it to production, or it goes by itself when the shop's approval window ends.",
  payment_not_received:
    'Printify has not been paid for it: add funds or a card in Printify, then send it to production.',
  out_of_stock:
    'A variant is out of stock at the print provider: cancel it, or change the item in the provider and send it again.',
  address_issue:
    "The provider cannot ship to this address: correct it in the provider's dashboard (or here while PodFlow still holds the order).",
  image_issue:
    "The provider could not use the print file: replace the design's image in the provider, then send the order again.",
  has_issues:
    'The provider reports a problem with this order: open it in the provider to see what is wrong and fix it there.',
  stuck_sending:
    'It has been sending to production for over 30 minutes: open it in the provider, and contact its support if it stays stuck.',
  no_tracking:
    'It shipped without a tracking number: ask the provider for one so your customer can follow the parcel.',
  unpaid: 'The customer has not paid this order yet: check the payment in your store before it is made.',
  not_at_provider:
    'This paid store order never reached Printify or Gelato: check the product is linked to the provider, or order it by hand.',
  submission_failed:
    'PodFlow could not submit this order to the provider: retry it, or correct what the provider refused.',
};
