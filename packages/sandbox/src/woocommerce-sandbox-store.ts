import {
  type Checked,
  type ListQuery,
  type MetaInput,
  type ProductInput,
  type WooError,
  wooError,
} from './woocommerce-sandbox-checks.ts';
import { createMediaLibrary } from './woocommerce-sandbox-media.ts';
import { createTagStore } from './woocommerce-sandbox-tags.ts';
import {
  type WooMeta,
  type WooProduct,
  type WooTermRef,
  pageOf,
  slugify,
  uniqueSlug,
  wpTime,
} from './woocommerce-sandbox-types.ts';

/**
 * The WooCommerce sandbox's state: products with their tags, image attachments and meta, as
 * WordPress keeps them (products, attachments and meta rows share one id sequence here, as the
 * first two share the posts table), and what the REST API shows for them.
 */

type ProductRecord = Required<Omit<ProductInput, 'images' | 'tags' | 'categories' | 'meta_data'>> & {
  id: number;
  tagIds: number[];
  categoryIds: number[];
  imageIds: number[];
  meta: WooMeta[];
  created: string;
  modified: string;
};

/** The category every product falls back to, as WooCommerce seeds it. */
const uncategorized: WooTermRef = { id: 15, name: 'Uncategorized', slug: 'uncategorized' };

export type WooStore = ReturnType<typeof createWooStore>;

/** The sandbox's products, tags and attachments; `baseUrl` is read when URLs are made. */
export function createWooStore(baseUrl: () => string, downloadTimeoutMs: number) {
  let nextPostId = 20;
  const nextId = () => nextPostId++;
  const products = new Map<number, ProductRecord>();
  const media = createMediaLibrary(baseUrl, nextId, downloadTimeoutMs);
  const tags = createTagStore(
    (tagId) =>
      [...products.values()].filter((p) => p.status === 'publish' && p.tagIds.includes(tagId)).length,
  );

  /** The product as GET /products/{id} shows it. */
  function show(record: ProductRecord): WooProduct {
    const onSale = record.sale_price !== '' && Number(record.sale_price) < Number(record.regular_price);
    const price = onSale ? record.sale_price : record.regular_price;
    const tagRefs = record.tagIds.flatMap((id) => {
      const tag = tags.get(id);
      return tag ? [{ id, name: tag.name, slug: tag.slug }] : [];
    });
    const { id, slug, status } = record;
    const home = baseUrl();
    return {
      id,
      name: record.name,
      slug,
      permalink: status === 'publish' ? `${home}/product/${slug}/` : `${home}/?post_type=product&p=${id}`,
      date_created: record.created,
      date_created_gmt: record.created,
      date_modified: record.modified,
      date_modified_gmt: record.modified,
      type: record.type,
      status,
      featured: record.featured,
      catalog_visibility: record.catalog_visibility,
      description: record.description,
      short_description: record.short_description,
      sku: record.sku,
      price,
      regular_price: record.regular_price,
      sale_price: record.sale_price,
      on_sale: onSale,
      purchasable: price !== '',
      manage_stock: record.manage_stock,
      stock_quantity: record.stock_quantity,
      stock_status: record.stock_status,
      weight: '',
      dimensions: { length: '', width: '', height: '' },
      categories: record.categoryIds.length > 0 ? [uncategorized] : [],
      // Terms come back by name, as wc_get_object_terms orders them.
      tags: tagRefs.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
      images: record.imageIds.flatMap((imageId) => media.imageOf(imageId) ?? []),
      attributes: [],
      variations: [],
      meta_data: record.meta.map((meta) => ({ ...meta })),
    };
  }

  function duplicateSku(sku: string, self: number): WooError | undefined {
    if (sku === '') return undefined;
    const other = [...products.values()].find((p) => p.id !== self && p.sku === sku && p.status !== 'trash');
    if (!other) return undefined;
    return wooError(400, 'product_invalid_sku', 'Invalid or duplicated SKU.', {
      resource_id: other.id,
      unique_sku: `${sku}-1`,
    });
  }

  /** update_meta_data: by meta id, else the first entry with that key; a null value deletes it. */
  function applyMeta(record: ProductRecord, meta: MetaInput): void {
    const at = record.meta.findIndex((m) => (meta.id !== undefined ? m.id === meta.id : m.key === meta.key));
    if (meta.value === null) {
      if (at >= 0) record.meta.splice(at, 1);
      return;
    }
    const id = record.meta[at]?.id ?? nextId();
    if (at >= 0) record.meta[at] = { id, key: meta.key, value: meta.value };
    else record.meta.push({ id, key: meta.key, value: meta.value });
  }

  /** Applies a checked body to a record (a draft copy): refusals come before any change. */
  async function apply(record: ProductRecord, input: ProductInput): Promise<WooError | undefined> {
    if (input.sku !== undefined) {
      const clash = duplicateSku(input.sku, record.id);
      if (clash) return clash;
    }
    let imageIds: number[] | undefined;
    if (input.images !== undefined) {
      const resolved = await media.resolve(input.images);
      if (!resolved.ok) return resolved.error;
      imageIds = resolved.value;
    }
    const { images: _images, tags: tagIds, categories, meta_data, ...fields } = input;
    Object.assign(record, fields);
    if (imageIds) record.imageIds = imageIds;
    // An unknown tag id is skipped without an error, as wp_set_object_terms skips integer ids of no term.
    if (tagIds) record.tagIds = tagIds.filter((id) => tags.has(id));
    if (categories) record.categoryIds = categories.filter((id) => id === uncategorized.id);
    if (record.categoryIds.length === 0) record.categoryIds = [uncategorized.id];
    for (const meta of meta_data ?? []) applyMeta(record, meta);
    // A rename keeps the slug, as WordPress keeps post_name once it is set.
    if (input.slug !== undefined || record.slug === '') {
      const wanted = slugify(input.slug || record.name) || 'product';
      record.slug = uniqueSlug(wanted, (slug) =>
        [...products.values()].some((p) => p.id !== record.id && p.slug === slug),
      );
    }
    record.modified = wpTime();
    return undefined;
  }

  function blankProduct(): ProductRecord {
    const now = wpTime();
    return {
      id: 0,
      name: '',
      slug: '',
      type: 'simple',
      status: 'publish',
      featured: false,
      catalog_visibility: 'visible',
      description: '',
      short_description: '',
      sku: '',
      regular_price: '',
      sale_price: '',
      manage_stock: false,
      stock_quantity: null,
      stock_status: 'instock',
      tagIds: [],
      categoryIds: [uncategorized.id],
      imageIds: [],
      meta: [],
      created: now,
      modified: now,
    };
  }

  return {
    products,
    media,
    tags,
    show,

    async createProduct(input: ProductInput): Promise<Checked<WooProduct>> {
      const record = blankProduct();
      const refused = await apply(record, input);
      if (refused) return { ok: false, error: refused };
      // The id comes last, as WooCommerce saves a new product after sideloading its images.
      record.id = nextId();
      products.set(record.id, record);
      return { ok: true, value: show(record) };
    },

    /** Undefined if there is no such product. */
    async updateProduct(id: number, input: ProductInput): Promise<Checked<WooProduct> | undefined> {
      const stored = products.get(id);
      if (!stored) return undefined;
      const draft: ProductRecord = { ...stored, meta: [...stored.meta] };
      const refused = await apply(draft, input);
      if (refused) return { ok: false, error: refused };
      products.set(id, draft);
      return { ok: true, value: show(draft) };
    },

    /** Deletes for good with force, else moves to the trash; undefined if there is no such product. */
    deleteProduct(id: number, force: boolean): Checked<WooProduct> | undefined {
      const stored = products.get(id);
      if (!stored) return undefined;
      if (force) {
        products.delete(id);
        return { ok: true, value: show(stored) };
      }
      if (stored.status === 'trash') {
        const message = 'The product has already been deleted.';
        return { ok: false, error: wooError(410, 'woocommerce_rest_already_trashed', message) };
      }
      Object.assign(stored, { status: 'trash', modified: wpTime() });
      return { ok: true, value: show(stored) };
    },

    listProducts(query: ListQuery): { items: WooProduct[]; total: number } {
      const search = query.search?.toLowerCase();
      const texts = (p: ProductRecord) => [p.name, p.description, p.short_description];
      const found = [...products.values()].filter(
        (p) =>
          (query.status === 'any' ? p.status !== 'trash' : p.status === query.status) &&
          (!query.include || query.include.includes(p.id)) &&
          (!search || texts(p).some((text) => text.toLowerCase().includes(search))),
      );
      const { page, total } = pageOf(found, query, (p) => {
        if (query.orderby === 'title') return p.name.toLowerCase();
        if (query.orderby === 'slug') return p.slug;
        if (query.orderby === 'date') return p.created;
        if (query.orderby === 'modified') return p.modified;
        // price, popularity, rating and menu_order need data the sandbox lacks: they sort by id.
        return p.id;
      });
      return { items: page.map(show), total };
    },

    /** A product made outside the API (as Printify's channel makes one), its images from bytes. */
    seedProduct(input: {
      name: string;
      description?: string;
      tags?: string[];
      images?: { bytes: Buffer; alt?: string; name?: string }[];
    }): number {
      const record = blankProduct();
      const imageIds = (input.images ?? []).map((image, index) =>
        media.fromBytes(
          image.bytes,
          slugify(image.name ?? `${input.name}-${index + 1}`),
          image.name,
          image.alt,
        ),
      );
      Object.assign(record, {
        id: nextId(),
        name: input.name,
        description: input.description ?? '',
        tagIds: [...new Set((input.tags ?? []).map((name) => tags.idFor(name)))],
        imageIds,
      });
      record.slug = uniqueSlug(slugify(input.name) || 'product', (slug) =>
        [...products.values()].some((p) => p.slug === slug),
      );
      products.set(record.id, record);
      return record.id;
    },

    /** The product as the API shows it plus each image's sha256, for tests. */
    inspect(id: number) {
      const record = products.get(id);
      if (!record) return undefined;
      const product = show(record);
      return {
        ...product,
        images: product.images.map((image) => ({ ...image, sha256: media.sha256(image.id) })),
      };
    },
  };
}
