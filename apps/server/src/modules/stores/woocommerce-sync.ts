import { createHash } from 'node:crypto';
import { decodeHTML } from 'entities';
import type { StoreSyncChange } from '@podflow/contract/stores';
import { ProviderError } from '@podflow/providers/http';
import type { WooProduct, WooProductInput, wooClient } from '@podflow/providers/woocommerce';
import type { ProductSync, SyncMockup } from './shopify-sync.ts';
import { type StoreListing, sameTags } from './store-listing.ts';
import type { StoreMediaRow, StoreProduct, StoresRepo } from './stores.repo.ts';

type WooClient = ReturnType<typeof wooClient>;

/** One design's WooCommerce product and what it should show. */
export type WooItem = {
  designId: string;
  where: StoreProduct;
  listing: StoreListing;
  /** Undefined: leave the images alone (skip_mockups). */
  mockups: SyncMockup[] | undefined;
};

/**
 * Images PodFlow sideloads are named like this, so they are recognised as PodFlow's even if the
 * record of them was lost (the seller's own images never are).
 */
const mockupNamePrefix = 'podflow-mockup-';

/**
 * The name a mockup's image is sideloaded under: its id and a tag of its file, so an image a
 * killed sync sideloaded but never recorded is known again and kept instead of sideloaded twice.
 */
export const wooMockupName = (mockup: Pick<SyncMockup, 'id' | 'key'>) =>
  `${mockupNamePrefix}${mockup.id}-${createHash('sha256').update(mockup.key).digest('hex').slice(0, 12)}`;

/** SEO fields of the most used SEO plugin (Yoast); WooCommerce itself has none. */
const seoKeys = { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc' } as const;

/** WooCommerce may answer the description re-wrapped (wpautop): compare without the whitespace between tags. */
const sameHtml = (a: string, b: string) => {
  const norm = (html: string) => html.replace(/>\s+</g, '><').trim();
  return norm(a) === norm(b);
};

const metaValue = (product: WooProduct, key: string) =>
  String(product.meta_data.find((m) => m.key === key)?.value ?? '');

type Plan = { patch: WooProductInput; changes: StoreSyncChange[]; mockupCount: number };

function planOf(
  product: WooProduct,
  item: WooItem,
  known: StoreMediaRow[],
  tagIds: Map<string, number>,
): Plan {
  const { listing } = item;
  const patch: WooProductInput = {};
  const changes: StoreSyncChange[] = [];
  if (product.name !== listing.title) {
    patch.name = listing.title;
    changes.push('title');
  }
  if (!sameHtml(product.description, listing.descriptionHtml)) {
    patch.description = listing.descriptionHtml;
    changes.push('description');
  }
  if (
    !sameTags(
      // WordPress answers term names HTML-encoded ("Cats &amp; Dogs").
      product.tags.map((t) => decodeHTML(t.name)),
      listing.tags,
    )
  ) {
    patch.tags = listing.tags.map((tag) => ({ id: tagIds.get(tag.toLowerCase())! }));
    changes.push('tags');
  }
  if (
    metaValue(product, seoKeys.title) !== listing.seo.title ||
    metaValue(product, seoKeys.description) !== listing.seo.description
  ) {
    patch.meta_data = [
      { key: seoKeys.title, value: listing.seo.title },
      { key: seoKeys.description, value: listing.seo.description },
    ];
    changes.push('seo');
  }
  const mockups = item.mockups;
  if (!mockups) return { patch, changes, mockupCount: 0 };

  const knownIds = new Set(known.map((row) => row.remote_id));
  const ours = (id: number, name: string) => knownIds.has(String(id)) || name.startsWith(mockupNamePrefix);
  const current = product.images;
  const images: NonNullable<WooProductInput['images']> = mockups.map((mockup) => {
    const row = known.find(
      (r) =>
        r.mockup_id === mockup.id &&
        r.mockup_key === mockup.key &&
        current.some((i) => String(i.id) === r.remote_id),
    );
    if (row) return { id: Number(row.remote_id) };
    const unrecorded = current.find((image) => image.name === wooMockupName(mockup));
    if (unrecorded) return { id: unrecorded.id };
    return {
      src: mockup.url(),
      name: wooMockupName(mockup),
      alt: `${listing.title} – ${mockup.alt}`,
    };
  });
  for (const image of current) if (!ours(image.id, image.name)) images.push({ id: image.id });
  const same =
    images.length === current.length &&
    images.every((image, k) => 'id' in image && image.id === current[k]!.id);
  if (!same) {
    patch.images = images;
    changes.push('mockups');
  }
  return { patch, changes, mockupCount: mockups.length };
}

/**
 * Brings a batch of WooCommerce products in line with their designs in one read and one batch
 * write: name, description, tags (created first, referenced by id), SEO meta, and PodFlow's
 * current mockups first in the images (new ones by signed URL, which WooCommerce downloads; kept
 * ones by attachment id), the seller's other images after them. Products already right are not
 * written. Answers each design's outcome; a product WooCommerce refused is that design's Error.
 */
export async function syncWooProducts(
  client: WooClient,
  repo: StoresRepo,
  items: WooItem[],
  tagIds: Map<string, number>,
): Promise<Map<string, ProductSync | Error>> {
  const outcomes = new Map<string, ProductSync | Error>();
  if (items.length === 0) return outcomes;
  const products = await client.productsById(items.map((item) => Number(item.where.productId)));
  const missingTags = [...new Set(items.flatMap((item) => item.listing.tags))].filter(
    (tag) => !tagIds.has(tag.toLowerCase()),
  );
  if (missingTags.length > 0) {
    for (const [name, id] of await client.ensureTags(missingTags)) tagIds.set(name.toLowerCase(), id);
  }

  const updates: { item: WooItem; plan: Plan; id: number }[] = [];
  for (const item of items) {
    const id = Number(item.where.productId);
    const product = products.get(id);
    if (!product) {
      outcomes.set(
        item.designId,
        new Error(
          `WooCommerce has no product ${id} any more: publish the design from Printify again, then sync.`,
        ),
      );
      continue;
    }
    const known = await repo.media(item.where);
    const plan = planOf(product, item, known, tagIds);
    if (plan.changes.length === 0) {
      outcomes.set(item.designId, { status: 'unchanged', changes: [] });
      if (item.mockups) await remember(repo, item, product);
    } else updates.push({ item, plan, id });
  }
  if (updates.length === 0) return outcomes;

  const answer = await client.batchProducts({
    update: updates.map(({ plan, id }) => ({ id, ...plan.patch })),
  });
  for (const [k, { item, plan, id }] of updates.entries()) {
    const result = answer.update[k];
    if (!result || 'error' in result) {
      // The store's own words (and code) stay in the details; the seller reads a sentence.
      const error = result && 'error' in result ? result.error : undefined;
      const raw = error
        ? `WooCommerce refused the update of product ${id}: ${error.message} (${error.code})`
        : `WooCommerce did not answer for product ${id} in its batch`;
      outcomes.set(
        item.designId,
        new ProviderError(raw, {
          provider: 'WooCommerce',
          status: error?.status || 500,
          ...(error?.code ? { code: error.code } : {}),
          retryable: !error,
        }),
      );
      continue;
    }
    if (item.mockups) await remember(repo, item, result);
    outcomes.set(item.designId, { status: 'updated', changes: plan.changes });
  }
  return outcomes;
}

/** Records which of the product's first images are PodFlow's mockups now. */
async function remember(repo: StoresRepo, item: WooItem, product: WooProduct): Promise<void> {
  const mockups = item.mockups ?? [];
  await repo.replaceMedia(
    item.where,
    product.images.slice(0, mockups.length).map((image, position) => ({
      workspace_id: item.where.workspaceId,
      store: item.where.store,
      store_ref: item.where.storeRef,
      product_id: item.where.productId,
      position,
      mockup_id: mockups[position]!.id,
      mockup_key: mockups[position]!.key,
      remote_id: String(image.id),
    })),
  );
}
