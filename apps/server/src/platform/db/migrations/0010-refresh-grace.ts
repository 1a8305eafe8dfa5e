import type { Kysely } from 'kysely';

/** Marks the refresh tokens made to replace an answer the client lost (given once, never in turn). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('refresh_tokens')
    .addColumn('reissued', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('reissued').execute();
}
