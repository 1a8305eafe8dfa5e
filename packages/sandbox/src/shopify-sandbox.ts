import type { FastifyError, FastifyRequest } from 'fastify';
import { type GraphQLError, execute, getOperationAST, parse, validate } from 'graphql';
import {
  type ThrottleStatus,
  createCostBuckets,
  maxSingleQueryCost,
  queryCost,
} from './shopify-sandbox-cost.ts';
import { shopifyValidationError, shopifyVariableErrors } from './shopify-sandbox-errors.ts';
import {
  type NewShopifyOrder,
  type ShopifyOrderChange,
  createShopifyOrders,
} from './shopify-sandbox-orders.ts';
import { createRoot } from './shopify-sandbox-resolvers.ts';
import { shopifySchema } from './shopify-sandbox-schema.ts';
import { type SandboxShopifyProduct, createShopifyStore } from './shopify-sandbox-store.ts';
import {
  type FaultPlan,
  type RecordedRequest,
  type SandboxFault,
  createFaultPlan,
  createSandboxApp,
  listen,
} from './sandbox-kit.ts';
import { type DeliveryFault, type SentDelivery, createDeliverer } from './store-webhooks.ts';

/**
 * The subset of Shopify's Admin GraphQL API PodFlow uses (docs: providers/shopify.md), on loopback,
 * for tests and the offline demo: a real GraphQL schema (unknown fields are GraphQL errors), access
 * tokens and scopes per shop, query costs debited from a leaky bucket (THROTTLED when it runs dry),
 * products, media that go UPLOADED -> READY (or FAILED) from a staged upload or a downloaded URL,
 * and the staged-upload PUT target. Media bytes are served back at their `image.url`.
 */

export type { RecordedRequest, SandboxFault } from './sandbox-kit.ts';
export type { SandboxShopifyMedia, SandboxShopifyProduct } from './shopify-sandbox-store.ts';
export type {
  NewShopifyOrder,
  SandboxOrderLine,
  SandboxTracking,
  ShopifyFinancialStatus,
  ShopifyFulfillmentStatus,
  ShopifyOrderChange,
} from './shopify-sandbox-orders.ts';
export type { DeliveryFault, SentDelivery } from './store-webhooks.ts';

/** A shop of the sandbox: its admin token, granted scopes and the app's API secret key (signs webhooks). */
export type SandboxShopifyShop = { token: string; scopes: string[]; apiSecret?: string };

/** How to start the sandbox; every field has a default. */
export type ShopifySandboxOptions = {
  port?: number;
  host?: string;
  /** Shop name -> its admin token, granted scopes and API secret key (default: the podflow-demo shop, all scopes PodFlow asks for). */
  shops?: Record<string, SandboxShopifyShop>;
  /** Share (0..1) of requests answering a random 429 or 500. */
  faultRate?: number;
  /** Seed of the random faults, so a run repeats. */
  seed?: number;
  /** How long a 'slow' fault waits before answering. */
  slowMs?: number;
  /** The cost bucket (default maximumAvailable 1000, restoreRate 100 points/s). */
  bucket?: { maximumAvailable: number; restoreRate: number };
  /** How long new media stay UPLOADED/PROCESSING before READY (default 40 ms). */
  mediaReadyMs?: number;
  /** How many `job` reads a reorder job answers done: false before done (default 0: done at once). */
  jobReadsUntilDone?: number;
};

/** A running sandbox: its URLs, request log, fault controls and test views. */
export type ShopifySandbox = {
  /** Base URL, e.g. http://127.0.0.1:41234; a shop's admin API is at `${url}/${shop}/admin/api/{version}/graphql.json`. */
  url: string;
  /** What PodFlow's SHOPIFY_BASE_URL is set to for this sandbox: `${url}/{shop}` ({shop} is replaced by the shop name). */
  baseUrlTemplate: string;
  /** Every GraphQL and staged-upload request received, oldest first; tests may empty it. */
  requests: RecordedRequest[];
  /** The next `times` requests answer with this fault; 'throttled' is Shopify's HTTP 200 THROTTLED answer. */
  failNext(fault: SandboxFault | 'throttled', times?: number): void;
  setFaultRate(rate: number): void;
  /** Seeds a product (as Printify's Shopify channel would create it) and returns its numeric id as a string. */
  createProduct(
    shop: string,
    input: {
      title: string;
      descriptionHtml?: string;
      tags?: string[];
      images?: { bytes: Buffer; alt?: string }[];
    },
  ): string;
  /** Live state for tests: the product with media in gallery order, or undefined. */
  product(shop: string, id: string): SandboxShopifyProduct | undefined;
  /** Places an order (as a checkout would) and delivers orders/create to the shop's subscriptions; answers its numeric id. */
  addOrder(shop: string, input: NewShopifyOrder): Promise<string>;
  /** Changes an order's payment, fulfilment or cancellation and delivers orders/updated. */
  updateOrder(shop: string, id: string, change: ShopifyOrderChange): Promise<void>;
  /**
   * Seeds an order history (no deliveries) for the products given (those PodFlow listed): paid
   * and waiting, shipped, awaiting payment, refunded, one 70 days old; plus, with `otherProduct`,
   * an order of a store product PodFlow did not list. Answers the order ids.
   */
  seedOrders(shop: string, productIds: string[], options?: { otherProduct?: boolean }): string[];
  /** The shop's webhook subscriptions (topic and address). */
  webhooks(shop: string): { id: string; topic: string; uri: string }[];
  /** The next `times` webhook deliveries are sent twice, never, or after the one that follows. */
  webhookFault(fault: DeliveryFault, times?: number): void;
  /** Every webhook delivery made, oldest first (bytes, headers, the answer's status). */
  deliveries: SentDelivery[];
  /** Sends a delivery held back by 'out_of_order' that no later one pushed out. */
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
};

/** The default shop: podflow-demo, its token, and every scope PodFlow asks for plus files. */
export const defaultShopifyShops = {
  'podflow-demo': {
    token: 'shpat_sandbox_podflow_demo',
    apiSecret: 'shpss_sandbox_podflow_demo_api_secret_key',
    scopes: [
      'write_products',
      'read_products',
      'write_product_listings',
      'read_product_listings',
      'write_files',
      'read_files',
      'read_orders',
    ],
  },
};

const graphqlPath = /^\/([^/?]+)\/admin\/api\/([^/?]+)\/graphql\.json(?:\?|$)/;
const stagedPath = /^\/([^/?]+)\/staged-uploads\/[^/?]+(?:\?|$)/;
const versionPattern = /^(\d{4}-(0[1-9]|1[0-2])|unstable)$/;
const unauthorizedBody = {
  errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
};
const notFoundBody = { errors: 'Not Found' };
const throttledError = {
  message: 'Throttled',
  extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
};

/** Starts the sandbox (port 0: a free one) and resolves once it listens. */
export async function startShopifySandbox(options: ShopifySandboxOptions = {}): Promise<ShopifySandbox> {
  const { port = 0, host = '127.0.0.1' } = options;
  const shops: Record<string, SandboxShopifyShop> = options.shops ?? structuredClone(defaultShopifyShops);
  let baseUrl = '';
  const store = createShopifyStore({
    baseUrl: () => baseUrl,
    mediaReadyMs: options.mediaReadyMs ?? 40,
    jobReadsUntilDone: options.jobReadsUntilDone ?? 0,
  });
  const deliverer = createDeliverer();
  const orders = createShopifyOrders({
    deliverer,
    // Shopify signs every delivery; a shop set up without a key signs with one nobody knows.
    apiSecret: (shop) => shops[shop]?.apiSecret ?? `unknown-secret-of-${shop}`,
    apiVersion: '2026-07',
  });
  const buckets = createCostBuckets(options.bucket ?? { maximumAvailable: 1000, restoreRate: 100 });
  const requests: RecordedRequest[] = [];
  const plan = withThrottledFaults(
    createFaultPlan({
      ...options,
      bodies: {
        rate_limit: { errors: 'Throttled' },
        server_error: { errors: 'Internal Server Error' },
        unauthorized: unauthorizedBody,
      },
    }),
  );

  const app = createSandboxApp({
    requests,
    plan,
    bodyLimit: 32 * 1024 * 1024,
    isApi: (url) => graphqlPath.test(url) || stagedPath.test(url),
    gate(request, reply) {
      const graphql = graphqlPath.exec(request.url);
      const shop = (graphql ?? stagedPath.exec(request.url))?.[1] ?? '';
      if (!Object.hasOwn(shops, shop)) return reply.status(404).send(notFoundBody);
      if (!graphql) return undefined;
      if (!versionPattern.test(graphql[2]!)) return reply.status(404).send(notFoundBody);
      if (request.headers['x-shopify-access-token'] !== shops[shop]!.token) {
        return reply.status(401).send(unauthorizedBody);
      }
      reply.header('x-shopify-api-version', graphql[2]);
      return undefined;
    },
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'SANDBOX_BAD_JSON') {
      return reply.status(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    }
    if (error.statusCode === 413) return reply.status(413).send({ errors: 'Payload Too Large' });
    return reply.status(500).send({ errors: 'Internal Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFoundBody));

  const rootOf = (context: { shop: string; scopes: string[] }) => {
    const root = createRoot(store, context);
    return { ...root, ...orders.root(context, (id) => root.product({ id })) };
  };

  app.post('/:shop/admin/api/:version/graphql.json', async (request, reply) => {
    const { shop } = request.params as { shop: string };
    const account = shops[shop]!;
    const bucketKey = `${shop}\n${account.token}`;
    const body = (request.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const variables = body.variables ?? {};
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    if (typeof body.query !== 'string' || typeof variables !== 'object' || Array.isArray(variables)) {
      return reply.status(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    }
    const cost = (requested: number, actual: number | null, status: ThrottleStatus) => ({
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: status },
    });
    const refuse = (errors: unknown[], requested = 0) => ({
      errors,
      extensions: cost(requested, null, buckets.peek(bucketKey)),
    });

    let document;
    try {
      document = parse(body.query);
    } catch (error) {
      return refuse([(error as GraphQLError).toJSON()]);
    }
    const invalid = validate(shopifySchema, document);
    if (invalid.length > 0) return refuse(invalid.map(shopifyValidationError));
    const operation = getOperationAST(document, operationName);
    if (!operation) {
      const message = operationName
        ? `No operation named "${operationName}"`
        : 'An operation name is required when the document has several operations';
      return refuse([{ message }]);
    }
    const vars = variables as Record<string, unknown>;
    const badVariables = shopifyVariableErrors(shopifySchema, operation, vars);
    if (badVariables.length > 0) return refuse(badVariables);
    const requested = queryCost(shopifySchema, document, operation, vars);
    if (requested > maxSingleQueryCost) {
      const message = `Query cost is ${requested}, which exceeds the single query max cost limit (${maxSingleQueryCost})`;
      const extensions = { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: maxSingleQueryCost };
      return refuse([{ message, extensions }], requested);
    }
    const taken = plan.forced.has(request)
      ? { ok: false, status: buckets.peek(bucketKey) }
      : buckets.take(bucketKey, requested);
    if (!taken.ok) return { errors: [throttledError], extensions: cost(requested, null, taken.status) };

    const result = await execute({
      schema: shopifySchema,
      document,
      operationName,
      variableValues: vars,
      rootValue: rootOf({ shop, scopes: account.scopes }),
    });
    const data = (result.data ?? null) as Record<string, unknown> | null;
    const actual = queryCost(shopifySchema, document, operation, vars, data);
    const status = buckets.refund(bucketKey, requested - actual);
    return {
      ...(result.errors && { errors: result.errors.map((error) => error.toJSON()) }),
      ...('data' in result && { data: result.data }),
      extensions: cost(requested, actual, status),
    };
  });

  // The staged-upload target, as the cloud bucket behind stagedUploadsCreate answers (XML errors).
  app.put('/:shop/staged-uploads/:key', async (request, reply) => {
    const { shop, key } = request.params as { shop: string; key: string };
    const { signature } = request.query as { signature?: string };
    const upload = store.staged.get(key);
    const xml = (status: number, code: string, message: string) =>
      reply
        .status(status)
        .type('application/xml; charset=UTF-8')
        .send(
          `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
        );
    if (!upload || upload.shop !== shop) return xml(404, 'NoSuchUpload', 'The staged upload does not exist.');
    const contentType = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (signature !== upload.signature || contentType !== upload.mimeType) {
      return xml(
        403,
        'SignatureDoesNotMatch',
        'The signature or the Content-Type does not match the staged upload.',
      );
    }
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
      return xml(400, 'MissingBody', 'The upload has no bytes.');
    }
    upload.bytes = request.body;
    return reply.status(200).send('');
  });

  // Not Shopify's: the sandbox's product list as the store admin would show it, so an end-to-end
  // test (or a seller trying the demo) can see what a sync left in the store. Needs the shop's token.
  app.get('/:shop/sandbox/products.json', async (request, reply) => {
    const { shop } = request.params as { shop: string };
    const account = Object.hasOwn(shops, shop) ? shops[shop] : undefined;
    if (!account) return reply.status(404).send(notFoundBody);
    if (request.headers['x-shopify-access-token'] !== account.token) {
      return reply.status(401).send(unauthorizedBody);
    }
    return { products: store.list(shop) };
  });

  // Public files behind image.url, as Shopify's CDN serves them.
  app.get('/:shop/cdn/files/:id/:name', async (request, reply) => {
    const { shop, id } = request.params as { shop: string; id: string };
    const record = store.media.get(Number(id));
    if (!record || record.shop !== shop || record.status !== 'READY' || !record.bytes) {
      return reply.status(404).send(notFoundBody);
    }
    return reply.type(record.mimeType ?? 'application/octet-stream').send(record.bytes);
  });

  baseUrl = await listen(app, port, host);
  const knownShop = (shop: string) => {
    if (!Object.hasOwn(shops, shop)) throw new Error(`The sandbox has no shop "${shop}"`);
    return shop;
  };

  return {
    url: baseUrl,
    baseUrlTemplate: `${baseUrl}/{shop}`,
    requests,
    failNext: plan.failNext,
    setFaultRate: plan.setFaultRate,
    createProduct(shop, input) {
      if (!Object.hasOwn(shops, shop)) throw new Error(`The sandbox has no shop "${shop}"`);
      return String(store.createProduct(shop, input).id);
    },
    product: (shop, id) => store.snapshot(shop, id),
    addOrder: (shop, input) => orders.addOrder(knownShop(shop), input),
    updateOrder: (shop, id, change) => orders.updateOrder(knownShop(shop), id, change),
    seedOrders(shop, productIds, seedOptions = {}) {
      const other = seedOptions.otherProduct
        ? String(store.createProduct(knownShop(shop), { title: 'Gift card' }).id)
        : null;
      return orders.seed(knownShop(shop), productIds, other);
    },
    webhooks: (shop) =>
      [...orders.subscriptions.values()]
        .filter((s) => s.shop === shop)
        .map((s) => ({ id: `gid://shopify/WebhookSubscription/${s.id}`, topic: s.topic, uri: s.uri })),
    webhookFault: deliverer.fault,
    deliveries: deliverer.sent,
    flushWebhooks: deliverer.flush,
    async close() {
      deliverer.close();
      store.stopTimers();
      plan.release();
      await app.close();
    },
  };
}

/**
 * The kit's fault plan plus 'throttled', kept in the same queue: a GraphQL request it falls on is
 * marked, and answered THROTTLED (with its real cost and the bucket's state) once it gets that far.
 */
function withThrottledFaults(inner: FaultPlan) {
  const queue: (SandboxFault | 'throttled')[] = [];
  const forced = new WeakSet<FastifyRequest>();
  return {
    forced,
    failNext(fault: SandboxFault | 'throttled', times = 1) {
      for (let i = 0; i < times; i += 1) queue.push(fault);
    },
    setFaultRate: inner.setFaultRate,
    release: inner.release,
    async intercept(...[request, reply]: Parameters<FaultPlan['intercept']>) {
      const next = queue[0];
      if (next === 'throttled') {
        if (!graphqlPath.test(request.url)) return inner.intercept(request, reply);
        queue.shift();
        forced.add(request);
        return false;
      }
      if (next !== undefined) inner.failNext(queue.shift() as SandboxFault);
      return inner.intercept(request, reply);
    },
  } satisfies FaultPlan & { forced: WeakSet<FastifyRequest> };
}
