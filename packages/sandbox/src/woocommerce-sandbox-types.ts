import type { ListQuery } from './woocommerce-sandbox-checks.ts';

/**
 * The objects the WooCommerce sandbox's API shows (as wc/v3 does: money as strings, dates ISO
 * without a zone, empty fields ""), and the small helpers its parts share.
 */

export type WooImage = {
  id: number;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  src: string;
  name: string;
  alt: string;
};

export type WooTermRef = { id: number; name: string; slug: string };
export type WooTag = WooTermRef & { description: string; count: number };
export type WooMeta = { id: number; key: string; value: unknown };

export type WooProduct = {
  id: number;
  name: string;
  slug: string;
  permalink: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  type: string;
  status: string;
  featured: boolean;
  catalog_visibility: string;
  description: string;
  short_description: string;
  sku: string;
  price: string;
  regular_price: string;
  sale_price: string;
  on_sale: boolean;
  purchasable: boolean;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: string;
  weight: string;
  dimensions: { length: string; width: string; height: string };
  categories: WooTermRef[];
  tags: WooTermRef[];
  images: WooImage[];
  attributes: unknown[];
  variations: number[];
  meta_data: WooMeta[];
};

/** WordPress's local time of the site (UTC here), ISO without a zone. */
export const wpTime = (date = new Date()) => date.toISOString().slice(0, 19);

/**
 * A slug as sanitize_title makes one: accents dropped, other non-ASCII letters percent-encoded,
 * punctuation removed, spaces to dashes ("Mom's Gift" is moms-gift).
 */
export function slugify(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
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

/**
 * A term name as WordPress stores it (sanitize_text_field, then _wp_specialchars): tags stripped,
 * whitespace collapsed, and & < > as entities, so the API answers "Cats &amp; Dogs".
 */
export function termName(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&(?![a-z0-9#]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** `wanted`, or `wanted-2`, `wanted-3`... if it is taken, as WordPress makes slugs unique. */
export function uniqueSlug(wanted: string, taken: (slug: string) => boolean): string {
  if (!taken(wanted)) return wanted;
  for (let suffix = 2; ; suffix += 1) if (!taken(`${wanted}-${suffix}`)) return `${wanted}-${suffix}`;
}

/** One page of a collection, sorted by a key (ties by id) or in the order of `include` when asked. */
export function pageOf<T extends { id: number }>(
  items: T[],
  query: ListQuery,
  key: (item: T) => string | number,
): { page: T[]; total: number } {
  let sorted: T[];
  if (query.orderby === 'include' && query.include) {
    const order = query.include;
    sorted = items.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  } else {
    const sign = query.order === 'asc' ? 1 : -1;
    sorted = items.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    });
  }
  const start = (query.page - 1) * query.perPage;
  return { page: sorted.slice(start, start + query.perPage), total: items.length };
}
