import type { Insertable, Selectable } from 'kysely';
import type { ListingProvider, ListingResultStatus, ListingRunStatus } from '@podflow/contract/listings';
import type { TargetStore } from '@podflow/contract/stores';
import type { Db } from '../../platform/db/db.ts';
import type {
  ListingResultsTable,
  ListingRunsTable,
  ProviderConnectionsTable,
} from '../../platform/db/schema.ts';

export type ConnectionRow = Selectable<ProviderConnectionsTable>;
export type ListingRunRow = Selectable<ListingRunsTable>;
export type ListingResultRow = Selectable<ListingResultsTable>;

const active: ListingRunStatus[] = ['Pending', 'In Progress'];

/** The only place with the SQL of provider and store connections, and of listing runs. */
export function listingsRepo(db: Db) {
  return {
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
            updated_at,
          }),
        )
        .execute();
    },

    async hasActiveRun(workspaceId: string, provider: ListingProvider): Promise<boolean> {
      const row = await db
        .selectFrom('listing_runs')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('provider', '=', provider)
        .where('status', 'in', active)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertRun(
      run: Insertable<ListingRunsTable>,
      results: Insertable<ListingResultsTable>[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('listing_runs').values(run).execute();
        if (results.length > 0) await trx.insertInto('listing_results').values(results).execute();
      });
    },

    findRun(id: string): Promise<ListingRunRow | undefined> {
      return db.selectFrom('listing_runs').selectAll().where('id', '=', id).executeTakeFirst();
    },

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

    results(runId: string): Promise<ListingResultRow[]> {
      return db
        .selectFrom('listing_results')
        .selectAll()
        .where('run_id', '=', runId)
        .orderBy('position')
        .execute();
    },

    async startRun(id: string): Promise<void> {
      await db
        .updateTable('listing_runs')
        .set({ status: 'In Progress', started_at: Date.now() })
        .where('id', '=', id)
        .where('status', 'in', active)
        .execute();
    },

    async finishRun(id: string, status: ListingRunStatus, reason: string | null): Promise<void> {
      await db
        .updateTable('listing_runs')
        .set({ status, reason, finished_at: Date.now() })
        .where('id', '=', id)
        .execute();
    },

    async setResult(
      runId: string,
      designId: string,
      result: { status: ListingResultStatus; product_id: string | null; reason: string | null },
    ): Promise<void> {
      await db
        .updateTable('listing_results')
        .set(result)
        .where('run_id', '=', runId)
        .where('design_id', '=', designId)
        .execute();
    },

    /** Records a design's product on a provider (the next run updates it instead of creating another). */
    async setDesignProduct(designId: string, provider: ListingProvider, productId: string): Promise<void> {
      await db
        .updateTable('designs')
        .set(provider === 'printify' ? { printify_product_id: productId } : { gelato_product_id: productId })
        .where('id', '=', designId)
        .execute();
    },
  };
}

export type ListingsRepo = ReturnType<typeof listingsRepo>;
