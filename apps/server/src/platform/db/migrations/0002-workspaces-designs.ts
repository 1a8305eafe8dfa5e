import type { Kysely } from 'kysely';

/**
 * Workspaces and designs, with the counters quotas check atomically: designs per workspace
 * (workspaces.design_count) and stored bytes per user (users.storage_used_bytes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('starter'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('storage_used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('design_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workspaces_user_idx')
    .on('workspaces')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('designs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('has_alpha', 'integer', (c) => c.notNull())
    .addColumn('product_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('printify_product_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('designs_workspace_idx')
    .on('designs')
    .columns(['workspace_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('designs').execute();
  await db.schema.dropTable('workspaces').execute();
  await db.schema.alterTable('users').dropColumn('storage_used_bytes').execute();
  await db.schema.alterTable('users').dropColumn('plan').execute();
}
