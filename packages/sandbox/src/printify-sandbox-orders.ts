import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { printifyTime } from './printify-sandbox-catalog.ts';
import {
  type PrintifyError,
  isObject,
  notFound,
  unauthorized,
  validationError,
} from './printify-sandbox-checks.ts';
import {
  cancelRefusal,
  checkAddress,
  checkLines,
  checkNewOrder,
  productionRefusal,
} from './printify-sandbox-order-checks.ts';
import {
  type LineSource,
  type OrderAddress,
  type SandboxOrder,
  apiOrder,
  buildOrder,
  bulkOrders,
  deletedProduct,
  seedOrders,
  shipmentOf,
  shippingPrices,
} from './printify-sandbox-order-data.ts';
import type { PrintifyStore } from './printify-sandbox-store.ts';
import { paginate } from './printify-sandbox-store.ts';
import { type WebhookFault, createWebhookRegistry, mountWebhookRoutes } from './printify-sandbox-webhooks.ts';

/**
 * The Printify sandbox's orders (docs: providers/orders.md §1), mounted on its app so auth, the
 * 600/min limit and the fault plan apply to them too: seeded orders in every status per shop,
 * newest-first pages (max 50, or a server that caps at `ordersPageMax`), get, create (API orders
 * start on hold), send to production (sending, then in production after `productionDelayMs` or a
 * tick), cancel (on hold or awaiting payment only), shipping quotes, webhooks delivered on every
 * change, and what tests need: orders arriving, status changes, shipments, a count of every call
 * per order, answers lost after the sandbox acted, and thousands of orders seeded at once.
 */

export type { SandboxOrder } from './printify-sandbox-order-data.ts';
export type { SandboxWebhook, WebhookDelivery, WebhookFault } from './printify-sandbox-webhooks.ts';

export type PrintifyOrdersOptions = {
  /** Seed every shop with orders in every status (default true). */
  seedOrders?: boolean;
  /** Pages hold at most this many orders whatever `limit` asks (default 50; 10 acts as a server capping at 10). */
  ordersPageMax?: number;
  /** How long an order sent to production stays 'sending-to-production' (default 200 ms; 0: only on tickOrders()). */
  productionDelayMs?: number;
  /** A new on-hold order arrives in a shop (each in turn) every this many ms; off by default. */
  newOrderEveryMs?: number;
  /** How late a 'late' webhook delivery comes (default 150 ms). */
  webhookLateMs?: number;
  /** How long a lost answer is held before the connection is dropped (default: the sandbox's slowMs). */
  lostAnswerMs?: number;
  /** Orders per shop id seeded in bulk at start (for the benchmark): plain objects, no HTTP. */
  bulkOrders?: Record<number, number>;
};

export type OrderAction = 'get' | 'create' | 'send_to_production' | 'cancel';
/** How an answer is lost after the sandbox acted. */
export type LostAnswer = 'timeout' | 'server_error';

/** What a test or the demo may make happen to an order (`partial` of addOrder). */
export type NewSandboxOrder = {
  productId?: string;
  variantId?: number;
  quantity?: number;
  status?: string;
  /** The store's order id (external orders, a number) or the caller's external id (api orders). */
  shopOrderId?: number | string;
  orderType?: SandboxOrder['metadata']['order_type'];
  address?: OrderAddress;
  createdAt?: Date;
};

type Meta = { shopId: number; seq: number; stuck: boolean; calls: Partial<Record<OrderAction, number>> };

const send = (reply: FastifyReply, error: PrintifyError) => reply.status(error.status).send(error.body);

/** Registers the order and webhook routes and answers the twin's controls. */
export function mountPrintifyOrders(
  app: FastifyInstance,
  store: PrintifyStore,
  options: PrintifyOrdersOptions & { slowMs?: number; baseUrl: () => string },
) {
  const pageMax = Math.min(50, options.ordersPageMax ?? 50);
  const productionDelayMs = options.productionDelayMs ?? 200;
  const lostAnswerMs = options.lostAnswerMs ?? options.slowMs ?? 5_000;
  const orders = new Map<string, SandboxOrder>();
  const meta = new Map<string, Meta>();
  const newestFirst = new Map<number, SandboxOrder[]>();
  const lost = new Map<OrderAction, LostAnswer[]>();
  const timers = new Set<NodeJS.Timeout>();
  const webhooks = createWebhookRegistry(options.webhookLateMs ?? 150);
  let seq = 0;
  let nextN = 0;
  let idCounter = 0;
  const idPrefix = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  const nextId = () => `${idPrefix}${(++idCounter).toString(16).padStart(16, '0')}`;

  const productsOf = (shopId: number): LineSource[] =>
    [...store.products.values()].filter((product) => product.shop_id === shopId);

  function put(shopId: number, order: SandboxOrder, stuck = false) {
    orders.set(order.id, order);
    meta.set(order.id, { shopId, seq: seq++, stuck, calls: {} });
    newestFirst.delete(shopId);
  }

  function listOf(shopId: number): SandboxOrder[] {
    let list = newestFirst.get(shopId);
    if (!list) {
      const seqOf = (order: SandboxOrder) => meta.get(order.id)!.seq;
      list = [...orders.values()]
        .filter((order) => meta.get(order.id)!.shopId === shopId)
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || seqOf(b) - seqOf(a));
      newestFirst.set(shopId, list);
    }
    return list;
  }

  function count(orderId: string, action: OrderAction) {
    const calls = meta.get(orderId)?.calls;
    if (calls) calls[action] = (calls[action] ?? 0) + 1;
  }

  /** The shop and order of the path, or Printify's refusal (401 for a shop the token does not reach). */
  function orderOf(params: unknown): { shopId: number; order: SandboxOrder } | PrintifyError {
    const shop = store.shopOf(params);
    if (!shop) return unauthorized;
    const order = orders.get(String((params as { id?: string }).id));
    if (!order || meta.get(order.id)!.shopId !== shop.id) return notFound;
    return { shopId: shop.id, order };
  }

  function touch(order: SandboxOrder, status?: string) {
    if (status !== undefined) {
      order.status = status;
      for (const line of order.line_items) line.status = status;
      if (status === 'canceled') for (const line of order.line_items) line.cost = 0;
    }
    order.updated_at = printifyTime();
  }

  const shopOfOrder = (order: SandboxOrder) => meta.get(order.id)!.shopId;

  function toProduction(order: SandboxOrder) {
    const meta_ = meta.get(order.id)!;
    if (order.status !== 'sending-to-production' || meta_.stuck) return;
    touch(order, 'in-production');
    webhooks.emit(meta_.shopId, 'order:updated', order.id, { status: order.status });
  }

  /**
   * After an action was carried out: when its answer is to be lost, either answers Printify's 500
   * or holds the answer and then drops the connection (a timeout). True when the reply is spent.
   */
  async function loseAnswer(action: OrderAction, request: FastifyRequest, reply: FastifyReply) {
    const queue = lost.get(action) ?? [];
    const how = queue.shift();
    if (how === undefined) return false;
    if (how === 'server_error') {
      await reply.status(500).send({ message: 'Server Error' });
      return true;
    }
    reply.hijack();
    const stop = new AbortController();
    const letGo = () => stop.abort();
    request.raw.socket.once('close', letGo);
    await delay(lostAnswerMs, undefined, { signal: stop.signal }).catch(() => undefined);
    request.raw.socket.off('close', letGo);
    request.raw.socket.destroy();
    return true;
  }

  function addOrder(shopId: number, partial: NewSandboxOrder = {}): SandboxOrder {
    const products = productsOf(shopId);
    const n = nextN++;
    // Unless told, new orders go round the shop's products, so those PodFlow made get orders too.
    const source = partial.productId
      ? products.find((p) => p.id === partial.productId)
      : (products[n % Math.max(1, products.length)] ?? deletedProduct);
    if (!source) throw new Error(`The Printify sandbox shop ${shopId} has no product ${partial.productId}`);
    const order = buildOrder({
      id: nextId(),
      source,
      n,
      createdAt: partial.createdAt ?? new Date(),
      status: partial.status ?? 'on-hold',
      shopOrderId: partial.shopOrderId ?? 1_380_000_000 + n,
      orderType: partial.orderType ?? 'external',
      quantity: partial.quantity,
      variantId: partial.variantId,
      address: partial.address,
    });
    if (order.status === 'canceled') touch(order, 'canceled');
    put(shopId, order);
    webhooks.emit(shopId, 'order:created', order.id, {});
    return order;
  }

  app.get('/v1/shops/:shop/orders.json', async (request, reply) => {
    const shop = store.shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    const query = request.query as { page?: string; limit?: string; status?: string; sku?: string };
    const page = Math.max(1, Math.floor(Number(query.page ?? 1)) || 1);
    const limit = query.limit === undefined ? 10 : Math.floor(Number(query.limit));
    if (!(limit >= 1)) return send(reply, validationError('limit', 'The limit must be at least 1.'));
    if (limit > 50) return send(reply, validationError('limit', 'The limit may not be greater than 50.'));
    let list = listOf(shop.id);
    if (query.status) list = list.filter((order) => order.status === query.status);
    if (query.sku) list = list.filter((order) => order.line_items.some((l) => l.metadata.sku === query.sku));
    return paginate(
      `${options.baseUrl()}/v1/shops/${shop.id}/orders.json`,
      list,
      page,
      Math.min(limit, pageMax),
    );
  });

  app.post('/v1/shops/:shop/orders.json', async (request, reply) => {
    const shop = store.shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    const checked = checkNewOrder(isObject(request.body) ? request.body : {}, productsOf(shop.id));
    if (!checked.ok) return send(reply, checked.error);
    const order = apiOrder(checked.value, nextId(), nextN++);
    put(shop.id, order);
    count(order.id, 'create');
    webhooks.emit(shop.id, 'order:created', order.id, {});
    if (await loseAnswer('create', request, reply)) return reply;
    return { id: order.id };
  });

  app.post('/v1/shops/:shop/orders/shipping.json', async (request, reply) => {
    const shop = store.shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    const body = isObject(request.body) ? request.body : {};
    const lines = checkLines(body.line_items, productsOf(shop.id));
    if (!lines.ok) return send(reply, lines.error);
    const address = checkAddress(body.address_to);
    if (!address.ok) return send(reply, address.error);
    return shippingPrices(
      address.value.country,
      lines.value.reduce((sum, line) => sum + line.quantity, 0),
    );
  });

  app.get('/v1/shops/:shop/orders/:id.json', async (request, reply) => {
    const found = orderOf(request.params);
    if (!('order' in found)) return send(reply, found);
    count(found.order.id, 'get');
    return found.order;
  });

  app.post('/v1/shops/:shop/orders/:id/send_to_production.json', async (request, reply) => {
    const found = orderOf(request.params);
    if (!('order' in found)) return send(reply, found);
    const { order, shopId } = found;
    count(order.id, 'send_to_production');
    const outOfStock = order.line_items.some((line) => line.status === 'out-of-stock');
    const refusal = productionRefusal(order.id, order.status, outOfStock);
    if (refusal) return send(reply, refusal);
    touch(order, 'sending-to-production');
    const sent = printifyTime();
    order.sent_to_production_at = sent;
    for (const line of order.line_items) line.sent_to_production_at = sent;
    webhooks.emit(shopId, 'order:sent-to-production', order.id, {});
    if (productionDelayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        toProduction(order);
      }, productionDelayMs);
      timers.add(timer);
    }
    if (await loseAnswer('send_to_production', request, reply)) return reply;
    return order;
  });

  app.post('/v1/shops/:shop/orders/:id/cancel.json', async (request, reply) => {
    const found = orderOf(request.params);
    if (!('order' in found)) return send(reply, found);
    const { order, shopId } = found;
    count(order.id, 'cancel');
    const refusal = cancelRefusal(order.id, order.status);
    if (refusal) return send(reply, refusal);
    touch(order, 'canceled');
    webhooks.emit(shopId, 'order:updated', order.id, { status: 'canceled' });
    if (await loseAnswer('cancel', request, reply)) return reply;
    return order;
  });

  mountWebhookRoutes(app, store.shopOf, webhooks);
  // The twin's orderCalls over HTTP, for tests that run the sandbox out of process (the e2e suite).
  app.get('/sandbox/orders/:id/calls', async (request) => ({
    ...meta.get(String((request.params as { id?: string }).id))?.calls,
  }));

  function seed() {
    for (const shop of store.shops) {
      const source = productsOf(shop.id)[0] ?? deletedProduct;
      if (options.seedOrders !== false) {
        for (const { order, stuck } of seedOrders(source, nextId, nextN)) put(shop.id, order, stuck);
        nextN += 12;
      }
      const bulk = options.bulkOrders?.[shop.id] ?? 0;
      if (bulk > 0) seedBulk(shop.id, bulk);
    }
    if (options.newOrderEveryMs && options.newOrderEveryMs > 0) {
      let turn = 0;
      const timer = setInterval(() => {
        const shop = store.shops[turn++ % store.shops.length]!;
        addOrder(shop.id);
      }, options.newOrderEveryMs);
      timers.add(timer);
    }
  }

  function seedBulk(shopId: number, count: number) {
    const source = productsOf(shopId)[0] ?? deletedProduct;
    for (const order of bulkOrders(source, nextId, count, nextN)) put(shopId, order);
    nextN += count;
  }

  /** Tells the webhooks about the order's latest parcel: its carrier, tracking and the SKUs shipped. */
  function emitShipment(order: SandboxOrder, topic: string, time: Record<string, string>) {
    const shipment = order.shipments.at(-1);
    const carrier = shipment && {
      code: shipment.carrier,
      tracking_number: shipment.number,
      tracking_url: shipment.url,
    };
    const skus = order.line_items.map((line) => line.metadata.sku);
    webhooks.emit(shopOfOrder(order), topic, order.id, { ...time, carrier, skus });
  }

  function mustFind(orderId: string): SandboxOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The Printify sandbox has no order ${orderId}`);
    return order;
  }

  return {
    seed,
    twin: {
      /** Every order of every shop by id; live state, for tests to read. */
      orders,
      /** Every webhook registered, by id (with its secret). */
      webhooks: webhooks.hooks,
      /** Every webhook POST made, oldest first. */
      webhookDeliveries: webhooks.deliveries,
      /** The shop an order belongs to. */
      shopOfOrder: (orderId: string) => meta.get(orderId)?.shopId,
      /** A new order arrives in the shop (on hold, external, of one of the shop's products unless told). */
      addOrder,
      /** Puts `count` more orders in the shop at once (the benchmark's thousands). */
      seedBulkOrders: seedBulk,
      /** Moves the order to `status` (its lines too) and tells the webhooks (order:updated). */
      setOrderStatus(orderId: string, status: string, lineStatus?: string) {
        const order = mustFind(orderId);
        touch(order, status);
        if (lineStatus !== undefined) for (const line of order.line_items) line.status = lineStatus;
        webhooks.emit(shopOfOrder(order), 'order:updated', order.id, { status });
        return order;
      },
      /** Ships the order (fulfilled, or partially-fulfilled when `partial`) and tells the webhooks. */
      addShipment(orderId: string, partial = false) {
        const order = mustFind(orderId);
        const shipped = printifyTime();
        const shipment = shipmentOf(nextN++, shipped, null);
        order.shipments.push(shipment);
        touch(order, partial ? 'partially-fulfilled' : 'fulfilled');
        if (!partial) order.fulfilled_at = shipped;
        emitShipment(order, 'order:shipment:created', { shipped_at: shipped });
        return shipment;
      },
      /** Marks the order's parcels delivered and tells the webhooks. */
      deliverShipments(orderId: string) {
        const order = mustFind(orderId);
        const at = printifyTime();
        for (const shipment of order.shipments) shipment.delivered_at ??= at;
        touch(order);
        emitShipment(order, 'order:shipment:delivered', { delivered_at: at });
      },
      /** Orders sent to production move on now (the stuck seeded one stays). */
      tickOrders() {
        for (const order of orders.values()) toProduction(order);
      },
      /** How many times each action reached the order (refusals included; faults answered before it not). */
      orderCalls: (orderId: string): Partial<Record<OrderAction, number>> => ({
        ...meta.get(orderId)?.calls,
      }),
      /**
       * The next `times` calls of `action` act, then their answer is lost: held, then the connection
       * dropped ('timeout', the default), or a 500 ('server_error').
       */
      loseNextAnswers(action: Exclude<OrderAction, 'get'>, times = 1, how: LostAnswer = 'timeout') {
        lost.set(action, [...(lost.get(action) ?? []), ...Array<LostAnswer>(times).fill(how)]);
      },
      /** The next `times` webhook events are delivered twice, never, or late. */
      failNextDelivery: (fault: WebhookFault, times?: number) => webhooks.failNextDelivery(fault, times),
      /** Resolves once every webhook delivery under way has been made. */
      webhooksSettled: () => webhooks.settled(),
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await webhooks.close();
    },
  };
}

export type PrintifyOrdersTwin = ReturnType<typeof mountPrintifyOrders>['twin'];
