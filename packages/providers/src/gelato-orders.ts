import { type GelatoClientOptions, gelatoHttp } from './gelato.ts';
import { ProviderError } from './provider-error.ts';

/**
 * Gelato's order API v4 (docs: providers/orders.md §2) on its own host: create, search, read,
 * cancel and quote orders. Gelato publishes no rate limit for it: 429s are waited out (Retry-After
 * honoured by the helper). It has no idempotency key: a create is never retried after a 5xx or a
 * timeout; find it again by its orderReferenceId (`search`).
 */

export type GelatoOrderAddress = {
  firstName: string;
  lastName: string;
  companyName?: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  postCode: string;
  /** Required for US, CA and AU. */
  state?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  email: string;
  phone?: string;
};

/** Unknown statuses are kept as they come (the adapter reads them as "in progress"). */
export type GelatoFulfillmentStatus =
  | 'created'
  | 'uploading'
  | 'passed'
  | 'pending_approval'
  | 'pending_personalization'
  | 'in_production'
  | 'digitizing'
  | 'printed'
  | 'shipped'
  | 'in_transit'
  | 'delivered'
  | 'returned'
  | 'failed'
  | 'canceled'
  | 'draft'
  | 'on_hold'
  | 'not_connected'
  | (string & {});

export type GelatoFinancialStatus =
  | 'draft'
  | 'pending'
  | 'invoiced'
  | 'to_be_invoiced'
  | 'paid'
  | 'canceled'
  | 'partially_refunded'
  | 'refunded'
  | 'refused'
  | (string & {});

/** Gelato's money comes as numbers in its SDK's types and as strings ("49.12") in search answers. */
export type GelatoAmount = number | string;

export type GelatoOrderFile = { type?: string; url: string };

export type GelatoOrderItem = {
  id: string;
  itemReferenceId: string;
  productUid: string;
  quantity: number;
  fulfillmentStatus?: GelatoFulfillmentStatus;
  files?: GelatoOrderFile[];
  previews?: { type: string; url: string }[];
  /** The store product and variant an order of a connected store was placed for. [unconf] */
  storeProductId?: string | null;
  storeProductVariantId?: string | null;
};

export type GelatoPackage = { id: string; orderItemIds: string[]; trackingCode: string; trackingUrl: string };

export type GelatoReceiptItem = {
  id?: string;
  referenceId?: string;
  type?: string;
  title?: string;
  price?: GelatoAmount;
  priceInclVat?: GelatoAmount;
};

export type GelatoReceipt = {
  id: string;
  transactionType?: string;
  currency: string;
  items?: GelatoReceiptItem[];
  productsPriceInclVat?: GelatoAmount;
  packagingPriceInclVat?: GelatoAmount;
  shippingPriceInclVat?: GelatoAmount;
  totalInclVat?: GelatoAmount;
};

export type GelatoOrder = {
  id: string;
  orderType: 'order' | 'draft' | (string & {});
  orderReferenceId: string;
  customerReferenceId: string;
  fulfillmentStatus: GelatoFulfillmentStatus;
  financialStatus: GelatoFinancialStatus;
  currency: string;
  channel: string;
  /** Null for orders placed through the API or the dashboard. */
  storeId: string | null;
  createdAt: string;
  updatedAt: string;
  orderedAt?: string;
  items: GelatoOrderItem[];
  shipment?: {
    shipmentMethodName?: string;
    shipmentMethodUid?: string;
    minDeliveryDays?: number;
    maxDeliveryDays?: number;
    fulfillmentCountry?: string;
    packages?: GelatoPackage[];
  } | null;
  shippingAddress?: (GelatoOrderAddress & { id?: string }) | null;
  receipts?: GelatoReceipt[];
  connectedOrderIds?: string[];
  /** Why a failed order failed, when Gelato says it on the order. [unconf] */
  failureReason?: string | { message?: string } | null;
};

/** One row of a search answer. */
export type GelatoOrderSummary = {
  id: string;
  orderReferenceId: string;
  customerReferenceId?: string;
  orderType?: string;
  fulfillmentStatus: GelatoFulfillmentStatus;
  financialStatus: GelatoFinancialStatus;
  currency?: string;
  channel: string;
  storeId: string | null;
  country?: string;
  firstName?: string;
  lastName?: string;
  itemsCount?: number;
  totalInclVat?: GelatoAmount;
  createdAt: string;
  updatedAt: string;
  orderedAt?: string;
};

export type GelatoOrderSearch = {
  ids?: string[];
  orderReferenceId?: string;
  orderReferenceIds?: string[];
  orderTypes?: string[];
  fulfillmentStatuses?: string[];
  financialStatuses?: string[];
  channels?: string[];
  storeIds?: string[];
  /** Name or orderReferenceId. */
  search?: string;
  /** ISO 8601. */
  startDate?: string;
  endDate?: string;
  offset?: number;
  limit?: number;
};

export type GelatoCreateOrder = {
  orderType?: 'order' | 'draft';
  /** PodFlow's reference: how a create whose answer was lost is found again. */
  orderReferenceId: string;
  customerReferenceId: string;
  currency: string;
  items: { itemReferenceId: string; productUid: string; quantity: number; files?: GelatoOrderFile[] }[];
  shipmentMethodUid?: string;
  shippingAddress: GelatoOrderAddress;
  metadata?: { key: string; value: string }[];
};

export type GelatoQuoteRequest = {
  orderReferenceId: string;
  customerReferenceId: string;
  currency: string;
  allowMultipleQuotes?: boolean;
  recipient: GelatoOrderAddress;
  products: { itemReferenceId: string; productUid: string; quantity: number; files?: GelatoOrderFile[] }[];
};

export type GelatoShipmentMethod = {
  name: string;
  shipmentMethodUid: string;
  price: GelatoAmount;
  currency: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
  type?: string;
};

export type GelatoQuote = {
  orderReferenceId: string;
  quotes: {
    id: string;
    itemReferenceIds: string[];
    fulfillmentCountry?: string;
    products: {
      itemReferenceId: string;
      productUid: string;
      quantity: number;
      price: GelatoAmount;
      currency: string;
    }[];
    shipmentMethods: GelatoShipmentMethod[];
  }[];
};

export type GelatoOrdersClientOptions = GelatoClientOptions;
export type GelatoOrdersClient = ReturnType<typeof gelatoOrdersClient>;

/** The code of the error a cancel refused by Gelato throws (409: an item is printed already). */
export const gelatoCancelRefused = 'gelato_cancel_refused';
/** How that error's message starts; Gelato's own words follow. */
export const gelatoCancelRefusedPrefix = 'Gelato refused to cancel the order (HTTP 409): ';

/** A Gelato order API client on the shared HTTP helper. */
export function gelatoOrdersClient(options: GelatoOrdersClientOptions) {
  const http = gelatoHttp(options, 'https://order.gelatoapis.com');
  const order = (id: string) => `/v4/orders/${encodeURIComponent(id)}`;

  return {
    /** Places an order. Never retried after a 5xx or a timeout: Gelato may have made it (find it by reference). */
    createOrder: (body: GelatoCreateOrder) => http.request<GelatoOrder>('POST', '/v4/orders', { body }),

    /** A page of summaries matching `filter`; a read, so retried like one. */
    searchOrders: (filter: GelatoOrderSearch) =>
      http.request<{ orders: GelatoOrderSummary[] }>('POST', '/v4/orders:search', {
        body: filter,
        idempotent: true,
      }),

    getOrder: (id: string) => http.request<GelatoOrder>('GET', order(id)),

    /**
     * Cancels an order before production. Gelato's 409 (an item is printed) is thrown with code
     * `gelatoCancelRefused` and Gelato's words kept; a 5xx is not retried (it may have canceled).
     */
    async cancelOrder(id: string): Promise<void> {
      try {
        await http.request<unknown>('POST', `${order(id)}:cancel`);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.status !== 409) throw error;
        const reason = /HTTP 409[^:]*: (.*)$/.exec(error.message)?.[1] ?? 'no reason given';
        throw new ProviderError(`${gelatoCancelRefusedPrefix}${reason}`, {
          provider: error.provider,
          status: 409,
          code: gelatoCancelRefused,
          retryable: false,
        });
      }
    },

    /** Prices and shipping methods for products to an address; changes nothing, so retried like a read. */
    quoteOrder: (body: GelatoQuoteRequest) =>
      http.request<GelatoQuote>('POST', '/v4/orders:quote', { body, idempotent: true }),
  };
}

/** How far Gelato's clock may be behind ours when finding the order a create made. */
const clockSkewMs = 2 * 60_000;

/**
 * The order placed under `orderReferenceId` since `since` (less the clock skew) that `accept`
 * takes, read whole; undefined when there is none (or it is gone). How a create whose answer was
 * lost is found: the reference is checked again here, so a search that ignored the filter cannot
 * pass another order off as this one.
 */
export async function gelatoOrderByReference(
  client: Pick<GelatoOrdersClient, 'searchOrders' | 'getOrder'>,
  orderReferenceId: string,
  since: number,
  accept: (order: GelatoOrderSummary) => boolean = () => true,
): Promise<GelatoOrder | undefined> {
  const { orders } = await client.searchOrders({
    orderReferenceId,
    startDate: new Date(since - clockSkewMs).toISOString(),
  });
  const found = orders.find((order) => order.orderReferenceId === orderReferenceId && accept(order));
  if (!found) return undefined;
  try {
    return await client.getOrder(found.id);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return undefined;
    throw error;
  }
}

/** Where a search listing goes on: the offset of its next page and how many orders the page before held. */
export type GelatoSearchCursor = { offset: number; previous: number };

/**
 * One page of a search, and where the next starts (null after the last). Gelato documents neither
 * the default nor the largest `limit`: a page shorter than asked may be Gelato's own cap, so the
 * listing ends only at an empty page or at a page shorter than the one before.
 */
export async function gelatoSearchPage(
  client: GelatoOrdersClient,
  filter: GelatoOrderSearch,
  cursor: GelatoSearchCursor,
  limit: number,
): Promise<{ orders: GelatoOrderSummary[]; next: GelatoSearchCursor | null }> {
  const { orders } = await client.searchOrders({ ...filter, offset: cursor.offset, limit });
  // A page the listing goes on after is never shorter than the one before it.
  const last = orders.length === 0 || orders.length < cursor.previous;
  return { orders, next: last ? null : { offset: cursor.offset + orders.length, previous: orders.length } };
}

/**
 * An amount in minor units, exactly: "49.12" and 49.12 are 4912 (decimal strings are read as
 * digits, never as a float); a third decimal rounds half up. Undefined for anything else.
 */
export function gelatoCents(amount: GelatoAmount | null | undefined): number | undefined {
  if (amount === null || amount === undefined) return undefined;
  const text =
    typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(3) : '') : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const [, minus, whole = '0', fraction = ''] = match;
  const digits = fraction.padEnd(3, '0');
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return minus ? -cents : cents;
}
