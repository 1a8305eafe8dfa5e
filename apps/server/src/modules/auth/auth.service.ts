import { randomUUID } from 'node:crypto';
import {
  authMessages,
  type ChangePasswordRequest,
  type PublicUser,
  type RefreshResponse,
  type TokenResponse,
} from '@podflow/contract/auth';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { passwordWeakness } from '../../platform/auth/password-strength.ts';
import {
  type AccessTokens,
  type RefreshTokenSuccessors,
  hashOpaqueToken,
  newOpaqueToken,
} from '../../platform/auth/tokens.ts';
import { UserError } from '../../platform/errors.ts';
import type { AuthRepo, NewUserRow, RefreshTokenInsert, UserRow } from './auth.repo.ts';
import type { LoginThrottle } from './login-throttle.ts';

/** What this process remembers of live sessions, told at once when it revokes one. */
export type SessionMemory = { forgetSession(sessionId: string): void; forgetUser(userId: string): void };

export type AuthServiceDeps = {
  repo: AuthRepo;
  throttle: LoginThrottle;
  accessTokens: AccessTokens;
  successors: RefreshTokenSuccessors;
  sessions: SessionMemory;
  refreshTokenTtlSeconds: number;
  /** A session ends this long after its sign-in, however often it is refreshed (SESSION_MAX_DAYS). */
  sessionMaxSeconds: number;
  now?: () => number;
};

export type NewAccount = {
  first_name: string;
  last_name: string;
  username: string;
  password: string;
  marketing_opt_in: boolean;
};

const sessionExpired = () => new UserError(401, authMessages.sessionExpired, { code: 'token_not_valid' });

function publicUser(user: Pick<UserRow, 'email' | 'first_name' | 'last_name'>): PublicUser {
  return { username: user.email, first_name: user.first_name, last_name: user.last_name };
}

/** How long after its rotation a spent refresh token still answers the pair it was traded for. */
export const refreshReuseGraceMs = 10_000;

/** Throws the 400 that says why a new password is too easy to guess, if it is. */
function assertStrongPassword(password: string, field: string, personal: string[]): void {
  const weakness = passwordWeakness(password, personal);
  if (weakness) throw new UserError(400, weakness, { code: 'weak_password', fields: { [field]: weakness } });
}

/** Accounts and sessions: registration, sign-in, refresh-token rotation and password changes. */
export function authService(deps: AuthServiceDeps) {
  const { repo, accessTokens, successors, sessions, throttle } = deps;
  const now = deps.now ?? Date.now;
  const sessionMaxMs = deps.sessionMaxSeconds * 1000;
  const refreshTtlMs = deps.refreshTokenTtlSeconds * 1000;

  /** A refresh token row of a session begun at `sessionStart`: it never outlives the session. */
  function refreshTokenRow(
    sessionId: string,
    sessionStart: number,
    token: string,
    at: number,
  ): RefreshTokenInsert {
    return {
      id: randomUUID(),
      session_id: sessionId,
      token_hash: hashOpaqueToken(token),
      created_at: at,
      expires_at: Math.min(at + refreshTtlMs, sessionStart + sessionMaxMs),
    };
  }

  /** The pair answered with a successor refresh token (its row id and time): the same every time. */
  async function pair(
    spent: { user_id: string; session_id: string },
    successor: { id: string; madeAt: number; token: string },
  ): Promise<RefreshResponse> {
    const claims = { userId: spent.user_id, sessionId: spent.session_id };
    const access = await accessTokens.issue(claims, successor.madeAt, successor.id);
    return { access, refresh: successor.token };
  }

  return {
    /** True when a session may still be used: the check behind every signed-in request. */
    sessionIsLive(sessionId: string, userId: string): Promise<boolean> {
      return repo.isSessionLive(sessionId, userId, now() - sessionMaxMs);
    },

    async register(input: NewAccount): Promise<PublicUser> {
      assertStrongPassword(input.password, 'password', [input.username, input.first_name, input.last_name]);
      if (await repo.findUserByEmail(input.username)) {
        throw new UserError(409, authMessages.duplicateEmail, {
          code: 'duplicate_email',
          fields: { username: authMessages.duplicateEmail },
        });
      }
      const at = now();
      const user: NewUserRow = {
        id: randomUUID(),
        email: input.username,
        first_name: input.first_name,
        last_name: input.last_name,
        password_hash: await hashPassword(input.password),
        marketing_opt_in: input.marketing_opt_in ? 1 : 0,
        created_at: at,
        updated_at: at,
      };
      try {
        await repo.insertUser(user);
      } catch (error) {
        // Two registrations of one e-mail at once: the unique index decides, the loser hears why.
        if (await repo.findUserByEmail(input.username)) {
          throw new UserError(409, authMessages.duplicateEmail, { code: 'duplicate_email' });
        }
        throw error;
      }
      return publicUser(user);
    },

    async signIn(username: string, password: string, ip: string): Promise<TokenResponse> {
      const email = username.trim().toLowerCase();
      const attempt = await throttle.admit(email, ip, now());
      const user = await repo.findUserByEmail(email);
      const valid = await verifyPassword(user?.password_hash, password);
      if (!user || !valid) {
        throw new UserError(401, authMessages.badCredentials, { code: 'no_active_account' });
      }
      await throttle.recordSuccess(email, ip, now(), attempt);
      const sessionId = randomUUID();
      const at = now();
      const token = newOpaqueToken();
      const row = refreshTokenRow(sessionId, at, token, at);
      await repo.insertSession({ id: sessionId, userId: user.id, now: at }, row);
      const access = await accessTokens.issue({ userId: user.id, sessionId }, at, row.id);
      return { access, refresh: token, user: publicUser(user) };
    },

    /**
     * Spends a refresh token for a new pair. The successor is derived from the spent token, so
     * refreshes of one token within a few seconds of each other (tabs refreshing at once, an answer
     * lost to a reload) all get the same pair and nothing new is made. A spent token presented
     * after that means it leaked: the whole session (every token of its family) is revoked.
     * Past the session's absolute lifetime no refresh works.
     */
    async refresh(refreshToken: string): Promise<RefreshResponse> {
      const at = now();
      let found = await repo.findRefreshToken(hashOpaqueToken(refreshToken));
      if (
        !found ||
        found.revoked_at !== null ||
        found.expires_at <= at ||
        found.session_created_at + sessionMaxMs <= at
      ) {
        throw sessionExpired();
      }
      const successor = successors.of(found.token_id);
      if (found.used_at === null) {
        const row = refreshTokenRow(found.session_id, found.session_created_at, successor, at);
        if (await repo.rotateRefreshToken(found.token_id, row, at)) {
          return pair(found, { id: row.id, madeAt: at, token: successor });
        }
        // A concurrent refresh of the same token spent it first: answer what it answered.
        found = await repo.findRefreshToken(hashOpaqueToken(refreshToken));
        if (!found || found.used_at === null) throw sessionExpired();
      }
      if (found.revoked_at === null && at - found.used_at <= refreshReuseGraceMs) {
        const next = await repo.findRefreshToken(hashOpaqueToken(successor));
        if (next && next.revoked_at === null) {
          return pair(found, { id: next.token_id, madeAt: next.created_at, token: successor });
        }
      }
      await repo.revokeSession(found.session_id, 'refresh_token_reused', at);
      sessions.forgetSession(found.session_id);
      throw sessionExpired();
    },

    /** Signs a session out: its refresh token (spent or not) and every other of its family stop working. */
    async signOut(refreshToken: string): Promise<void> {
      const found = await repo.findRefreshToken(hashOpaqueToken(refreshToken));
      if (!found) return;
      await repo.revokeSession(found.session_id, 'signed_out', now());
      sessions.forgetSession(found.session_id);
    },

    /** Changes the password and signs out every other session of the user. */
    async changePassword(
      auth: { userId: string; sessionId: string },
      input: ChangePasswordRequest,
    ): Promise<string> {
      const user = await repo.findUserById(auth.userId);
      if (!user) throw sessionExpired();
      if (input.username.trim().toLowerCase() !== user.email) {
        throw new UserError(403, 'You can only change the password of the account you are signed in to.', {
          code: 'wrong_account',
        });
      }
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        throw new UserError(400, authMessages.wrongCurrentPassword, {
          code: 'wrong_password',
          fields: { currentPassword: authMessages.wrongCurrentPassword },
        });
      }
      if (input.newPassword === input.currentPassword) {
        throw new UserError(400, authMessages.samePassword, {
          code: 'same_password',
          fields: { newPassword: authMessages.samePassword },
        });
      }
      assertStrongPassword(input.newPassword, 'newPassword', [user.email, user.first_name, user.last_name]);
      const at = now();
      await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), at);
      await repo.revokeOtherSessions(user.id, auth.sessionId, 'password_changed', at);
      sessions.forgetUser(user.id);
      return authMessages.passwordChanged;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
