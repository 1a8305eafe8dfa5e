import type { Insertable, Selectable } from 'kysely';
import type { ListingRunStatus } from '@podflow/contract/listings';
import type { StoreSyncResultStatus, TargetStore } from '@podflow/contract/stores';
import type { Db } from '../../platform/db/db.ts';
import { runRows } from '../../platform/db/run-rows.ts';
import type { StoreMediaTable, StoreSyncResultsTable, StoreSyncRunsTable } from '../../platform/db/schema.ts';
import { providerIntentsRepo } from '../listings/provider-intents.repo.ts';

export type StoreSyncRunRow = Selectable<StoreSyncRunsTable>;
export type StoreSyncResultRow = Selectable<StoreSyncResultsTable>;
export type StoreMediaRow = Selectable<StoreMediaTable>;

/** Which store product a media row belongs to. */
export type StoreProduct = { workspaceId: string; store: TargetStore; storeRef: string; productId: string };

export type StoreSyncOutcome = {
  status: StoreSyncResultStatus;
  store_product_id: string | null;
  changes: string;
  reason: string | null;
  /** The provider's or store's own words behind `reason`. */
  detail?: string | null;
  /** The Printify product synced (of the shop selling on the store), once known. */
  printify_product_id?: string | null;
};

const active: ListingRunStatus[] = ['Pending', 'In Progress'];

/** The only place with the SQL of target stores, store sync runs and the store media PodFlow added. */
export function storesRepo(db: Db) {
  const activeRun = (workspaceId: string, store: TargetStore): Promise<StoreSyncRunRow | undefined> =>
    db
      .selectFrom('store_sync_runs')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('store', '=', store)
      .where('status', 'in', active)
      .limit(1)
      .executeTakeFirst();

  const mediaOf = (p: StoreProduct) =>
    db
      .selectFrom('store_media')
      .where('workspace_id', '=', p.workspaceId)
      .where('store', '=', p.store)
      .where('store_ref', '=', p.storeRef)
      .where('product_id', '=', p.productId);

  const runs = runRows(db, { runs: 'store_sync_runs', items: 'store_sync_results' });

  return {
    ...providerIntentsRepo(db),

    async targetStore(workspaceId: string): Promise<string | null> {
      const row = await db
        .selectFrom('workspaces')
        .select('target_store')
        .where('id', '=', workspaceId)
        .executeTakeFirst();
      return row?.target_store ?? null;
    },

    async setTargetStore(workspaceId: string, store: TargetStore): Promise<void> {
      await db.updateTable('workspaces').set({ target_store: store }).where('id', '=', workspaceId).execute();
    },

    /** The workspace's sync to this store that is still to finish (at most one: a unique index says so). */
    activeRun,

    /**
     * Inserts a run with its results, or answers the sync already active for the workspace and
     * store (a second click or tab): the unique index of active runs refuses a second one.
     */
    insertRun: (run: Insertable<StoreSyncRunsTable>, results: Insertable<StoreSyncResultsTable>[]) =>
      runs.insertRun(run, results, () => activeRun(run.workspace_id, run.store as TargetStore)),

    /** Records which Printify shop's products the run syncs. */
    async setRunShop(id: string, shopTitle: string): Promise<void> {
      await db
        .updateTable('store_sync_runs')
        .set({ printify_shop: shopTitle })
        .where('id', '=', id)
        .execute();
    },

    findRun: runs.findRun,

    latestRun(workspaceId: string, store: TargetStore): Promise<StoreSyncRunRow | undefined> {
      return db
        .selectFrom('store_sync_runs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('store', '=', store)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    results: runs.results,
    startRun: runs.startRun,
    finishRun: runs.finishRun,

    async setResult(runId: string, designId: string, outcome: StoreSyncOutcome): Promise<void> {
      await db
        .updateTable('store_sync_results')
        .set(outcome)
        .where('run_id', '=', runId)
        .where('design_id', '=', designId)
        .execute();
    },

    /** The media PodFlow added to a store product, in their place among PodFlow's images. */
    media(product: StoreProduct): Promise<StoreMediaRow[]> {
      return mediaOf(product).selectAll().orderBy('position').execute();
    },

    /** Records media as soon as the store has them, so a failure later never leaves them unknown. */
    async addMedia(rows: Insertable<StoreMediaTable>[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('store_media').values(rows).execute();
    },

    /** Forgets media the store no longer shows on the product. */
    async removeMedia(product: StoreProduct, remoteIds: string[]): Promise<void> {
      if (remoteIds.length === 0) return;
      await db
        .deleteFrom('store_media')
        .where('workspace_id', '=', product.workspaceId)
        .where('store', '=', product.store)
        .where('store_ref', '=', product.storeRef)
        .where('product_id', '=', product.productId)
        .where('remote_id', 'in', remoteIds)
        .execute();
    },

    /** The product's PodFlow media are exactly these, in this order. */
    async replaceMedia(product: StoreProduct, rows: Insertable<StoreMediaTable>[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('store_media')
          .where('workspace_id', '=', product.workspaceId)
          .where('store', '=', product.store)
          .where('store_ref', '=', product.storeRef)
          .where('product_id', '=', product.productId)
          .execute();
        if (rows.length > 0) await trx.insertInto('store_media').values(rows).execute();
      });
    },
  };
}

export type StoresRepo = ReturnType<typeof storesRepo>;
