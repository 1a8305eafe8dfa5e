import { type Selectable, sql } from 'kysely';
import { createRequests } from '../../platform/db/create-requests.ts';
import type { Db } from '../../platform/db/db.ts';
import type { WorkspacesTable } from '../../platform/db/schema.ts';
import { deleteWorkspaceFiles } from '../../platform/db/storage-quota.ts';

export type WorkspaceRow = Selectable<WorkspacesTable>;

/** Counts and dates of one workspace, gathered for the list (missing entries mean none). */
export interface WorkspaceContents {
  designs: number;
  designsWithMetadata: number;
  lastDesignAt: number;
  templates: number;
  mockups: number;
  designsWithMockups: number;
  lastMockupAt: number;
  designsListed: number;
  designsSynced: number;
  lastRunAt: number;
  thumbnails: Array<{ thumbnail_key: string; file_name: string }>;
}

/** The statuses of a listing result and of a store sync result that count as done. */
const listedStatuses = ['created', 'updated'];
const syncedStatuses = ['updated', 'unchanged'];
/** How many design thumbnails a workspace tile shows. */
export const THUMBNAILS_PER_WORKSPACE = 4;

/** The only place with the SQL of workspaces. */
export function workspacesRepo(db: Db) {
  return {
    listByUser(userId: string): Promise<WorkspaceRow[]> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * What each of the user's workspaces holds, in a few grouped queries (one per table, never one
     * per workspace). Listings and syncs count distinct designs still present.
     */
    async contentsByUser(userId: string): Promise<Map<string, WorkspaceContents>> {
      const contents = new Map<string, WorkspaceContents>();
      const entry = (workspaceId: string): WorkspaceContents => {
        let found = contents.get(workspaceId);
        if (!found) {
          found = {
            designs: 0,
            designsWithMetadata: 0,
            lastDesignAt: 0,
            templates: 0,
            mockups: 0,
            designsWithMockups: 0,
            lastMockupAt: 0,
            designsListed: 0,
            designsSynced: 0,
            lastRunAt: 0,
            thumbnails: [],
          };
          contents.set(workspaceId, found);
        }
        return found;
      };

      const designs = await db
        .selectFrom('designs')
        .select((eb) => [
          'workspace_id',
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(sql`case when trim(product_title) <> '' then 1 else 0 end`).as('with_metadata'),
          eb.fn.max('created_at').as('last_at'),
        ])
        .where('user_id', '=', userId)
        .groupBy('workspace_id')
        .execute();
      for (const row of designs) {
        const item = entry(row.workspace_id);
        item.designs = Number(row.total);
        item.designsWithMetadata = Number(row.with_metadata ?? 0);
        item.lastDesignAt = Number(row.last_at ?? 0);
      }

      const templates = await db
        .selectFrom('workspace_templates')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_templates.workspace_id')
        .select((eb) => ['workspace_templates.workspace_id', eb.fn.countAll<number>().as('total')])
        .where('workspaces.user_id', '=', userId)
        .groupBy('workspace_templates.workspace_id')
        .execute();
      for (const row of templates) entry(row.workspace_id).templates = Number(row.total);

      const mockups = await db
        .selectFrom('mockups')
        .select((eb) => [
          'workspace_id',
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('design_id').distinct().as('designs'),
          eb.fn.max('updated_at').as('last_at'),
        ])
        .where('user_id', '=', userId)
        .groupBy('workspace_id')
        .execute();
      for (const row of mockups) {
        const item = entry(row.workspace_id);
        item.mockups = Number(row.total);
        item.designsWithMockups = Number(row.designs);
        item.lastMockupAt = Number(row.last_at ?? 0);
      }

      const listed = await db
        .selectFrom('listing_results')
        .innerJoin('listing_runs', 'listing_runs.id', 'listing_results.run_id')
        .innerJoin('designs', 'designs.id', 'listing_results.design_id')
        .select((eb) => [
          'listing_runs.workspace_id',
          eb.fn.count<number>('listing_results.design_id').distinct().as('designs'),
        ])
        .where('listing_runs.user_id', '=', userId)
        .where('listing_results.status', 'in', listedStatuses)
        .groupBy('listing_runs.workspace_id')
        .execute();
      for (const row of listed) entry(row.workspace_id).designsListed = Number(row.designs);

      const synced = await db
        .selectFrom('store_sync_results')
        .innerJoin('store_sync_runs', 'store_sync_runs.id', 'store_sync_results.run_id')
        .innerJoin('designs', 'designs.id', 'store_sync_results.design_id')
        .select((eb) => [
          'store_sync_runs.workspace_id',
          eb.fn.count<number>('store_sync_results.design_id').distinct().as('designs'),
        ])
        .where('store_sync_runs.user_id', '=', userId)
        .where('store_sync_results.status', 'in', syncedStatuses)
        .groupBy('store_sync_runs.workspace_id')
        .execute();
      for (const row of synced) entry(row.workspace_id).designsSynced = Number(row.designs);

      // Runs of every kind (metadata, mockups, listings, syncs) are activity too.
      for (const table of ['ai_tasks', 'mockup_jobs', 'listing_runs', 'store_sync_runs'] as const) {
        const runs = await db
          .selectFrom(table)
          .select((eb) => ['workspace_id', eb.fn.max('created_at').as('last_at')])
          .where('user_id', '=', userId)
          .groupBy('workspace_id')
          .execute();
        for (const row of runs) {
          const item = entry(row.workspace_id);
          item.lastRunAt = Math.max(item.lastRunAt, Number(row.last_at ?? 0));
        }
      }

      const thumbnails = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('designs')
            .select([
              'workspace_id',
              'thumbnail_key',
              'file_name',
              'created_at',
              sql<number>`row_number() over (partition by workspace_id order by created_at desc, id desc)`.as(
                'rank',
              ),
            ])
            .where('user_id', '=', userId)
            .as('ranked'),
        )
        .select(['workspace_id', 'thumbnail_key', 'file_name'])
        .where('rank', '<=', THUMBNAILS_PER_WORKSPACE)
        .orderBy('workspace_id')
        .orderBy('rank')
        .execute();
      for (const row of thumbnails) {
        entry(row.workspace_id).thumbnails.push({
          thumbnail_key: row.thumbnail_key,
          file_name: row.file_name,
        });
      }
      return contents;
    },

    /** The id a create with this key made within the window, if any. */
    findCreateRequest(userId: string, kind: string, key: string, since: number): Promise<string | undefined> {
      return createRequests(db).find(userId, kind, key, since);
    },

    /**
     * Creates the workspace under the client's key in one transaction, unless the key already made
     * one within the window: then nothing is written and that workspace's id is answered. Keys older
     * than the window are forgotten first, so a key is remembered about a day.
     */
    async insertOnce(
      row: { id: string; user_id: string; name: string; created_at: number },
      key: string,
      since: number,
    ): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const request = {
          user_id: row.user_id,
          kind: 'workspace',
          key,
          created_id: row.id,
          created_at: row.created_at,
        };
        const bound = await createRequests(trx).claim(request, since);
        if (bound === row.id) await trx.insertInto('workspaces').values(row).execute();
        return bound;
      });
    },

    /** The workspace when it belongs to the user; undefined for anyone else's or a missing one. */
    findOwned(userId: string, workspaceId: string): Promise<WorkspaceRow | undefined> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async insert(row: { id: string; user_id: string; name: string; created_at: number }): Promise<void> {
      await db.insertInto('workspaces').values(row).execute();
    },

    /**
     * Deletes the workspace with every row in it, giving the bytes of its designs and mockups back,
     * in one transaction. The workspace row is locked first (a no-op UPDATE, on SQLite and
     * PostgreSQL alike), and every writer of a stored file in it locks it too before adding a row:
     * a mockup a render finishes meanwhile is either counted and deleted here, or refused there.
     */
    async delete(userId: string, workspaceId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('workspaces')
          .set({ design_count: sql`design_count` })
          .where('id', '=', workspaceId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (locked.numUpdatedRows !== 1n) return false;
        await deleteWorkspaceFiles(trx, 'mockups', userId, workspaceId);
        await deleteWorkspaceFiles(trx, 'designs', userId, workspaceId);
        await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
        return true;
      });
    },
  };
}

export type WorkspacesRepo = ReturnType<typeof workspacesRepo>;
