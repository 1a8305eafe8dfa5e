import { setTimeout as delay } from 'node:timers/promises';
import { type TransportOptions, ProviderError, httpClient } from './http.ts';
import { redactor } from './provider-error.ts';
import {
  type Job,
  type MediaNode,
  type ProductNode,
  type StagedTarget,
  type UserError,
  copyOf,
  documents,
  graphqlCaller,
  maxInputArray,
  mediaOf,
  provider,
  putStagedFile,
  readShopifyError,
  refusal,
} from './shopify-graphql.ts';

/**
 * Shopify's Admin GraphQL API (docs: providers/shopify.md): the calls PodFlow makes to bring a
 * product's copy and mockups in line with its design. Throttling is handled both ways Shopify
 * answers it: HTTP 429 (the shared helper waits out Retry-After) and HTTP 200 with a THROTTLED
 * error (waited out here from the cost extension). Other GraphQL errors and userErrors become
 * ProviderErrors that are not retried.
 */

/** The shop, its token and where to reach it, plus the helper's transport options. */
export type ShopifyClientOptions = TransportOptions & {
  /** The shop name without .myshopify.com. */
  shop: string;
  accessToken: string;
  /** Default 'https://{shop}.myshopify.com'; {shop} is replaced by the shop name. */
  baseUrl?: string;
  /** Default '2026-07'. */
  apiVersion?: string;
};

/** Shopify processes media asynchronously: UPLOADED, PROCESSING, then READY or FAILED. */
export type ShopifyMediaStatus = 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED';

/** A media of a product's gallery. */
export type ShopifyMedia = {
  /** A GID, e.g. gid://shopify/MediaImage/123. */
  id: string;
  alt: string | null;
  status: ShopifyMediaStatus;
  mediaContentType: string;
  /** The image's CDN URL once processed; null before (and for media other than images). */
  url: string | null;
};

/** A product's copy fields and gallery. */
export type ShopifyProduct = {
  /** A GID, e.g. gid://shopify/Product/123. */
  id: string;
  title: string;
  descriptionHtml: string;
  tags: string[];
  seo: { title: string | null; description: string | null };
  /** In gallery order. */
  media: ShopifyMedia[];
};

/** What productUpdate answers: the product without its media. */
export type ShopifyProductCopy = Omit<ShopifyProduct, 'media'>;

/** updateProduct's input: the id and only the fields to change. */
export type ShopifyProductInput = {
  id: string;
  title?: string;
  descriptionHtml?: string;
  /** Replaces the whole list. */
  tags?: string[];
  seo?: { title: string; description: string };
};

/** The client shopifyClient returns. */
export type ShopifyClient = ReturnType<typeof shopifyClient>;

/** A numeric id or a GID in, the GID out. */
export const shopifyGid = (kind: 'Product' | 'MediaImage', id: string): string => {
  const trimmed = id.trim();
  if (trimmed.startsWith('gid://shopify/')) return trimmed;
  if (/^\d+$/.test(trimmed)) return `gid://shopify/${kind}/${trimmed}`;
  throw new TypeError(`Not a Shopify ${kind} id: ${JSON.stringify(id)}`);
};

const shopNamePattern = /^[a-z0-9][a-z0-9-]*$/;

/**
 * The GraphQL caller of one shop on the shared HTTP helper (token header, THROTTLED waits, errors
 * as ProviderErrors, the token redacted), for the product and order clients.
 */
export function shopifyGraphql(options: ShopifyClientOptions) {
  const {
    shop,
    accessToken,
    apiVersion = '2026-07',
    baseUrl: template = 'https://{shop}.myshopify.com',
    ...transport
  } = options;
  if (!shopNamePattern.test(shop)) throw new TypeError(`Not a Shopify shop name: ${JSON.stringify(shop)}`);
  const http = httpClient({
    ...transport,
    provider,
    baseUrl: template.replaceAll('{shop}', shop),
    headers: { 'X-Shopify-Access-Token': accessToken },
    readError: readShopifyError,
  });
  const sleep = transport.sleep ?? ((ms: number) => delay(ms));
  const caller = graphqlCaller({
    http,
    path: `/admin/api/${encodeURIComponent(apiVersion)}/graphql.json`,
    sleep,
    maxRetries: transport.maxRetries ?? 4,
    redact: redactor([accessToken]),
  });
  return { ...caller, sleep, transport };
}

/** A Shopify Admin GraphQL client for one shop, on the shared HTTP helper. */
export function shopifyClient(options: ShopifyClientOptions) {
  const { call, refuse, sleep, transport } = shopifyGraphql(options);

  async function getProduct(id: string): Promise<ShopifyProduct | null> {
    const variables: { id: string; after: string | null } = { id: shopifyGid('Product', id), after: null };
    const pages: ProductNode[] = [];
    do {
      const data = await call<{ product: ProductNode | null }>('product', documents.product, variables, true);
      if (!data.product) return null;
      pages.push(data.product);
      const { hasNextPage, endCursor } = data.product.media.pageInfo;
      variables.after = hasNextPage ? endCursor : null;
    } while (variables.after);
    const media = pages.flatMap((page) => page.media.nodes.map(mediaOf));
    return { ...copyOf(pages[0]!), media };
  }

  return {
    /** Cheap query: shop name and the granted scope handles. */
    async checkAccess(): Promise<{ name: string; scopes: string[] }> {
      const data = await call<{
        shop: { name: string };
        currentAppInstallation: { accessScopes: { handle: string }[] };
      }>('shop', documents.access, {}, true);
      return {
        name: data.shop.name,
        scopes: data.currentAppInstallation.accessScopes.map((scope) => scope.handle),
      };
    },

    /** By numeric id or GID; null when the product does not exist. Media in gallery order (every page). */
    getProduct,

    /** productUpdate with only the fields given; userErrors become a ProviderError (code 'USER_ERROR'). */
    async updateProduct(input: ShopifyProductInput): Promise<ShopifyProductCopy> {
      const product: Record<string, unknown> = { id: shopifyGid('Product', input.id) };
      for (const key of ['title', 'descriptionHtml', 'tags', 'seo'] as const) {
        if (input[key] !== undefined) product[key] = input[key];
      }
      const data = await call<{
        productUpdate: { product: ShopifyProductCopy | null; userErrors: UserError[] } | null;
      }>('productUpdate', documents.update, { product }, true);
      refuse('productUpdate', data.productUpdate?.userErrors);
      const updated = data.productUpdate?.product;
      if (!updated) throw refusal('Shopify answered productUpdate without the product');
      return copyOf(updated);
    },

    /** stagedUploadsCreate (IMAGE, PUT), then PUTs the bytes; returns the resourceUrl to add as media. */
    async stageUpload(file: { filename: string; mimeType: string; bytes: Buffer }): Promise<string> {
      const input = {
        filename: file.filename,
        mimeType: file.mimeType,
        resource: 'IMAGE',
        httpMethod: 'PUT',
        fileSize: String(file.bytes.length),
      };
      const data = await call<{
        stagedUploadsCreate: { stagedTargets: StagedTarget[] | null; userErrors: UserError[] } | null;
      }>('stagedUploadsCreate', documents.stage, { input: [input] }, true);
      refuse('stagedUploadsCreate', data.stagedUploadsCreate?.userErrors);
      const target = data.stagedUploadsCreate?.stagedTargets?.[0];
      if (!target?.url || !target.resourceUrl) {
        throw refusal('Shopify answered stagedUploadsCreate without a target');
      }
      await putStagedFile(transport, target.url, target.parameters, file);
      return target.resourceUrl;
    },

    /**
     * Appends images to the product (productUpdate with media) and returns the new media, still
     * UPLOADED or PROCESSING. Not retried after a 5xx or timeout: a repeat would add them twice.
     */
    async addMedia(
      productId: string,
      media: { originalSource: string; alt?: string }[],
    ): Promise<ShopifyMedia[]> {
      if (media.length === 0) return [];
      if (media.length > maxInputArray)
        throw new RangeError(`Shopify takes at most ${maxInputArray} media a call`);
      const variables = {
        product: { id: shopifyGid('Product', productId) },
        media: media.map(({ originalSource, alt }) => ({ originalSource, alt, mediaContentType: 'IMAGE' })),
        count: media.length,
      };
      const data = await call<{
        productUpdate: { product: { media: { nodes: MediaNode[] } } | null; userErrors: UserError[] } | null;
      }>('productUpdate', documents.addMedia, variables, false);
      refuse('productUpdate', data.productUpdate?.userErrors);
      const nodes = data.productUpdate?.product?.media.nodes;
      if (!nodes) throw refusal('Shopify answered productUpdate without the product');
      return nodes.map(mediaOf);
    },

    /**
     * Polls the product's media until every id is READY or FAILED and returns them; gives up
     * (retryable, code MEDIA_TIMEOUT) after `timeoutMs` of waits, 60 s by default.
     */
    async waitForMedia(
      productId: string,
      mediaIds: string[],
      wait: { timeoutMs?: number; intervalMs?: number } = {},
    ): Promise<ShopifyMedia[]> {
      const { timeoutMs = 60_000, intervalMs = 1_000 } = wait;
      const ids = mediaIds.map((id) => shopifyGid('MediaImage', id));
      const rounds = Math.max(1, Math.ceil(timeoutMs / Math.max(1, intervalMs)));
      for (let round = 0; ; round += 1) {
        const product = await getProduct(productId);
        if (!product) throw refusal(`Shopify has no product ${productId}`, 'NOT_FOUND');
        const found = ids.map((id) => product.media.find((media) => media.id === id));
        const gone = ids.filter((_, index) => !found[index]);
        if (gone.length > 0) {
          throw refusal(`Shopify's product ${productId} no longer has media ${gone.join(', ')}`, 'NOT_FOUND');
        }
        const media = found as ShopifyMedia[];
        const pending = media.filter((item) => item.status !== 'READY' && item.status !== 'FAILED');
        if (pending.length === 0) return media;
        if (round >= rounds) {
          const what = `Shopify was still processing media ${pending.map((item) => item.id).join(', ')} after ${Math.round(timeoutMs / 1000)} s`;
          throw new ProviderError(what, { provider, status: 200, code: 'MEDIA_TIMEOUT', retryable: true });
        }
        await sleep(intervalMs);
      }
    },

    /** Takes media off the product with fileUpdate referencesToRemove (the files stay in the store's Files). */
    async removeMedia(productId: string, mediaIds: string[]): Promise<void> {
      const product = shopifyGid('Product', productId);
      for (let start = 0; start < mediaIds.length; start += maxInputArray) {
        const files = mediaIds
          .slice(start, start + maxInputArray)
          .map((id) => ({ id: shopifyGid('MediaImage', id), referencesToRemove: [product] }));
        const data = await call<{ fileUpdate: { userErrors: UserError[] } | null }>(
          'fileUpdate',
          documents.removeMedia,
          { files },
          true,
        );
        refuse('fileUpdate', data.fileUpdate?.userErrors);
      }
    },

    /** Moves media to zero-based positions, applied in order (productReorderMedia); waits for its job. */
    async reorderMedia(productId: string, moves: { id: string; newPosition: number }[]): Promise<void> {
      if (moves.length === 0) return;
      if (moves.length > maxInputArray)
        throw new RangeError(`Shopify takes at most ${maxInputArray} moves a call`);
      const bad = moves.find((move) => !Number.isSafeInteger(move.newPosition) || move.newPosition < 0);
      if (bad) throw new RangeError(`Not a media position: ${bad.newPosition}`);
      const variables = {
        id: shopifyGid('Product', productId),
        moves: moves.map((move) => ({
          id: shopifyGid('MediaImage', move.id),
          newPosition: String(move.newPosition),
        })),
      };
      const data = await call<{
        productReorderMedia: { job: Job | null; mediaUserErrors: UserError[] } | null;
      }>('productReorderMedia', documents.reorder, variables, true);
      refuse('productReorderMedia', data.productReorderMedia?.mediaUserErrors);
      // Shopify reorders in a background job; the new order shows once it is done.
      let job = data.productReorderMedia?.job;
      for (let round = 0; job && !job.done; round += 1) {
        if (round >= 30) {
          const what = `Shopify's reorder job ${job.id} had not finished after ${round} checks`;
          throw new ProviderError(what, { provider, status: 200, code: 'JOB_TIMEOUT', retryable: true });
        }
        await sleep(500);
        job = (await call<{ job: Job | null }>('job', documents.job, { id: job.id }, true)).job;
      }
    },
  };
}
