import type { Db } from '../../platform/db/db.ts';
import type { Insertable, Selectable } from 'kysely';
import type { UsersTable } from '../../platform/db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

/** The only place with the SQL of accounts, sessions and refresh tokens. */
export function authRepo(db: Db) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertUser(user: NewUserRow): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },

    async updatePasswordHash(userId: string, passwordHash: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },

    /** Starts a session (a refresh-token family) with its first token. */
    async insertSession(
      session: { id: string; userId: string; now: number },
      token: RefreshTokenInsert,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({
            id: session.id,
            user_id: session.userId,
            created_at: session.now,
            last_used_at: session.now,
          })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({ ...token, used_at: null })
          .execute();
      });
    },

    findRefreshToken(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.id as token_id',
          'refresh_tokens.created_at',
          'refresh_tokens.expires_at',
          'refresh_tokens.used_at',
          'sessions.id as session_id',
          'sessions.user_id',
          'sessions.created_at as session_created_at',
          'sessions.revoked_at',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * True when the session is neither revoked nor begun before `startedAfter`, and belongs to
     * this user, who still exists: the check behind every signed-in request.
     */
    async isSessionLive(sessionId: string, userId: string, startedAfter: number): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('sessions.id', '=', sessionId)
        .where('sessions.user_id', '=', userId)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.created_at', '>', startedAfter)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Spends one refresh token and adds its successor, atomically. Answers false when the token
     * was spent meanwhile (a concurrent reuse), in which case nothing is written.
     */
    async rotateRefreshToken(spentTokenId: string, next: RefreshTokenInsert, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: now })
          .where('id', '=', spentTokenId)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (spent.numUpdatedRows !== 1n) return false;
        await trx
          .insertInto('refresh_tokens')
          .values({ ...next, used_at: null })
          .execute();
        await trx
          .updateTable('sessions')
          .set({ last_used_at: now })
          .where('id', '=', next.session_id)
          .execute();
        return true;
      });
    },

    async revokeSession(sessionId: string, reason: string, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every live session of a user but one (the caller's own). */
    async revokeOtherSessions(
      userId: string,
      keepSessionId: string,
      reason: string,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof authRepo>;
export type RefreshTokenInsert = {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
};
