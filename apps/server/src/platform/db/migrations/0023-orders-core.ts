import type { Kysely } from 'kysely';

/**
 * Orders core (issue 23; modules/orders): where a first import stands, so a killed import goes on
 * from its last page instead of starting over; the search terms of each order, so a search is an
 * indexed equality lookup on 100,000 orders instead of a scan of them; and the list's filter indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_sources')
    /** The adapter's cursor of the next page of the first import; null before it starts and once done. */
    .addColumn('import_cursor', 'text')
    .execute();
  await db.schema
    .alterTable('order_sources')
    /** The first import's lower bound (its start minus 60 days), kept so a resumed import keeps it. */
    .addColumn('import_since', 'bigint')
    .execute();
  await db.schema
    .createTable('order_search')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    /** One lower-cased word of the number, customer or e-mail, or the whole name or e-mail. */
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_search_pk', ['order_id', 'term'])
    .execute();
  await db.schema
    .createIndex('order_search_term_idx')
    .on('order_search')
    .columns(['user_id', 'term', 'order_id'])
    .execute();
  // Every list filter walks an index in the list's order (newest first) that holds the filter's
  // columns, so a filter matching few or no orders never reads the others: provider (a store's
  // few rows among many), provider and status, shop and status.
  await db.schema
    .createIndex('orders_user_provider_created_idx')
    .on('orders')
    .columns(['user_id', 'provider', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_user_provider_status_idx')
    .on('orders')
    .columns(['user_id', 'provider', 'status', 'created_at', 'id'])
    .execute();
  // The dashboard's 30 days (orders, margin and currency per day) read from the index alone.
  await db.schema
    .createIndex('orders_user_days_idx')
    .on('orders')
    .columns(['user_id', 'created_at', 'provider', 'linked_order_id', 'margin_cents', 'currency'])
    .execute();
  await db.schema
    .createIndex('orders_source_status_idx')
    .on('orders')
    .columns(['source_id', 'status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'orders_source_status_idx',
    'orders_user_days_idx',
    'orders_user_provider_status_idx',
    'orders_user_provider_created_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('order_search').execute();
  await db.schema.alterTable('order_sources').dropColumn('import_since').execute();
  await db.schema.alterTable('order_sources').dropColumn('import_cursor').execute();
}
