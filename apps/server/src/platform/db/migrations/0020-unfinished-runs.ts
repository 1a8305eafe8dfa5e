import { type Kysely, sql } from 'kysely';

/** The tables of runs the reconciler reads every lease (platform/queue/run-reconciler.ts). */
const runTables = ['mockup_jobs', 'ai_tasks', 'listing_runs', 'store_sync_runs'];

/**
 * The unfinished rows of each run table, indexed by age: the reconciler looks for them in every
 * job-running process every JOB_LEASE_SECONDS, and should not read whole tables of finished runs
 * to find the few still going. Partial, so the index holds only those few.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of runTables) {
    await db.schema
      .createIndex(`${table}_unfinished_idx`)
      .on(table)
      .column('created_at')
      .where(sql.ref('status'), 'in', ['Pending', 'In Progress'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of runTables) await db.schema.dropIndex(`${table}_unfinished_idx`).execute();
}
