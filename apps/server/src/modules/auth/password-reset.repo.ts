import type { Db } from '../../platform/db/db.ts';

export type ResetTokenRow = {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
};

/** The only place with the SQL of password reset links. */
export function passwordResetRepo(db: Db) {
  return {
    /**
     * Adds a link unless the account already has `cap` made since `since`, atomically: the user's
     * row is locked first (a no-op UPDATE, on SQLite and PostgreSQL alike), so concurrent requests
     * count one after another and never make more than the cap. Answers whether it was added.
     */
    async insertTokenUnderCap(row: ResetTokenRow, since: number, cap: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', row.user_id)
          .execute();
        const made = await trx
          .selectFrom('password_reset_tokens')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', row.user_id)
          .where('created_at', '>=', since)
          .executeTakeFirst();
        if (Number(made?.n ?? 0) >= cap) return false;
        await trx
          .insertInto('password_reset_tokens')
          .values({ ...row, used_at: null })
          .execute();
        return true;
      });
    },

    /** Links that ended more than a day ago are of no more use, even as a record. */
    async deleteStaleTokens(userId: string, before: number): Promise<void> {
      await db
        .deleteFrom('password_reset_tokens')
        .where('user_id', '=', userId)
        .where('expires_at', '<', before)
        .execute();
    },

    findToken(tokenHash: string) {
      return db
        .selectFrom('password_reset_tokens')
        .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
        .select([
          'password_reset_tokens.id',
          'password_reset_tokens.user_id',
          'password_reset_tokens.expires_at',
          'password_reset_tokens.used_at',
          'users.email',
          'users.first_name',
          'users.last_name',
        ])
        .where('password_reset_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Spends the link and sets the password, atomically: every other unused link of the user is
     * spent too and every session is revoked. Answers false (and writes nothing) when the link
     * was spent or expired meanwhile.
     */
    async completeReset(
      tokenId: string,
      userId: string,
      passwordHash: string,
      now: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: now })
          .where('id', '=', tokenId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (spent.numUpdatedRows !== 1n) return false;
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: now })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now, revoked_reason: 'password_reset' })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return true;
      });
    },
  };
}

export type PasswordResetRepo = ReturnType<typeof passwordResetRepo>;
