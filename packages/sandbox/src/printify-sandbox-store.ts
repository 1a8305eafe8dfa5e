import { randomBytes } from 'node:crypto';
import {
  type Blueprint,
  type External,
  type PrintifyProduct,
  type PrintifyShop,
  type Upload,
  blueprints,
  channelTemplateProductIds,
  enrichPrintAreas,
  mergeVariants,
  mockupsFor,
  printifyTime,
  sandboxUserId,
  seedShops,
  templateProductId,
} from './printify-sandbox-catalog.ts';
import {
  type PrintifyError,
  type ProductInput,
  invalidProductId,
  notFound,
  unauthorized,
  validationError,
  wrongShop,
} from './printify-sandbox-checks.ts';
import { contentId, sniffImage, solidPng } from './sandbox-kit.ts';

/**
 * The Printify sandbox's state and what changes it: shops, products, content-addressed uploads and
 * publishing, free of HTTP. `baseUrl` is read late because mockup and preview URLs point back at
 * the server, whose port is known only once it listens.
 */

const newId = () => `${Math.floor(Date.now() / 1000).toString(16)}${randomBytes(8).toString('hex')}`;
const productIdFormat = /^[0-9a-f]{24}$/i;

export type PrintifyStore = ReturnType<typeof createPrintifyStore>;

/** Where a native sales channel lists a product: its id and handle in the store (an update when `known`). */
export type ChannelListing = (
  product: PrintifyProduct,
  known: string | undefined,
) => Promise<{ id: string; handle: string }>;

export function createPrintifyStore(
  baseUrl: () => string,
  publishDelayMs: number,
  channels: Record<string, ChannelListing> = {},
) {
  const shops = seedShops.map((shop) => ({ ...shop }));
  const products = new Map<string, PrintifyProduct>();
  const uploads = new Map<string, Upload>();
  const uploadBytes = new Map<string, Buffer>();
  const timers = new Set<NodeJS.Timeout>();
  let nextListingId = 1_650_000_001;

  /** The shop of the path, if the token reaches it (Printify answers 401 `{}` otherwise). */
  function shopOf(params: unknown): PrintifyShop | undefined {
    const id = Number((params as { shop?: string }).shop);
    return shops.find((shop) => shop.id === id);
  }

  /** The shop and product of the path, or the error Printify gives for each way that fails. */
  function productOf(params: unknown): { shop: PrintifyShop; product: PrintifyProduct } | PrintifyError {
    const shop = shopOf(params);
    if (!shop) return unauthorized;
    const id = String((params as { id?: string }).id);
    if (!productIdFormat.test(id)) return invalidProductId;
    const product = products.get(id.toLowerCase());
    if (!product) return notFound;
    if (product.shop_id !== shop.id) return wrongShop(product.id, shop.id);
    return { shop, product };
  }

  const blueprintOf = (product: PrintifyProduct): Blueprint =>
    blueprints.find(
      (b) => b.id === product.blueprint_id && b.printProviderId === product.print_provider_id,
    ) ?? (blueprints[0] as Blueprint);

  /** Applies a checked body to a product (new or existing) and regenerates its mockups. */
  function apply(product: PrintifyProduct, input: ProductInput, blueprint: Blueprint, creating = false) {
    for (const field of ['title', 'description', 'tags', 'visible', 'print_details'] as const) {
      if (input[field] !== undefined) Object.assign(product, { [field]: input[field] });
    }
    if (input.variants) {
      product.variants = mergeVariants(blueprint, input.variants, creating ? undefined : product.variants);
    }
    if (input.print_areas) product.print_areas = enrichPrintAreas(input.print_areas, uploads);
    product.images = mockupsFor(baseUrl(), product);
    product.updated_at = printifyTime();
  }

  function createProduct(shopId: number, input: ProductInput, blueprint: Blueprint, id = newId()) {
    const now = printifyTime();
    const product: PrintifyProduct = {
      id,
      title: '',
      description: '',
      tags: [],
      options: structuredClone(blueprint.options),
      variants: mergeVariants(blueprint, []),
      images: [],
      created_at: now,
      updated_at: now,
      visible: true,
      is_locked: false,
      blueprint_id: blueprint.id,
      user_id: sandboxUserId,
      shop_id: shopId,
      print_provider_id: blueprint.printProviderId,
      print_areas: [],
      print_details: {},
      sales_channel_properties: [],
      is_printify_express_eligible: false,
      is_printify_express_enabled: false,
      is_economy_shipping_eligible: false,
      is_economy_shipping_enabled: false,
      is_deleted: false,
    };
    apply(product, input, blueprint, true);
    products.set(product.id, product);
    return product;
  }

  /** Stores the bytes once (same bytes, same id) if they are a PNG or JPEG. */
  function storeUpload(fileName: string, bytes: Buffer): Upload | PrintifyError {
    const image = sniffImage(bytes);
    if (!image || image.mime === 'application/pdf') {
      return validationError('contents', 'The file must be an image of type: png, jpg, jpeg.');
    }
    const id = contentId(bytes);
    const known = uploads.get(id);
    if (known) return known;
    const upload: Upload = {
      id,
      file_name: fileName,
      height: image.height,
      width: image.width,
      size: bytes.length,
      mime_type: image.mime,
      preview_url: `${baseUrl()}/previews/${id}`,
      upload_time: printifyTime(),
    };
    uploads.set(id, upload);
    uploadBytes.set(id, bytes);
    return upload;
  }

  /**
   * Locks the product; a native channel lists it and unlocks it `publishDelayMs` later. A channel
   * given in `channels` (the Shopify and WooCommerce sandboxes in the demo) makes the listing
   * there; if it fails, the product unlocks unlisted, as after a publishing error.
   */
  function publish(shop: PrintifyShop, product: PrintifyProduct) {
    product.is_locked = true;
    // A custom integration lists the product itself and reports back through publishing_succeeded.
    if (shop.sales_channel === 'custom_integration') return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (products.get(product.id) !== product) return;
      void listOn(shop, product).then((external) => {
        if (external) product.external = external;
        product.is_locked = false;
        product.updated_at = printifyTime();
      });
    }, publishDelayMs);
    timers.add(timer);
  }

  async function listOn(shop: PrintifyShop, product: PrintifyProduct): Promise<External | undefined> {
    const channel = channels[shop.sales_channel];
    if (channel) {
      try {
        return { ...(await channel(product, product.external?.id)), type: shop.sales_channel };
      } catch {
        return undefined;
      }
    }
    const listingId = product.external?.id ?? String(nextListingId++);
    return {
      id: listingId,
      handle: `https://www.etsy.com/listing/${listingId}`,
      shipping_template_id: 205_118_937_931,
      type: 'etsy',
    };
  }

  /** The Etsy shop's T-shirt: Black and White enabled, Navy off, one design on the front. */
  function seedTemplate() {
    const design = storeUpload('podflow-sample-design.png', solidPng(1200, 1200, [232, 96, 44]));
    if (!('id' in design)) return;
    const tee = blueprints[0] as Blueprint;
    const image = { id: design.id, x: 0.5, y: 0.45, scale: 0.8, angle: 0 };
    const input: ProductInput = {
      title: 'Classic Unisex Tee - Template',
      description: '<p>A soft, classic-fit tee in heavy cotton. Printed to order.</p>',
      tags: ['t-shirt', 'unisex', 'graphic tee'],
      variants: tee.variants.map((variant) => ({
        id: variant.id,
        price: variant.title.endsWith('XL') ? 2_699 : 2_499,
        is_enabled: !variant.title.startsWith('Navy'),
      })),
      print_areas: [
        {
          variant_ids: tee.variants.map((v) => v.id),
          placeholders: [{ position: 'front', images: [image] }],
        },
      ],
      visible: false,
    };
    createProduct((shops[0] as PrintifyShop).id, input, tee, templateProductId);
    for (const [channel, id] of Object.entries(channelTemplateProductIds)) {
      const shop = shops.find((s) => s.sales_channel === channel);
      if (shop) createProduct(shop.id, input, tee, id);
    }
  }

  return {
    shops,
    products,
    uploads,
    uploadBytes,
    shopOf,
    productOf,
    blueprintOf,
    apply,
    createProduct,
    storeUpload,
    publish,
    seedTemplate,
    stopTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** A Laravel length-aware paginator page, as Printify lists products. */
export function paginate<T>(path: string, all: T[], page: number, perPage: number) {
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data = all.slice((page - 1) * perPage, page * perPage);
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  const pageUrl = (n: number) => `${path}?page=${n}`;
  const prev = page > 1 ? pageUrl(page - 1) : null;
  const next = page < lastPage ? pageUrl(page + 1) : null;
  const pages = Array.from({ length: lastPage }, (_, i) => ({
    url: pageUrl(i + 1),
    label: String(i + 1),
    active: i + 1 === page,
  }));
  return {
    current_page: page,
    data,
    first_page_url: pageUrl(1),
    from,
    last_page: lastPage,
    last_page_url: pageUrl(lastPage),
    links: [
      { url: prev, label: '&laquo; Previous', active: false },
      ...pages,
      { url: next, label: 'Next &raquo;', active: false },
    ],
    next_page_url: next,
    path,
    per_page: perPage,
    prev_page_url: prev,
    to: from === null ? null : from + data.length - 1,
    total,
  };
}
