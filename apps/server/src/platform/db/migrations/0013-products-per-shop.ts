import { type Kysely, sql } from 'kysely';

const activeRun = sql`status IN ('Pending', 'In Progress')`;

/**
 * A Printify product belongs to one shop (and a Gelato product to one store): each design's
 * products are kept per provider and shop, so switching the shop in step 7 makes new products and
 * keeps the old ones, and step 8 syncs those of the shop that sells on the target store. The
 * products the designs held are moved here under the shop their workspace was connected to.
 * Results also keep the provider's own words and code (`detail`) apart from the seller's sentence,
 * and whether a design was published. At most one run per workspace and provider (or store) is
 * active at a time: a repeated start finds the running one instead of making a second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('design_products')
    .addColumn('design_id', 'text', (c) => c.notNull().references('designs.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('design_products_pk', ['design_id', 'provider', 'shop_id'])
    .execute();
  const now = Date.now();
  for (const [provider, column] of [
    ['printify', 'printify_product_id'],
    ['gelato', 'gelato_product_id'],
  ] as const) {
    await sql`
      INSERT INTO design_products (design_id, provider, shop_id, product_id, updated_at)
      SELECT d.id, ${provider}, c.shop_id, d.${sql.ref(column)}, ${now}
      FROM designs d JOIN provider_connections c
        ON c.workspace_id = d.workspace_id AND c.provider = ${provider}
      WHERE d.${sql.ref(column)} IS NOT NULL AND c.shop_id <> ''
    `.execute(db);
  }

  // Where the connected Printify shop sells ('shopify', 'etsy', 'disconnected'...; '' when not known).
  await db.schema
    .alterTable('provider_connections')
    .addColumn('sales_channel', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('listing_results').addColumn('detail', 'text').execute();
  await db.schema.alterTable('listing_results').addColumn('published', 'integer').execute();
  await db.schema.alterTable('store_sync_results').addColumn('detail', 'text').execute();
  await db.schema.alterTable('store_sync_runs').addColumn('printify_shop', 'text').execute();

  for (const [table, key] of [
    ['listing_runs', 'provider'],
    ['store_sync_runs', 'store'],
  ] as const) {
    // Older duplicates (a double click before this migration) end, so the index can hold.
    await sql`
      UPDATE ${sql.table(table)} SET status = 'Failed', reason = 'A newer run of this workspace replaced it.'
      WHERE ${activeRun} AND EXISTS (
        SELECT 1 FROM ${sql.table(table)} newer
        WHERE newer.workspace_id = ${sql.table(table)}.workspace_id
          AND newer.${sql.ref(key)} = ${sql.table(table)}.${sql.ref(key)}
          AND newer.status IN ('Pending', 'In Progress')
          AND (newer.created_at > ${sql.table(table)}.created_at
            OR (newer.created_at = ${sql.table(table)}.created_at AND newer.id > ${sql.table(table)}.id)))
    `.execute(db);
    await sql`
      CREATE UNIQUE INDEX ${sql.id(`${table}_one_active_idx`)}
      ON ${sql.table(table)} (workspace_id, ${sql.ref(key)}) WHERE ${activeRun}
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('store_sync_runs_one_active_idx').execute();
  await db.schema.dropIndex('listing_runs_one_active_idx').execute();
  await db.schema.alterTable('store_sync_runs').dropColumn('printify_shop').execute();
  await db.schema.alterTable('store_sync_results').dropColumn('detail').execute();
  await db.schema.alterTable('listing_results').dropColumn('published').execute();
  await db.schema.alterTable('provider_connections').dropColumn('sales_channel').execute();
  await db.schema.alterTable('listing_results').dropColumn('detail').execute();
  await db.schema.dropTable('design_products').execute();
}
