import type { Kysely } from 'kysely';

/**
 * Sign-in throttling across addresses: failed attempts per account from addresses it does not
 * know (a progressive delay past a limit), and the addresses that have signed in to an account
 * (exempt from that delay). Both keyed by a hash, so no e-mail or address is kept in the clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_account_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'bigint', (c) => c.notNull())
    .addColumn('delay_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .execute();
  await db.schema
    .createTable('login_known_addresses')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('last_success_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_known_addresses').execute();
  await db.schema.dropTable('login_account_failures').execute();
}
