import type { OrderAddress, OrderStatus } from '@podflow/contract/orders';
import { type PrintifyOrder, printifyTimeMs } from '@podflow/providers/printify-orders';
import type { OrderSnapshot, SnapshotItem } from '../order-source.ts';

/**
 * A Printify order as PodFlow shows it (docs: providers/orders.md §1): its status word in plain
 * words with the reason it is held, totals computed from the lines (Printify's own totals are
 * ambiguous), times read from Printify's "2017-04-18 13:24:28+00:00" with the 1970 epoch as unset.
 */

type Problem = OrderSnapshot['problem'];

const inProduction = new Set([
  'in-production',
  'checking-quality',
  'quality-approved',
  'quality-declined',
  'ready-for-production',
]);
const pending = new Set(['pending', 'cost-calculation']);
const outOfStock = /out[-_ ]?of[-_ ]?stock|discontinued/i;

/** The plain status of a Printify order and, when it is held or failed, why (as far as it says). */
export function printifyStatusOf(order: Pick<PrintifyOrder, 'status' | 'line_items' | 'shipments'>): {
  status: OrderStatus;
  problem: Problem;
} {
  const word = order.status.toLowerCase();
  const lineWords = (order.line_items ?? []).map((line) => line.status ?? '');
  if (word === 'on-hold') {
    return lineWords.some((line) => outOfStock.test(line))
      ? { status: 'action_required', problem: 'out_of_stock' }
      : { status: 'awaiting_approval', problem: null };
  }
  if (word === 'payment-not-received') return { status: 'action_required', problem: 'payment_not_received' };
  if (word === 'had-issues' || word === 'has-issues') {
    const problem: Problem = lineWords.some((line) => /address/i.test(line))
      ? 'address_issue'
      : lineWords.some((line) => /image/i.test(line))
        ? 'image_issue'
        : 'has_issues';
    return { status: 'has_issues', problem };
  }
  if (word === 'sending-to-production') return { status: 'sending_to_production', problem: null };
  if (inProduction.has(word)) return { status: 'in_production', problem: null };
  if (pending.has(word)) return { status: 'pending', problem: null };
  if (word === 'partially-fulfilled') return { status: 'shipped', problem: null };
  if (word === 'fulfilled') {
    const shipments = order.shipments ?? [];
    const delivered = shipments.length > 0 && shipments.every((s) => printifyTimeMs(s.delivered_at) !== null);
    return { status: delivered ? 'delivered' : 'shipped', problem: null };
  }
  if (word === 'canceled' || word === 'cancelled') return { status: 'canceled', problem: null };
  return { status: 'in_progress', problem: null };
}

/** Where the seller sees the order in Printify's app (the path is PodFlow's best reading, not documented). */
export const printifyOrderUrl = (shopId: string, orderId: string) =>
  `https://printify.com/app/store/${encodeURIComponent(shopId)}/orders/${encodeURIComponent(orderId)}`;

/** Sum of the lines' values; null when any line does not say. */
function total(values: (number | null)[]): number | null {
  return values.some((value) => value === null) ? null : values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
}

function addressOf(order: PrintifyOrder): OrderAddress | null {
  const to = order.address_to;
  if (!to) return null;
  const orNull = (value: string | null | undefined) => (value ? value : null);
  return {
    first_name: to.first_name ?? '',
    last_name: to.last_name ?? '',
    email: orNull(to.email),
    phone: orNull(to.phone),
    country: to.country ?? '',
    region: orNull(to.region),
    address1: to.address1 ?? '',
    address2: orNull(to.address2),
    city: to.city ?? '',
    zip: to.zip ?? '',
    company: orNull(to.company),
  };
}

const latest = (times: (number | null)[]) =>
  times.reduce<number | null>((max, at) => (at !== null && (max === null || at > max) ? at : max), null);

/**
 * The store an external order came from, by its shop's sales channel: a shop connected to Shopify
 * or WooCommerce names that store's order id in `metadata.shop_order_id`, so the two are linked.
 */
const storeOfChannel = (channel: string | undefined): 'shopify' | 'woocommerce' | 'other' =>
  channel === 'shopify' || channel === 'woocommerce' ? channel : 'other';

/** The order as the orders module stores it. Printify orders carry no currency: the shop's, taken as USD. */
export function printifySnapshot(order: PrintifyOrder, shopId: string, salesChannel?: string): OrderSnapshot {
  const { status, problem } = printifyStatusOf(order);
  const items: SnapshotItem[] = (order.line_items ?? []).map((line) => {
    const price = line.metadata?.price;
    return {
      productId: line.product_id ?? null,
      variantId: line.variant_id === undefined || line.variant_id === null ? null : String(line.variant_id),
      title: line.metadata?.title ?? 'Item',
      variant: line.metadata?.variant_label ?? null,
      sku: line.metadata?.sku ?? null,
      quantity: line.quantity,
      costCents: line.cost ?? null,
      shippingCents: line.shipping_cost ?? null,
      retailCents: typeof price === 'number' ? price * line.quantity : null,
      status: line.status ?? null,
    };
  });
  const shipments = (order.shipments ?? []).map((shipment) => ({
    carrier: shipment.carrier,
    number: shipment.number,
    url: shipment.url ?? null,
    shippedAt: printifyTimeMs(shipment.shipped_at),
    deliveredAt: printifyTimeMs(shipment.delivered_at),
  }));
  const meta = order.metadata ?? {};
  const shopOrderId =
    meta.shop_order_id === undefined || meta.shop_order_id === null ? null : String(meta.shop_order_id);
  const createdAt = printifyTimeMs(order.created_at) ?? 0;
  const sentToProductionAt = printifyTimeMs(order.sent_to_production_at);
  const fulfilledAt = printifyTimeMs(order.fulfilled_at);
  const shipped = shipments.map((s) => s.shippedAt).filter((at): at is number => at !== null);
  const shippedAt =
    shipped.length > 0
      ? Math.min(...shipped)
      : status === 'shipped' || status === 'delivered'
        ? fulfilledAt
        : null;
  const deliveredAt = status === 'delivered' ? latest(shipments.map((s) => s.deliveredAt)) : null;
  const updatedAt =
    printifyTimeMs(order.updated_at) ??
    latest([createdAt, sentToProductionAt, fulfilledAt, shippedAt, deliveredAt]) ??
    createdAt;
  const to = order.address_to;
  return {
    providerOrderId: order.id,
    number: meta.shop_order_label || shopOrderId || order.id,
    providerStatus: order.status,
    status,
    problem,
    financialStatus: null,
    fulfillmentStatus: null,
    customerName: [to?.first_name, to?.last_name].filter(Boolean).join(' '),
    email: to?.email || null,
    country: to?.country || null,
    address: addressOf(order),
    items,
    currency: 'USD',
    retailCents: total(items.map((item) => item.retailCents)),
    costCents: total(items.map((item) => item.costCents)),
    shippingCents: total(items.map((item) => item.shippingCents)),
    shipments,
    storeOrder:
      meta.order_type === 'external' && shopOrderId !== null
        ? { store: storeOfChannel(salesChannel), id: shopOrderId }
        : null,
    externalRef: meta.order_type === 'api' ? shopOrderId : null,
    createdAt,
    updatedAt,
    sentToProductionAt,
    shippedAt,
    deliveredAt,
    providerUrl: printifyOrderUrl(shopId, order.id),
  };
}
