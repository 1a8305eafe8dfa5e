import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type GelatoError, isObject, problem } from './gelato-sandbox-checks.ts';
import {
  type CreateOrderInput,
  type OrderAddressInput,
  type OrderItemInput,
  checkCreateOrder,
  checkQuote,
} from './gelato-sandbox-order-checks.ts';
import {
  type GelatoSandboxOrder,
  type GelatoSandboxPackage,
  type NewGelatoOrder,
  gelatoSandboxAddress,
  gelatoTime,
  methodOf,
  methodUids,
  methods,
  money,
  receipt,
  seed,
  unitCents,
} from './gelato-sandbox-order-data.ts';
import {
  type WebhookDelivery,
  type WebhookFault,
  createWebhookSender,
  statusEvent,
  trackingEvents,
} from './gelato-sandbox-order-webhooks.ts';

/**
 * Gelato's order API v4 in the Gelato sandbox (docs: providers/orders.md §2): the account's
 * orders (its store's, `storeId` set, and API orders, `storeId` null), seeded in every status;
 * search, get, create, cancel (409 once an item is printed) and quote. The "dashboard" webhook
 * URL gets order_status_updated and order_item_tracking_code_updated events, unsigned as
 * Gelato's, on every change; faults deliver one twice, never, or after the next.
 */

export type {
  GelatoSandboxOrder,
  GelatoSandboxOrderItem,
  GelatoSandboxPackage,
  NewGelatoOrder,
} from './gelato-sandbox-order-data.ts';
export { gelatoSandboxAddress } from './gelato-sandbox-order-data.ts';
export type { WebhookDelivery, WebhookFault } from './gelato-sandbox-order-webhooks.ts';

/** Statuses after which nothing can be canceled: an item is printed. */
const printedOrLater = new Set(['printed', 'shipped', 'in_transit', 'delivered', 'returned']);
const notFound = problem(404, 'Order not found.');

export type GelatoSandboxOrders = {
  /** The account's orders by id; live state. */
  orders: Map<string, GelatoSandboxOrder>;
  /** Orders made by POST /v4/orders per orderReferenceId, and cancel calls per order id. */
  creates: Map<string, number>;
  cancels: Map<string, number>;
  addOrder(input?: NewGelatoOrder): GelatoSandboxOrder;
  /** Adds the seed: an order in each status, made over the last three weeks (no webhooks). */
  seed(): void;
  /** Moves the order (and its items) to `status`; `failed` takes a reason. Sends the webhook. */
  setStatus(
    orderId: string,
    status: string,
    change?: { reason?: string; financialStatus?: string },
  ): GelatoSandboxOrder;
  /** Ships a package of the order's items with tracking (the order becomes `shipped`). Sends the webhooks. */
  addPackage(orderId: string, tracking?: { trackingCode?: string; trackingUrl?: string }): GelatoSandboxOrder;
  /** The URL pasted in Gelato's dashboard; null stops deliveries. */
  setWebhookUrl(url: string | null): void;
  /** The next `times` events are delivered twice, never, or after the event that follows. */
  webhookFault(fault: WebhookFault, times?: number): void;
  deliveries: WebhookDelivery[];
  /** Resolves once every event so far has been delivered (held ones too). */
  webhooksSettled(): Promise<void>;
  /** The next create makes the order but answers only after the client has given up. */
  timeoutNextCreate(): void;
  /**
   * The next `times` creates (only they, not the reads around them) answer 500: `before` making
   * the order (nothing made, the default) or `after` making it (Gelato acted, the answer says not).
   */
  failNextCreate(times?: number, when?: 'before' | 'after'): void;
  /** A new store order every `ms` (null stops), for the demo's "orders arriving". */
  generateEvery(ms: number | null): void;
  close(): void;
};

export type GelatoOrdersOptions = {
  storeId: string;
  /** The productUids Gelato makes, and the store products (made by the listing flow) orders may be for. */
  productUids: string[];
  storeProducts: () => { id: string; variants: { id: string; productUid: string }[] }[];
  baseUrl: () => string;
  send: (reply: FastifyReply, error: GelatoError) => FastifyReply;
  slowMs: number;
  /** Search pages hold at most this many orders, whatever `limit` asks (Gelato's cap is undocumented). */
  searchMaxLimit: number;
  webhookRetryMs: number;
};

/** Registers the order routes on the Gelato sandbox's app and answers the controls. */
export function registerGelatoOrders(
  app: FastifyInstance,
  options: GelatoOrdersOptions,
): GelatoSandboxOrders {
  const orders = new Map<string, GelatoSandboxOrder>();
  const creates = new Map<string, number>();
  const cancels = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const knownUids = new Set(options.productUids);
  const webhooks = createWebhookSender(options.webhookRetryMs);
  let timeoutCreates = 0;
  const failingCreates: ('before' | 'after')[] = [];
  let storeOrderNumber = 1001;
  let generator: NodeJS.Timeout | null = null;

  function makeOrder(input: NewGelatoOrder, items: OrderItemInput[], currency = 'USD'): GelatoSandboxOrder {
    const id = randomUUID();
    const storeId = input.storeId === undefined ? options.storeId : input.storeId;
    const at = gelatoTime(input.createdAt);
    const status = input.fulfillmentStatus ?? 'created';
    const methodUid = input.shipmentMethodUid ?? 'normal';
    const method = methodOf(methodUid);
    const order: GelatoSandboxOrder = {
      id,
      orderType: status === 'draft' ? 'draft' : 'order',
      orderReferenceId: input.orderReferenceId ?? `#${storeOrderNumber++}`,
      customerReferenceId: (input.customerReferenceId ?? `customer-${storeOrderNumber}`).replace(
        'STORE',
        options.storeId,
      ),
      fulfillmentStatus: status,
      financialStatus: input.financialStatus ?? 'pending',
      currency,
      channel: input.channel ?? (storeId ? 'shopify' : 'api'),
      storeId,
      createdAt: at,
      updatedAt: at,
      orderedAt: at,
      items: items.map((item) => ({
        id: randomUUID(),
        itemReferenceId: item.itemReferenceId,
        productUid: item.productUid,
        quantity: item.quantity,
        fulfillmentStatus: status,
        files: item.files,
        previews: [{ type: 'preview_default', url: `${options.baseUrl()}/previews/order-${id}.png` }],
        storeProductId: input.storeProductId ?? null,
        storeProductVariantId: input.storeProductVariantId ?? null,
      })),
      shipment: {
        id: randomUUID(),
        shipmentMethodName: method.name,
        shipmentMethodUid: method.uid,
        minDeliveryDays: method.min,
        maxDeliveryDays: method.max,
        fulfillmentCountry: 'US',
        packageCount: 0,
        packages: [],
      },
      shippingAddress: {
        id: randomUUID(),
        ...gelatoSandboxAddress,
        ...input.address,
      } as OrderAddressInput & {
        id: string;
      },
      receipts: [],
      connectedOrderIds: [],
      failureReason: status === 'failed' ? (input.failureReason ?? 'The order failed.') : null,
    };
    if (status !== 'draft') order.receipts.push(receipt(order, methodUid));
    if (['shipped', 'in_transit', 'delivered'].includes(status))
      order.shipment.packages.push(newPackage(order));
    orders.set(id, order);
    return order;
  }

  function newPackage(
    order: GelatoSandboxOrder,
    tracking: { trackingCode?: string; trackingUrl?: string } = {},
  ): GelatoSandboxPackage {
    const code = tracking.trackingCode ?? `1Z${order.id.replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    order.shipment.packageCount += 1;
    return {
      id: randomUUID(),
      orderItemIds: order.items.map((item) => item.id),
      trackingCode: code,
      trackingUrl: tracking.trackingUrl ?? `https://tracking.example.com/${code}`,
    };
  }

  function addOrder(input: NewGelatoOrder = {}): GelatoSandboxOrder {
    const products = options.storeProducts();
    const product = products[orders.size % Math.max(1, products.length)];
    const variant = product?.variants[0];
    const uid = input.productUid ?? variant?.productUid ?? options.productUids[0]!;
    // A store order of one of the store's products (made by the listing flow), when it has any.
    const isStoreOrder = input.storeId !== null;
    const ofProduct =
      isStoreOrder && product && variant && input.productUid === undefined
        ? { storeProductId: product.id, storeProductVariantId: variant.id }
        : {};
    const item = { itemReferenceId: randomUUID(), productUid: uid, quantity: input.quantity ?? 1, files: [] };
    const order = makeOrder({ ...ofProduct, ...input }, [item]);
    notify(order);
    return order;
  }

  // --- webhooks -------------------------------------------------------------------------------

  function notify(order: GelatoSandboxOrder, extra: Record<string, unknown>[] = []): void {
    for (const event of [...extra, statusEvent(order)]) webhooks.enqueue(event);
  }

  function orderOf(orderId: string): GelatoSandboxOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The Gelato sandbox has no order ${orderId}`);
    return order;
  }

  function move(
    order: GelatoSandboxOrder,
    status: string,
    change: { reason?: string; financialStatus?: string } = {},
  ) {
    order.fulfillmentStatus = status;
    if (status !== 'draft') order.orderType = 'order';
    for (const item of order.items) item.fulfillmentStatus = status;
    if (change.financialStatus) order.financialStatus = change.financialStatus;
    order.failureReason = status === 'failed' ? (change.reason ?? 'The order failed.') : null;
    order.updatedAt = gelatoTime();
  }

  // --- routes ---------------------------------------------------------------------------------

  const summary = (order: GelatoSandboxOrder) => ({
    id: order.id,
    orderReferenceId: order.orderReferenceId,
    customerReferenceId: order.customerReferenceId,
    orderType: order.orderType,
    fulfillmentStatus: order.fulfillmentStatus,
    financialStatus: order.financialStatus,
    currency: order.currency,
    channel: order.channel,
    storeId: order.storeId,
    country: order.shippingAddress.country,
    firstName: order.shippingAddress.firstName,
    lastName: order.shippingAddress.lastName,
    itemsCount: order.items.length,
    totalInclVat: String(order.receipts[0]?.totalInclVat ?? '0.00'),
    connectedOrderIds: order.connectedOrderIds,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    orderedAt: order.orderedAt,
  });

  app.post('/v4/orders::search', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const offset = body.offset ?? 0;
    const limit = body.limit ?? 50;
    if (!Number.isInteger(offset) || Number(offset) < 0)
      return options.send(reply, problem(400, 'offset must be an integer of at least 0.'));
    if (!Number.isInteger(limit) || Number(limit) < 1)
      return options.send(reply, problem(400, 'limit must be an integer of at least 1.'));
    const among = (field: string, value: string | null) => {
      const list = body[field];
      return !Array.isArray(list) || list.includes(value);
    };
    const start = typeof body.startDate === 'string' ? Date.parse(body.startDate) : Number.NaN;
    const end = typeof body.endDate === 'string' ? Date.parse(body.endDate) : Number.NaN;
    const words = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const matching = [...orders.values()]
      .map((order, index) => ({ order, index }))
      .filter(({ order }) => {
        const created = Date.parse(order.createdAt);
        const name = `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.toLowerCase();
        return (
          among('ids', order.id) &&
          among('orderReferenceIds', order.orderReferenceId) &&
          (body.orderReferenceId === undefined || String(body.orderReferenceId) === order.orderReferenceId) &&
          among('orderTypes', order.orderType) &&
          among('fulfillmentStatuses', order.fulfillmentStatus) &&
          among('financialStatuses', order.financialStatus) &&
          among('channels', order.channel) &&
          among('countries', order.shippingAddress.country) &&
          among('storeIds', order.storeId) &&
          (!words || name.includes(words) || order.orderReferenceId.toLowerCase().includes(words)) &&
          (Number.isNaN(start) || created >= start) &&
          (Number.isNaN(end) || created <= end)
        );
      })
      // Newest first; the later-made of two in the same second first.
      .sort((a, b) => b.order.createdAt.localeCompare(a.order.createdAt) || b.index - a.index)
      .map(({ order }) => order);
    const count = Math.min(Number(limit), options.searchMaxLimit);
    return { orders: matching.slice(Number(offset), Number(offset) + count).map(summary) };
  });

  app.post('/v4/orders::quote', async (request, reply) => {
    const checked = checkQuote(request.body, knownUids);
    if (!checked.ok) return options.send(reply, checked.error);
    const { items, currency, orderReferenceId } = checked.value;
    const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
    const quoteId = randomUUID();
    const shipmentMethods = Object.entries(methods).map(([uid, method]) => {
      return {
        name: method.name,
        shipmentMethodUid: uid,
        price: Number(money(method.cents + (quantity - 1) * method.extraCents)),
        currency,
        minDeliveryDays: method.min,
        maxDeliveryDays: method.max,
        type: uid === 'courier_express' ? 'express' : 'normal',
        isPrivate: true,
        isBusiness: false,
        totalWeight: 180 * quantity,
        numberOfParcels: 1,
      };
    });
    return {
      orderReferenceId,
      quotes: [
        {
          id: quoteId,
          itemReferenceIds: items.map((item) => item.itemReferenceId),
          fulfillmentCountry: 'US',
          products: items.map((item) => ({
            ...item,
            price: Number(money(item.quantity * unitCents)),
            currency,
          })),
          shipmentMethods,
        },
      ],
    };
  });

  app.post('/v4/orders', async (request, reply) => {
    const failing = failingCreates.shift();
    if (failing === 'before') return options.send(reply, problem(500, 'Internal Server Error'));
    const checked = checkCreateOrder(request.body, knownUids, new Set(Object.keys(methodUids)));
    if (!checked.ok) return options.send(reply, checked.error);
    const input: CreateOrderInput = checked.value;
    const order = makeOrder(
      {
        storeId: null,
        channel: 'api',
        orderReferenceId: input.orderReferenceId,
        customerReferenceId: input.customerReferenceId,
        fulfillmentStatus: input.orderType === 'draft' ? 'draft' : 'created',
        financialStatus: input.orderType === 'draft' ? 'draft' : 'pending',
        address: input.shippingAddress,
        shipmentMethodUid: input.shipmentMethodUid,
      },
      input.items,
      input.currency,
    );
    creates.set(order.orderReferenceId, (creates.get(order.orderReferenceId) ?? 0) + 1);
    notify(order);
    if (failing === 'after') return options.send(reply, problem(500, 'Internal Server Error'));
    if (timeoutCreates > 0) {
      timeoutCreates -= 1;
      await hangUntilGivenUp(request);
    }
    return order;
  });

  /** Waits until the client hangs up (or `slowMs`): the order is made, its answer lost. */
  async function hangUntilGivenUp(request: FastifyRequest): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.slowMs);
      timers.add(timer);
      request.raw.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  app.get('/v4/orders/:orderId', async (request, reply) => {
    const order = orders.get((request.params as { orderId: string }).orderId);
    return order ?? options.send(reply, notFound);
  });

  // `/v4/orders/{id}:cancel`: the colon is part of the segment.
  app.post('/v4/orders/:action', async (request, reply) => {
    const action = (request.params as { action: string }).action;
    const [orderId = '', verb] = action.split(':');
    if (verb !== 'cancel') return options.send(reply, problem(404, `Cannot POST /v4/orders/${action}`));
    cancels.set(orderId, (cancels.get(orderId) ?? 0) + 1);
    const order = orders.get(orderId);
    if (!order) return options.send(reply, notFound);
    if (order.fulfillmentStatus === 'canceled') return {};
    if (order.items.some((item) => printedOrLater.has(item.fulfillmentStatus))) {
      return options.send(
        reply,
        problem(409, 'The order cannot be canceled: one or more of its items are already printed.'),
      );
    }
    move(order, 'canceled', { financialStatus: 'canceled' });
    notify(order);
    return {};
  });

  // The dashboard's webhook setting, for the demo and tests that run the sandbox out of process.
  app.put('/sandbox/webhook-url', async (request, reply) => {
    const url = isObject(request.body) ? request.body.url : undefined;
    if (url !== null && (typeof url !== 'string' || !/^https?:\/\//.test(url))) {
      return options.send(reply, problem(400, 'url must be an http(s) URL or null.'));
    }
    webhooks.setUrl(url);
    return { url };
  });

  return {
    orders,
    creates,
    cancels,
    deliveries: webhooks.deliveries,
    addOrder,
    seed() {
      const now = Date.now();
      seed.forEach((input, index) => {
        const createdAt = new Date(now - (seed.length - index) * 36 * 3600_000);
        const item = {
          itemReferenceId: `line-${index + 1}`,
          productUid: options.productUids[index % options.productUids.length]!,
          quantity: 1 + (index % 3),
          files: [{ type: 'default', url: `${options.baseUrl()}/previews/print-${index}.png` }],
        };
        makeOrder({ ...input, createdAt }, [item]);
      });
    },
    setStatus(orderId, status, change) {
      const order = orderOf(orderId);
      move(order, status, change);
      notify(order);
      return order;
    },
    addPackage(orderId, tracking) {
      const order = orderOf(orderId);
      const pack = newPackage(order, tracking);
      order.shipment.packages.push(pack);
      if (!printedOrLater.has(order.fulfillmentStatus) || order.fulfillmentStatus === 'printed')
        move(order, 'shipped');
      else order.updatedAt = gelatoTime();
      notify(order, trackingEvents(order, pack));
      return order;
    },
    setWebhookUrl: webhooks.setUrl,
    webhookFault: webhooks.fault,
    webhooksSettled: webhooks.settled,
    timeoutNextCreate() {
      timeoutCreates += 1;
    },
    failNextCreate(times = 1, when = 'before') {
      for (let i = 0; i < times; i += 1) failingCreates.push(when);
    },
    generateEvery(ms) {
      if (generator) clearInterval(generator);
      generator = ms === null ? null : setInterval(() => addOrder(), ms);
    },
    close() {
      webhooks.close();
      if (generator) clearInterval(generator);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
