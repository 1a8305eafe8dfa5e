import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Json,
  type WooError,
  asInteger,
  badKey,
  checkBatch,
  checkListQuery,
  checkProduct,
  invalidJson,
  invalidProductId,
  invalidTerm,
  isObject,
  noRoute,
  productStatuses,
  wooError,
} from './woocommerce-sandbox-checks.ts';
import { wooAuthenticator } from './woocommerce-sandbox-auth.ts';
import { paginationHeaders, permissionError, send } from './woocommerce-sandbox-http.ts';
import { type NewWooOrder, type WooOrderChange, createWooOrders } from './woocommerce-sandbox-orders.ts';
import { createWooStore } from './woocommerce-sandbox-store.ts';
import { type DeliveryFault, type SentDelivery, createDeliverer } from './store-webhooks.ts';
import type { WooImage, WooProduct } from './woocommerce-sandbox-types.ts';
import {
  type RecordedRequest,
  type SandboxFault,
  createFaultPlan,
  createSandboxApp,
  listen,
} from './sandbox-kit.ts';

/**
 * The subset of a WooCommerce store's REST API (wc/v3) PodFlow uses (docs: providers/woocommerce.md),
 * on loopback, for tests and the offline demo: products with tags and images, batch writes, and
 * product tags. Keys are read as WooCommerce reads them (woocommerce-sandbox-auth.ts): OAuth 1.0a
 * signatures over http; HTTP Basic or consumer_key/consumer_secret query parameters only over
 * https, which the sandbox (plain http on loopback) takes a request's `X-Forwarded-Proto: https`
 * to mean, as WordPress behind a TLS-terminating proxy does.
 * Images given by `src` are really downloaded and served back from /wp-content/uploads.
 */

export type { RecordedRequest, SandboxFault } from './sandbox-kit.ts';
export type { WooImage, WooMeta, WooProduct, WooTag, WooTermRef } from './woocommerce-sandbox-types.ts';
export type { NewWooOrder, WooOrderChange } from './woocommerce-sandbox-orders.ts';
export type { DeliveryFault, SentDelivery } from './store-webhooks.ts';

export type WooSandboxOptions = {
  port?: number;
  host?: string;
  /** Default 'ck_sandbox_podflow_demo_0000000000000000000000'. */
  consumerKey?: string;
  /** Default 'cs_sandbox_podflow_demo_0000000000000000000000'. */
  consumerSecret?: string;
  /** Share (0..1) of requests answering a random 429 or 500. */
  faultRate?: number;
  /** Seed of the random faults, so a run repeats. */
  seed?: number;
  /** How long a 'slow' fault waits before answering. */
  slowMs?: number;
  /** How long sideloading one image src may take (default 5 s). */
  downloadTimeoutMs?: number;
  /** woocommerce_rest_batch_items_limit (default 100). */
  batchLimit?: number;
  /** The host drops the Authorization header before WordPress sees it, as some CGI setups do. */
  stripsAuthorization?: boolean;
  /** The store's clock (ms), against which OAuth timestamps are checked. */
  now?: () => number;
};

export type WooSandbox = {
  /** The store URL, e.g. http://127.0.0.1:41234 (the API is at /wp-json/wc/v3). */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  /** Every /wp-json/wc/v3 request received, oldest first; tests may empty it. */
  requests: RecordedRequest[];
  /** The next `times` API requests answer with this fault (before auth). */
  failNext(fault: SandboxFault, times?: number): void;
  setFaultRate(rate: number): void;
  /** Seeds a product (as Printify's WooCommerce channel would create it); returns its id. Images given as bytes become attachments. */
  createProduct(input: {
    name: string;
    description?: string;
    tags?: string[];
    images?: { bytes: Buffer; alt?: string; name?: string }[];
  }): number;
  /** Live state for tests: the product as GET /products/{id} shows it, plus each image's bytes sha256; undefined if none. */
  product(
    id: number,
  ): (Omit<WooProduct, 'images'> & { images: (WooImage & { sha256: string })[] }) | undefined;
  /** How many times an image src was fetched to sideload it (failed attempts included). */
  readonly downloads: number;
  /** Places an order (as a checkout would) and delivers order.created to the active webhooks; answers its id. */
  addOrder(input: NewWooOrder): Promise<number>;
  /** Moves an order to another status and delivers order.updated. */
  updateOrder(id: number, change: WooOrderChange): Promise<void>;
  /**
   * Seeds an order history (no deliveries) for the products given (those PodFlow listed):
   * completed, pending payment, on hold, refunded and processing; plus, with `otherProduct`, an
   * order of a store product PodFlow did not list. Answers the order ids.
   */
  seedOrders(productIds: number[], options?: { otherProduct?: boolean }): number[];
  /** The store's webhooks as GET /webhooks/{id} shows them, with their failed deliveries in a row. */
  webhooks(): { id: number; topic: string; status: string; delivery_url: string; failures: number }[];
  /** The next `times` deliveries are sent twice, never, or after the one that follows. */
  webhookFault(fault: DeliveryFault, times?: number): void;
  /** Every delivery made (pings included), oldest first. */
  deliveries: SentDelivery[];
  /** Sends a delivery held back by 'out_of_order' that no later one pushed out. */
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
};

const api = '/wp-json/wc/v3';
const productOrderbys = ['date', 'modified', 'id', 'include', 'title', 'slug', 'price', 'popularity'];
const tagOrderbys = ['id', 'include', 'name', 'slug', 'term_group', 'description', 'count'];
const criticalError = wooError(
  500,
  'internal_server_error',
  'There has been a critical error on this website.',
);
const notFoundPage = (reply: FastifyReply) => reply.status(404).type('text/html').send('<h1>Not Found</h1>');

/** Starts the sandbox (port 0: a free one) and resolves once it listens. */
export async function startWooSandbox(options: WooSandboxOptions = {}): Promise<WooSandbox> {
  const {
    port = 0,
    host = '127.0.0.1',
    consumerKey = 'ck_sandbox_podflow_demo_0000000000000000000000',
    consumerSecret = 'cs_sandbox_podflow_demo_0000000000000000000000',
    downloadTimeoutMs = 5_000,
    batchLimit = 100,
  } = options;
  let baseUrl = '';
  const store = createWooStore(() => baseUrl, downloadTimeoutMs);
  const requests: RecordedRequest[] = [];
  const deliverer = createDeliverer();
  const orders = createWooOrders({ baseUrl: () => baseUrl, deliverer });
  const authenticate = wooAuthenticator({
    consumerKey,
    consumerSecret,
    stripsAuthorization: options.stripsAuthorization ?? false,
    now: options.now ?? Date.now,
  });
  const plan = createFaultPlan({
    ...options,
    bodies: {
      rate_limit: wooError(429, 'rate_limit_exceeded', 'Too many requests. Please wait and try again.').body,
      server_error: criticalError.body,
      unauthorized: badKey.body,
    },
  });

  const app = createSandboxApp({
    requests,
    plan,
    bodyLimit: 8 * 1024 * 1024,
    isApi: (url) => /^\/wp-json\/wc\/v3(\/|\?|$)/.test(url),
    gate(request, reply) {
      // Refused keys fail before routing; no keys fail the route's permission check, so no route is a 404.
      const outcome = authenticate(request);
      if (outcome.ok) return undefined;
      if (outcome.error) return send(reply, outcome.error);
      return request.is404 ? undefined : send(reply, permissionError(request));
    },
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'SANDBOX_BAD_JSON') return send(reply, invalidJson);
    // The web server in front of WordPress refuses an oversized body before PHP sees it.
    if (error.statusCode === 413) {
      return reply.status(413).type('text/html').send('<h1>413 Request Entity Too Large</h1>');
    }
    const status = error.statusCode ?? 500;
    return send(
      reply,
      status < 500 ? wooError(status, 'rest_invalid_request', error.message) : criticalError,
    );
  });
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith('/wp-json') ? send(reply, noRoute) : notFoundPage(reply),
  );

  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  const page = (
    reply: FastifyReply,
    request: FastifyRequest,
    total: number,
    query: { page: number; perPage: number },
  ) => paginationHeaders(reply, `${baseUrl}${request.url}`, { total, ...query });

  app.get(`${api}/products`, async (request, reply) => {
    const checked = checkListQuery(request.query as Json, {
      orderby: 'date',
      order: 'desc',
      orderbys: [...productOrderbys, 'rating', 'menu_order'],
      statuses: ['any', ...productStatuses, 'trash'],
    });
    if (!checked.ok) return send(reply, checked.error);
    const { items, total } = store.listProducts(checked.value);
    page(reply, request, total, checked.value);
    return items;
  });

  app.post(`${api}/products`, async (request, reply) => {
    const checked = checkProduct(request.body);
    if (!checked.ok) return send(reply, checked.error);
    const created = await store.createProduct(checked.value);
    if (!created.ok) return send(reply, created.error);
    const location = `${baseUrl}${api}/products/${created.value.id}`;
    return reply.status(201).header('location', location).send(created.value);
  });

  app.post(`${api}/products/batch`, async (request, reply) => {
    const checked = checkBatch(request.body);
    if (!checked.ok) return send(reply, checked.error);
    const batch = checked.value;
    if (batch.create.length + batch.update.length + batch.delete.length > batchLimit) {
      const message = `Unable to accept more than ${batchLimit} items for this request.`;
      return send(reply, wooError(413, 'woocommerce_rest_request_entity_too_large', message));
    }
    // Each item is handled as its own request would be; a refusal is that item's entry, in order.
    const failed = (id: unknown, error: WooError) => ({ id, error: error.body });
    const result = { create: [] as unknown[], update: [] as unknown[], delete: [] as unknown[] };
    for (const item of batch.create) {
      const input = checkProduct(item);
      const created = input.ok ? await store.createProduct(input.value) : input;
      result.create.push(created.ok ? created.value : failed(0, created.error));
    }
    for (const item of batch.update) {
      const rawId = isObject(item) ? (item.id ?? 0) : 0;
      const input = checkProduct(item);
      const updated = input.ok ? await store.updateProduct(asInteger(rawId) ?? 0, input.value) : input;
      if (!updated) result.update.push(failed(rawId, invalidProductId));
      else result.update.push(updated.ok ? updated.value : failed(rawId, updated.error));
    }
    for (const item of batch.delete) {
      // Batch deletes are forced, as WooCommerce's batch_items sends force=true.
      const deleted = store.deleteProduct(asInteger(item) ?? 0, true);
      if (!deleted) result.delete.push(failed(item, invalidProductId));
      else result.delete.push(deleted.ok ? deleted.value : failed(item, deleted.error));
    }
    return result;
  });

  app.get(`${api}/products/:id(^\\d+$)`, async (request, reply) => {
    const record = store.products.get(idOf(request));
    return record ? store.show(record) : send(reply, invalidProductId);
  });

  app.route({
    method: ['PUT', 'PATCH', 'POST'],
    url: `${api}/products/:id(^\\d+$)`,
    handler: async (request, reply) => {
      const checked = checkProduct(request.body);
      if (!checked.ok) return send(reply, checked.error);
      const updated = await store.updateProduct(idOf(request), checked.value);
      if (!updated) return send(reply, invalidProductId);
      return updated.ok ? updated.value : send(reply, updated.error);
    },
  });

  app.delete(`${api}/products/:id(^\\d+$)`, async (request, reply) => {
    const force = ['true', '1'].includes(String((request.query as Json).force));
    const deleted = store.deleteProduct(idOf(request), force);
    if (!deleted) return send(reply, invalidProductId);
    return deleted.ok ? deleted.value : send(reply, deleted.error);
  });

  app.get(`${api}/products/tags`, async (request, reply) => {
    const defaults = { orderby: 'name', order: 'asc' as const, orderbys: tagOrderbys };
    const checked = checkListQuery(request.query as Json, defaults);
    if (!checked.ok) return send(reply, checked.error);
    const { items, total } = store.tags.list(checked.value);
    page(reply, request, total, checked.value);
    return items;
  });

  app.post(`${api}/products/tags`, async (request, reply) => {
    const body: Json = isObject(request.body) ? request.body : {};
    if (body.name === undefined) {
      const missing = wooError(400, 'rest_missing_callback_param', 'Missing parameter(s): name', {
        params: ['name'],
      });
      return send(reply, missing);
    }
    const params: Record<string, string> = {};
    for (const field of ['name', 'slug', 'description']) {
      if (body[field] !== undefined && typeof body[field] !== 'string') {
        params[field] = `${field} is not of type string.`;
      }
    }
    if (Object.keys(params).length > 0) {
      const message = `Invalid parameter(s): ${Object.keys(params).join(', ')}`;
      return send(reply, wooError(400, 'rest_invalid_param', message, { params }));
    }
    const created = store.tags.create(body as { name: string; slug?: string; description?: string });
    if (!created.ok) return send(reply, created.error);
    const location = `${baseUrl}${api}/products/tags/${created.value.id}`;
    return reply.status(201).header('location', location).send(created.value);
  });

  app.get(`${api}/products/tags/:id(^\\d+$)`, async (request, reply) => {
    return store.tags.get(idOf(request)) ?? send(reply, invalidTerm);
  });

  orders.routes(app, page);

  // The media library's files, behind the src of every image the API hands out.
  app.get('/wp-content/uploads/:id/:name', async (request, reply) => {
    const { id, name } = request.params as { id: string; name: string };
    const attachment = store.media.attachments.get(Number(id));
    if (!attachment || attachment.fileName !== name) return notFoundPage(reply);
    return reply.type(attachment.mime).send(attachment.bytes);
  });

  baseUrl = await listen(app, port, host);

  return {
    url: baseUrl,
    consumerKey,
    consumerSecret,
    requests,
    failNext: plan.failNext,
    setFaultRate: plan.setFaultRate,
    createProduct: (input) => store.seedProduct(input),
    product: (id) => store.inspect(id),
    get downloads() {
      return store.media.stats.downloads;
    },
    addOrder: orders.addOrder,
    updateOrder: orders.updateOrder,
    seedOrders(productIds, seedOptions = {}) {
      const other = seedOptions.otherProduct ? store.seedProduct({ name: 'Gift card' }) : null;
      return orders.seed(productIds, other);
    },
    webhooks: () =>
      [...orders.webhooks.values()].map((webhook) => ({
        ...(orders.showWebhook(webhook) as {
          id: number;
          topic: string;
          status: string;
          delivery_url: string;
        }),
        failures: webhook.failures,
      })),
    webhookFault: deliverer.fault,
    deliveries: deliverer.sent,
    flushWebhooks: deliverer.flush,
    async close() {
      deliverer.close();
      plan.release();
      await app.close();
    },
  };
}
