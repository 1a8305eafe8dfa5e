import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { MockupJobError, MockupJobStatus } from '@podflow/contract/mockups';
import type { Db } from '../../platform/db/db.ts';
import type { MockupAdjustmentsTable, MockupJobsTable, MockupsTable } from '../../platform/db/schema.ts';
import {
  releaseRowBytes,
  releaseStorageBytes,
  reserveStorageBytes,
} from '../../platform/db/storage-quota.ts';

export type MockupJobRow = Selectable<MockupJobsTable>;
export type NewMockupJobRow = Insertable<MockupJobsTable>;
export type MockupRow = Selectable<MockupsTable>;
export type NewMockupRow = Insertable<MockupsTable>;
export type AdjustmentRow = Selectable<MockupAdjustmentsTable>;
/** A design and a template, as `${design_id}|${template_id}`. */
export const pairKey = (designId: string, templateId: string) => `${designId}|${templateId}`;

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
      if (column === 'id') {
        // The seller deleted these: "Generate new only" leaves the pairs alone from now on.
        const now = Date.now();
        await trx
          .insertInto('mockup_deletions')
          .values(
            rows.map((r) => ({
              design_id: r.design_id,
              template_id: r.template_id,
              workspace_id: r.workspace_id,
              user_id: r.user_id,
              deleted_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['design_id', 'template_id']).doUpdateSet({ deleted_at: now }))
          .execute();
      } else {
        await trx.deleteFrom('mockup_deletions').where('design_id', 'in', ids).execute();
        await trx.deleteFrom('mockup_adjustments').where('design_id', 'in', ids).execute();
      }
      return rows;
    });
  }

  return {
    async insertJobs(rows: NewMockupJobRow[]): Promise<void> {
      await db.insertInto('mockup_jobs').values(rows).execute();
    },

    /**
     * Starts a run unless one of the workspace is going on: with the workspace row locked (as its
     * delete does), answers the running run's id, or inserts the jobs (none: nothing to start).
     * Two calls at once (a double click) start one run.
     */
    async startRun(
      workspaceId: string,
      jobs: NewMockupJobRow[],
      clearDeletions: boolean,
    ): Promise<{ running: string } | { started: NewMockupJobRow[] } | 'gone'> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('workspaces')
          .set({ design_count: sql`design_count` })
          .where('id', '=', workspaceId)
          .executeTakeFirst();
        if (locked.numUpdatedRows !== 1n) return 'gone';
        const running = await trx
          .selectFrom('mockup_jobs')
          .select('run_id')
          .where('workspace_id', '=', workspaceId)
          .where('status', 'in', active)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (running) return { running: running.run_id };
        if (clearDeletions)
          await trx.deleteFrom('mockup_deletions').where('workspace_id', '=', workspaceId).execute();
        if (jobs.length) await trx.insertInto('mockup_jobs').values(jobs).execute();
        return { started: jobs };
      });
    },

    /** The design and template pairs of the workspace that have a mockup or whose mockup was deleted. */
    async coveredPairs(workspaceId: string): Promise<Set<string>> {
      const [made, deleted] = await Promise.all([
        db
          .selectFrom('mockups')
          .select(['design_id', 'template_id'])
          .where('workspace_id', '=', workspaceId)
          .execute(),
        db
          .selectFrom('mockup_deletions')
          .select(['design_id', 'template_id'])
          .where('workspace_id', '=', workspaceId)
          .execute(),
      ]);
      return new Set([...made, ...deleted].map((r) => pairKey(r.design_id, r.template_id)));
    },

    /** The workspace's adjustments by pair (see pairKey). */
    async adjustments(workspaceId: string): Promise<Map<string, AdjustmentRow>> {
      const rows = await db
        .selectFrom('mockup_adjustments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .execute();
      return new Map(rows.map((r) => [pairKey(r.design_id, r.template_id), r]));
    },

    findAdjustment(designId: string, templateId: string): Promise<AdjustmentRow | undefined> {
      return db
        .selectFrom('mockup_adjustments')
        .selectAll()
        .where('design_id', '=', designId)
        .where('template_id', '=', templateId)
        .executeTakeFirst();
    },

    /** Keeps the adjustment for its design and template (replacing the one before). */
    async saveAdjustment(row: AdjustmentRow): Promise<void> {
      const { design_id: _d, template_id: _t, ...changes } = row;
      await db
        .insertInto('mockup_adjustments')
        .values(row)
        .onConflict((oc) => oc.columns(['design_id', 'template_id']).doUpdateSet(changes))
        .execute();
    },

    /** Forgets the pair's adjustment: its renders follow the template's placement again. */
    async deleteAdjustment(designId: string, templateId: string): Promise<void> {
      await db
        .deleteFrom('mockup_adjustments')
        .where('design_id', '=', designId)
        .where('template_id', '=', templateId)
        .execute();
    },

    findOwned(userId: string, id: string): Promise<MockupRow | undefined> {
      return db
        .selectFrom('mockups')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
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
    async put(
      row: NewMockupRow & { bytes: number },
      storageLimit: number,
    ): Promise<{ replaced?: MockupRow } | 'space' | 'gone'> {
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
        // Made again on request ("Regenerate all"): no longer a deleted pair.
        await trx
          .deleteFrom('mockup_deletions')
          .where('design_id', '=', row.design_id)
          .where('template_id', '=', row.template_id)
          .execute();
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
