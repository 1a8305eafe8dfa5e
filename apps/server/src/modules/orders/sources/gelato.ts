import { createHash, randomUUID } from 'node:crypto';
import type { OrderAddress, ShippingOption } from '@podflow/contract/orders';
import { createOnce } from '@podflow/providers/create-once';
import { gelatoClient, gelatoProductOrGone } from '@podflow/providers/gelato';
import {
  type GelatoOrder,
  type GelatoOrderAddress,
  type GelatoOrderSummary,
  type GelatoQuote,
  gelatoCents,
  gelatoOrderByReference,
  gelatoOrdersClient,
  gelatoSearchPage,
} from '@podflow/providers/gelato-orders';
import { ProviderError } from '@podflow/providers/provider-error';
import { eachLimited } from '../../../platform/concurrency/each-limited.ts';
import {
  type OrderSnapshot,
  type OrderSourceAdapter,
  type SnapshotPage,
  type SourceInput,
  type WebhookEvent,
  pageSince,
} from '../order-source.ts';
import { gelatoSnapshot, podflowCustomerReference, podflowItemReference } from './gelato-snapshot.ts';

/**
 * The Gelato order source (providers/orders.md §2): one Gelato store's orders, and the API orders
 * PodFlow placed for it (its customer reference names the store), on the order API v4; the
 * store's products (for a manual order) on the e-commerce API. Gelato has no webhook API and no
 * signing: the seller pastes the URL in Gelato's dashboard, its token is the secret, and an event
 * only says which order to read again.
 */

/** Orders asked per search page (Gelato's own cap is undocumented: gelatoSearchPage copes with a lower one). */
const pageSize = 50;
/** Orders read at once after a search page (a summary lacks the lines, address and costs). */
const readsAtOnce = 4;
/** The currency a manual order is charged in (it applies to wallet and card billing only). */
const orderCurrency = 'USD';

type Cursor = { offset: number; previous: number };
const encodeCursor = (cursor: Cursor) => `${cursor.offset}.${cursor.previous}`;
function decodeCursor(text: string | null): Cursor {
  const [offset, previous] = (text ?? '0.0').split('.').map(Number);
  return Number.isInteger(offset) && Number.isInteger(previous) && offset! >= 0 && previous! >= 0
    ? { offset: offset!, previous: previous! }
    : { offset: 0, previous: 0 };
}

function gelatoAddress(address: OrderAddress): GelatoOrderAddress {
  return {
    firstName: address.first_name,
    lastName: address.last_name,
    ...(address.company ? { companyName: address.company } : {}),
    addressLine1: address.address1,
    ...(address.address2 ? { addressLine2: address.address2 } : {}),
    city: address.city,
    postCode: address.zip,
    ...(address.region ? { state: address.region } : {}),
    country: address.country,
    email: address.email ?? '',
    ...(address.phone ? { phone: address.phone } : {}),
  };
}

/**
 * The shipping options of a quote: a method offered by every quote (Gelato splits an order it
 * cannot make in one place), its prices added up; the items' price likewise.
 */
export function gelatoShippingQuote(quote: GelatoQuote): {
  itemsCents: number | null;
  options: ShippingOption[];
} {
  const { quotes } = quote;
  const products = quotes.flatMap((part) => part.products.map((product) => gelatoCents(product.price)));
  const itemsCents =
    products.length > 0 && products.every((cents) => cents !== undefined)
      ? products.reduce<number>((sum, cents) => sum + cents!, 0)
      : null;
  const first = quotes[0]?.shipmentMethods ?? [];
  const options: ShippingOption[] = [];
  for (const method of first) {
    const parts = quotes.map((part) =>
      part.shipmentMethods.find((m) => m.shipmentMethodUid === method.shipmentMethodUid),
    );
    const prices = parts.map((part) => (part ? gelatoCents(part.price) : undefined));
    if (prices.some((cents) => cents === undefined)) continue;
    options.push({
      method: method.shipmentMethodUid,
      name: method.name,
      price_cents: prices.reduce<number>((sum, cents) => sum + cents!, 0),
      currency: method.currency,
      min_days: method.minDeliveryDays ?? null,
      max_days: method.maxDeliveryDays ?? null,
    });
  }
  return { itemsCents, options };
}

/**
 * What a delivery to PodFlow's Gelato URL says. There is no signature to check (the URL's token
 * was checked by the receiver): a JSON event of either documented shape is accepted, keyed by its
 * `os_…` id or, without one, by a hash of its bytes. Anything else is refused.
 */
export function readGelatoWebhook(rawBody: Buffer): WebhookEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const event = body as Record<string, unknown>;
  const topic =
    typeof event.event === 'string'
      ? event.event
      : event.object === 'orderStatus'
        ? 'order_status_updated'
        : null;
  if (topic === null) return null;
  const orderId = typeof event.orderId === 'string' && event.orderId !== '' ? event.orderId : null;
  const eventKey =
    typeof event.id === 'string' && event.id !== ''
      ? event.id
      : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  return { eventKey, topic, providerOrderId: orderId, occurredAt: null };
}

export function gelatoOrderSource(input: SourceInput): OrderSourceAdapter {
  const { shopId: storeId, credential: apiKey, settings } = input;
  const transport = { apiKey, timeoutMs: settings.timeoutMs };
  const orders = gelatoOrdersClient({ ...transport, baseUrl: settings.gelatoOrderBaseUrl });
  const store = gelatoClient({ ...transport, baseUrl: settings.gelatoBaseUrl });
  const customerReferenceId = podflowCustomerReference(storeId);
  /** The store's orders and the API orders PodFlow placed for it; not the account's other stores'. */
  const isOurs = (order: Pick<GelatoOrderSummary, 'storeId' | 'customerReferenceId'>) =>
    order.storeId === storeId ||
    (order.storeId === null && order.customerReferenceId === customerReferenceId);

  async function read(id: string): Promise<GelatoOrder | null> {
    try {
      return await orders.getOrder(id);
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return null;
      throw error;
    }
  }

  async function snapshotsOf(summaries: GelatoOrderSummary[]): Promise<OrderSnapshot[]> {
    const found: OrderSnapshot[] = [];
    await eachLimited(summaries, readsAtOnce, async (summary) => {
      const order = await read(summary.id);
      if (order) found.push(gelatoSnapshot(order, storeId));
    });
    return found.sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The store's variant's productUid: what Gelato makes. */
  async function productUidOf(productId: string, variantId: string): Promise<string> {
    const product = await store.getProduct(storeId, productId);
    const variant = product.variants?.find((candidate) => candidate.id === variantId);
    if (!variant)
      throw new Error('This size or colour is no longer offered by the Gelato product: choose another one.');
    return variant.productUid;
  }

  return {
    provider: 'gelato',

    async list(cursor, { since }): Promise<SnapshotPage> {
      // Every order of the account since then: a search cannot ask for a store's orders and
      // PodFlow's API orders at once, so the page is sorted out here.
      const page = await gelatoSearchPage(
        orders,
        { startDate: new Date(since).toISOString() },
        decodeCursor(cursor),
        pageSize,
      );
      const snapshots = await snapshotsOf(page.orders.filter(isOurs));
      return pageSince(snapshots, page.next ? encodeCursor(page.next) : null, since, 'newest_created');
    },

    async get(providerOrderId) {
      const order = await read(providerOrderId);
      return order && isOurs(order) ? gelatoSnapshot(order, storeId) : null;
    },

    // The URL is pasted in Gelato's dashboard (API Portal > Webhooks): there is nothing to call.
    registerWebhooks: async () => 'manual',
    removeWebhooks: async () => undefined,
    verifyWebhook: (delivery) => readGelatoWebhook(delivery.rawBody),

    async cancel(providerOrderId) {
      await orders.cancelOrder(providerOrderId);
      return gelatoSnapshot(await orders.getOrder(providerOrderId), storeId);
    },

    async productOptions(productId) {
      const product = await gelatoProductOrGone(store, storeId, productId);
      if (!product) return null;
      return {
        productId: product.id,
        title: product.title,
        // Gelato's store API gives no cost: the quote says it.
        variants: (product.variants ?? []).map((variant) => ({
          id: variant.id,
          title: variant.title,
          costCents: null,
        })),
      };
    },

    async quote(order) {
      const productUid = await productUidOf(order.productId, order.variantId);
      const quote = await orders.quoteOrder({
        orderReferenceId: `quote-${randomUUID()}`,
        customerReferenceId,
        currency: orderCurrency,
        recipient: gelatoAddress(order.address),
        products: [
          {
            itemReferenceId: podflowItemReference(order.productId, order.variantId),
            productUid,
            quantity: order.quantity,
          },
        ],
      });
      return gelatoShippingQuote(quote);
    },

    async createOrder(order) {
      const productUid = await productUidOf(order.productId, order.variantId);
      const body = {
        orderReferenceId: order.externalRef,
        customerReferenceId,
        currency: orderCurrency,
        items: [
          {
            itemReferenceId: podflowItemReference(order.productId, order.variantId),
            productUid,
            quantity: order.quantity,
            ...(order.printFileUrl ? { files: [{ type: 'default', url: order.printFileUrl }] } : {}),
          },
        ],
        shipmentMethodUid: order.shippingMethod,
        shippingAddress: gelatoAddress(order.address),
      };
      // Never sent twice: an answer lost after Gelato acted is found by the reference.
      const made = await createOnce(
        () => orders.createOrder(body),
        (sentAt) => gelatoOrderByReference(orders, order.externalRef, sentAt, isOurs),
      );
      return gelatoSnapshot(made, storeId);
    },

    async findByExternalRef(externalRef, since) {
      const made = await gelatoOrderByReference(orders, externalRef, since, isOurs);
      return made ? gelatoSnapshot(made, storeId) : null;
    },
  };
}
