import { setTimeout as delay } from 'node:timers/promises';
import { type HttpClient, type TransportOptions, httpClient } from './http.ts';
import { createOnce, madeSince } from './create-once.ts';
import { ProviderError, readGelatoError } from './provider-error.ts';
import type { SellerFailure } from './seller-sentence.ts';

/**
 * Gelato's e-commerce API v1 (docs: providers/gelato.md): read a store template and create store
 * products from it, one per design.
 */

export type GelatoImagePlaceholder = {
  /** What a create call fills: 'ImageFront', 'ImageBack', 'Image1', ... */
  name: string;
  /** 'front', 'back', 'sleeve-left', ... */
  printArea: string;
  /** Millimetres. */
  height: number;
  width: number;
};

export type GelatoTemplateVariant = {
  /** Passed back as `templateVariantId`. */
  id: string;
  title: string;
  productUid: string;
  variantOptions: { name: string; value: string }[];
  imagePlaceholders: GelatoImagePlaceholder[];
  textPlaceholders?: { name: string; text: string }[];
};

export type GelatoTemplate = {
  id: string;
  templateName: string;
  title: string;
  description: string;
  previewUrl: string;
  variants: GelatoTemplateVariant[];
  createdAt: string;
  updatedAt: string;
};

export type GelatoFitMethod = 'slice' | 'meet';

export type GelatoCreateFromTemplate = {
  templateId: string;
  title: string;
  /** HTML allowed. */
  description: string;
  /** Default false: the product is created hidden (a draft) in the store. */
  isVisibleInTheOnlineStore?: boolean;
  salesChannels?: ('web' | 'global')[];
  /** Up to 13. */
  tags?: string[];
  /** Omitted variants keep the template's artwork. */
  variants?: {
    templateVariantId: string;
    position?: number;
    imagePlaceholders: { name: string; fileUrl: string; fitMethod?: GelatoFitMethod }[];
  }[];
  productType?: string;
  vendor?: string;
};

/** Unknown statuses that are not errors mean "in progress". */
export type GelatoProductStatus =
  'created' | 'publishing' | 'publishing_queued' | 'publishing_error' | 'active' | (string & {});

export type GelatoProductVariant = {
  id: string;
  productId: string;
  title: string;
  externalId: string | null;
  connectionStatus: 'connected' | 'not_connected' | 'ignored' | (string & {});
  productUid: string;
};

export type GelatoProduct = {
  id: string;
  storeId: string;
  /** The product's id in the connected store; null until published. */
  externalId: string | null;
  title: string;
  description: string;
  previewUrl?: string;
  externalPreviewUrl?: string | null;
  externalThumbnailUrl?: string | null;
  publishingErrorCode?: string | null;
  status: GelatoProductStatus;
  tags?: string[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  variants?: GelatoProductVariant[];
  productVariantOptions?: { name: string; values: string[] }[];
  isReadyToPublish?: boolean;
  hasDraft?: boolean;
  errors?: unknown[];
  publishingErrorDetails?: unknown;
};

export type GelatoClientOptions = TransportOptions & { apiKey: string; baseUrl?: string };

export type GelatoClient = ReturnType<typeof gelatoClient>;

/** The HTTP helper as every Gelato API takes it: X-API-KEY auth, Gelato's error bodies, on `baseUrl` or Gelato's host `defaultBaseUrl`. */
export function gelatoHttp(options: GelatoClientOptions, defaultBaseUrl: string): HttpClient {
  const { apiKey, baseUrl = defaultBaseUrl, ...transport } = options;
  return httpClient({
    ...transport,
    provider: 'Gelato',
    baseUrl,
    headers: { 'X-API-KEY': apiKey },
    readError: readGelatoError,
  });
}

/** The most tags a Gelato store product takes. */
export const gelatoMaxTags = 13;

/** A Gelato e-commerce client on the shared HTTP helper (Gelato publishes no rate limit: 429s are retried). */
export function gelatoClient(options: GelatoClientOptions) {
  const http = gelatoHttp(options, 'https://ecommerce.gelatoapis.com');
  const store = (storeId: string) => `/v1/stores/${encodeURIComponent(storeId)}`;

  return {
    getTemplate: (templateId: string) =>
      http.request<GelatoTemplate>('GET', `/v1/templates/${encodeURIComponent(templateId)}`),

    /** Creates a store product (published asynchronously). Not retried after a 5xx or timeout: a repeat would make a duplicate. */
    createProductFromTemplate: (storeId: string, body: GelatoCreateFromTemplate) =>
      http.request<GelatoProduct>('POST', `${store(storeId)}/products:create-from-template`, { body }),

    getProduct: (storeId: string, productId: string) =>
      http.request<GelatoProduct>('GET', `${store(storeId)}/products/${encodeURIComponent(productId)}`),

    /** A page of the store's products, newest first (`limit` at most 100); a 404 means no such store for this key. */
    listProducts: (storeId: string, page: { offset?: number; limit?: number } = {}) =>
      http.request<{ products: GelatoProduct[] }>('GET', `${store(storeId)}/products`, {
        // Gelato's defaults, said out loud: newest first is what finding a lost create relies on.
        query: { offset: page.offset ?? 0, limit: page.limit ?? 100, order: 'desc', orderBy: 'createdAt' },
      }),
  };
}

/**
 * The body that makes a store product of `template` for one design: every image placeholder of
 * every variant shows the design, fitted inside (`meet`) so nothing of it is cropped; at most 13
 * distinct tags.
 */
export function gelatoProductInput(
  template: GelatoTemplate,
  design: { fileUrl: string; title: string; description: string; tags: string[] },
): GelatoCreateFromTemplate {
  const seen = new Set<string>();
  const tags = design.tags
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (tag === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, gelatoMaxTags);
  return {
    templateId: template.id,
    title: design.title,
    description: design.description,
    tags,
    variants: template.variants.map((variant) => ({
      templateVariantId: variant.id,
      imagePlaceholders: variant.imagePlaceholders.map((placeholder) => ({
        name: placeholder.name,
        fileUrl: design.fileUrl,
        fitMethod: 'meet' as const,
      })),
    })),
  };
}

/** Where a store product stands after create: made and in the store, failed, or still being made. */
export type GelatoProductProgress = 'ready' | 'failed' | 'in_progress';

/** `active` is ready, `publishing_error` failed; any other status (created, publishing, queued, new ones) is in progress. */
export function gelatoProductProgress(product: Pick<GelatoProduct, 'status'>): GelatoProductProgress {
  if (product.status === 'active') return 'ready';
  if (product.status === 'publishing_error') return 'failed';
  return 'in_progress';
}

/** Gelato's own words for why a product failed: its errors' messages, else its details, else none. */
function failureWords(product: GelatoProduct): string {
  const texts = (product.errors ?? []).map(textOf).filter((text): text is string => text !== undefined);
  const details = textOf(product.publishingErrorDetails);
  if (details !== undefined && !texts.includes(details)) texts.push(details);
  return texts.join(' ') || 'no reason given';
}

/**
 * A product Gelato accepted but could not make, as the seller reads it: what to do (a file it
 * could not fetch points at PUBLIC_URL), then Gelato's reason; its status, code and words in the details.
 */
export function gelatoPublishingFailure(product: GelatoProduct): SellerFailure {
  const words = failureWords(product);
  const code = product.publishingErrorCode ? ` (${product.publishingErrorCode})` : '';
  const detail = `Gelato ${product.status}${code}: ${words}`;
  const short = words.length > 200 ? `${words.slice(0, 199)}…` : words;
  const aboutFile = /download|fetch|fileUrl|file url|unreachable/i.test(detail);
  // What to do first: the card shows three lines, the rest is on hover and in the details.
  const advice = aboutFile
    ? 'Gelato could not fetch the design from PodFlow: set PUBLIC_URL to an address reachable from the internet, then create the listings again.'
    : 'Gelato could not make this product: fix what it says, then create the listings again in step 7.';
  return { sentence: `${advice} Gelato says: ${short}`, detail };
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  return textOf(record.message) ?? textOf(record.reason) ?? textOf(record.detail);
}

/**
 * The store's products made since `since` (our clock, less the skew allowed) with the title,
 * oldest first: the newest-first list is read 100 at a time until it reaches older products.
 * Gelato keeps nothing else of a create on the product (no external id, no file URL), so the
 * title and the time are the marks.
 */
export function gelatoProductsMade(
  client: GelatoClient,
  storeId: string,
  made: { title: string; since: number },
): Promise<GelatoProduct[]> {
  const limit = 100;
  return madeSince(
    async (index) => {
      const { products } = await client.listProducts(storeId, { offset: index * limit, limit });
      return { items: products, last: products.length < limit };
    },
    (product) => product.createdAt,
    made.since,
    (product) => product.title === made.title,
  );
}

/**
 * Creates a store product once (createOnce): when the answer is lost, the first product of the
 * same title made since the create was sent is the answer.
 */
export function createGelatoProductOnce(
  client: GelatoClient,
  storeId: string,
  body: GelatoCreateFromTemplate,
  now: () => number = Date.now,
): Promise<GelatoProduct> {
  return createOnce(
    () => client.createProductFromTemplate(storeId, body),
    async (sentAt) => (await gelatoProductsMade(client, storeId, { title: body.title, since: sentAt }))[0],
    now,
  );
}

/** How a new product is followed: waits double from `firstDelayMs` up to `maxDelayMs`, for at most `totalMs`. */
export type GelatoFollow = {
  firstDelayMs: number;
  maxDelayMs: number;
  totalMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

/**
 * Reads a store product until Gelato has made it or says it failed, or `totalMs` has passed (the
 * last read is the answer, still in progress then); undefined when Gelato has no such product.
 */
export async function followGelatoProduct(
  client: GelatoClient,
  storeId: string,
  productId: string,
  follow: GelatoFollow,
): Promise<GelatoProduct | undefined> {
  const { firstDelayMs, maxDelayMs, totalMs, sleep = (ms) => delay(ms), now = Date.now } = follow;
  const until = now() + totalMs;
  for (let wait = firstDelayMs; ; wait = Math.min(maxDelayMs, wait * 2)) {
    const product = await gelatoProductOrGone(client, storeId, productId);
    if (!product || gelatoProductProgress(product) !== 'in_progress' || now() + wait > until) return product;
    await sleep(wait);
  }
}

/** The store product, or undefined when Gelato answers 404 (deleted there). */
export async function gelatoProductOrGone(
  client: GelatoClient,
  storeId: string,
  productId: string,
): Promise<GelatoProduct | undefined> {
  try {
    return await client.getProduct(storeId, productId);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return undefined;
    throw error;
  }
}
