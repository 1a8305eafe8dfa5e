import type { Kysely } from 'kysely';

/**
 * The embedded job queue (platform/queue/embedded-queue.ts): one row per job id. A running job
 * holds a lease (`lease_until`, epoch ms) that its worker renews; a lapsed lease means the worker
 * died and the job may be claimed again. `attempts` counts starts and fences a worker's writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('queue_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('queue_jobs_status_run_after_idx')
    .on('queue_jobs')
    .columns(['status', 'run_after'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('queue_jobs').execute();
}
