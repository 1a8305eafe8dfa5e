import type { Db } from './db.ts';

/**
 * The Idempotency-Keys of creates (create_requests, migration 0015): per user and kind, the row a
 * key made, remembered about a day. Workspaces, bulk order runs and manual orders use it.
 */
export function createRequests(db: Db) {
  return {
    /** The id a create with this key made since `since`, if any. */
    async find(userId: string, kind: string, key: string, since: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('create_requests')
        .select('created_id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return row?.created_id;
    },

    /**
     * Binds the key to `created_id` unless it is bound already, and answers the id it is bound to:
     * `created_id` when this create is the first, else the earlier one's. Keys older than `since`
     * are forgotten first. Run it in the transaction that inserts the row, so a repeat that lost
     * the race undoes nothing but its own.
     */
    async claim(
      row: { user_id: string; kind: string; key: string; created_id: string; created_at: number },
      since: number,
    ): Promise<string> {
      await db
        .deleteFrom('create_requests')
        .where('user_id', '=', row.user_id)
        .where('created_at', '<', since)
        .execute();
      const claimed = await db
        .insertInto('create_requests')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 1) return row.created_id;
      const earlier = await db
        .selectFrom('create_requests')
        .select('created_id')
        .where('user_id', '=', row.user_id)
        .where('kind', '=', row.kind)
        .where('key', '=', row.key)
        .executeTakeFirstOrThrow();
      return earlier.created_id;
    },
  };
}
