import { randomUUID } from 'node:crypto';
import {
  authMessages,
  type ChangePasswordRequest,
  type PublicUser,
  type RefreshResponse,
  type TokenResponse,
} from '@podflow/contract/auth';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { type AccessTokens, hashOpaqueToken, newOpaqueToken } from '../../platform/auth/tokens.ts';
import { UserError } from '../../platform/errors.ts';
import type { AuthRepo, NewUserRow, RefreshTokenInsert, UserRow } from './auth.repo.ts';
import { loginThrottle } from './login-throttle.ts';

export type AuthServiceDeps = {
  repo: AuthRepo;
  accessTokens: AccessTokens;
  refreshTokenTtlSeconds: number;
  loginLimits: { maxFailures: number; lockSeconds: number };
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

/** How long after its rotation a spent refresh token may be presented again when its answer was lost. */
const refreshReuseGraceMs = 10_000;

/** Accounts and sessions: registration, sign-in, refresh-token rotation and password changes. */
export function authService(deps: AuthServiceDeps) {
  const { repo, accessTokens } = deps;
  const now = deps.now ?? Date.now;
  const throttle = loginThrottle(repo, deps.loginLimits);

  function refreshTokenRow(sessionId: string, at: number): { token: string; row: RefreshTokenInsert } {
    const token = newOpaqueToken();
    const row: RefreshTokenInsert = {
      id: randomUUID(),
      session_id: sessionId,
      token_hash: hashOpaqueToken(token),
      created_at: at,
      expires_at: at + deps.refreshTokenTtlSeconds * 1000,
    };
    return { token, row };
  }

  return {
    async register(input: NewAccount): Promise<PublicUser> {
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
      await throttle.assertAllowed(email, ip, now());
      const user = await repo.findUserByEmail(email);
      const valid = await verifyPassword(user?.password_hash, password);
      if (!user || !valid) {
        await throttle.recordFailure(email, ip, now());
        throw new UserError(401, authMessages.badCredentials, { code: 'no_active_account' });
      }
      await throttle.recordSuccess(email, ip);
      const sessionId = randomUUID();
      const at = now();
      const { token, row } = refreshTokenRow(sessionId, at);
      await repo.insertSession({ id: sessionId, userId: user.id, now: at }, row);
      const access = await accessTokens.issue({ userId: user.id, sessionId });
      return { access, refresh: token, user: publicUser(user) };
    },

    /**
     * Spends a refresh token for a new pair. A token that was already spent means it leaked:
     * the whole session (every token of its family) is revoked. One exception: within a few
     * seconds of its rotation, while the pair it was traded for is still unused, the answer was
     * most likely lost (the page reloaded mid-request); that unused pair is spent instead.
     */
    async refresh(refreshToken: string): Promise<RefreshResponse> {
      const found = await repo.findRefreshToken(hashOpaqueToken(refreshToken));
      const at = now();
      if (!found || found.revoked_at !== null || found.expires_at <= at) throw sessionExpired();
      let spend = found.token_id;
      if (found.used_at !== null) {
        const lost = at - found.used_at <= refreshReuseGraceMs;
        const successor = lost ? await repo.unspentSuccessor(found.session_id, found.used_at) : undefined;
        if (!successor) {
          await repo.revokeSession(found.session_id, 'refresh_token_reused', at);
          throw sessionExpired();
        }
        spend = successor.token_id;
      }
      const { token, row } = refreshTokenRow(found.session_id, at);
      if (spend !== found.token_id) row.reissued = 1;
      if (!(await repo.rotateRefreshToken(spend, row, at))) {
        await repo.revokeSession(found.session_id, 'refresh_token_reused', at);
        throw sessionExpired();
      }
      const access = await accessTokens.issue({ userId: found.user_id, sessionId: found.session_id });
      return { access, refresh: token };
    },

    /** Signs a session out: its refresh token (spent or not) and every other of its family stop working. */
    async signOut(refreshToken: string): Promise<void> {
      const found = await repo.findRefreshToken(hashOpaqueToken(refreshToken));
      if (found) await repo.revokeSession(found.session_id, 'signed_out', now());
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
      const at = now();
      await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), at);
      await repo.revokeOtherSessions(user.id, auth.sessionId, 'password_changed', at);
      return authMessages.passwordChanged;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
