import { type HttpClient, type TransportOptions, httpClient } from './http.ts';
import { createOnce, madeSince } from './create-once.ts';
import { readPrintifyError } from './provider-error.ts';
import { limiterFor } from './rate-limiter.ts';
import { isLocalHostname, isPublicAddress } from './safe-fetch-address.ts';

/**
 * Printify's public API v1 (docs: providers/printify.md): the calls PodFlow makes to clone a
 * template product per design and publish it.
 */

export type PrintifyShop = {
  id: number;
  title: string;
  /** 'etsy', 'shopify', 'custom_integration', 'disconnected', ... */
  sales_channel: string;
};

export type PrintifyVariant = {
  id: number;
  sku?: string;
  cost?: number;
  /** Minor units of the sales channel's currency (2999 = 29.99). */
  price: number;
  title?: string;
  grams?: number;
  is_enabled: boolean;
  is_default?: boolean;
  is_available?: boolean;
  options?: number[];
};

/** An image placed in a placeholder: `x`, `y` the normalised centre, `scale` 1 = placeholder width. */
export type PrintifyPlacedImage = {
  id: string;
  x: number;
  y: number;
  scale: number;
  angle: number;
  name?: string;
  type?: string;
  height?: number;
  width?: number;
};

export type PrintifyPlaceholder = { position: string; images: PrintifyPlacedImage[] };

export type PrintifyPrintArea = {
  variant_ids: number[];
  placeholders: PrintifyPlaceholder[];
  background?: string;
};

export type PrintifyPrintDetails = { print_on_side?: 'regular' | 'mirror' | 'off' };

/** A mockup Printify renders (read-only). */
export type PrintifyMockup = {
  src: string;
  variant_ids: number[];
  position: string;
  is_default: boolean;
  is_selected_for_publishing?: boolean;
};

/** Where the product was published; absent until publishing succeeds. */
export type PrintifyExternal = { id: string; handle: string; [key: string]: unknown };

export type PrintifyProduct = {
  /** 24 hexadecimal characters. */
  id: string;
  title: string;
  description: string;
  tags: string[];
  options?: unknown[];
  /** The whole variant matrix of the blueprint and print provider; unused ones are not enabled. */
  variants: PrintifyVariant[];
  images: PrintifyMockup[];
  created_at?: string;
  updated_at?: string;
  visible?: boolean;
  /** True while publishing is in progress: the product cannot be edited then. */
  is_locked: boolean;
  blueprint_id: number;
  print_provider_id: number;
  user_id?: number;
  shop_id?: number;
  print_areas: PrintifyPrintArea[];
  print_details?: PrintifyPrintDetails | unknown[];
  external?: PrintifyExternal;
  sales_channel_properties?: unknown[];
};

/** The body of create (all of it) and update (any part of it). */
export type PrintifyProductInput = {
  title: string;
  description: string;
  tags?: string[];
  blueprint_id: number;
  print_provider_id: number;
  variants: { id: number; price: number; is_enabled?: boolean }[];
  print_areas: {
    variant_ids: number[];
    placeholders: {
      position: string;
      images: { id: string; x: number; y: number; scale: number; angle: number }[];
    }[];
  }[];
  visible?: boolean;
  print_details?: PrintifyPrintDetails;
};

export type PrintifyUpload = {
  /** Content-addressed: the same bytes give the same id. */
  id: string;
  file_name: string;
  height: number;
  width: number;
  size: number;
  mime_type: string;
  preview_url: string;
  upload_time: string;
};

export type PrintifyUploadInput =
  | { fileName: string; url: string }
  /** Base64 without a `data:` prefix, of a file of at most `printifyBase64MaxBytes`; larger ones go by URL. */
  | { fileName: string; contents: string };

/** The largest file Printify takes as base64 `contents` (printify.md: "base64 practical limit ~5 MB"). */
export const printifyBase64MaxBytes = 5 * 1024 * 1024;

export type PrintifyPublishField =
  'title' | 'description' | 'images' | 'variants' | 'tags' | 'keyFeatures' | 'shipping_template';

export type PrintifyClientOptions = TransportOptions & {
  apiKey: string;
  baseUrl?: string;
  /**
   * The Printify account behind the key (`printifyAccountOf` its shops): Printify's limits are per
   * account, so every client of one account shares them. Without it the key stands for the account.
   */
  account?: string;
};

export type PrintifyClient = ReturnType<typeof printifyClient>;

const publishFields: PrintifyPublishField[] = [
  'title',
  'description',
  'images',
  'variants',
  'tags',
  'keyFeatures',
  'shipping_template',
];

/**
 * The account a key belongs to, as far as Printify shows it: GET /v1/shops.json names no owner,
 * but every token of an account reaches all of its shops, so the set of shop ids stands for the
 * account. Undefined when the key reaches no shop (the key then stands for itself).
 */
export function printifyAccountOf(shops: Pick<PrintifyShop, 'id'>[]): string | undefined {
  if (shops.length === 0) return undefined;
  return `shops ${[...new Set(shops.map((shop) => shop.id))].sort((a, b) => a - b).join(',')}`;
}

/**
 * Whether Printify can fetch files under `publicUrl`: it must be set, and name a host on the
 * internet (not localhost, a single-label or .local/.internal name, or a private, loopback or
 * reserved address) unless Printify's base URL is itself such a local host (a sandbox here).
 */
export function printifyCanFetch(publicUrl: string | undefined, printifyBaseUrl: string): boolean {
  if (!publicUrl) return false;
  const local = (url: string) => {
    let host: string;
    try {
      host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return true;
    }
    if (/^[\d.]+$/.test(host) || host.includes(':')) return !isPublicAddress(host);
    const name = host.toLowerCase().replace(/\.$/, '');
    return isLocalHostname(name) || !name.includes('.') || /\.(local|internal|lan|home\.arpa)$/.test(name);
  };
  return !local(publicUrl) || local(printifyBaseUrl);
}

/**
 * The HTTP helper every Printify client of one account shares: bearer auth, Printify's error
 * bodies and the account's 600 requests a minute (one limiter per account in this process, so
 * listing runs and order syncs of the account share it). `owner` names the account for more limits.
 */
export function printifyHttp(options: PrintifyClientOptions): { http: HttpClient; owner: string } {
  const { apiKey, baseUrl = 'https://api.printify.com', account, ...transport } = options;
  const owner = account === undefined ? `key ${apiKey}` : `account ${account}`;
  const http = httpClient({
    ...transport,
    provider: 'Printify',
    baseUrl,
    headers: { Authorization: `Bearer ${apiKey}` },
    secretValues: [apiKey],
    readError: readPrintifyError,
    limiters: [limiterFor(`printify requests ${owner}`, 600, 60_000)],
  });
  return { http, owner };
}

/** A Printify client on the shared HTTP helper, within the account's 600/min and 200 publishes/30 min. */
export function printifyClient(options: PrintifyClientOptions) {
  const { http, owner } = printifyHttp(options);
  const publishLimiter = limiterFor(`printify publish ${owner}`, 200, 30 * 60_000);
  const product = (shopId: number | string, productId: string) =>
    `/v1/shops/${pathSegment(shopId)}/products/${pathSegment(productId)}`;

  return {
    /** The shops this token reaches. */
    listShops: () => http.request<PrintifyShop[]>('GET', '/v1/shops.json'),

    getProduct: (shopId: number | string, productId: string) =>
      http.request<PrintifyProduct>('GET', `${product(shopId, productId)}.json`),

    /** A page of the shop's products (`limit` at most 50). */
    listProducts: (shopId: number | string, page: { page?: number; limit?: number } = {}) =>
      http.request<{ data: PrintifyProduct[]; current_page: number; last_page: number }>(
        'GET',
        `/v1/shops/${pathSegment(shopId)}/products.json`,
        { query: { page: page.page ?? 1, limit: page.limit ?? 50 } },
      ),

    /** Uploads a design by public URL (Printify fetches it) or as base64. Safe to repeat. */
    uploadImage(input: PrintifyUploadInput): Promise<PrintifyUpload> {
      const body =
        'url' in input
          ? { file_name: input.fileName, url: input.url }
          : { file_name: input.fileName, contents: input.contents };
      return http.request<PrintifyUpload>('POST', '/v1/uploads/images.json', { body, idempotent: true });
    },

    /** Creates a product. Not retried after a 5xx or timeout: a repeat would make a duplicate. */
    createProduct: (shopId: number | string, body: PrintifyProductInput) =>
      http.request<PrintifyProduct>('POST', `/v1/shops/${pathSegment(shopId)}/products.json`, { body }),

    /** Updates part of a product; print_areas, when sent, must cover all of its variants. */
    updateProduct: (shopId: number | string, productId: string, body: Partial<PrintifyProductInput>) =>
      http.request<PrintifyProduct>('PUT', `${product(shopId, productId)}.json`, { body }),

    /** Starts publishing to the shop's sales channel, pushing every field unless told otherwise. */
    async publishProduct(
      shopId: number | string,
      productId: string,
      fields: Partial<Record<PrintifyPublishField, boolean>> = {},
    ): Promise<void> {
      const body = { ...Object.fromEntries(publishFields.map((field) => [field, true])), ...fields };
      await http.request<unknown>('POST', `${product(shopId, productId)}/publish.json`, {
        body,
        limiters: [publishLimiter],
        idempotent: true,
      });
    },
  };
}

/**
 * The body that clones `template` for a new design: same blueprint, print provider and print
 * details, the enabled variants at their prices, every placeholder image swapped for the design's
 * upload at the template's position, scale and angle, and the design's texts. Print areas keep the
 * template's variant ids, which cover all of its variants as an update requires.
 */
export function cloneProductInput(
  template: PrintifyProduct,
  design: { uploadId: string; title: string; description: string; tags: string[] },
): PrintifyProductInput {
  const input: PrintifyProductInput = {
    title: design.title,
    description: design.description,
    tags: [...design.tags],
    blueprint_id: template.blueprint_id,
    print_provider_id: template.print_provider_id,
    variants: template.variants
      .filter((variant) => variant.is_enabled)
      .map((variant) => ({ id: variant.id, price: variant.price, is_enabled: true })),
    print_areas: template.print_areas.map((area) => ({
      variant_ids: [...area.variant_ids],
      placeholders: area.placeholders.map((placeholder) => ({
        position: placeholder.position,
        images: placeholder.images.map(({ x, y, scale, angle }) => ({
          id: design.uploadId,
          x,
          y,
          scale,
          angle,
        })),
      })),
    })),
  };
  const details = template.print_details;
  if (details && !Array.isArray(details) && details.print_on_side) {
    input.print_details = { print_on_side: details.print_on_side };
  }
  return input;
}

/** The upload a product body places (every placeholder of a cloned body shows the same one). */
export function printifyUploadOf(body: Pick<PrintifyProductInput, 'print_areas'>): string | undefined {
  return body.print_areas[0]?.placeholders[0]?.images[0]?.id;
}

/** Whether a product shows the upload in one of its print areas (Printify keeps the upload ids there). */
export function printifyProductShows(
  product: Pick<PrintifyProduct, 'print_areas'>,
  uploadId: string,
): boolean {
  return (product.print_areas ?? []).some((area) =>
    area.placeholders.some((placeholder) => placeholder.images.some((image) => image.id === uploadId)),
  );
}

/** What a create leaves on the product it makes, to know it again: the upload it shows and its title. */
export type PrintifyCreateMarks = { uploadId: string; title: string };

/** The marks of a create body (undefined when it places no upload: Printify refuses it). */
export function printifyMarksOf(body: PrintifyProductInput): PrintifyCreateMarks | undefined {
  const uploadId = printifyUploadOf(body);
  return uploadId === undefined ? undefined : { uploadId, title: body.title };
}

/**
 * The shop's products made since `since` (our clock, less the skew allowed) that show the upload
 * under the title, oldest first: the newest-first list is read 50 at a time until it reaches older
 * products. Uploads are content-addressed, so the upload alone does not tell two designs of the
 * same file apart, nor the title alone a product the seller named alike.
 */
export function printifyProductsMade(
  client: PrintifyClient,
  shopId: number | string,
  made: PrintifyCreateMarks & { since: number },
): Promise<PrintifyProduct[]> {
  return madeSince(
    async (index) => {
      const page = await client.listProducts(shopId, { page: index + 1, limit: 50 });
      return { items: page.data, last: page.current_page >= page.last_page };
    },
    (product) => product.created_at,
    made.since,
    (product) => product.title === made.title && printifyProductShows(product, made.uploadId),
  );
}

/**
 * Creates a product once (createOnce): when the answer is lost, the first product made since the
 * create was sent that shows the body's upload under its title is the answer.
 */
export function createPrintifyProductOnce(
  client: PrintifyClient,
  shopId: number | string,
  body: PrintifyProductInput,
  now: () => number = Date.now,
): Promise<PrintifyProduct> {
  return createOnce(
    () => client.createProduct(shopId, body),
    async (sentAt) => {
      const marks = printifyMarksOf(body);
      if (marks === undefined) return undefined;
      return (await printifyProductsMade(client, shopId, { ...marks, since: sentAt }))[0];
    },
    now,
  );
}

/** An id as one path segment. */
export function pathSegment(id: number | string): string {
  return encodeURIComponent(String(id));
}
