import type { Kysely } from 'kysely';

/**
 * Publishing to the sellers' stores (step 8): each workspace's target store, sync runs with one
 * result per design, and the store media PodFlow added to each product, so the next sync replaces
 * its own mockups and never touches the seller's other images. The Shopify and WooCommerce
 * connections live in provider_connections beside Printify's and Gelato's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workspaces').addColumn('target_store', 'text').execute();
  await db.schema
    .createTable('store_sync_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('skip_mockups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('store_sync_runs_workspace_idx')
    .on('store_sync_runs')
    .columns(['workspace_id', 'store', 'created_at'])
    .execute();
  await db.schema
    .createTable('store_sync_results')
    .addColumn('run_id', 'text', (c) => c.notNull().references('store_sync_runs.id').onDelete('cascade'))
    .addColumn('design_id', 'text', (c) => c.notNull())
    .addColumn('design_file_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('printify_product_id', 'text')
    .addColumn('store_product_id', 'text')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('store_sync_results_pk', ['run_id', 'design_id'])
    .execute();
  await db.schema
    .createTable('store_media')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('store_ref', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('mockup_id', 'text', (c) => c.notNull())
    .addColumn('mockup_key', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_media_pk', [
      'workspace_id',
      'store',
      'store_ref',
      'product_id',
      'position',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_media').execute();
  await db.schema.dropTable('store_sync_results').execute();
  await db.schema.dropTable('store_sync_runs').execute();
  await db.schema.alterTable('workspaces').dropColumn('target_store').execute();
}
