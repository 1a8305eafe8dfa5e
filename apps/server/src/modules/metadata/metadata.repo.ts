import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AiTaskStatus } from '@podflow/contract/metadata';
import type { Db } from '../../platform/db/db.ts';
import type { AiTasksTable, DesignsTable } from '../../platform/db/schema.ts';

export type AiTaskRow = Selectable<AiTasksTable>;
export type NewAiTaskRow = Insertable<AiTasksTable>;
export type DesignListing = Pick<
  Selectable<DesignsTable>,
  'id' | 'product_title' | 'seo_keywords' | 'product_description'
>;

const active: AiTaskStatus[] = ['Pending', 'In Progress'];

/** Tokens spent in `period` as the database sees them: a stored count of another month is 0. */
const usedIn = (period: string) =>
  sql<number>`(case when ai_tokens_period = ${period} then ai_tokens_used else 0 end)`;

/** The only place with the SQL of listing metadata, AI tasks and AI tokens. */
export function metadataRepo(db: Db) {
  return {
    /** The user's designs among `ids` (a design of another user is simply not found). */
    ownedDesigns(userId: string, ids: string[]): Promise<Selectable<DesignsTable>[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('designs')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Writes the listings in one transaction: all of them or none. */
    async saveListings(listings: DesignListing[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const { id, ...fields } of listings) {
          await trx.updateTable('designs').set(fields).where('id', '=', id).execute();
        }
      });
    },

    /** The plan and this month's spend of a user. */
    async tokenUsage(userId: string, period: string): Promise<{ plan: string; used: number }> {
      const row = await db
        .selectFrom('users')
        .select(['plan', usedIn(period).as('used')])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return { plan: row.plan, used: Number(row.used) };
    },

    /**
     * Charges one token per task and queues the tasks, in one transaction: the charge is one
     * conditional UPDATE (atomic on SQLite and PostgreSQL), so concurrent runs can never spend
     * past `allowance`. False, with nothing written, when the tokens do not fit.
     */
    async startRun(
      userId: string,
      tasks: NewAiTaskRow[],
      allowance: number,
      period: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const charged = await trx
          .updateTable('users')
          .set({ ai_tokens_used: sql`${usedIn(period)} + ${tasks.length}`, ai_tokens_period: period })
          .where('id', '=', userId)
          .where(sql<boolean>`${usedIn(period)} + ${tasks.length} <= ${allowance}`)
          .executeTakeFirst();
        if (charged.numUpdatedRows !== 1n) return false;
        await trx.insertInto('ai_tasks').values(tasks).execute();
        return true;
      });
    },

    async hasActiveTasks(workspaceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('ai_tasks')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('status', 'in', active)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The tasks of the workspace's latest run, in design order. */
    async latestRun(workspaceId: string): Promise<AiTaskRow[]> {
      const latest = await db
        .selectFrom('ai_tasks')
        .select('run_id')
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('run_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest) return [];
      return db
        .selectFrom('ai_tasks')
        .selectAll()
        .where('run_id', '=', latest.run_id)
        .orderBy('position')
        .execute();
    },

    findTask(id: string): Promise<AiTaskRow | undefined> {
      return db.selectFrom('ai_tasks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async markStarted(id: string): Promise<void> {
      await db
        .updateTable('ai_tasks')
        .set({ status: 'In Progress', started_at: Date.now() })
        .where('id', '=', id)
        .where('status', 'in', active)
        .execute();
    },

    /** Writes the listing and completes the task together; false when the task had already ended. */
    async complete(id: string, listing: DesignListing): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('ai_tasks')
          .set({ status: 'Completed', reason: null, finished_at: Date.now() })
          .where('id', '=', id)
          .where('status', 'in', active)
          .executeTakeFirst();
        if (ended.numUpdatedRows !== 1n) return false;
        const { id: designId, ...fields } = listing;
        await trx.updateTable('designs').set(fields).where('id', '=', designId).execute();
        return true;
      });
    },

    /**
     * Fails the task and gives its token back to the month it was charged to, once: the task
     * row's flag and the user's count change in one transaction.
     */
    async fail(id: string, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const task = await trx
          .updateTable('ai_tasks')
          .set({ status: 'Failed', reason, finished_at: Date.now(), token_returned: 1 })
          .where('id', '=', id)
          .where('token_returned', '=', 0)
          .where('status', '!=', 'Completed')
          .returning(['user_id', 'token_period'])
          .executeTakeFirst();
        if (!task) return;
        await trx
          .updateTable('users')
          .set({ ai_tokens_used: sql`ai_tokens_used - 1` })
          .where('id', '=', task.user_id)
          .where('ai_tokens_period', '=', task.token_period)
          .where('ai_tokens_used', '>', 0)
          .execute();
      });
    },
  };
}

export type MetadataRepo = ReturnType<typeof metadataRepo>;
