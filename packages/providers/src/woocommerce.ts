import { AsyncLocalStorage } from 'node:async_hooks';
import { type TransportOptions, ProviderError, httpClient } from './http.ts';
import { errorDetailReader, redactor } from './provider-error.ts';
import { type WooAuthOptions, wooAuthFetch } from './woocommerce-auth.ts';

/**
 * A WooCommerce store's REST API v3 (docs: providers/woocommerce.md): the product, batch and tag
 * calls PodFlow makes to keep a seller's products in line with their designs. The store is at an
 * address the seller gave, so the server passes an SSRF-safe `fetch` in.
 */

export type WooImage = { id: number; src: string; name: string; alt: string };

export type WooTag = { id: number; name: string; slug: string };

export type WooMeta = { id?: number; key: string; value: unknown };

export type WooProduct = {
  id: number;
  name: string;
  slug: string;
  /** The product page; for a draft, a ?post_type=product&p= link. */
  permalink: string;
  /** Site time, ISO without a zone. */
  date_created: string;
  date_modified: string;
  /** simple, grouped, external or variable. */
  type: string;
  /** draft, pending, private, publish, future or trash. */
  status: string;
  /** HTML. */
  description: string;
  short_description: string;
  sku: string;
  /** Money as strings ("21.99"); "" when not set. */
  price: string;
  regular_price: string;
  sale_price: string;
  categories: WooTag[];
  /** Names as WordPress stores them: `&` comes back as `&amp;`. */
  tags: WooTag[];
  /** The first is the featured image, the rest the gallery. */
  images: WooImage[];
  meta_data: WooMeta[];
};

/** A new image by URL (the store downloads it into its media library) or an attachment to reuse. */
export type WooImageInput = { id: number } | { src: string; alt?: string; name?: string };

/** A create body (all of it) or an update (any part of it). */
export type WooProductInput = {
  name?: string;
  slug?: string;
  type?: 'simple' | 'grouped' | 'external' | 'variable';
  status?: 'draft' | 'pending' | 'private' | 'publish';
  description?: string;
  short_description?: string;
  sku?: string;
  regular_price?: string;
  sale_price?: string;
  categories?: { id: number }[];
  /** By id only: WooCommerce ignores a tag given by name (see ensureTags). */
  tags?: { id: number }[];
  /** Replaces the whole set; [] removes every image. */
  images?: WooImageInput[];
  /** Entries by key are added or replaced; a null value deletes one. */
  meta_data?: WooMeta[];
};

/** One item's result in a batch: the product, or why the store refused that item. */
export type WooBatchItem =
  WooProduct | { id: number; error: { code: string; message: string; status: number } };

export type WooClientOptions = TransportOptions &
  WooAuthOptions & {
    /**
     * The store's URL as the seller gave it (https://shop.example.com or with a sub-path); the
     * client appends /wp-json/wc/v3. Its scheme picks the authentication (see woocommerce-auth.ts).
     */
    storeUrl: string;
  };

export type WooClient = ReturnType<typeof wooClient>;

/** WordPress's error body: `{code, message, data}`; the sentence first, else the code. */
export const readWooError = errorDetailReader(['message', 'code']);

/** wc/v3's batch limit (woocommerce_rest_batch_items_limit) and WordPress's largest page. */
const maxBatchItems = 100;
const maxPerPage = 100;

/**
 * The API base for a store URL: http(s) only, no user or password in it, query and fragment
 * dropped, a trailing slash or a pasted /wp-json(/wc/v3) suffix tolerated. Throws a TypeError.
 */
export function wooApiBase(storeUrl: string): string {
  let url: URL;
  try {
    url = new URL(storeUrl.trim());
  } catch {
    throw new TypeError('The WooCommerce store URL is not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('The WooCommerce store URL must start with https:// or http://.');
  }
  if (url.username || url.password) {
    throw new TypeError('The WooCommerce store URL must not hold a user name or password.');
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/wp-json(\/wc\/v\d+)?$/, '');
  return `${url.origin}${path}/wp-json/wc/v3`;
}

/**
 * The slug WordPress's sanitize_title gives a name, to look tags up by; a miss only costs a create
 * call that answers term_exists.
 */
export function tagSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[a-z0-9#]+;/g, '')
    .replace(/\P{ASCII}/gu, (char) => encodeURIComponent(char).toLowerCase())
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A tag name compared as WordPress matches names: entities decoded, spaces collapsed, any case. */
const nameKey = (name: string) =>
  name
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** What the fetch under the helper saw of the last attempt: headers, and an error's body. */
export type Exchange = { headers?: Headers; errorBody?: Promise<string> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * A store's REST transport on the shared HTTP helper, authenticating as the store's scheme
 * requires: Basic (or query-string keys) over https, OAuth 1.0a signatures over plain http. The
 * product and order clients are built on it.
 */
export function wooTransport(options: WooClientOptions) {
  const { storeUrl, consumerKey, consumerSecret, queryStringAuth, now, nonce, ...rest } = options;
  const { fetch: injectedFetch, ...transport } = rest;
  const baseUrl = wooApiBase(storeUrl);
  const auth = wooAuthFetch(injectedFetch ?? fetch, baseUrl, {
    consumerKey,
    consumerSecret,
    queryStringAuth,
    now,
    nonce,
  });
  const baseFetch = auth.fetch;
  // The helper answers bodies only; list totals are in headers and term_exists's resource_id is in
  // an error body, so the fetch under it notes them for the call running in this async context.
  const exchanges = new AsyncLocalStorage<Exchange>();
  const observedFetch: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init);
    const exchange = exchanges.getStore();
    if (exchange) {
      exchange.headers = response.headers;
      exchange.errorBody = response.ok
        ? undefined
        : response
            .clone()
            .text()
            .catch(() => '');
    }
    return response;
  };
  const http = httpClient({
    ...transport,
    fetch: observedFetch,
    provider: 'WooCommerce',
    baseUrl,
    headers: {},
    secretValues: [consumerKey, consumerSecret, auth.basic],
    readError: readWooError,
  });
  const redact = redactor([consumerKey, consumerSecret, auth.basic]);

  /** Runs one helper call, answering what its fetch saw as well. */
  async function observed<T>(call: () => Promise<T>): Promise<{ body: T; exchange: Exchange }> {
    const exchange: Exchange = {};
    return { body: await exchanges.run(exchange, call), exchange };
  }

  function notAList(method: string, path: string): ProviderError {
    const message = `WooCommerce answered ${method} ${new URL(baseUrl + path).pathname} with something that is not a list`;
    return new ProviderError(message, { provider: 'WooCommerce', status: 200, retryable: false });
  }

  /** A number header of the last exchange (X-WP-Total, X-WP-TotalPages), NaN when absent. */
  const numberHeader = (exchange: Exchange, name: string) =>
    Number(exchange.headers?.get(name) ?? Number.NaN);

  return { http, auth, redact, exchanges, observed, notAList, numberHeader };
}

/**
 * A WooCommerce client on the shared HTTP helper, authenticating as the store's scheme requires:
 * Basic (or query-string keys) over https, OAuth 1.0a signatures over plain http.
 */
export function wooClient(options: WooClientOptions) {
  const { http, auth, redact, exchanges, observed, notAList, numberHeader } = wooTransport(options);

  async function listProducts(
    query: { include?: number[]; page?: number; perPage?: number } = {},
  ): Promise<{ products: WooProduct[]; total: number; totalPages: number }> {
    // An empty include is no filter at all to WordPress: it would list every product.
    if (query.include && query.include.length === 0) return { products: [], total: 0, totalPages: 0 };
    const { body, exchange } = await observed(() =>
      http.request<unknown>('GET', '/products', {
        query: { include: query.include?.join(','), page: query.page, per_page: query.perPage },
      }),
    );
    if (!Array.isArray(body)) throw notAList('GET', '/products');
    const products = body as WooProduct[];
    const header = (name: string) => numberHeader(exchange, name);
    const total = Number.isFinite(header('x-wp-total')) ? header('x-wp-total') : products.length;
    const pages = header('x-wp-totalpages');
    return { products, total, totalPages: Number.isFinite(pages) ? pages : products.length > 0 ? 1 : 0 };
  }

  /** The batch answer's item, its error flattened to { code, message, status }. */
  function batchItem(raw: unknown, sentId: number): WooBatchItem {
    if (!isRecord(raw)) return missingItem(sentId);
    if (!isRecord(raw.error)) return raw as WooProduct;
    const { code, message, data } = raw.error;
    const id = Number(raw.id);
    return {
      id: Number.isFinite(id) ? id : sentId,
      error: {
        code: String(code ?? ''),
        message: redact(String(message ?? '')),
        status: Number(isRecord(data) ? data.status : raw.error.status) || 0,
      },
    };
  }

  const missingItem = (id: number): WooBatchItem => ({
    id,
    error: { code: 'podflow_no_result', message: 'WooCommerce did not answer for this item.', status: 0 },
  });

  /** Creates a tag; a name that exists answers term_exists, whose resource_id is the tag wanted. */
  async function createTag(name: string): Promise<number> {
    const exchange: Exchange = {};
    try {
      const tag = await exchanges.run(exchange, () =>
        // A repeat cannot make a second tag (it answers term_exists), so a 5xx may be retried.
        http.request<WooTag>('POST', '/products/tags', { body: { name }, idempotent: true }),
      );
      return tag.id;
    } catch (error) {
      if (!(error instanceof ProviderError) || error.code !== 'term_exists') throw error;
      let body: unknown;
      try {
        body = JSON.parse((await exchange.errorBody) ?? '');
      } catch {
        throw error;
      }
      const id = isRecord(body) && isRecord(body.data) ? Number(body.data.resource_id) : Number.NaN;
      if (!Number.isInteger(id) || id <= 0) throw error;
      return id;
    }
  }

  return {
    /**
     * How the keys go now: 'oauth1' (http), 'basic' or 'query-string' (https; the latter once a
     * 401 showed the host strips the Authorization header), for the caller to remember.
     */
    authMethod: auth.method,

    /** A cheap read that proves the keys: GET /products?per_page=1. */
    async checkAccess(): Promise<void> {
      const body = await http.request<unknown>('GET', '/products', { query: { per_page: 1 } });
      if (!Array.isArray(body)) throw notAList('GET', '/products');
    },

    getProduct: (id: number) => http.request<WooProduct>('GET', `/products/${encodeURIComponent(id)}`),

    /** One page of products (trashed ones left out), with X-WP-Total and X-WP-TotalPages. */
    listProducts,

    /** Reads many products by id: include= in pages of 100. Ids with no product (or trashed) are absent. */
    async productsById(ids: number[]): Promise<Map<number, WooProduct>> {
      const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
      const found = new Map<number, WooProduct>();
      for (const include of chunks(wanted, maxPerPage)) {
        const { products } = await listProducts({ include, perPage: maxPerPage });
        for (const product of products) found.set(product.id, product);
      }
      return found;
    },

    /** Creates a product. Not retried after a 5xx or timeout: a repeat would make a duplicate. */
    createProduct: (input: WooProductInput) => http.request<WooProduct>('POST', '/products', { body: input }),

    /** Updates part of a product (PUT: safe to repeat). `images`, when sent, replaces the set. */
    updateProduct: (id: number, patch: WooProductInput) =>
      http.request<WooProduct>('PUT', `/products/${encodeURIComponent(id)}`, { body: patch }),

    /**
     * POST /products/batch, split into requests of at most 100 items; results concatenated in request
     * order, per-item errors as { id, error: { code, message, status } }. A request holding creates
     * or deletes is not retried after a 5xx; one of updates only is. If a later request fails, the
     * earlier ones have been applied.
     */
    async batchProducts(batch: {
      create?: WooProductInput[];
      update?: (WooProductInput & { id: number })[];
      delete?: number[];
    }): Promise<{ create: WooBatchItem[]; update: WooBatchItem[]; delete: WooBatchItem[] }> {
      type Kind = 'create' | 'update' | 'delete';
      const items: { kind: Kind; body: unknown; id: number }[] = [
        ...(batch.create ?? []).map((body) => ({ kind: 'create' as const, body, id: 0 })),
        ...(batch.update ?? []).map((body) => ({ kind: 'update' as const, body, id: body.id })),
        ...(batch.delete ?? []).map((id) => ({ kind: 'delete' as const, body: id, id })),
      ];
      const results: Record<Kind, WooBatchItem[]> = { create: [], update: [], delete: [] };
      for (const chunk of chunks(items, maxBatchItems)) {
        const body: Partial<Record<Kind, unknown[]>> = {};
        for (const item of chunk) (body[item.kind] ??= []).push(item.body);
        const answer = await http.request<unknown>('POST', '/products/batch', {
          body,
          idempotent: chunk.every((item) => item.kind === 'update'),
        });
        for (const kind of ['create', 'update', 'delete'] as const) {
          const sent = chunk.filter((item) => item.kind === kind);
          const got = isRecord(answer) && Array.isArray(answer[kind]) ? answer[kind] : [];
          // One entry per item sent, so a short answer cannot shift the next request's results.
          results[kind].push(...sent.map((item, at) => batchItem(got[at], item.id)));
        }
      }
      return results;
    },

    /**
     * Tag ids for names: finds existing ones (by slug, one slug a request: wc/v3 reads `slug` as a
     * single slug, so "a,b" would find nothing; then any-case name), creates the missing ones
     * after; term_exists (a tag made meanwhile, or a slug that differs) → its resource_id. The map
     * is keyed by each name as given; blank names are left out.
     */
    async ensureTags(names: string[]): Promise<Map<string, number>> {
      const wanted = new Map<string, string>();
      for (const name of names) {
        const trimmed = name.replace(/\s+/g, ' ').trim();
        if (trimmed && !wanted.has(nameKey(trimmed))) wanted.set(nameKey(trimmed), trimmed);
      }
      const ids = new Map<string, number>();
      const slugs = [...new Set([...wanted.values()].map(tagSlug).filter(Boolean))];
      for (const slug of slugs) {
        const query = { slug, hide_empty: 'false' };
        const tags = await http.request<unknown>('GET', '/products/tags', { query });
        if (!Array.isArray(tags)) throw notAList('GET', '/products/tags');
        for (const tag of tags as WooTag[]) {
          const key = nameKey(String(tag.name));
          if (wanted.has(key) && !ids.has(key)) ids.set(key, tag.id);
        }
      }
      for (const [key, name] of wanted) if (!ids.has(key)) ids.set(key, await createTag(name));
      const answer = new Map<string, number>();
      for (const name of names) {
        const id = ids.get(nameKey(name.replace(/\s+/g, ' ').trim()));
        if (id !== undefined) answer.set(name, id);
      }
      return answer;
    },
  };
}
