import type { Kysely } from 'kysely';

/**
 * The keys clients send with each create (Idempotency-Key), remembered for a day per user with
 * what they created: a repeated request (a double click, a retry after a lost answer) answers the
 * same row instead of making a second one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('create_requests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('create_requests_pk', ['user_id', 'kind', 'key'])
    .execute();
  await db.schema
    .createIndex('create_requests_user_created_idx')
    .on('create_requests')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('create_requests').execute();
}
