import type { SniffedImage } from './sandbox-kit.ts';

/**
 * The Printify sandbox's catalogue and product shape (docs: providers/printify.md): two blueprints
 * with their print provider's full variant matrix, the two seeded shops, and how a product's
 * variants, enriched print areas and mockup images are derived from what a client sent.
 */

export type PrintifyShop = { id: number; title: string; sales_channel: string };

export type OptionValue = { id: number; title: string; colors?: string[] };
export type ProductOption = { name: string; type: string; values: OptionValue[] };

export type PrintifyVariant = {
  id: number;
  sku: string;
  cost: number;
  price: number;
  title: string;
  grams: number;
  is_enabled: boolean;
  is_default: boolean;
  is_available: boolean;
  is_printify_express_eligible: boolean;
  options: number[];
};

export type PlacedImage = {
  id: string;
  name: string;
  type: string;
  height: number;
  width: number;
  x: number;
  y: number;
  scale: number;
  angle: number;
};

export type PrintArea = {
  variant_ids: number[];
  placeholders: { position: string; images: PlacedImage[] }[];
  background?: string;
};

export type Mockup = {
  src: string;
  variant_ids: number[];
  position: string;
  is_default: boolean;
  is_selected_for_publishing: boolean;
  order: null;
};

export type External = { id: string; handle: string; shipping_template_id?: number; type?: string };

export type PrintifyProduct = {
  id: string;
  title: string;
  description: string;
  tags: string[];
  options: ProductOption[];
  variants: PrintifyVariant[];
  images: Mockup[];
  created_at: string;
  updated_at: string;
  visible: boolean;
  is_locked: boolean;
  /** Absent (not null) until publishing succeeds. */
  external?: External;
  blueprint_id: number;
  user_id: number;
  shop_id: number;
  print_provider_id: number;
  print_areas: PrintArea[];
  print_details: Record<string, unknown>;
  sales_channel_properties: unknown[];
  is_printify_express_eligible: boolean;
  is_printify_express_enabled: boolean;
  is_economy_shipping_eligible: boolean;
  is_economy_shipping_enabled: boolean;
  is_deleted: boolean;
};

/** An upload as Printify describes it; width and height are read from the image's header. */
export type Upload = Pick<SniffedImage, 'width' | 'height'> & {
  id: string;
  file_name: string;
  mime_type: string;
  size: number;
  preview_url: string;
  upload_time: string;
};

type CatalogVariant = { id: number; title: string; options: number[]; cost: number; grams: number };

export type Blueprint = {
  id: number;
  printProviderId: number;
  title: string;
  options: ProductOption[];
  variants: CatalogVariant[];
  /** Placeholder positions and their size in pixels. */
  placeholders: Record<string, { width: number; height: number }>;
};

export const sandboxUserId = 1_902_317;

export const seedShops: PrintifyShop[] = [
  { id: 8_123_401, title: 'PodFlow Etsy Shop', sales_channel: 'etsy' },
  { id: 8_123_402, title: 'PodFlow API Shop', sales_channel: 'custom_integration' },
  { id: 8_123_403, title: 'PodFlow Shopify Store', sales_channel: 'shopify' },
  { id: 8_123_404, title: 'PodFlow WooCommerce Store', sales_channel: 'woocommerce' },
];

/** The seeded template product in the Etsy shop. */
export const templateProductId = '6650a1b2c3d4e5f601234567';

/** The same template tee in the Shopify and WooCommerce shops. */
export const channelTemplateProductIds = {
  shopify: '6650a1b2c3d4e5f601234568',
  woocommerce: '6650a1b2c3d4e5f601234569',
} as const;

const colours: OptionValue[] = [
  { id: 418, title: 'Black', colors: ['#000000'] },
  { id: 521, title: 'White', colors: ['#ffffff'] },
  { id: 511, title: 'Navy', colors: ['#1f2a44'] },
];
const sizes: OptionValue[] = [
  { id: 14, title: 'S' },
  { id: 15, title: 'M' },
  { id: 16, title: 'L' },
  { id: 17, title: 'XL' },
];

const tee: Blueprint = {
  id: 6,
  printProviderId: 99,
  title: 'Unisex Heavy Cotton Tee',
  options: [
    { name: 'Colors', type: 'color', values: colours },
    { name: 'Sizes', type: 'size', values: sizes },
  ],
  variants: colours.flatMap((colour, c) =>
    sizes.map((size, s) => ({
      id: 12_100 + c * 10 + s,
      title: `${colour.title} / ${size.title}`,
      options: [colour.id, size.id],
      cost: size.title === 'XL' ? 1_129 : 929,
      grams: 150 + s * 20,
    })),
  ),
  placeholders: { front: { width: 3_951, height: 4_919 }, back: { width: 3_951, height: 4_919 } },
};

const mug: Blueprint = {
  id: 68,
  printProviderId: 1,
  title: 'Mug 11oz',
  options: [{ name: 'Sizes', type: 'size', values: [{ id: 1_189, title: '11oz' }] }],
  variants: [{ id: 33_719, title: '11oz', options: [1_189], cost: 495, grams: 440 }],
  placeholders: { front: { width: 2_475, height: 1_155 } },
};

export const blueprints: Blueprint[] = [tee, mug];

export const findBlueprint = (blueprintId: unknown, printProviderId: unknown): Blueprint | undefined =>
  blueprints.find((b) => b.id === blueprintId && b.printProviderId === printProviderId);

export type VariantInput = { id: number; price: number; is_enabled?: boolean };

/**
 * The product's whole variant matrix: `sent` variants merged by id over `previous` (or, on create,
 * over the catalogue with every variant disabled at a default retail price).
 */
export function mergeVariants(
  blueprint: Blueprint,
  sent: VariantInput[],
  previous?: PrintifyVariant[],
): PrintifyVariant[] {
  const base =
    previous ??
    blueprint.variants.map((variant) => ({
      id: variant.id,
      sku: `SBX-${blueprint.id}-${variant.id}`,
      cost: variant.cost,
      price: Math.round((variant.cost * 1.6) / 100) * 100 - 1,
      title: variant.title,
      grams: variant.grams,
      is_enabled: false,
      is_default: false,
      is_available: true,
      is_printify_express_eligible: false,
      options: variant.options,
    }));
  const merged = base.map((variant) => {
    const change = sent.find((entry) => entry.id === variant.id);
    return change
      ? { ...variant, price: change.price, is_enabled: change.is_enabled ?? true }
      : { ...variant };
  });
  const first = merged.find((variant) => variant.is_enabled) ?? merged[0];
  return merged.map((variant) => ({ ...variant, is_default: variant === first }));
}

export type PrintAreaInput = {
  variant_ids: number[];
  placeholders: {
    position: string;
    images: { id: string; x: number; y: number; scale: number; angle: number }[];
  }[];
  background?: string;
};

/** Print areas as Printify returns them: each image carries its upload's name, type and size. */
export function enrichPrintAreas(areas: PrintAreaInput[], uploads: Map<string, Upload>): PrintArea[] {
  return areas.map((area) => ({
    variant_ids: [...area.variant_ids],
    placeholders: area.placeholders.map((placeholder) => ({
      position: placeholder.position,
      images: placeholder.images.map(({ id, x, y, scale, angle }) => {
        const upload = uploads.get(id);
        return {
          id,
          name: upload?.file_name ?? '',
          type: upload?.mime_type ?? 'image/png',
          height: upload?.height ?? 0,
          width: upload?.width ?? 0,
          x,
          y,
          scale,
          angle,
        };
      }),
    })),
    ...(area.background === undefined ? {} : { background: area.background }),
  }));
}

/** One mockup per colour with an enabled variant and per printed position, first one the default. */
export function mockupsFor(baseUrl: string, product: PrintifyProduct): Mockup[] {
  const colourOption = product.options.findIndex((option) => option.type === 'color');
  const groups = new Map<number, number[]>();
  for (const variant of product.variants) {
    const key = colourOption < 0 ? 0 : (variant.options[colourOption] ?? 0);
    groups.set(key, [...(groups.get(key) ?? []), variant.id]);
  }
  const enabled = new Set(product.variants.filter((v) => v.is_enabled).map((v) => v.id));
  const printed = new Set(
    product.print_areas.flatMap((area) =>
      area.placeholders.filter((p) => p.images.length > 0).map((p) => p.position),
    ),
  );
  const mockups: Mockup[] = [];
  for (const variantIds of groups.values()) {
    if (!variantIds.some((id) => enabled.has(id))) continue;
    for (const position of printed) {
      mockups.push({
        src: `${baseUrl}/mockup/${product.id}/${variantIds[0]}/${position}.png`,
        variant_ids: variantIds,
        position,
        is_default: mockups.length === 0,
        is_selected_for_publishing: true,
        order: null,
      });
    }
  }
  return mockups;
}

/** Printify's timestamp form: '2024-05-24 09:12:44+00:00'. */
export const printifyTime = (at = new Date()): string =>
  `${at.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
