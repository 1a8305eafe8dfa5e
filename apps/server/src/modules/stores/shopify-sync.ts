import type { StoreSyncChange } from '@podflow/contract/stores';
import type { Insertable } from 'kysely';
import type { ShopifyProduct, shopifyClient } from '@podflow/providers/shopify';
import type { StoreMediaTable } from '../../platform/db/schema.ts';
import type { IntentKey } from '../listings/provider-intents.repo.ts';
import type { StoreMediaRow, StoreProduct, StoresRepo } from './stores.repo.ts';
import { type StoreListing, sameTags } from './store-listing.ts';

type ShopifyClient = ReturnType<typeof shopifyClient>;

/** A mockup to put on a store product, its bytes read only when the store needs them. */
export type SyncMockup = {
  id: string;
  /** Its storage key: a re-rendered mockup has a new one. */
  key: string;
  fileName: string;
  mimeType: string;
  alt: string;
  read(): Promise<Buffer>;
  /** A public signed URL a store can download it from (WooCommerce). */
  url(): string;
};

export type ProductSync = { status: 'updated' | 'unchanged'; changes: StoreSyncChange[] };

/** The copy fields of a product that differ from the listing, as a productUpdate input. */
function copyChanges(product: ShopifyProduct, listing: StoreListing) {
  const input: Parameters<ShopifyClient['updateProduct']>[0] = { id: product.id };
  const changes: StoreSyncChange[] = [];
  if (product.title !== listing.title) {
    input.title = listing.title;
    changes.push('title');
  }
  if (product.descriptionHtml !== listing.descriptionHtml) {
    input.descriptionHtml = listing.descriptionHtml;
    changes.push('description');
  }
  if (!sameTags(product.tags, listing.tags)) {
    input.tags = listing.tags;
    changes.push('tags');
  }
  if (product.seo.title !== listing.seo.title || product.seo.description !== listing.seo.description) {
    input.seo = listing.seo;
    changes.push('seo');
  }
  return { input, changes };
}

/**
 * Brings one Shopify product in line with its design: title, description, tags and SEO where
 * they differ, then PodFlow's current mockups first in its media, in template order. Media PodFlow
 * added before and still current are kept; stale ones are removed; the seller's own images are
 * never touched. Every media PodFlow adds is recorded at once, so a failure part-way leaves
 * nothing unknown for the next sync to trip over. Nothing is sent when all is already right.
 */
export async function syncShopifyProduct(
  client: ShopifyClient,
  repo: StoresRepo,
  where: StoreProduct & { designId: string },
  listing: StoreListing,
  mockups: SyncMockup[] | undefined,
): Promise<ProductSync> {
  const product = await client.getProduct(where.productId);
  if (!product) {
    throw new Error(
      `Shopify has no product ${where.productId} any more: publish the design from Printify again, then sync.`,
    );
  }
  const { input, changes } = copyChanges(product, listing);
  if (changes.length > 0) await client.updateProduct(input);
  if (mockups && (await syncMedia(client, repo, where, product, mockups))) changes.push('mockups');
  return { status: changes.length > 0 ? 'updated' : 'unchanged', changes };
}

const matches = (row: StoreMediaRow, mockup: SyncMockup) =>
  row.mockup_id === mockup.id && row.mockup_key === mockup.key;

/** What a media intent keeps: the product's media before the add, and the rows the add records. */
type MediaMarks = {
  before: string[];
  rows: { position: number; mockup_id: string; mockup_key: string; alt: string }[];
};

const mediaIntentOf = (where: StoreProduct & { designId: string }): IntentKey => ({
  designId: where.designId,
  provider: 'shopify',
  shopId: `${where.storeRef}/${where.productId}`,
  kind: 'media',
});

/**
 * Records the media an earlier sync added but died (or lost the answer) before recording: those
 * on the product now that were not there before its add, nobody recorded, with the alt text of the
 * mockup they were added for. Without this they would pass for the seller's own and stay twice.
 */
async function adoptMedia(
  repo: StoresRepo,
  where: StoreProduct & { designId: string },
  product: ShopifyProduct,
): Promise<void> {
  const open = await repo.openIntent(mediaIntentOf(where));
  if (!open) return;
  const marks = JSON.parse(open.marker) as MediaMarks;
  const recorded = new Set((await repo.media(where)).map((row) => row.remote_id));
  const unknown = product.media.filter((m) => !marks.before.includes(m.id) && !recorded.has(m.id));
  const adopted: Insertable<StoreMediaTable>[] = [];
  for (const { alt, ...row } of marks.rows) {
    const media = unknown.find((m) => m.alt === alt && !adopted.some((a) => a.remote_id === m.id));
    if (media) adopted.push({ ...rowOf(where, row), remote_id: media.id });
  }
  await repo.addMedia(adopted);
  await repo.closeIntent(open.id, adopted.map((row) => row.remote_id).join(',') || null);
}

const rowOf = (
  where: StoreProduct,
  row: Pick<StoreMediaRow, 'position' | 'mockup_id' | 'mockup_key'>,
): Omit<Insertable<StoreMediaTable>, 'remote_id'> => ({
  workspace_id: where.workspaceId,
  store: where.store,
  store_ref: where.storeRef,
  product_id: where.productId,
  position: row.position,
  mockup_id: row.mockup_id,
  mockup_key: row.mockup_key,
});

/** Returns whether the media changed. */
async function syncMedia(
  client: ShopifyClient,
  repo: StoresRepo,
  where: StoreProduct & { designId: string },
  product: ShopifyProduct,
  mockups: SyncMockup[],
): Promise<boolean> {
  await adoptMedia(repo, where, product);
  const onProduct = new Map(product.media.map((m) => [m.id, m]));
  const known = await repo.media(where);
  // Media the seller deleted in Shopify are forgotten; FAILED ones are replaced.
  const present = known.filter((row) => onProduct.has(row.remote_id));
  const deleted = known.filter((row) => !onProduct.has(row.remote_id)).map((row) => row.remote_id);
  await repo.removeMedia(where, deleted);
  const usable = present.filter((row) => onProduct.get(row.remote_id)?.status !== 'FAILED');
  const plan = mockups.map((mockup) => usable.find((row) => matches(row, mockup))?.remote_id);
  const stale = present.filter((row) => !plan.includes(row.remote_id));
  const missing = mockups.flatMap((mockup, index) => (plan[index] === undefined ? [{ mockup, index }] : []));
  let changed = false;

  if (missing.length > 0) {
    const sources = [];
    for (const { mockup } of missing) {
      sources.push({
        originalSource: await client.stageUpload({
          filename: mockup.fileName,
          mimeType: mockup.mimeType,
          bytes: await mockup.read(),
        }),
        alt: mockup.alt,
      });
    }
    const rows = missing.map(({ mockup, index }) => ({
      position: index,
      mockup_id: mockup.id,
      mockup_key: mockup.key,
      alt: mockup.alt,
    }));
    const marks: MediaMarks = { before: product.media.map((m) => m.id), rows };
    const intent = await repo.startIntent(mediaIntentOf(where), JSON.stringify(marks));
    const added = await client.addMedia(product.id, sources);
    await repo.addMedia(added.map((media, k) => ({ ...rowOf(where, rows[k]!), remote_id: media.id })));
    await repo.closeIntent(intent.id, added.map((media) => media.id).join(','));
    const ready = await client.waitForMedia(
      product.id,
      added.map((m) => m.id),
    );
    const failed = ready.find((m) => m.status !== 'READY');
    if (failed) {
      const name = missing[added.findIndex((m) => m.id === failed.id)]?.mockup.fileName ?? 'a mockup';
      throw new Error(`Shopify could not process ${name} (${failed.status}); the next sync tries again.`);
    }
    added.forEach((media, k) => (plan[missing[k]!.index] = media.id));
    changed = true;
  }

  if (stale.length > 0) {
    await client.removeMedia(
      product.id,
      stale.map((row) => row.remote_id),
    );
    await repo.removeMedia(
      where,
      stale.map((row) => row.remote_id),
    );
    changed = true;
  }

  const ours = plan as string[];
  const order = changed
    ? ((await client.getProduct(product.id))?.media.map((m) => m.id) ?? [])
    : product.media.map((m) => m.id);
  const moves = ours.flatMap((id, index) => (order[index] === id ? [] : [{ id, newPosition: index }]));
  if (moves.length > 0) {
    await client.reorderMedia(product.id, moves);
    changed = true;
  }
  const recorded = present.filter((row) => !stale.includes(row)).map((row) => row.remote_id);
  if (changed || recorded.join() !== ours.join()) {
    await repo.replaceMedia(
      where,
      ours.map((remoteId, position) => ({
        workspace_id: where.workspaceId,
        store: where.store,
        store_ref: where.storeRef,
        product_id: where.productId,
        position,
        mockup_id: mockups[position]!.id,
        mockup_key: mockups[position]!.key,
        remote_id: remoteId,
      })),
    );
  }
  return changed;
}
