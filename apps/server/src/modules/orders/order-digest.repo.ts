import type { Db } from '../../platform/db/db.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The SQL of the attention digest: who wants it, who is due, and the day each one claims. */
export function orderDigestRepo(db: Db) {
  return {
    /**
     * Takes the day's digest for the seller at `at` (digest on, none sent in the last 24 h; a
     * conditional update, so only one taker wins); answers the previous send time to give it
     * back, or false.
     */
    async claimDay(userId: string, at: number): Promise<{ previous: number | null } | false> {
      const row = await db
        .selectFrom('order_settings')
        .select(['digest', 'digest_sent_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row || Number(row.digest) !== 1) return false;
      const previous = row.digest_sent_at === null ? null : Number(row.digest_sent_at);
      if (previous !== null && previous > at - DAY) return false;
      const claimed = await db
        .updateTable('order_settings')
        .set({ digest_sent_at: at })
        .where('user_id', '=', userId)
        .where((eb) =>
          previous === null ? eb('digest_sent_at', 'is', null) : eb('digest_sent_at', '=', previous),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1 ? { previous } : false;
    },

    /** Gives back a day claimed at `at` (nothing was sent). */
    async giveBack(userId: string, at: number, previous: number | null): Promise<void> {
      await db
        .updateTable('order_settings')
        .set({ digest_sent_at: previous })
        .where('user_id', '=', userId)
        .where('digest_sent_at', '=', at)
        .execute();
    },

    recipient(userId: string) {
      return db
        .selectFrom('users')
        .select(['email', 'first_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The sellers with the digest on whose last one is a day old (or who never had one). */
    async due(at: number): Promise<string[]> {
      const rows = await db
        .selectFrom('order_settings')
        .select('user_id')
        .where('digest', '=', 1)
        .where((eb) => eb.or([eb('digest_sent_at', 'is', null), eb('digest_sent_at', '<=', at - DAY)]))
        .execute();
      return rows.map((row) => row.user_id);
    },
  };
}
