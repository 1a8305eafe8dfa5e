import { createHash } from 'node:crypto';
import { authMessages } from '@podflow/contract/auth';
import { UserError } from '../../platform/errors.ts';
import type { LoginThrottleRepo } from './login-throttle.repo.ts';

export type LoginLimits = {
  /** Attempts per e-mail and address in a window of `lockSeconds`; then that pair is locked as long. */
  maxFailures: number;
  lockSeconds: number;
  /** Attempts per e-mail from addresses it does not know before each next one must wait. */
  accountMaxFailures: number;
  /** The longest of those waits (they double from one second). */
  accountMaxDelaySeconds: number;
};

/** An address stays known to an account this long after its last successful sign-in. */
const knownAddressTtlMs = 180 * 24 * 3600 * 1000;
const firstDelayMs = 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

function throttled(message: string, waitMs: number): UserError {
  return new UserError(429, message, {
    code: 'too_many_attempts',
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}

/**
 * Sign-in throttling, in two layers. Per e-mail and client address: after `maxFailures` attempts
 * in the window the pair is locked for `lockSeconds`. Per e-mail whatever the address: past
 * `accountMaxFailures` attempts each next one waits 1 s, 2 s, 4 s ... up to a cap, except from an
 * address that has signed in to this account before, so guessing from elsewhere never locks the
 * seller out. Every attempt is counted before the password is checked and the count given back on
 * success, so concurrent attempts cannot slip past a limit. Unknown e-mails are counted exactly like
 * known ones: the answers never reveal whether an account exists.
 */
export function loginThrottle(repo: LoginThrottleRepo, limits: LoginLimits) {
  const windowMs = limits.lockSeconds * 1000;
  const pairKey = (email: string, ip: string) => sha256(`${email}\n${ip}`);
  const accountKey = (email: string) => sha256(`account\n${email}`);

  return {
    /**
     * Counts an attempt to sign in to `email` from `ip`, or throws a 429 UserError with
     * Retry-After when a limit holds. Answers whether the address is known to the account.
     */
    async admit(email: string, ip: string, now: number): Promise<{ knownAddress: boolean }> {
      const pair = pairKey(email, ip);
      const pairLimits = { max: limits.maxFailures, windowMs, lockMs: windowMs };
      if (!(await repo.admitPairAttempt(pair, now, pairLimits))) {
        const until = await repo.pairLockedUntil(pair);
        throw throttled(authMessages.throttled, (until ?? now) - now);
      }
      const knownAddress = await repo.isKnownAddress(pair, now - knownAddressTtlMs);
      const accountLimits = {
        max: limits.accountMaxFailures,
        windowMs,
        baseMs: firstDelayMs,
        capMs: limits.accountMaxDelaySeconds * 1000,
      };
      if (!knownAddress && !(await repo.admitAccountAttempt(accountKey(email), now, accountLimits))) {
        await repo.refundPairAttempt(pair, limits.maxFailures);
        const at = await repo.accountNextAttemptAt(accountKey(email));
        throw throttled(authMessages.accountThrottled, (at ?? now) - now);
      }
      return { knownAddress };
    },

    /**
     * The right password (or a completed password reset, as from a known address): this pair's
     * count is cleared, an account attempt from an unknown address given back, and the address is
     * known to the account from now on.
     */
    async recordSuccess(
      email: string,
      ip: string,
      now: number,
      attempt: { knownAddress: boolean },
    ): Promise<void> {
      const pair = pairKey(email, ip);
      await repo.clearPairFailures(pair);
      if (!attempt.knownAddress) await repo.refundAccountAttempt(accountKey(email));
      await repo.rememberAddress(pair, now);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
