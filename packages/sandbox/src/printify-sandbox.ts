import type { FastifyError, FastifyReply } from 'fastify';
import {
  type PrintifyProduct,
  type PrintifyShop,
  type Upload,
  printifyTime,
  templateProductId,
} from './printify-sandbox-catalog.ts';
import {
  type Json,
  type PrintifyError,
  businessError,
  checkCreate,
  checkExternal,
  checkUpdate,
  checkUpload,
  isLocalUrl,
  isObject,
  locked,
  notFound,
  unauthorized,
  validationError,
} from './printify-sandbox-checks.ts';
import {
  type PrintifyOrdersOptions,
  type PrintifyOrdersTwin,
  mountPrintifyOrders,
} from './printify-sandbox-orders.ts';
import { type ChannelListing, createPrintifyStore, paginate } from './printify-sandbox-store.ts';
import {
  type RecordedRequest,
  type SandboxFault,
  createFaultPlan,
  createSandboxApp,
  createWindowLimiter,
  download,
  listen,
  solidPng,
} from './sandbox-kit.ts';

/**
 * The subset of the Printify API PodFlow uses (docs: providers/printify.md), on loopback, for tests
 * and the offline demo: shops, products with their blueprint's whole variant matrix, content-
 * addressed image uploads, and publishing (an Etsy shop publishes itself a moment later; the custom
 * shop waits for publishing_succeeded/failed). It refuses what Printify refuses, with its bodies,
 * and enforces the documented 600 requests a minute and 200 publishes per 30 minutes per account:
 * every token of the account (`token` and `otherTokens`) counts against the same allowance.
 * Mockup and upload preview URLs point back at the sandbox and serve real PNGs. Orders, order
 * webhooks and their controls are in printify-sandbox-orders.ts.
 */

export type { RecordedRequest, SandboxFault } from './sandbox-kit.ts';
export type { PrintifyProduct, PrintifyShop, Upload } from './printify-sandbox-catalog.ts';
export type { ChannelListing } from './printify-sandbox-store.ts';
export { channelTemplateProductIds } from './printify-sandbox-catalog.ts';
export type {
  LostAnswer,
  NewSandboxOrder,
  OrderAction,
  SandboxOrder,
  SandboxWebhook,
  WebhookDelivery,
  WebhookFault,
} from './printify-sandbox-orders.ts';

export type PrintifySandboxOptions = PrintifyOrdersOptions & {
  port?: number;
  host?: string;
  token?: string;
  /** More tokens of the same account (another personal access token, an OAuth app's). */
  otherTokens?: string[];
  /** Share (0..1) of requests answering a random 429 or 500. */
  faultRate?: number;
  /** Seed of the random faults, so a run repeats. */
  seed?: number;
  /** How long a 'slow' fault waits before answering. */
  slowMs?: number;
  /** How long an Etsy-like shop takes to publish (default 150 ms). */
  publishDelayMs?: number;
  /**
   * How a shop of a native sales channel ('shopify', 'woocommerce') lists a product it publishes,
   * e.g. in the Shopify or WooCommerce sandbox; without one it makes up a listing id.
   */
  channels?: Record<string, ChannelListing>;
  /**
   * Fetch `url` uploads from loopback and private addresses too. Printify downloads from the
   * internet and cannot reach them: only tests and the demo, whose PodFlow runs on this machine,
   * turn this on.
   */
  fetchesLocalUrls?: boolean;
};

/** The sandbox and its orders' controls (printify-sandbox-orders.ts). */
export type PrintifySandbox = PrintifyOrdersTwin & {
  /** Base URL without /v1, e.g. http://127.0.0.1:41234. */
  url: string;
  token: string;
  shops: PrintifyShop[];
  /** The seeded T-shirt in the Etsy shop. */
  templateProductId: string;
  /** Every product of every shop by id (each carries its shop_id); live state, for tests to read. */
  products: Map<string, PrintifyProduct>;
  uploads: Map<string, Upload>;
  /** Every /v1 request received, oldest first; tests may empty it. */
  requests: RecordedRequest[];
  /** The next `times` /v1 requests answer with this fault (before auth and limits). */
  failNext(fault: SandboxFault, times?: number): void;
  setFaultRate(rate: number): void;
  close(): Promise<void>;
};

const send = (reply: FastifyReply, error: PrintifyError) => reply.status(error.status).send(error.body);

/** Starts the sandbox (port 0: a free one) and resolves once it listens, with seed data in place. */
export async function startPrintifySandbox(options: PrintifySandboxOptions = {}): Promise<PrintifySandbox> {
  const { port = 0, host = '127.0.0.1', token = 'printify-sandbox-token' } = options;
  const publishDelayMs = options.publishDelayMs ?? 150;
  let baseUrl = '';
  const store = createPrintifyStore(() => baseUrl, publishDelayMs, options.channels);
  const { shops, products, uploads } = store;
  const requests: RecordedRequest[] = [];
  const requestLimit = createWindowLimiter(600, 60_000);
  const publishLimit = createWindowLimiter(200, 30 * 60_000);
  const tokens = new Set([token, ...(options.otherTokens ?? [])].map((value) => `Bearer ${value}`));
  const plan = createFaultPlan({
    ...options,
    bodies: {
      rate_limit: { message: 'Too Many Attempts.' },
      server_error: { message: 'Server Error' },
      unauthorized: {},
    },
  });

  const app = createSandboxApp({
    requests,
    plan,
    bodyLimit: 64 * 1024 * 1024,
    gate(request, reply) {
      if (!tokens.has(request.headers.authorization ?? '')) return send(reply, unauthorized);
      // Printify counts per account, not per token: the sandbox holds one account.
      const isPublish = /\/publish\.json(\?|$)/.test(request.url);
      const outcomes = [requestLimit.take('account'), ...(isPublish ? [publishLimit.take('account')] : [])];
      const outcome = outcomes.find((o) => !o.allowed) ?? outcomes[outcomes.length - 1];
      if (!outcome) return undefined;
      reply.headers({ 'x-ratelimit-limit': outcome.limit, 'x-ratelimit-remaining': outcome.remaining });
      if (outcome.allowed) return undefined;
      reply.header('retry-after', outcome.retryAfterSeconds);
      return reply.status(429).send({ message: 'Too Many Attempts.' });
    },
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'SANDBOX_BAD_JSON') {
      return send(reply, validationError('body', 'The request body is not valid JSON.'));
    }
    if (error.statusCode === 413) return reply.status(413).send({ message: 'Payload Too Large' });
    return reply.status(500).send({ message: 'Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => send(reply, notFound));
  const orders = mountPrintifyOrders(app, store, { ...options, baseUrl: () => baseUrl });

  app.get('/v1/shops.json', async () => shops);

  app.get('/v1/shops/:shop/products.json', async (request, reply) => {
    const shop = store.shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    const query = request.query as { page?: string; limit?: string };
    const page = Math.max(1, Math.floor(Number(query.page ?? 1)) || 1);
    const limit = query.limit === undefined ? 10 : Math.floor(Number(query.limit));
    if (!(limit >= 1)) return send(reply, validationError('limit', 'The limit must be at least 1.'));
    if (limit > 50) return send(reply, validationError('limit', 'The limit may not be greater than 50.'));
    const all = [...products.values()].filter((p) => p.shop_id === shop.id).reverse();
    return paginate(`${baseUrl}/v1/shops/${shop.id}/products.json`, all, page, limit);
  });

  app.post('/v1/shops/:shop/products.json', async (request, reply) => {
    const shop = store.shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    const checked = checkCreate(isObject(request.body) ? request.body : {}, uploads);
    if (!checked.ok) return send(reply, checked.error);
    return store.createProduct(shop.id, checked.value, checked.value.blueprint);
  });

  app.get('/v1/shops/:shop/products/:id.json', async (request, reply) => {
    const found = store.productOf(request.params);
    return 'product' in found ? found.product : send(reply, found);
  });

  app.put('/v1/shops/:shop/products/:id.json', async (request, reply) => {
    const found = store.productOf(request.params);
    if (!('product' in found)) return send(reply, found);
    const { product } = found;
    if (product.is_locked) return send(reply, locked(product.id));
    const blueprint = store.blueprintOf(product);
    // blueprint_id and print_provider_id are immutable: Printify ignores them on update.
    const checked = checkUpdate(isObject(request.body) ? request.body : {}, blueprint, uploads);
    if (!checked.ok) return send(reply, checked.error);
    store.apply(product, checked.value, blueprint);
    return product;
  });

  app.delete('/v1/shops/:shop/products/:id.json', async (request, reply) => {
    const found = store.productOf(request.params);
    if (!('product' in found)) return send(reply, found);
    products.delete(found.product.id);
    return {};
  });

  app.post('/v1/shops/:shop/products/:id/publish.json', async (request, reply) => {
    const found = store.productOf(request.params);
    if (!('product' in found)) return send(reply, found);
    const { shop, product } = found;
    if (shop.sales_channel === 'disconnected') {
      return send(
        reply,
        businessError(8254, 'Validation failed.', `Shop #${shop.id} is not connected to sales channel`),
      );
    }
    if (product.is_locked) return send(reply, locked(product.id));
    const body: unknown = request.body ?? {};
    if (!isObject(body) || Object.values(body).some((value) => typeof value !== 'boolean')) {
      return send(reply, validationError('body', 'Each publish field must be true or false.'));
    }
    store.publish(shop, product);
    return {};
  });

  app.post('/v1/shops/:shop/products/:id/publishing_succeeded.json', async (request, reply) => {
    const found = store.productOf(request.params);
    if (!('product' in found)) return send(reply, found);
    const checked = checkExternal(isObject(request.body) ? request.body : {});
    if (!checked.ok) return send(reply, checked.error);
    Object.assign(found.product, { external: checked.value, is_locked: false, updated_at: printifyTime() });
    return { product_id: found.product.id };
  });

  app.post('/v1/shops/:shop/products/:id/publishing_failed.json', async (request, reply) => {
    const found = store.productOf(request.params);
    if (!('product' in found)) return send(reply, found);
    const body: Json = isObject(request.body) ? request.body : {};
    if (typeof body.reason !== 'string' || body.reason === '') {
      return send(reply, validationError('reason', 'The reason field is required.'));
    }
    Object.assign(found.product, { is_locked: false, updated_at: printifyTime() });
    return { product_id: found.product.id };
  });

  app.post('/v1/shops/:shop/products/:id/unpublish.json', async (request, reply) => {
    const found = store.productOf(request.params);
    if (!('product' in found)) return send(reply, found);
    delete found.product.external;
    found.product.updated_at = printifyTime();
    return {};
  });

  app.post('/v1/uploads/images.json', async (request, reply) => {
    const checked = checkUpload(isObject(request.body) ? request.body : {});
    if (!checked.ok) return send(reply, checked.error);
    const input = checked.value;
    let bytes: Buffer;
    if ('contents' in input) {
      bytes = Buffer.from(input.contents, 'base64');
    } else {
      if (isLocalUrl(input.url) && !options.fetchesLocalUrls) {
        return send(
          reply,
          validationError(
            'url',
            'The image could not be downloaded: the url is not reachable from the internet.',
          ),
        );
      }
      const fetched = await download(input.url);
      if ('error' in fetched) {
        return send(reply, validationError('url', `The image could not be downloaded: ${fetched.error}.`));
      }
      bytes = fetched.bytes;
    }
    const stored = store.storeUpload(input.file_name, bytes);
    return 'id' in stored ? stored : send(reply, stored);
  });

  app.get('/v1/uploads/:id.json', async (request, reply) => {
    const upload = uploads.get((request.params as { id: string }).id);
    return upload ?? send(reply, notFound);
  });

  // Public files behind the URLs the API hands out, as Printify's CDN serves them.
  const mockupPng = solidPng(600, 600, [200, 200, 205]);
  app.get('/mockup/*', async (_request, reply) => reply.type('image/png').send(mockupPng));
  app.get('/previews/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const bytes = store.uploadBytes.get(id);
    if (!bytes) return send(reply, notFound);
    return reply.type(uploads.get(id)?.mime_type ?? 'application/octet-stream').send(bytes);
  });

  baseUrl = await listen(app, port, host);
  store.seedTemplate();
  orders.seed();

  return {
    ...orders.twin,
    url: baseUrl,
    token,
    shops,
    templateProductId,
    products,
    uploads,
    requests,
    failNext: plan.failNext,
    setFaultRate: plan.setFaultRate,
    async close() {
      store.stopTimers();
      plan.release();
      await orders.close();
      await app.close();
    },
  };
}
