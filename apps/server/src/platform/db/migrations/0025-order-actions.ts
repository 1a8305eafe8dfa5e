import type { Kysely } from 'kysely';

/**
 * Order actions (issue 23). A submission being sent is held for a while (`lease_until`): a second
 * click, tab or run that finds it held waits for its outcome instead of sending again, and one
 * whose holder died is settled by reading the order once the hold lapses. A manual order's create
 * keeps what it sends (`payload`, JSON), so a retry sends the same order. A bulk run keeps the
 * ids it was given that are not the seller's orders (`missing_ids`, JSON), to report them as not
 * found: they have no order row for a run item to refer to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_submissions').addColumn('lease_until', 'bigint').execute();
  await db.schema.alterTable('order_submissions').addColumn('payload', 'text').execute();
  await db.schema.alterTable('order_runs').addColumn('missing_ids', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_runs').dropColumn('missing_ids').execute();
  await db.schema.alterTable('order_submissions').dropColumn('payload').execute();
  await db.schema.alterTable('order_submissions').dropColumn('lease_until').execute();
}
