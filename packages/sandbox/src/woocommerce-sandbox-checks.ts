/**
 * What the WooCommerce sandbox refuses, with the bodies WordPress and WooCommerce answer (docs:
 * providers/woocommerce.md "Errors"): `{code, message, data: {status, ...}}`, argument checks worded
 * as WordPress's REST schema validation words them, and the product body PodFlow writes.
 */

export type Json = Record<string, unknown>;
export type WooError = { status: number; body: { code: string; message: string; data: Json } };
export type Checked<T> = { ok: true; value: T } | { ok: false; error: WooError };

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The WordPress error body: `{code, message, data: {status, ...extra}}`. */
export const wooError = (status: number, code: string, message: string, extra: Json = {}): WooError => ({
  status,
  body: { code, message, data: { status, ...extra } },
});

export const noRoute = wooError(
  404,
  'rest_no_route',
  'No route was found matching the URL and request method.',
);
export const invalidProductId = wooError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
export const invalidTerm = wooError(404, 'woocommerce_rest_term_invalid', 'Resource does not exist.');
export const invalidJson = wooError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
export const badKey = wooError(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
export const badSecret = wooError(
  401,
  'woocommerce_rest_authentication_error',
  'Consumer secret is invalid.',
);

/** WordPress's answer to arguments that fail the route's schema: one sentence per parameter. */
export const invalidParams = (params: Record<string, string>): WooError =>
  wooError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, { params });

export const imageUploadError = (reason: string) =>
  wooError(400, 'woocommerce_product_image_upload_error', reason);
export const invalidImageId = (id: number) =>
  wooError(400, 'woocommerce_product_invalid_image_id', `#${id} is an invalid image ID.`);

const refuse = <T>(error: WooError): Checked<T> => ({ ok: false, error });

/** An integer as WordPress reads one: a JSON integer or a string of digits. */
export function asInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** A boolean as WordPress reads one: true/false, 'true'/'false', '1'/'0', 1/0. */
function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return undefined;
}

export const productTypes = ['simple', 'grouped', 'external', 'variable'];
export const productStatuses = ['draft', 'pending', 'private', 'publish', 'future'];
const visibilities = ['visible', 'catalog', 'search', 'hidden'];
const stockStatuses = ['instock', 'outofstock', 'onbackorder'];

export type ImageInput = { id: number; src?: string; name?: string; alt?: string };
export type MetaInput = { id?: number; key: string; value: unknown };

/** The product fields the sandbox stores; read-only ones in a body (id, permalink, dates) are ignored. */
export type ProductInput = {
  name?: string;
  slug?: string;
  type?: string;
  status?: string;
  featured?: boolean;
  catalog_visibility?: string;
  description?: string;
  short_description?: string;
  sku?: string;
  regular_price?: string;
  sale_price?: string;
  manage_stock?: boolean;
  stock_quantity?: number | null;
  stock_status?: string;
  /** Term ids; an entry without an id (a tag by name only) is dropped, as core does. */
  categories?: number[];
  tags?: number[];
  images?: ImageInput[];
  meta_data?: MetaInput[];
};

const stringFields = [
  'name',
  'slug',
  'description',
  'short_description',
  'sku',
  'regular_price',
  'sale_price',
];
const enumFields: Record<string, string[]> = {
  type: productTypes,
  status: productStatuses,
  catalog_visibility: visibilities,
  stock_status: stockStatuses,
};

/** A product body checked against the products schema; every failing parameter is named. */
export function checkProduct(body: unknown): Checked<ProductInput> {
  // Valid JSON that is not an object (a list, a string) gives WordPress no parameters at all.
  const input = isObject(body) ? body : {};
  const params: Record<string, string> = {};
  const value: ProductInput = {};
  const out = value as Record<string, unknown>;
  for (const field of stringFields) {
    if (input[field] === undefined) continue;
    if (typeof input[field] === 'string') out[field] = input[field];
    else params[field] = `${field} is not of type string.`;
  }
  for (const [field, choices] of Object.entries(enumFields)) {
    if (input[field] === undefined) continue;
    if (typeof input[field] === 'string' && choices.includes(input[field])) out[field] = input[field];
    else params[field] = `${field} is not one of ${choices.join(', ')}.`;
  }
  for (const field of ['featured', 'manage_stock']) {
    if (input[field] === undefined) continue;
    const flag = asBoolean(input[field]);
    if (flag === undefined) params[field] = `${field} is not of type boolean.`;
    else out[field] = flag;
  }
  if (input.stock_quantity !== undefined) {
    const quantity = input.stock_quantity === null ? null : asInteger(input.stock_quantity);
    if (quantity === undefined) params.stock_quantity = 'stock_quantity is not of type integer,null.';
    else value.stock_quantity = quantity;
  }
  for (const field of ['categories', 'tags'] as const) {
    if (input[field] === undefined) continue;
    const ids = termIds(field, input[field]);
    if (typeof ids === 'string') params[field] = ids;
    else value[field] = ids;
  }
  if (input.images !== undefined) {
    const images = imagesOf(input.images);
    if (typeof images === 'string') params.images = images;
    else value.images = images;
  }
  if (input.meta_data !== undefined) {
    const meta = metaOf(input.meta_data);
    if (typeof meta === 'string') params.meta_data = meta;
    else value.meta_data = meta;
  }
  return Object.keys(params).length > 0 ? refuse(invalidParams(params)) : { ok: true, value };
}

/** `[{id}]` to ids; entries without an id are dropped (core ignores a term given by name only). */
function termIds(field: string, list: unknown): number[] | string {
  if (!Array.isArray(list)) return `${field} is not of type array.`;
  const ids: number[] = [];
  for (const [index, item] of list.entries()) {
    if (!isObject(item)) return `${field}[${index}] is not of type object.`;
    if (item.id === undefined) continue;
    const id = asInteger(item.id);
    if (id === undefined) return `${field}[${index}][id] is not of type integer.`;
    if (id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

function imagesOf(list: unknown): ImageInput[] | string {
  if (!Array.isArray(list)) return 'images is not of type array.';
  const images: ImageInput[] = [];
  for (const [index, item] of list.entries()) {
    const at = `images[${index}]`;
    if (!isObject(item)) return `${at} is not of type object.`;
    const id = item.id === undefined ? 0 : asInteger(item.id);
    if (id === undefined) return `${at}[id] is not of type integer.`;
    const image: ImageInput = { id: Math.max(0, id) };
    for (const field of ['src', 'name', 'alt'] as const) {
      if (item[field] === undefined) continue;
      if (typeof item[field] !== 'string') return `${at}[${field}] is not of type string.`;
      image[field] = item[field];
    }
    if (image.src !== undefined && image.src !== '' && !URL.canParse(image.src)) {
      return `${at}[src] is not a valid URL.`;
    }
    images.push(image);
  }
  return images;
}

function metaOf(list: unknown): MetaInput[] | string {
  if (!Array.isArray(list)) return 'meta_data is not of type array.';
  const meta: MetaInput[] = [];
  for (const [index, item] of list.entries()) {
    if (!isObject(item)) return `meta_data[${index}] is not of type object.`;
    if (typeof item.key !== 'string') return `meta_data[${index}][key] is not of type string.`;
    const id = item.id === undefined ? undefined : asInteger(item.id);
    meta.push({ ...(id !== undefined && id > 0 && { id }), key: item.key, value: item.value ?? null });
  }
  return meta;
}

export type ListQuery = {
  page: number;
  perPage: number;
  include: number[] | undefined;
  search: string | undefined;
  orderby: string;
  order: 'asc' | 'desc';
  status: string;
  /**
   * One slug as sent (wc/v3's `slug` is a string: "a,b" is one slug, sanitized to "ab", so a
   * list finds nothing). Undefined: no filter.
   */
  slug: string | undefined;
};

/** A query parameter as a list: `a,b`, repeated keys, or PHP's `key[]=a&key[]=b`. */
function listParam(query: Json, key: string): string[] | undefined {
  const raw = query[key] ?? query[`${key}[]`];
  if (raw === undefined) return undefined;
  const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  return values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function oneParam(query: Json, key: string): string | undefined {
  const raw = query[key];
  return Array.isArray(raw) ? String(raw.at(-1)) : raw === undefined ? undefined : String(raw);
}

/** The collection parameters of /products and /products/tags (page, per_page, include, search, order). */
export function checkListQuery(
  query: Json,
  defaults: { orderby: string; order: 'asc' | 'desc'; orderbys: string[]; statuses?: string[] },
): Checked<ListQuery> {
  const params: Record<string, string> = {};
  const integer = (key: string, fallback: number, max?: number): number => {
    const raw = oneParam(query, key);
    if (raw === undefined) return fallback;
    const value = asInteger(raw);
    if (value === undefined) params[key] = `${key} is not of type integer.`;
    else if (max !== undefined && (value < 1 || value > max)) {
      params[key] = `${key} must be between 1 (inclusive) and ${max} (inclusive)`;
    } else if (value < 1) params[key] = `${key} must be greater than or equal to 1`;
    return value ?? fallback;
  };
  const choice = (key: string, choices: string[], fallback: string): string => {
    const raw = oneParam(query, key);
    if (raw === undefined) return fallback;
    if (!choices.includes(raw)) params[key] = `${key} is not one of ${choices.join(', ')}.`;
    return raw;
  };
  const page = integer('page', 1);
  const perPage = integer('per_page', 10, 100);
  // An empty include is no filter at all, as WordPress reads it.
  const includeRaw = listParam(query, 'include')?.filter(Boolean);
  const include = includeRaw?.map((id) => asInteger(id) ?? Number.NaN);
  const badAt = include?.findIndex((id) => Number.isNaN(id)) ?? -1;
  if (badAt >= 0) params.include = `include[${badAt}] is not of type integer.`;
  const orderby = choice('orderby', defaults.orderbys, defaults.orderby);
  const order = choice('order', ['asc', 'desc'], defaults.order) as 'asc' | 'desc';
  const status = defaults.statuses ? choice('status', defaults.statuses, 'any') : 'any';
  const search = oneParam(query, 'search');
  if (query['slug[]'] !== undefined) params.slug = 'slug is not of type string.';
  if (Object.keys(params).length > 0) return refuse(invalidParams(params));
  const slug = oneParam(query, 'slug');
  return {
    ok: true,
    value: {
      page,
      perPage,
      include: include?.length ? include : undefined,
      search: search || undefined,
      orderby,
      order,
      status,
      slug: slug || undefined,
    },
  };
}

export type BatchInput = { create: unknown[]; update: unknown[]; delete: unknown[] };

/** The batch body: three optional arrays; items are checked one by one later. */
export function checkBatch(body: unknown): Checked<BatchInput> {
  const input = isObject(body) ? body : {};
  const params: Record<string, string> = {};
  const lists = { create: [] as unknown[], update: [] as unknown[], delete: [] as unknown[] };
  for (const key of ['create', 'update', 'delete'] as const) {
    if (input[key] === undefined) continue;
    if (Array.isArray(input[key])) lists[key] = input[key];
    else params[key] = `${key} is not of type array.`;
  }
  return Object.keys(params).length > 0 ? refuse(invalidParams(params)) : { ok: true, value: lists };
}
