import type { Kysely } from 'kysely';

/**
 * Listings on print providers: each workspace's connection to Printify and Gelato (the API key
 * sealed, see platform/crypto/secrets.ts), listing runs with one result row per design, and the
 * Gelato product id beside the Printify one on a design.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('designs').addColumn('gelato_product_id', 'text').execute();
  await db.schema
    .createTable('provider_connections')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_key_sealed', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shop_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_connections_pk', ['workspace_id', 'provider'])
    .execute();
  await db.schema
    .createTable('listing_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('publish', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('listing_runs_workspace_idx')
    .on('listing_runs')
    .columns(['workspace_id', 'provider', 'created_at'])
    .execute();
  await db.schema
    .createTable('listing_results')
    .addColumn('run_id', 'text', (c) => c.notNull().references('listing_runs.id').onDelete('cascade'))
    .addColumn('design_id', 'text', (c) => c.notNull())
    .addColumn('design_file_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text')
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('listing_results_pk', ['run_id', 'design_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listing_results').execute();
  await db.schema.dropTable('listing_runs').execute();
  await db.schema.dropTable('provider_connections').execute();
  await db.schema.alterTable('designs').dropColumn('gelato_product_id').execute();
}
