import type { Kysely } from 'kysely';

/**
 * Subscriptions on Stripe: each user's Stripe customer and current subscription as Stripe last
 * said it, and the webhook events already applied (each event id recorded in the transaction of
 * its effect, so a repeated delivery has none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  const users = () => db.schema.alterTable('users');
  await users().addColumn('stripe_customer_id', 'text').execute();
  await users().addColumn('stripe_subscription_id', 'text').execute();
  await users()
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await users().addColumn('subscription_price_id', 'text').execute();
  await users()
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await users().addColumn('current_period_end', 'bigint').execute();
  await db.schema.createIndex('users_stripe_customer_idx').on('users').column('stripe_customer_id').execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropIndex('users_stripe_customer_idx').execute();
  for (const column of [
    'current_period_end',
    'cancel_at_period_end',
    'subscription_price_id',
    'subscription_status',
    'stripe_subscription_id',
    'stripe_customer_id',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
