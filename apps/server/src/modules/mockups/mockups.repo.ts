import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { MockupJobError, MockupJobStatus } from '@podflow/contract/mockups';
import type { Db } from '../../platform/db/db.ts';
import type { MockupJobsTable, MockupsTable } from '../../platform/db/schema.ts';
import {
  releaseRowBytes,
  releaseStorageBytes,
  reserveStorageBytes,
} from '../../platform/db/storage-quota.ts';

export type MockupJobRow = Selectable<MockupJobsTable>;
export type NewMockupJobRow = Insertable<MockupJobsTable>;
export type MockupRow = Selectable<MockupsTable>;

const active: MockupJobStatus[] = ['Pending', 'In Progress'];

/** The only place with the SQL of mockup runs and mockups. */
export function mockupsRepo(db: Db) {
  /** Deletes the user's mockups matching `ids` in `column`; with `all`, nothing unless every id matched. */
  async function deleteWhere(userId: string, column: 'id' | 'design_id', ids: string[], all: boolean) {
    if (ids.length === 0) return [];
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('mockups')
        .selectAll()
        .where('user_id', '=', userId)
        .where(column, 'in', ids)
        .execute();
      if (all && rows.length !== new Set(ids).size) return undefined;
      if (rows.length === 0) return rows;
      const matched = rows.map((r) => r.id);
      await trx.deleteFrom('mockups').where('id', 'in', matched).execute();
      await releaseRowBytes(trx, userId, rows);
      return rows;
    });
  }

  return {
    async insertJobs(rows: NewMockupJobRow[]): Promise<void> {
      await db.insertInto('mockup_jobs').values(rows).execute();
    },

    findJob(id: string): Promise<MockupJobRow | undefined> {
      return db.selectFrom('mockup_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The jobs of the workspace's latest run, in template order. */
    async latestRun(workspaceId: string): Promise<MockupJobRow[]> {
      const latest = await db
        .selectFrom('mockup_jobs')
        .select('run_id')
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('run_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest) return [];
      return this.run(latest.run_id);
    },

    run(runId: string): Promise<MockupJobRow[]> {
      return db
        .selectFrom('mockup_jobs')
        .selectAll()
        .where('run_id', '=', runId)
        .orderBy('position')
        .execute();
    },

    async hasActiveJobs(workspaceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('mockup_jobs')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('status', 'in', active)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks a job In Progress with its total and what it already rendered (a resumed job). */
    async startJob(id: string, total: number, done: number, now: number): Promise<void> {
      await db
        .updateTable('mockup_jobs')
        .set({
          status: 'In Progress',
          total,
          done,
          failed: 0,
          errors: '[]',
          started_at: sql`coalesce(started_at, ${now})`,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Counts one design of a job: rendered, or failed with its reason. */
    async countDesign(id: string, error?: MockupJobError): Promise<void> {
      if (!error) {
        await db
          .updateTable('mockup_jobs')
          .set({ done: sql`done + 1` })
          .where('id', '=', id)
          .execute();
        return;
      }
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('mockup_jobs')
          .select('errors')
          .where('id', '=', id)
          .executeTakeFirst();
        const errors = JSON.parse(row?.errors ?? '[]') as MockupJobError[];
        if (errors.some((e) => e.design_id === error.design_id)) return;
        errors.push(error);
        await trx
          .updateTable('mockup_jobs')
          .set({ failed: sql`failed + 1`, errors: JSON.stringify(errors) })
          .where('id', '=', id)
          .execute();
      });
    },

    async finishJob(id: string, status: 'Completed' | 'Failed', reason: string | null, now: number) {
      await db
        .updateTable('mockup_jobs')
        .set({ status, reason, finished_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Mockups the job already made (a resumed job skips them). */
    async renderedBy(jobId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('mockups').select('design_id').where('job_id', '=', jobId).execute();
      return new Set(rows.map((r) => r.design_id));
    },

    findByThumbnailKey(key: string): Promise<MockupRow | undefined> {
      return db.selectFrom('mockups').selectAll().where('thumbnail_key', '=', key).executeTakeFirst();
    },

    /**
     * Stores a mockup: inserts it, or replaces the one the design already has on this template,
     * moving the byte difference against the storage quota in the same transaction. Answers the
     * replaced row (its files are to be deleted), 'space' when the quota refused, or 'gone' when
     * the workspace was deleted (its row is locked first, as the workspace delete does, so a
     * mockup is never added to a workspace being deleted).
     */
    async put(row: MockupRow, storageLimit: number): Promise<{ replaced?: MockupRow } | 'space' | 'gone'> {
      return db.transaction().execute(async (trx) => {
        const workspace = await trx
          .updateTable('workspaces')
          .set({ design_count: sql`design_count` })
          .where('id', '=', row.workspace_id)
          .where('user_id', '=', row.user_id)
          .executeTakeFirst();
        if (workspace.numUpdatedRows !== 1n) return 'gone';
        const old = await trx
          .selectFrom('mockups')
          .selectAll()
          .where('design_id', '=', row.design_id)
          .where('template_id', '=', row.template_id)
          .executeTakeFirst();
        const delta = row.bytes - (old ? Number(old.bytes) : 0);
        if (delta > 0 && !(await reserveStorageBytes(trx, row.user_id, delta, storageLimit))) return 'space';
        if (delta < 0) await releaseStorageBytes(trx, row.user_id, -delta);
        if (old) {
          const { id: _id, created_at: _created, ...changes } = row;
          await trx.updateTable('mockups').set(changes).where('id', '=', old.id).execute();
          return { replaced: old };
        }
        await trx.insertInto('mockups').values(row).execute();
        return {};
      });
    },

    listByWorkspace(workspaceId: string): Promise<MockupRow[]> {
      return db
        .selectFrom('mockups')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('design_id')
        .orderBy('created_at')
        .orderBy('template_name')
        .execute();
    },

    /**
     * Deletes the user's mockups with these ids and gives their bytes back, atomically. Answers the
     * deleted rows, or undefined (deleting nothing) when any id is not the user's.
     */
    deleteOwned: (userId: string, ids: string[]) => deleteWhere(userId, 'id', ids, true),

    /** Deletes the mockups of these designs (the designs were deleted) and gives their bytes back. */
    deleteForDesigns: async (userId: string, designIds: string[]) =>
      (await deleteWhere(userId, 'design_id', designIds, false)) ?? [],
  };
}

export type MockupsRepo = ReturnType<typeof mockupsRepo>;
