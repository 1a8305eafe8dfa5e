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

/** Gives back the bytes of rows whose files are being deleted. */
export function releaseRowBytes(
  trx: Transaction<Database>,
  userId: string,
  rows: ReadonlyArray<{ bytes: number }>,
): Promise<void> {
  return releaseStorageBytes(
    trx,
    userId,
    rows.reduce((sum, r) => sum + Number(r.bytes), 0),
  );
}

/** Deletes a workspace's rows of a table of stored files and gives their bytes back. */
export async function deleteWorkspaceFiles(
  trx: Transaction<Database>,
  table: 'designs' | 'mockups',
  userId: string,
  workspaceId: string,
): Promise<void> {
  const total = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('bytes'))
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom(table).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
  await releaseStorageBytes(trx, userId, Number(total.bytes));
}
