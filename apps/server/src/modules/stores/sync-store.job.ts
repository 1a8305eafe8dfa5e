import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import type { StoreSyncResultStatus, TargetStore } from '@podflow/contract/stores';
import { storeMessages, storeNames } from '@podflow/contract/stores';
import { ProviderError } from '@podflow/providers/http';
import { type PrintifyProduct, printifyAccountOf } from '@podflow/providers/printify';
import { sellerFailure } from '@podflow/providers/seller-sentence';
import { eachLimited } from '../../platform/concurrency/each-limited.ts';
import { withRetries } from '../../platform/concurrency/with-retries.ts';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import {
  type JobContext,
  type JobDefinition,
  type JobOutcome,
  stopIfAsked,
} from '../../platform/queue/job-queue.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignRow } from '../designs/designs.repo.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { ListingsRepo } from '../listings/listings.repo.ts';
import { connectionKey, keyUnreadable, type providerClients } from '../listings/listings.service.ts';
import type { MockupsService } from '../mockups/mockups.service.ts';
import { type ProductSync, type SyncMockup, syncShopifyProduct } from './shopify-sync.ts';
import { storeListingOf } from './store-listing.ts';
import type { StoreSyncOutcome, StoresRepo } from './stores.repo.ts';
import { SYNC_STORE_JOB, type StoreClients, type WooKeys } from './stores.service.ts';
import { type WooItem, syncWooProducts } from './woocommerce-sync.ts';

export type SyncStoreDeps = {
  repo: StoresRepo;
  connections: Pick<ListingsRepo, 'connection' | 'workspaceProducts'>;
  designs: DesignsService;
  mockups: Pick<MockupsService, 'rowsOf'>;
  storage: Storage;
  signer: UrlSigner;
  secrets: SecretBox;
  clients: StoreClients & Pick<ReturnType<typeof providerClients>, 'printify'>;
  /** PodFlow's public origin: WooCommerce downloads the mockups from signed URLs under it. */
  publicUrl: string | undefined;
};

const payload = z.object({ runId: z.string() });

/** Why a run cannot start its designs: the run is marked Failed with this sentence. */
class RunRefusal extends Error {}

const mimeTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** A design's target in the store, found through its Printify product's listing there. */
type Target = { design: DesignRow; productId: string; storeProductId: string };

/**
 * A sync run: each design whose Printify product is published to the store gets the store
 * product's title, description, tags and SEO from its metadata and PodFlow's current mockups first
 * in its images. Results are recorded as they come (a resumed run skips what it finished).
 * Shopify products go one by one (two at a time); WooCommerce ones in batches.
 */
export function syncStoreJob(deps: SyncStoreDeps): JobDefinition<z.infer<typeof payload>> {
  const { repo, connections, designs, secrets, clients } = deps;

  const outcomeOf = (result: ProductSync | Error, storeProductId: string | null): StoreSyncOutcome => {
    if (!(result instanceof Error)) {
      return {
        status: result.status,
        store_product_id: storeProductId,
        changes: result.changes.join(','),
        reason: null,
      };
    }
    const { sentence, detail } = sellerFailure(result);
    return { status: 'failed', store_product_id: storeProductId, changes: '', reason: sentence, detail };
  };

  const plain = (
    status: StoreSyncResultStatus,
    reason: string,
    extra: Pick<StoreSyncOutcome, 'detail' | 'printify_product_id'> = {},
  ): StoreSyncOutcome => ({ status, store_product_id: null, changes: '', reason, ...extra });

  /** The workspace's mockups per design as the store should show them, in template order. */
  async function mockupsOf(workspaceId: string, withUrls: boolean) {
    if (withUrls && !deps.publicUrl) {
      throw new RunRefusal(
        'WooCommerce downloads the mockups from PodFlow: set PUBLIC_URL to an address the store can reach, or sync the metadata only.',
      );
    }
    const byDesign = new Map<string, SyncMockup[]>();
    for (const row of await deps.mockups.rowsOf(workspaceId)) {
      const ext = path.extname(row.storage_key).toLowerCase();
      const list = byDesign.get(row.design_id) ?? [];
      list.push({
        id: row.id,
        key: row.storage_key,
        fileName: `${row.template_name.replace(/[^\w-]+/g, '-').toLowerCase()}${ext}`,
        mimeType: mimeTypes[ext] ?? 'image/jpeg',
        alt: row.template_name,
        read: async () => buffer(await deps.storage.read(row.storage_key)),
        url: () => new URL(deps.signer.sign(row.storage_key), deps.publicUrl).href,
      });
      byDesign.set(row.design_id, list);
    }
    return byDesign;
  }

  /**
   * The Printify side: the shop that sells on this store, among those the saved key reaches (a
   * product belongs to one shop). The connected shop when it sells there, else the one holding
   * most of the workspace's products; each design's product in that shop.
   */
  async function printifyShop(workspaceId: string, store: TargetStore) {
    const connection = await connections.connection(workspaceId, 'printify');
    if (!connection) throw new RunRefusal(storeMessages.notConnectedPrintify);
    const printifyKey = connectionKey(secrets, connection);
    if (printifyKey === undefined) throw new RunRefusal(keyUnreadable('Printify'));
    const shops = await clients.printify(printifyKey).listShops();
    // Printify's limits are per account: the sync shares them with every connection of the account.
    const printify = clients.printify(printifyKey, printifyAccountOf(shops));
    const selling = shops.filter((s) => s.sales_channel === store);
    if (selling.length === 0) {
      const list = shops.map((s) => `"${s.title}" sells on ${s.sales_channel ?? 'no channel'}`).join(', ');
      throw new RunRefusal(storeMessages.noShopFor(store, list));
    }
    const all = await connections.workspaceProducts(workspaceId, 'printify');
    const inShop = (shopId: number) => all.filter((p) => p.shop_id === String(shopId));
    const shop =
      selling.find((s) => String(s.id) === connection.shop_id) ??
      [...selling].sort((a, b) => inShop(b.id).length - inShop(a.id).length)[0]!;
    const productOf = new Map(inShop(shop.id).map((p) => [p.design_id, p.product_id]));
    const listedElsewhere = new Set(all.map((p) => p.design_id));
    const product = async (id: string): Promise<PrintifyProduct | undefined> => {
      try {
        return await printify.getProduct(shop.id, id);
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return undefined;
        throw error;
      }
    };
    return { shop, productOf, listedElsewhere, product };
  }

  async function handle({ runId }: z.infer<typeof payload>, { signal }: JobContext): Promise<JobOutcome> {
    const run = await repo.findRun(runId);
    if (!run || run.status === 'Completed' || run.status === 'Failed') {
      return { status: 'skipped', reason: 'the run has ended' };
    }
    await repo.startRun(runId);
    const store = run.store as TargetStore;
    const workspaceId = run.workspace_id;
    const name = storeNames[store];
    let printify: Awaited<ReturnType<typeof printifyShop>>;
    let mockups: Map<string, SyncMockup[]> | undefined;
    const connection = await connections.connection(workspaceId, store);
    let storeKey: string;
    try {
      if (!connection) throw new RunRefusal(storeMessages.notConnected(store));
      const opened = connectionKey(secrets, connection);
      if (opened === undefined) throw new RunRefusal(keyUnreadable(name));
      storeKey = opened;
      printify = await printifyShop(workspaceId, store);
      await repo.setRunShop(runId, printify.shop.title);
      if (run.skip_mockups !== 1) mockups = await mockupsOf(workspaceId, store === 'woocommerce');
    } catch (error) {
      if (error instanceof ProviderError && error.retryable) throw error; // the queue tries the run again
      const reason = sellerFailure(error).sentence;
      await repo.finishRun(runId, 'Failed', reason);
      return { status: 'failed', reason };
    }

    /** The design and its store product, or the row's outcome when there is none to sync. */
    async function targetOf(designId: string): Promise<Target | StoreSyncOutcome> {
      const design = await designs.findRow(designId);
      if (!design) return plain('failed', 'The design was deleted.');
      const productId = printify.productOf.get(designId);
      if (!productId) {
        return plain(
          'skipped',
          printify.listedElsewhere.has(designId)
            ? storeMessages.notInShop(store, printify.shop.title)
            : 'No Printify product yet: create the listing in step 7.',
        );
      }
      const known = { printify_product_id: productId };
      const product = await withRetries(() => printify.product(productId));
      if (product instanceof Error) {
        const { sentence, detail } = sellerFailure(product);
        return plain('failed', sentence, { ...known, detail });
      }
      if (!product) {
        return plain(
          'failed',
          `Printify no longer has this design's product in "${printify.shop.title}" (deleted there): create the listing again in step 7.`,
          known,
        );
      }
      if (!product.external?.id) return plain('skipped', storeMessages.notPublished(store), known);
      return { design, productId, storeProductId: product.external.id };
    }

    const pending = (await repo.results(runId)).filter((r) => r.status === 'pending');
    const where = (productId: string) => ({ workspaceId, store, storeRef: connection!.shop_id, productId });
    // Asked to stop, a sync finishes and records the products (or the batch) in hand and is handed back.
    if (store === 'shopify') {
      const shopify = clients.shopify(connection!.shop_id, storeKey);
      await eachLimited(
        pending,
        2,
        async (row) => {
          const target = await targetOf(row.design_id);
          if (!('design' in target)) return repo.setResult(runId, row.design_id, target);
          const result = await withRetries(() =>
            syncShopifyProduct(
              shopify,
              repo,
              { ...where(target.storeProductId), designId: target.design.id },
              storeListingOf(target.design),
              mockups ? (mockups.get(target.design.id) ?? []) : undefined,
            ),
          );
          await repo.setResult(runId, row.design_id, {
            ...outcomeOf(result, target.storeProductId),
            printify_product_id: target.productId,
          });
        },
        signal,
      );
    } else {
      const woo = clients.woocommerce(connection!.shop_id, JSON.parse(storeKey) as WooKeys);
      const tagIds = new Map<string, number>();
      for (let at = 0; at < pending.length; at += mockups ? 10 : 50) {
        stopIfAsked(signal);
        const chunk = pending.slice(at, at + (mockups ? 10 : 50));
        const items: (WooItem & { productId: string })[] = [];
        await eachLimited(chunk, 4, async (row) => {
          const target = await targetOf(row.design_id);
          if (!('design' in target)) return repo.setResult(runId, row.design_id, target);
          items.push({
            designId: row.design_id,
            productId: target.productId,
            where: where(target.storeProductId),
            listing: storeListingOf(target.design),
            mockups: mockups ? (mockups.get(target.design.id) ?? []) : undefined,
          });
        });
        const results = await withRetries(() => syncWooProducts(woo, repo, items, tagIds));
        for (const item of items) {
          const result = results instanceof Error ? results : results.get(item.designId)!;
          await repo.setResult(runId, item.designId, {
            ...outcomeOf(result, item.where.productId),
            printify_product_id: item.productId,
          });
        }
      }
    }

    const results = await repo.results(runId);
    const allFailed = results.length > 0 && results.every((r) => r.status === 'failed');
    await repo.finishRun(
      runId,
      allFailed ? 'Failed' : 'Completed',
      allFailed ? 'No design could be synced.' : null,
    );
    return { status: 'completed' };
  }

  return {
    name: SYNC_STORE_JOB,
    payload,
    concurrency: 2,
    handle,
    // The queue's reason is the provider's raw text (it is logged); the seller reads what to do.
    onGiveUp: ({ runId }) =>
      repo.finishRun(
        runId,
        'Failed',
        'Printify or the store kept failing or could not be reached, so the sync stopped: try again in a few minutes.',
      ),
  };
}
