import { createHash } from 'node:crypto';
import { authMessages } from '@podflow/contract/auth';
import { UserError } from '../../platform/errors.ts';
import type { AuthRepo } from './auth.repo.ts';

/**
 * Counts failed sign-ins per e-mail and client address. After `maxFailures` inside the window the
 * pair is locked for `lockSeconds` and answered 429 with Retry-After. Unknown e-mails are counted
 * exactly like known ones, so the answers never reveal whether an account exists.
 */
export function loginThrottle(repo: AuthRepo, limits: { maxFailures: number; lockSeconds: number }) {
  const windowMs = limits.lockSeconds * 1000;
  const keyOf = (email: string, ip: string) =>
    createHash('sha256').update(`${email}\n${ip}`).digest('base64url');

  return {
    /** Throws a 429 UserError when this e-mail and address are locked out. */
    async assertAllowed(email: string, ip: string, now: number): Promise<void> {
      const row = await repo.findLoginFailures(keyOf(email, ip));
      if (row?.locked_until && row.locked_until > now) {
        const retryAfter = Math.ceil((row.locked_until - now) / 1000);
        throw new UserError(429, authMessages.throttled, {
          code: 'too_many_attempts',
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
    },

    async recordFailure(email: string, ip: string, now: number): Promise<void> {
      const key = keyOf(email, ip);
      const row = await repo.findLoginFailures(key);
      const fresh = !row || now - row.first_failed_at > windowMs;
      const failures = fresh ? 1 : row.failures + 1;
      await repo.saveLoginFailures({
        key,
        failures,
        first_failed_at: fresh ? now : row.first_failed_at,
        locked_until: failures >= limits.maxFailures ? now + windowMs : null,
      });
    },

    recordSuccess(email: string, ip: string): Promise<void> {
      return repo.clearLoginFailures(keyOf(email, ip));
    },
  };
}
