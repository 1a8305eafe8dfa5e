import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { authMessages } from '@podflow/contract/auth';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { passwordWeakness } from '../../platform/auth/password-strength.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/auth/tokens.ts';
import { UserError } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail/mail.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { SessionMemory } from './auth.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { passwordResetMail } from './password-reset.mail.ts';
import type { PasswordResetRepo } from './password-reset.repo.ts';

/** A link works for an hour. */
export const resetLinkTtlMs = 60 * 60 * 1000;
/** At most this many links per account per hour: more requests are answered alike but send nothing. */
export const resetLinksPerHour = 3;

export type PasswordResetDeps = {
  repo: PasswordResetRepo;
  accounts: AuthRepo;
  mail: Mail;
  log: FastifyBaseLogger;
  throttle: LoginThrottle;
  sessions: SessionMemory;
  now?: () => number;
};

/**
 * Password reset by e-mail (beyond the spec): a single-use link valid for one hour, stored hashed.
 * Asking answers the same whether or not the account exists, and does its work after answering, so
 * neither the answer nor its timing tells which e-mails have accounts.
 */
export function passwordResetService(deps: PasswordResetDeps) {
  const now = deps.now ?? Date.now;
  const pending = new Set<Promise<void>>();

  async function sendLink(email: string, origin: string): Promise<void> {
    const user = await deps.accounts.findUserByEmail(email);
    if (!user) return;
    const at = now();
    await deps.repo.deleteStaleTokens(user.id, at - 24 * 60 * 60 * 1000);
    const token = newOpaqueToken();
    const expiresAt = at + resetLinkTtlMs;
    const row = {
      id: randomUUID(),
      user_id: user.id,
      token_hash: hashOpaqueToken(token),
      created_at: at,
      expires_at: expiresAt,
    };
    if (!(await deps.repo.insertTokenUnderCap(row, at - 60 * 60 * 1000, resetLinksPerHour))) {
      deps.log.warn({ userId: user.id }, 'password reset link not sent: hourly cap for this account reached');
      return;
    }
    const link = `${origin}/reset-password/${token}`;
    await deps.mail.send(passwordResetMail({ to: user.email, firstName: user.first_name, link, expiresAt }));
  }

  /** The link's row when it can still be used; else the UserError that says why not. */
  async function usableLink(token: string) {
    const found = await deps.repo.findToken(hashOpaqueToken(token));
    if (!found) throw new UserError(400, authMessages.resetLinkUnknown, { code: 'reset_link_unknown' });
    if (found.used_at !== null) {
      throw new UserError(400, authMessages.resetLinkUsed, { code: 'reset_link_used' });
    }
    if (found.expires_at <= now()) {
      throw new UserError(400, authMessages.resetLinkExpired, { code: 'reset_link_expired' });
    }
    return found;
  }

  return {
    /**
     * Starts sending a reset link to `email` if it has an account, with links to `origin`; returns
     * at once. A failure is logged, never answered (the answer must not depend on the account).
     */
    requestLink(email: string, origin: string): void {
      const work = sendLink(email, origin).catch((error: unknown) => {
        deps.log.error({ err: error }, 'password reset link could not be sent');
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    /** When the link stops working; throws a UserError saying why when it cannot be used. */
    async check(token: string): Promise<{ expiresAt: number }> {
      const found = await usableLink(token);
      return { expiresAt: found.expires_at };
    },

    /**
     * Sets the new password with a link: the link (and every other of the account) is spent and
     * every session is signed out at once (their access tokens too). A sign-in lock-out of this
     * e-mail from this address is lifted and the address is known to the account from now on.
     */
    async confirm(token: string, password: string, ip: string): Promise<string> {
      const found = await usableLink(token);
      const weakness = passwordWeakness(password, [found.email, found.first_name, found.last_name]);
      if (weakness) {
        throw new UserError(400, weakness, { code: 'weak_password', fields: { password: weakness } });
      }
      const passwordHash = await hashPassword(password);
      if (!(await deps.repo.completeReset(found.id, found.user_id, passwordHash, now()))) {
        throw new UserError(400, authMessages.resetLinkUsed, { code: 'reset_link_used' });
      }
      deps.sessions.forgetUser(found.user_id);
      await deps.throttle.recordSuccess(found.email, ip, now(), { knownAddress: true });
      return authMessages.passwordReset;
    },

    /** Resolves once every link being sent has been sent (or has failed). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
