import { printifyTime } from './printify-sandbox-catalog.ts';

/**
 * The Printify sandbox's order shape and its made-up data (docs: providers/orders.md §1): lines
 * priced from a product's variants, the seeded orders of a shop in every status PodFlow must show,
 * cheap bulk orders for the benchmark, and the shipping prices of a quote.
 */

export type OrderAddress = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  region: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  company?: string;
};

export type OrderLine = {
  product_id: string;
  variant_id: number;
  quantity: number;
  print_provider_id: number;
  blueprint_id: number;
  cost: number;
  shipping_cost: number;
  status: string;
  metadata: { title: string; price: number; variant_label: string; sku: string; country: string };
  sent_to_production_at: string | null;
  fulfilled_at: string | null;
};

export type Shipment = {
  carrier: string;
  number: string;
  url: string;
  shipped_at: string;
  delivered_at: string | null;
};

export type SandboxOrder = {
  id: string;
  address_to: OrderAddress;
  line_items: OrderLine[];
  metadata: {
    order_type: 'external' | 'manual' | 'api';
    shop_order_id: number | string;
    shop_order_label: string;
    shop_fulfilled_at: string;
  };
  total_price: number;
  total_shipping: number;
  total_tax: number;
  status: string;
  shipping_method: number;
  is_printify_express: boolean;
  is_economy_shipping: boolean;
  shipments: Shipment[];
  created_at: string;
  updated_at: string;
  sent_to_production_at: string | null;
  fulfilled_at: string | null;
};

/** What a line is priced from: a product of the shop (a PrintifyProduct fits). */
export type LineSource = {
  id: string;
  title: string;
  blueprint_id: number;
  print_provider_id: number;
  variants: { id: number; title: string; sku: string; cost: number; price: number; is_enabled: boolean }[];
};

/** Printify's "not set" time. */
export const unsetTime = '1970-01-01 00:00:00+00:00';

/** Stands in for a product the seller has since deleted (a shop with no product yet). */
export const deletedProduct: LineSource = {
  id: 'deadbeefdeadbeefdeadbeef',
  title: 'Classic Unisex Tee',
  blueprint_id: 6,
  print_provider_id: 99,
  variants: [
    { id: 12_100, title: 'Black / S', sku: 'SBX-6-12100', cost: 929, price: 2_499, is_enabled: true },
  ],
};

const people = [
  ['Ada', 'Lovelace', 'US', 'NY', 'New York', '10001'],
  ['Grace', 'Hopper', 'US', 'VA', 'Arlington', '22201'],
  ['Jan', 'Peeters', 'BE', '', 'Retie', '2470'],
  ['Marie', 'Dubois', 'FR', '', 'Lyon', '69001'],
  ['Ken', 'Sato', 'JP', '', 'Tokyo', '100-0001'],
  ['Lena', 'Schmidt', 'DE', '', 'Berlin', '10115'],
] as const;

/** A made-up recipient; the n-th is always the same. */
export function addressFor(n: number): OrderAddress {
  const [first, last, country, region, city, zip] = people[n % people.length]!;
  return {
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    phone: '+1 555 0100',
    country,
    region,
    address1: `${10 + (n % 90)} Example Street`,
    address2: '',
    city,
    zip,
  };
}

/** A line of `quantity` of the variant, at the product's price and cost; null when the variant is not the product's. */
export function lineOf(
  source: LineSource,
  variantId: number,
  quantity: number,
  country: string,
): OrderLine | null {
  const variant = source.variants.find((entry) => entry.id === variantId);
  if (!variant) return null;
  return {
    product_id: source.id,
    variant_id: variant.id,
    quantity,
    print_provider_id: source.print_provider_id,
    blueprint_id: source.blueprint_id,
    cost: variant.cost * quantity,
    shipping_cost: 0,
    status: 'on-hold',
    metadata: {
      title: source.title,
      price: variant.price,
      variant_label: variant.title,
      sku: variant.sku,
      country,
    },
    sent_to_production_at: null,
    fulfilled_at: null,
  };
}

const shippingMethodKeys: Record<number, keyof ShippingPrices> = {
  1: 'standard',
  2: 'priority',
  3: 'printify_express',
  4: 'economy',
};

export type ShippingPrices = Partial<
  Record<'standard' | 'express' | 'priority' | 'printify_express' | 'economy', number>
>;

/** The sandbox's shipping prices in cents: US addresses get every method, others standard and priority. */
export function shippingPrices(country: string, units: number): ShippingPrices {
  const extra = Math.max(0, units - 1);
  if (country === 'US') {
    const standard = 475 + extra * 240;
    return { standard, express: 1_500, priority: 1_500, printify_express: 799, economy: 399 };
  }
  return { standard: 1_000 + extra * 400, express: 2_500, priority: 2_500 };
}

/** The shipping of a method (1 standard, 2 priority, 3 Printify Express, 4 economy); undefined when not offered. */
export function shippingFor(method: number, country: string, units: number): number | undefined {
  const key = shippingMethodKeys[method];
  return key === undefined ? undefined : shippingPrices(country, units)[key];
}

/** A create body as the checks pass it on. */
export type NewOrder = {
  external_id: string;
  label: string | undefined;
  shipping_method: number;
  lines: { source: LineSource; variantId: number; quantity: number }[];
  address: OrderAddress;
};

/** An API order as Printify makes it from a create: on hold, shipping on its first line, the external id as store order id. */
export function apiOrder(input: NewOrder, id: string, n: number): SandboxOrder {
  const [first, ...more] = input.lines;
  const order = buildOrder({
    id,
    source: first!.source,
    n,
    createdAt: new Date(),
    status: 'on-hold',
    shopOrderId: input.external_id,
    orderType: 'api',
    address: input.address,
    shippingMethod: input.shipping_method,
    variantId: first!.variantId,
    quantity: first!.quantity,
  });
  for (const line of more) {
    const added = lineOf(line.source, line.variantId, line.quantity, input.address.country)!;
    added.status = 'on-hold';
    order.line_items.push(added);
  }
  const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  order.line_items[0]!.shipping_cost = shippingFor(input.shipping_method, input.address.country, units) ?? 0;
  order.total_shipping = order.line_items[0]!.shipping_cost;
  order.metadata.shop_order_label = input.label ?? input.external_id;
  order.total_price = order.line_items.reduce((sum, l) => sum + l.metadata.price * l.quantity, 0);
  return order;
}

export type OrderShape = {
  id: string;
  source: LineSource;
  n: number;
  createdAt: Date;
  status: string;
  /** The store order id (a number) of an external order, or the caller's external_id of an API order. */
  shopOrderId: number | string;
  orderType: SandboxOrder['metadata']['order_type'];
  quantity?: number;
  variantId?: number;
  shippingMethod?: number;
  address?: OrderAddress;
};

/** A whole order of one line, priced and totalled; status-dependent times are left to the caller. */
export function buildOrder(shape: OrderShape): SandboxOrder {
  const address = shape.address ?? addressFor(shape.n);
  const variant = shape.variantId ?? shape.source.variants.find((v) => v.is_enabled)?.id ?? 0;
  const line = lineOf(shape.source, variant, shape.quantity ?? 1, address.country) as OrderLine;
  const method = shape.shippingMethod ?? 1;
  line.shipping_cost = shippingFor(method, address.country, line.quantity) ?? 0;
  line.status = shape.status;
  const at = printifyTime(shape.createdAt);
  return {
    id: shape.id,
    address_to: address,
    line_items: [line],
    metadata: {
      order_type: shape.orderType,
      shop_order_id: shape.shopOrderId,
      shop_order_label: typeof shape.shopOrderId === 'number' ? `#${shape.shopOrderId}` : shape.shopOrderId,
      shop_fulfilled_at: unsetTime,
    },
    total_price: line.metadata.price * line.quantity,
    total_shipping: line.shipping_cost,
    total_tax: 0,
    status: shape.status,
    shipping_method: method,
    is_printify_express: method === 3,
    is_economy_shipping: method === 4,
    shipments: [],
    created_at: at,
    updated_at: at,
    sent_to_production_at: null,
    fulfilled_at: null,
  };
}

const hour = 3_600_000;

/** One seeded order's story: its status and what came with it. */
type Story = {
  status: string;
  ageHours: number;
  lineStatus?: string;
  sentMinutesAgo?: number;
  shipments?: 'delivered' | 'shipped' | 'none';
  stuck?: boolean;
};

/** The seeded orders of each shop, newest last: every status orders.md names, with their details. */
const stories: Story[] = [
  { status: 'fulfilled', ageHours: 400, sentMinutesAgo: 23_000, shipments: 'delivered' },
  { status: 'fulfilled', ageHours: 300, sentMinutesAgo: 17_000, shipments: 'none' },
  { status: 'canceled', ageHours: 250 },
  { status: 'partially-fulfilled', ageHours: 200, sentMinutesAgo: 11_000, shipments: 'shipped' },
  { status: 'fulfilled', ageHours: 150, sentMinutesAgo: 8_000, shipments: 'shipped' },
  { status: 'in-production', ageHours: 60, sentMinutesAgo: 3_000 },
  { status: 'had-issues', ageHours: 50, sentMinutesAgo: 2_800 },
  { status: 'sending-to-production', ageHours: 30, sentMinutesAgo: 45, stuck: true },
  { status: 'payment-not-received', ageHours: 20 },
  { status: 'on-hold', ageHours: 8, lineStatus: 'out-of-stock' },
  { status: 'pending', ageHours: 2 },
  { status: 'on-hold', ageHours: 1 },
];

export type SeededOrder = { order: SandboxOrder; stuck: boolean };

/** The shop's seeded orders; `firstN` numbers the customers and store order ids. */
export function seedOrders(
  source: LineSource,
  nextId: () => string,
  firstN: number,
  now = Date.now(),
): SeededOrder[] {
  return stories.map((story, index) => {
    const n = firstN + index;
    const order = buildOrder({
      id: nextId(),
      source,
      n,
      createdAt: new Date(now - story.ageHours * hour),
      status: story.status,
      shopOrderId: 1_370_762_000 + n,
      orderType: 'external',
      quantity: 1 + (n % 2),
    });
    const line = order.line_items[0]!;
    if (story.lineStatus) line.status = story.lineStatus;
    if (story.status === 'canceled') line.cost = 0;
    if (story.sentMinutesAgo !== undefined) {
      const sent = printifyTime(new Date(now - story.sentMinutesAgo * 60_000));
      order.sent_to_production_at = sent;
      line.sent_to_production_at = sent;
    }
    if (story.shipments !== undefined) {
      const fulfilled = printifyTime(new Date(now - (story.sentMinutesAgo! - 2_000) * 60_000));
      if (story.status === 'fulfilled') {
        order.fulfilled_at = fulfilled;
        line.fulfilled_at = fulfilled;
      }
      if (story.shipments !== 'none') {
        order.shipments.push(
          shipmentOf(
            n,
            fulfilled,
            story.shipments === 'delivered' ? printifyTime(new Date(now - 100 * hour)) : null,
          ),
        );
      }
    }
    // Its last change: the latest time it shows (the timestamps sort as text).
    const times = [order.created_at, order.sent_to_production_at, order.fulfilled_at];
    times.push(...order.shipments.map((shipment) => shipment.delivered_at));
    order.updated_at = times
      .filter((at): at is string => at !== null)
      .sort()
      .at(-1)!;
    return { order, stuck: story.stuck === true };
  });
}

/** A USPS parcel with its tracking link. */
export function shipmentOf(n: number, shippedAt: string, deliveredAt: string | null): Shipment {
  const number = `94001118992231${String(100_000 + n).padStart(8, '0')}`;
  return {
    carrier: 'usps',
    number,
    url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
    shipped_at: shippedAt,
    delivered_at: deliveredAt,
  };
}

const bulkStatuses = ['fulfilled', 'fulfilled', 'fulfilled', 'in-production', 'on-hold', 'canceled'];

/** `count` plain orders spread over the last 60 days (newest last), for the benchmark: no HTTP, no timers. */
export function bulkOrders(
  source: LineSource,
  nextId: () => string,
  count: number,
  firstN: number,
  now = Date.now(),
): SandboxOrder[] {
  const span = 59 * 24 * hour;
  return Array.from({ length: count }, (_, index) => {
    const n = firstN + index;
    const status = bulkStatuses[n % bulkStatuses.length]!;
    const createdAt = new Date(now - span + Math.floor((span * index) / Math.max(1, count)));
    const order = buildOrder({
      id: nextId(),
      source,
      n,
      createdAt,
      status,
      shopOrderId: 1_400_000_000 + n,
      orderType: 'external',
    });
    if (status === 'canceled') order.line_items[0]!.cost = 0;
    if (status === 'fulfilled') {
      const shipped = printifyTime(new Date(createdAt.getTime() + 72 * hour));
      order.fulfilled_at = shipped;
      order.shipments.push(shipmentOf(n, shipped, null));
    }
    return order;
  });
}
