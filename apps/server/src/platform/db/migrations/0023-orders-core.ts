import type { Kysely } from 'kysely';

/**
 * Orders core (issue 23; modules/orders): where a first import stands, so a killed import goes on
 * from its last page instead of starting over, and the search terms of each order, so a search is
 * an indexed equality lookup on 100,000 orders instead of a scan of them.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_search').execute();
  await db.schema.alterTable('order_sources').dropColumn('import_since').execute();
  await db.schema.alterTable('order_sources').dropColumn('import_cursor').execute();
}
