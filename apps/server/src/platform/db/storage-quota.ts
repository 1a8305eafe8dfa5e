import { type Transaction, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Adds bytes to a user's stored total only while it stays within `limit`: one conditional UPDATE,
 * atomic on SQLite and PostgreSQL alike, so parallel writers can never end above the quota.
 * Answers false (and changes nothing) when the bytes do not fit.
 */
export async function reserveStorageBytes(
  trx: Transaction<Database>,
  userId: string,
  bytes: number,
  limit: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ storage_used_bytes: sql`storage_used_bytes + ${bytes}` })
    .where('id', '=', userId)
    .where(sql<boolean>`storage_used_bytes + ${bytes} <= ${limit}`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives bytes of deleted files back to the user's storage quota. */
export async function releaseStorageBytes(
  trx: Transaction<Database>,
  userId: string,
  bytes: number,
): Promise<void> {
  if (bytes === 0) return;
  await trx
    .updateTable('users')
    .set({ storage_used_bytes: sql`storage_used_bytes - ${bytes}` })
    .where('id', '=', userId)
    .execute();
}
