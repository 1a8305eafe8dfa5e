import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply } from 'fastify';
import {
  type CreateInput,
  type GelatoError,
  type TemplateVariant,
  checkAgainstTemplate,
  checkCreate,
  fileProblem,
  isObject,
  problem,
} from './gelato-sandbox-checks.ts';
import { type GelatoSandboxOrders, registerGelatoOrders } from './gelato-sandbox-orders.ts';
export { gelatoSandboxAddress } from './gelato-sandbox-orders.ts';
import {
  type RecordedRequest,
  type SandboxFault,
  createFaultPlan,
  createSandboxApp,
  listen,
  solidPng,
} from './sandbox-kit.ts';

/**
 * The store-product subset of Gelato's e-commerce API PodFlow uses (docs: providers/gelato.md), on
 * loopback, for tests and the offline demo: one connected store, one T-shirt template, and store
 * products created from it. A new product answers `status: 'publishing'` with `externalId: null`
 * and becomes `active` with an externalId `publishDelayMs` later, as the store push completes.
 * As on Gelato, print files are downloaded only after the create is accepted: a fileUrl that
 * cannot be fetched or is not a JPG, PNG or PDF file turns the product `publishing_error`, with
 * the reason in `errors[].message` and `publishingErrorDetails`, instead of failing the create.
 */

export type { RecordedRequest, SandboxFault } from './sandbox-kit.ts';
export type { TemplateVariant } from './gelato-sandbox-checks.ts';
export type {
  GelatoSandboxOrder,
  GelatoSandboxOrders,
  NewGelatoOrder,
  WebhookFault,
} from './gelato-sandbox-orders.ts';

export type GelatoProductStatus = 'created' | 'publishing' | 'publishing_error' | 'active';
export type GelatoProduct = ReturnType<typeof newProduct>;

export type GelatoSandboxOptions = {
  port?: number;
  host?: string;
  apiKey?: string;
  /** Share (0..1) of requests answering a random 429 or 500. */
  faultRate?: number;
  /** Seed of the random faults, so a run repeats. */
  seed?: number;
  /** How long a 'slow' fault waits before answering. */
  slowMs?: number;
  /** How long a new product stays 'publishing' (default 150 ms). */
  publishDelayMs?: number;
  /** Seed the account with an order in each status (default true). */
  seedOrders?: boolean;
  /** The most orders a search page holds, whatever `limit` asks (default 100). */
  searchMaxLimit?: number;
  /** The wait between a webhook's tries (Gelato's 5 s by default). */
  webhookRetryMs?: number;
  /** A new store order every this many ms (default none; `orders.generateEvery` changes it). */
  newOrderEveryMs?: number;
};

export type GelatoSandbox = {
  /** Base URL without /v1, e.g. http://127.0.0.1:41234. */
  url: string;
  apiKey: string;
  storeId: string;
  templateId: string;
  /** The store's products by id; live state, for tests to read. */
  products: Map<string, GelatoProduct>;
  /** The order API (/v4, served here too: point GELATO_ORDER_BASE_URL at `url`) and its controls. */
  orders: GelatoSandboxOrders;
  /** Every /v1 request received, oldest first; tests may empty it. */
  requests: RecordedRequest[];
  /** The next `times` /v1 requests answer with this fault (before the key is checked). */
  failNext(fault: SandboxFault, times?: number): void;
  setFaultRate(rate: number): void;
  close(): Promise<void>;
};

export const gelatoStoreId = '6ada0d2f-4c1e-4f6b-9a53-2d7e8c1b5f40';
export const gelatoTemplateId = 'c12a363e-0d4e-4d96-be4b-bf4138eb8743';

const send = (reply: FastifyReply, error: GelatoError) => reply.status(error.status).send(error.body);
/** Gelato's timestamp form: '2023-06-21T09:43:24+0000'. */
const gelatoTime = (at = new Date()) => `${at.toISOString().slice(0, 19)}+0000`;
const productNotFound = problem(404, 'Product not found.');

function templateVariant(id: string, colour: string, size: string): TemplateVariant {
  const uid = `apparel_product_gca_t-shirt_gsc_crewneck_gcu_unisex_gqa_classic_gsi_${size.toLowerCase()}_gco_${colour.toLowerCase()}_gpr_4-0`;
  return {
    id,
    title: `${colour} - ${size}`,
    productUid: uid,
    variantOptions: [
      { name: 'Color', value: colour },
      { name: 'Size', value: size },
    ],
    imagePlaceholders: [{ name: 'ImageFront', printArea: 'front', height: 137.25, width: 244 }],
  };
}

const templateVariants: TemplateVariant[] = [
  templateVariant('83e30e31-0aee-4eca-8a8f-dceb2455cdc1', 'White', 'M'),
  templateVariant('5a1f7c22-61b4-4b0e-9d3a-0c8e2f6a1b72', 'White', 'L'),
  templateVariant('e4b9d0a8-2c5f-4f3e-8b61-7a9c3d2e1f05', 'Black', 'L'),
];

/** A store product as create answers it: publishing, no externalId yet, every template variant. */
function newProduct(input: CreateInput, baseUrl: string) {
  const id = randomUUID();
  const now = gelatoTime();
  const options = ['Color', 'Size'].map((name) => {
    const values = templateVariants.flatMap((v) => v.variantOptions.filter((o) => o.name === name));
    return { name, values: [...new Set(values.map((option) => option.value))] };
  });
  return {
    id,
    storeId: gelatoStoreId,
    externalId: null as string | null,
    title: input.title,
    description: input.description,
    previewUrl: `${baseUrl}/previews/product-${id}.png`,
    externalPreviewUrl: null as string | null,
    externalThumbnailUrl: null as string | null,
    publishingErrorCode: null as string | null,
    publishingErrorDetails: null as string | null,
    errors: [] as { code: string; message: string }[],
    status: 'publishing' as GelatoProductStatus,
    tags: input.tags,
    publishedAt: null as string | null,
    createdAt: now,
    updatedAt: now,
    // Variants not listed in the body still come from the template, with its artwork.
    variants: templateVariants.map((variant) => ({
      id: randomUUID(),
      productId: id,
      title: variant.title,
      externalId: null as string | null,
      connectionStatus: 'not_connected' as 'connected' | 'not_connected' | 'ignored',
      productUid: variant.productUid,
    })),
    productVariantOptions: options,
  };
}

/** Starts the sandbox (port 0: a free one) and resolves once it listens. */
export async function startGelatoSandbox(options: GelatoSandboxOptions = {}): Promise<GelatoSandbox> {
  const { port = 0, host = '127.0.0.1', apiKey = 'gelato-sandbox-key' } = options;
  const publishDelayMs = options.publishDelayMs ?? 150;
  const products = new Map<string, GelatoProduct>();
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const plan = createFaultPlan({
    ...options,
    bodies: {
      rate_limit: { message: 'Too Many Requests' },
      server_error: { message: 'Internal Server Error' },
      unauthorized: { message: 'Unauthorized' },
    },
  });
  const created = gelatoTime(new Date('2024-03-04T10:15:00Z'));
  let baseUrl = '';
  let nextExternalId = 8_123_456_789_001;
  let closed = false;

  const app = createSandboxApp({
    requests,
    plan,
    bodyLimit: 16 * 1024 * 1024,
    isApi: (url) => url.startsWith('/v1/') || url.startsWith('/v4/'),
    gate(request, reply) {
      const key = request.headers['x-api-key'];
      if (!key) return send(reply, problem(401, 'Unauthorized: send your API key in X-API-KEY.'));
      return key === apiKey ? undefined : send(reply, problem(403, 'Forbidden: the API key is not valid.'));
    },
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'SANDBOX_BAD_JSON') {
      return send(reply, problem(400, 'The request body is not valid JSON.'));
    }
    if (error.statusCode === 413) return send(reply, problem(413, 'Payload Too Large'));
    return send(reply, problem(500, 'Internal Server Error'));
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, problem(404, `Cannot ${request.method} ${request.url.split('?')[0]}`)),
  );

  const template = () => ({
    id: gelatoTemplateId,
    templateName: 'Template For Unisex Crewneck T-shirt',
    title: 'Classic Unisex Crewneck T-shirt',
    description: '<div><p>A classic unisex crewneck in soft cotton, printed on demand.</p></div>',
    previewUrl: `${baseUrl}/previews/template-${gelatoTemplateId}.png`,
    variants: templateVariants,
    createdAt: created,
    updatedAt: created,
  });

  /** The store of the path, or a 404 (the key reaches only the sandbox's store). */
  const storeMissing = (params: unknown) =>
    (params as { storeId?: string }).storeId === gelatoStoreId ? undefined : problem(404, 'Store not found.');

  /** Publishes `product` to the store, or marks it failed when `problem` says its files are unusable. */
  function finishPublishing(product: GelatoProduct, problem: string | undefined) {
    const at = gelatoTime();
    if (problem) {
      Object.assign(product, {
        status: 'publishing_error',
        publishingErrorCode: 'file_download_failed',
        publishingErrorDetails: problem,
        errors: [{ code: 'file_download_failed', message: problem }],
        updatedAt: at,
      });
      return;
    }
    Object.assign(product, {
      status: 'active',
      externalId: String(nextExternalId++),
      externalPreviewUrl: `${baseUrl}/previews/external-${product.id}.png`,
      externalThumbnailUrl: `${baseUrl}/previews/external-${product.id}-thumb.png`,
      publishedAt: at,
      updatedAt: at,
    });
    for (const variant of product.variants) {
      Object.assign(variant, { externalId: String(nextExternalId++), connectionStatus: 'connected' });
    }
  }

  function createProduct(input: CreateInput): GelatoProduct {
    const product = newProduct(input, baseUrl);
    const id = product.id;
    products.set(id, product);
    const started = Date.now();
    // The download never rejects: it answers why a file is unusable, or nothing.
    void fileProblem(input.variants).then((problem) => {
      if (closed || products.get(id) !== product) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (products.get(id) === product) finishPublishing(product, problem);
        },
        Math.max(0, publishDelayMs - (Date.now() - started)),
      );
      timers.add(timer);
    });
    return product;
  }

  app.get('/v1/templates/:templateId', async (request, reply) =>
    (request.params as { templateId: string }).templateId === gelatoTemplateId
      ? template()
      : send(reply, problem(404, 'Template not found.')),
  );

  const create = async (request: { params: unknown; body: unknown }, reply: FastifyReply) => {
    const missing = storeMissing(request.params);
    if (missing) return send(reply, missing);
    const checked = checkCreate(isObject(request.body) ? request.body : {});
    if (!checked.ok) return send(reply, checked.error);
    const input = checked.value;
    if (input.templateId !== gelatoTemplateId) return send(reply, problem(404, 'Template not found.'));
    // Files are fetched after the answer: one Gelato cannot use fails the product later.
    const refused = checkAgainstTemplate(input.variants, templateVariants);
    return refused ? send(reply, refused) : createProduct(input);
  };
  app.post('/v1/stores/:storeId/products::create-from-template', create);
  // Older SDKs post the same body here.
  app.post('/v1/stores/:storeId/products', create);

  app.get('/v1/stores/:storeId/products', async (request, reply) => {
    const missing = storeMissing(request.params);
    if (missing) return send(reply, missing);
    const query = request.query as { offset?: string; limit?: string; order?: string; orderBy?: string };
    const offset = Number(query.offset ?? 0);
    const limit = Number(query.limit ?? 100);
    if (!Number.isInteger(offset) || offset < 0)
      return send(reply, problem(400, 'offset must be an integer of at least 0.'));
    if (!Number.isInteger(limit) || limit < 1)
      return send(reply, problem(400, 'limit must be an integer of at least 1.'));
    if (limit > 100) return send(reply, problem(400, 'limit must not be greater than 100.'));
    const order = query.order ?? 'desc';
    const orderBy = query.orderBy ?? 'createdAt';
    if (order !== 'asc' && order !== 'desc')
      return send(reply, problem(400, 'order must be "asc" or "desc".'));
    if (orderBy !== 'createdAt' && orderBy !== 'updatedAt') {
      return send(reply, problem(400, 'orderBy must be "createdAt" or "updatedAt".'));
    }
    // Insertion order breaks ties between products made in the same second.
    const sorted = [...products.values()]
      .map((product, index) => ({ product, index }))
      .sort((a, b) => a.product[orderBy].localeCompare(b.product[orderBy]) || a.index - b.index)
      .map(({ product }) => product);
    if (order === 'desc') sorted.reverse();
    return { products: sorted.slice(offset, offset + limit) };
  });

  app.get('/v1/stores/:storeId/products/:productId', async (request, reply) => {
    const missing = storeMissing(request.params);
    if (missing) return send(reply, missing);
    const product = products.get((request.params as { productId: string }).productId);
    return product ?? send(reply, productNotFound);
  });

  app.delete('/v1/stores/:storeId/products/:productId', async (request, reply) => {
    const missing = storeMissing(request.params);
    if (missing) return send(reply, missing);
    const id = (request.params as { productId: string }).productId;
    if (!products.delete(id)) return send(reply, productNotFound);
    return {};
  });

  // Public preview images behind the URLs the API hands out.
  const previewPng = solidPng(400, 400, [236, 236, 240]);
  app.get('/previews/*', async (_request, reply) => reply.type('image/png').send(previewPng));

  const orders = registerGelatoOrders(app, {
    storeId: gelatoStoreId,
    productUids: templateVariants.map((variant) => variant.productUid),
    storeProducts: () => [...products.values()].filter((product) => product.status === 'active'),
    baseUrl: () => baseUrl,
    send,
    slowMs: options.slowMs ?? 5_000,
    searchMaxLimit: options.searchMaxLimit ?? 100,
    webhookRetryMs: options.webhookRetryMs ?? 5_000,
  });

  baseUrl = await listen(app, port, host);
  if (options.seedOrders ?? true) orders.seed();
  if (options.newOrderEveryMs) orders.generateEvery(options.newOrderEveryMs);
  return {
    url: baseUrl,
    apiKey,
    storeId: gelatoStoreId,
    templateId: gelatoTemplateId,
    products,
    orders,
    requests,
    failNext: plan.failNext,
    setFaultRate: plan.setFaultRate,
    async close() {
      closed = true;
      orders.close();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      plan.release();
      await app.close();
    },
  };
}
