import type { Insertable, Selectable } from 'kysely';
import type { ListingProvider, ListingResultStatus, ListingRunStatus } from '@podflow/contract/listings';
import type { TargetStore } from '@podflow/contract/stores';
import type { Db } from '../../platform/db/db.ts';
import { runRows } from '../../platform/db/run-rows.ts';
import type {
  ListingResultsTable,
  ListingRunsTable,
  ProviderConnectionsTable,
} from '../../platform/db/schema.ts';
import { providerIntentsRepo } from './provider-intents.repo.ts';

export type ConnectionRow = Selectable<ProviderConnectionsTable>;
export type ListingRunRow = Selectable<ListingRunsTable>;
export type ListingResultRow = Selectable<ListingResultsTable>;

const active: ListingRunStatus[] = ['Pending', 'In Progress'];

/** The only place with the SQL of provider and store connections, and of listing runs. */
export function listingsRepo(db: Db) {
  const activeRun = (workspaceId: string, provider: ListingProvider): Promise<ListingRunRow | undefined> =>
    db
      .selectFrom('listing_runs')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('provider', '=', provider)
      .where('status', 'in', active)
      .limit(1)
      .executeTakeFirst();

  const runs = runRows(db, { runs: 'listing_runs', items: 'listing_results' });

  return {
    ...providerIntentsRepo(db),

    connection(
      workspaceId: string,
      provider: ListingProvider | TargetStore,
    ): Promise<ConnectionRow | undefined> {
      return db
        .selectFrom('provider_connections')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('provider', '=', provider)
        .executeTakeFirst();
    },

    /** Writes a workspace's connection to a provider in one statement (insert or replace). */
    async saveConnection(row: Insertable<ProviderConnectionsTable>): Promise<void> {
      const { user_id, api_key_sealed, shop_id, shop_title, template_id, template_title, updated_at } = row;
      const sales_channel = row.sales_channel ?? '';
      await db
        .insertInto('provider_connections')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'provider']).doUpdateSet({
            user_id,
            api_key_sealed,
            shop_id,
            shop_title,
            template_id,
            template_title,
            sales_channel,
            // Left as it is when not given (a provider other than Shopify); null clears it.
            api_secret_sealed: row.api_secret_sealed,
            updated_at,
          }),
        )
        .execute();
    },

    /** The workspace's run of this provider that is still to finish (at most one: a unique index says so). */
    activeRun,

    /**
     * Inserts a run with its results, or answers the run already active for the workspace and
     * provider (a second click or tab): the unique index of active runs refuses a second one.
     */
    insertRun: (run: Insertable<ListingRunsTable>, results: Insertable<ListingResultsTable>[]) =>
      runs.insertRun(run, results, () => activeRun(run.workspace_id, run.provider as ListingProvider)),

    findRun: runs.findRun,

    latestRun(workspaceId: string, provider: ListingProvider): Promise<ListingRunRow | undefined> {
      return db
        .selectFrom('listing_runs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('provider', '=', provider)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    results: runs.results,
    startRun: runs.startRun,
    finishRun: runs.finishRun,

    async setResult(
      runId: string,
      designId: string,
      result: {
        status: ListingResultStatus;
        product_id: string | null;
        reason: string | null;
        detail?: string | null;
        published?: number | null;
      },
    ): Promise<void> {
      await db
        .updateTable('listing_results')
        .set(result)
        .where('run_id', '=', runId)
        .where('design_id', '=', designId)
        .execute();
    },

    /** A design's product in one shop (Printify) or store (Gelato), if it has one there. */
    async designProduct(designId: string, provider: ListingProvider, shopId: string): Promise<string | null> {
      const row = await db
        .selectFrom('design_products')
        .select('product_id')
        .where('design_id', '=', designId)
        .where('provider', '=', provider)
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
      return row?.product_id ?? null;
    },

    /** The workspace's products on a provider: design id, shop and product, one row per design and shop. */
    workspaceProducts(
      workspaceId: string,
      provider: ListingProvider,
    ): Promise<{ design_id: string; shop_id: string; product_id: string }[]> {
      return db
        .selectFrom('design_products')
        .innerJoin('designs', 'designs.id', 'design_products.design_id')
        .select(['design_products.design_id', 'design_products.shop_id', 'design_products.product_id'])
        .where('designs.workspace_id', '=', workspaceId)
        .where('design_products.provider', '=', provider)
        .execute();
    },

    /** The product a run already made for a design it has not finished (Gelato is still making it). */
    async pendingProduct(runId: string, designId: string): Promise<string | null> {
      const row = await db
        .selectFrom('listing_results')
        .select('product_id')
        .where('run_id', '=', runId)
        .where('design_id', '=', designId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.product_id ?? null;
    },

    /**
     * Records a design's product in a shop (the next run there updates it instead of creating
     * another; other shops' products are kept). The design's own column shows the latest one.
     */
    async setDesignProduct(
      designId: string,
      provider: ListingProvider,
      shopId: string,
      productId: string,
      /** The intent the product was made (or found) under: closed with it, in the same transaction. */
      intentId?: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (intentId !== undefined) await providerIntentsRepo(trx).closeIntent(intentId, productId);
        await trx
          .insertInto('design_products')
          .values({
            design_id: designId,
            provider,
            shop_id: shopId,
            product_id: productId,
            updated_at: Date.now(),
          })
          .onConflict((oc) =>
            oc
              .columns(['design_id', 'provider', 'shop_id'])
              .doUpdateSet({ product_id: productId, updated_at: Date.now() }),
          )
          .execute();
        await trx
          .updateTable('designs')
          .set(
            provider === 'printify' ? { printify_product_id: productId } : { gelato_product_id: productId },
          )
          .where('id', '=', designId)
          .execute();
      });
    },

    /**
     * Forgets a design's product in a shop (deleted on the provider since, or failed there); the
     * design no longer shows it as its product either.
     */
    async dropDesignProduct(designId: string, provider: ListingProvider, shopId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const dropped = await trx
          .deleteFrom('design_products')
          .where('design_id', '=', designId)
          .where('provider', '=', provider)
          .where('shop_id', '=', shopId)
          .returning('product_id')
          .executeTakeFirst();
        if (!dropped) return;
        const column = provider === 'printify' ? 'printify_product_id' : 'gelato_product_id';
        await trx
          .updateTable('designs')
          .set({ [column]: null })
          .where('id', '=', designId)
          .where(column, '=', dropped.product_id)
          .execute();
      });
    },
  };
}

export type ListingsRepo = ReturnType<typeof listingsRepo>;
