import { type Kysely, sql } from 'kysely';

/**
 * What PodFlow is about to create on a provider, written before the create is sent: a design's
 * product in a Printify shop or Gelato store, a mockup on a store product. A process that dies
 * after the provider acted but before its id was recorded leaves the intent open; the next run
 * looks for what was made under it (by its marker and time) and adopts it instead of creating
 * again. Closed with the provider's id, or with none when nothing was made. At most one intent
 * per design, provider, shop and kind is open at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('design_id', 'text', (c) => c.notNull().references('designs.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('marker', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('result_id', 'text')
    .execute();
  await db.schema
    .createIndex('provider_intents_open_idx')
    .on('provider_intents')
    .columns(['design_id', 'provider', 'shop_id', 'kind'])
    .unique()
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('provider_intents_result_idx')
    .on('provider_intents')
    .columns(['provider', 'shop_id', 'result_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_intents').execute();
}
