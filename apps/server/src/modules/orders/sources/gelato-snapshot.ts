import type { OrderAddress, OrderStatus } from '@podflow/contract/orders';
import { type GelatoOrder, type GelatoReceipt, gelatoCents } from '@podflow/providers/gelato-orders';
import type { OrderSnapshot, SnapshotItem } from '../order-source.ts';

/**
 * A Gelato order (GET /v4/orders/{id}, providers/orders.md §2) as PodFlow keeps it: the status in
 * plain words, why it needs the seller, its costs from Gelato's receipts in exact cents, its
 * packages as shipments. Gelato knows no retail price: that comes from the store's side.
 */

/** The customer reference of every order PodFlow places for a Gelato store: how its API orders are told apart. */
export const podflowCustomerReference = (storeId: string) => `podflow:${storeId}`;

/** Gelato's fulfilment statuses in plain words; a word not here reads "In progress". */
const statusWords: Record<string, OrderStatus> = {
  created: 'pending',
  uploading: 'pending',
  passed: 'pending',
  pending_approval: 'pending',
  pending_personalization: 'pending',
  in_production: 'in_production',
  printed: 'in_production',
  digitizing: 'in_production',
  shipped: 'shipped',
  in_transit: 'shipped',
  delivered: 'delivered',
  failed: 'has_issues',
  canceled: 'canceled',
  draft: 'draft',
  returned: 'returned',
  on_hold: 'action_required',
  not_connected: 'action_required',
};

/** Orders past these need nothing more from the seller, whatever Gelato's billing says. */
const settled = new Set<OrderStatus>(['canceled', 'draft', 'delivered', 'returned']);

export function gelatoStatus(fulfillmentStatus: string): OrderStatus {
  return statusWords[fulfillmentStatus] ?? 'in_progress';
}

/** Gelato's words for why an order failed, wherever it puts them. [unconf: the field is not documented] */
function failureWords(order: GelatoOrder): string {
  const reason = order.failureReason;
  if (typeof reason === 'string') return reason;
  return reason?.message ?? '';
}

/**
 * Why the order needs the seller, from what it says: a failed order's reason (address or stock,
 * else its refused payment, else "has issues"); an order held for the seller; a payment Gelato
 * refused on an order still to be made or shipped ('unpaid': the seller must fix their billing).
 * A `pending` payment is Gelato's normal state before invoicing: not a problem.
 */
export function gelatoProblem(order: GelatoOrder): OrderSnapshot['problem'] {
  const status = gelatoStatus(order.fulfillmentStatus);
  const refused = order.financialStatus === 'refused';
  if (status === 'has_issues') {
    const words = failureWords(order);
    if (/address|post ?code|zip|destination|recipient|\bstate\b/i.test(words)) return 'address_issue';
    if (/stock|unavailable|discontinued/i.test(words)) return 'out_of_stock';
    return refused ? 'unpaid' : 'has_issues';
  }
  if (status === 'action_required') return refused ? 'unpaid' : 'has_issues';
  return refused && !settled.has(status) ? 'unpaid' : null;
}

const chargedReceipts = (receipts: GelatoReceipt[] = []) =>
  receipts.filter((receipt) => !/refund|credit/i.test(receipt.transactionType ?? ''));

/** A sum of receipt amounts in cents; null when there is no receipt or an amount is unreadable. */
function receiptSum(
  receipts: GelatoReceipt[],
  amounts: (receipt: GelatoReceipt) => unknown[],
): number | null {
  if (receipts.length === 0) return null;
  let total = 0;
  for (const value of receipts.flatMap(amounts)) {
    if (value === undefined || value === null) continue;
    const cents = gelatoCents(value as string | number);
    if (cents === undefined) return null;
    total += cents;
  }
  return total;
}

/** The parts of a productUid PodFlow names a line by: category, colour and size. */
const uidParts = { gca: /(?:^|_)gca_([^_]+)/, gco: /(?:^|_)gco_([^_]+)/, gsi: /(?:^|_)gsi_([^_]+)/ };

/** "apparel_product_gca_t-shirt_..._gsi_m_gco_white_..." -> "T-shirt", "White / M". */
function productWords(productUid: string): { title: string; variant: string | null } {
  const part = (key: keyof typeof uidParts) => uidParts[key].exec(productUid)?.[1];
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replace(/-/g, ' ');
  const category = part('gca');
  const variant = [part('gco'), part('gsi')?.toUpperCase()].filter((word): word is string => !!word);
  return {
    title: category ? capital(category) : productUid,
    variant: variant.length > 0 ? variant.map(capital).join(' / ') : null,
  };
}

/** The store product and variant of a line: Gelato's store fields, or the reference PodFlow gave its own line. */
export const podflowItemReference = (productId: string, variantId: string) =>
  `podflow:${productId}:${variantId}`;

function lineProduct(item: GelatoOrder['items'][number]): {
  productId: string | null;
  variantId: string | null;
} {
  const ours = /^podflow:([^:]+):([^:]+)$/.exec(item.itemReferenceId);
  if (ours) return { productId: ours[1]!, variantId: ours[2]! };
  return { productId: item.storeProductId ?? null, variantId: item.storeProductVariantId ?? null };
}

function items(order: GelatoOrder): SnapshotItem[] {
  const receiptItems = chargedReceipts(order.receipts).flatMap((receipt) => receipt.items ?? []);
  return order.items.map((item) => {
    const charged = receiptItems.filter(
      (line) => line.referenceId === item.id && (line.type ?? 'product') === 'product',
    );
    const words = productWords(item.productUid);
    const cost = charged.reduce<number | null>((sum, line) => {
      const cents = gelatoCents(line.priceInclVat ?? line.price);
      return sum === null || cents === undefined ? null : sum + cents;
    }, 0);
    return {
      ...lineProduct(item),
      title: charged[0]?.title ?? words.title,
      variant: words.variant,
      sku: item.productUid,
      quantity: item.quantity,
      costCents: charged.length > 0 ? cost : null,
      shippingCents: null,
      retailCents: null,
      status: item.fulfillmentStatus ?? null,
    };
  });
}

function address(order: GelatoOrder): OrderAddress | null {
  const to = order.shippingAddress;
  if (!to) return null;
  return {
    first_name: to.firstName ?? '',
    last_name: to.lastName ?? '',
    email: to.email || null,
    phone: to.phone || null,
    country: to.country ?? '',
    region: to.state || null,
    address1: to.addressLine1 ?? '',
    address2: to.addressLine2 || null,
    city: to.city ?? '',
    zip: to.postCode ?? '',
    company: to.companyName || null,
  };
}

const time = (text: string | undefined) => {
  const at = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : at;
};

/** The stores Gelato names as an order's channel; an API or dashboard order has none. */
function storeOrder(order: GelatoOrder): OrderSnapshot['storeOrder'] {
  if (order.channel === 'api' || order.channel === 'ui' || !order.storeId) return null;
  const store = order.channel === 'shopify' || order.channel === 'woocommerce' ? order.channel : 'other';
  return { store, id: order.orderReferenceId };
}

/** The snapshot of `order` for the Gelato store `storeId`. */
export function gelatoSnapshot(order: GelatoOrder, storeId: string): OrderSnapshot {
  const status = gelatoStatus(order.fulfillmentStatus);
  const receipts = chargedReceipts(order.receipts);
  const updatedAt = time(order.updatedAt) ?? time(order.createdAt) ?? 0;
  const to = order.shippingAddress;
  const tracked = (order.shipment?.packages ?? []).filter((pack) => pack.trackingCode);
  // Gelato dates no package: the order's last change is when it shipped or arrived.
  const shipped = status === 'shipped' ? updatedAt : null;
  return {
    providerOrderId: order.id,
    number: order.orderReferenceId,
    providerStatus: order.fulfillmentStatus,
    status,
    problem: gelatoProblem(order),
    financialStatus: order.financialStatus ?? null,
    fulfillmentStatus: null,
    customerName: [to?.firstName, to?.lastName].filter(Boolean).join(' '),
    email: to?.email || null,
    country: to?.country || null,
    address: address(order),
    items: items(order),
    currency: receipts[0]?.currency ?? order.currency,
    retailCents: null,
    costCents: receiptSum(receipts, (r) => [r.productsPriceInclVat, r.packagingPriceInclVat]),
    shippingCents: receiptSum(receipts, (r) => [r.shippingPriceInclVat]),
    shipments: tracked.map((pack) => ({
      carrier: order.shipment?.shipmentMethodName || 'Gelato',
      number: pack.trackingCode,
      url: pack.trackingUrl || null,
      shippedAt: shipped,
      deliveredAt: status === 'delivered' ? updatedAt : null,
    })),
    storeOrder: storeOrder(order),
    externalRef:
      order.storeId === null && order.customerReferenceId === podflowCustomerReference(storeId)
        ? order.orderReferenceId
        : null,
    createdAt: time(order.createdAt) ?? updatedAt,
    updatedAt,
    sentToProductionAt: null,
    shippedAt: shipped,
    deliveredAt: status === 'delivered' ? updatedAt : null,
    providerUrl: `https://dashboard.gelato.com/orders/${encodeURIComponent(order.id)}`,
  };
}
