import type { Kysely } from 'kysely';

/**
 * AI metadata: one `ai_tasks` row per design of a run (the summary the user watches), and each
 * user's AI tokens spent this month (`ai_tokens_period` is the month, 'YYYY-MM', UTC; a new month
 * starts again at 0 the first time tokens are spent in it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('ai_tokens_used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('ai_tokens_period', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('ai_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('design_id', 'text', (c) => c.notNull())
    .addColumn('design_file_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hints', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('token_period', 'text', (c) => c.notNull())
    .addColumn('token_returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('ai_tasks_workspace_idx')
    .on('ai_tasks')
    .columns(['workspace_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_tasks').execute();
  await db.schema.alterTable('users').dropColumn('ai_tokens_period').execute();
  await db.schema.alterTable('users').dropColumn('ai_tokens_used').execute();
}
