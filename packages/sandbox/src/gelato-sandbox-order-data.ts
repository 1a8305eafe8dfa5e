import { randomUUID } from 'node:crypto';
import type { OrderAddressInput } from './gelato-sandbox-order-checks.ts';

/**
 * The Gelato sandbox's orders as its order API answers them (providers/orders.md §2): their
 * shape, prices (a t-shirt, two shipping methods), receipts, and the seed of one order in each
 * status.
 */

export type GelatoSandboxOrderItem = {
  id: string;
  itemReferenceId: string;
  productUid: string;
  quantity: number;
  fulfillmentStatus: string;
  files: { type: string; url: string }[];
  previews: { type: string; url: string }[];
  storeProductId: string | null;
  storeProductVariantId: string | null;
};

export type GelatoSandboxPackage = {
  id: string;
  orderItemIds: string[];
  trackingCode: string;
  trackingUrl: string;
};

export type GelatoSandboxOrder = {
  id: string;
  orderType: 'order' | 'draft';
  orderReferenceId: string;
  customerReferenceId: string;
  fulfillmentStatus: string;
  financialStatus: string;
  currency: string;
  channel: string;
  storeId: string | null;
  createdAt: string;
  updatedAt: string;
  orderedAt: string;
  items: GelatoSandboxOrderItem[];
  shipment: {
    id: string;
    shipmentMethodName: string;
    shipmentMethodUid: string;
    minDeliveryDays: number;
    maxDeliveryDays: number;
    fulfillmentCountry: string;
    packageCount: number;
    packages: GelatoSandboxPackage[];
  };
  shippingAddress: OrderAddressInput & { id: string };
  receipts: Record<string, unknown>[];
  connectedOrderIds: string[];
  failureReason: string | null;
};

/** What tests and the demo give to add an order; everything has a default. */
export type NewGelatoOrder = {
  /** The store's order (default) or an API order (null). */
  storeId?: string | null;
  channel?: string;
  orderReferenceId?: string;
  customerReferenceId?: string;
  fulfillmentStatus?: string;
  financialStatus?: string;
  failureReason?: string | null;
  productUid?: string;
  storeProductId?: string | null;
  storeProductVariantId?: string | null;
  quantity?: number;
  address?: Partial<OrderAddressInput>;
  shipmentMethodUid?: string;
  createdAt?: Date;
};

/** Gelato's timestamp form: '2023-06-21T09:43:24+0000'. */
export const gelatoTime = (at = new Date()) => `${at.toISOString().slice(0, 19)}+0000`;
/** A t-shirt's price and the shipping methods, in cents. */
export const unitCents = 1999;
/** The shipping methods a quote offers, by the uid it answers; a create also takes Gelato's generic words. */
export const methods: Record<
  string,
  { name: string; cents: number; extraCents: number; min: number; max: number }
> = {
  post_standard: { name: 'Standard', cents: 399, extraCents: 100, min: 3, max: 6 },
  courier_express: { name: 'Express', cents: 1249, extraCents: 150, min: 1, max: 2 },
};
/** The shipment method uids a create takes, and the method each stands for. */
export const methodUids: Record<string, string> = {
  normal: 'post_standard',
  standard: 'post_standard',
  express: 'courier_express',
  post_standard: 'post_standard',
  courier_express: 'courier_express',
};
/** The method a create's (or seed's) uid stands for. */
export const methodOf = (uid: string) => {
  const key = methodUids[uid] ?? 'post_standard';
  return { uid: key, ...methods[key]! };
};
/** Cents as Gelato writes an amount: "12.34". */
export const money = (cents: number) => (cents / 100).toFixed(2);

/** Where the sandbox's orders go unless told otherwise: a US address Gelato takes. */
export const gelatoSandboxAddress: OrderAddressInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '12 Analytical Row',
  city: 'Springfield',
  postCode: '62704',
  state: 'IL',
  country: 'US',
  email: 'ada@example.com',
};

/** The seed: one order in each status, with the financial state each goes with. */
export const seed: NewGelatoOrder[] = [
  { fulfillmentStatus: 'created', financialStatus: 'pending' },
  { fulfillmentStatus: 'passed', financialStatus: 'to_be_invoiced' },
  { fulfillmentStatus: 'pending_approval', financialStatus: 'pending' },
  { fulfillmentStatus: 'in_production', financialStatus: 'paid' },
  { fulfillmentStatus: 'printed', financialStatus: 'paid' },
  { fulfillmentStatus: 'shipped', financialStatus: 'paid' },
  {
    fulfillmentStatus: 'delivered',
    financialStatus: 'paid',
    address: {
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'GB',
      state: '',
      postCode: 'SW1A 1AA',
      city: 'London',
    },
  },
  {
    fulfillmentStatus: 'failed',
    financialStatus: 'pending',
    failureReason:
      'Delivery to the chosen destination is not possible: the postcode does not match the city.',
  },
  {
    fulfillmentStatus: 'failed',
    financialStatus: 'pending',
    failureReason: 'The product is out of stock at every production site.',
  },
  { fulfillmentStatus: 'passed', financialStatus: 'refused' },
  { fulfillmentStatus: 'canceled', financialStatus: 'canceled' },
  {
    storeId: null,
    channel: 'ui',
    fulfillmentStatus: 'draft',
    financialStatus: 'draft',
    customerReferenceId: 'dashboard',
  },
  // An API order PodFlow made earlier for the store (its customer reference says so), and one another tool made.
  {
    storeId: null,
    channel: 'api',
    fulfillmentStatus: 'in_production',
    financialStatus: 'paid',
    customerReferenceId: 'podflow:STORE',
  },
  {
    storeId: null,
    channel: 'api',
    fulfillmentStatus: 'shipped',
    financialStatus: 'invoiced',
    customerReferenceId: 'wholesale-7',
  },
];

/** Gelato's receipt of an order: products, packaging and shipping, amounts as strings ("12.34"). */
export function receipt(order: Pick<GelatoSandboxOrder, 'id' | 'currency' | 'items'>, methodUid: string) {
  const method = methodOf(methodUid);
  const quantity = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const products = quantity * unitCents;
  const shipping = method.cents + (quantity - 1) * method.extraCents;
  return {
    id: randomUUID(),
    orderId: order.id,
    transactionType: 'invoice',
    currency: order.currency,
    items: order.items.map((item) => ({
      id: randomUUID(),
      referenceId: item.id,
      type: 'product',
      title: 'Classic Unisex Crewneck T-shirt',
      price: money(item.quantity * unitCents),
      priceInclVat: money(item.quantity * unitCents),
    })),
    productsPrice: money(products),
    productsPriceInclVat: money(products),
    packagingPriceInclVat: '0.00',
    shippingPrice: money(shipping),
    shippingPriceInclVat: money(shipping),
    totalInclVat: money(products + shipping),
  };
}
