import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

export type RateLimiterOptions = {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * A client-side sliding-window limit: at most `limit` takes in any `windowMs`, waiting rather than
 * going over. Takes are served one after another in the order they were asked for, so a burst of
 * callers cannot starve an earlier one.
 */
export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  #now: () => number;
  #sleep: (ms: number) => Promise<void>;
  /** When each take of the current window was granted, oldest first. */
  #granted: number[] = [];
  #queue: Promise<void> = Promise.resolve();

  constructor(limit: number, windowMs: number, options: RateLimiterOptions = {}) {
    if (!(limit >= 1) || !(windowMs > 0))
      throw new RangeError('A rate limit needs limit >= 1 and windowMs > 0');
    this.limit = Math.floor(limit);
    this.windowMs = windowMs;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /** Resolves when one more request fits in the window (at once while it does). */
  take(): Promise<void> {
    const turn = this.#queue.then(() => this.#acquire());
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  async #acquire(): Promise<void> {
    for (;;) {
      const now = this.#now();
      while (this.#granted.length > 0 && this.#granted[0]! <= now - this.windowMs) this.#granted.shift();
      if (this.#granted.length < this.limit) {
        this.#granted.push(now);
        return;
      }
      await this.#sleep(this.#granted[0]! + this.windowMs - now);
    }
  }
}

const shared = new Map<string, RateLimiter>();

/**
 * The limiter shared by every client in this process that names the same account and group, so
 * two runs with one key share the provider's allowance. `key` should hold the account's API key:
 * it is hashed, and only the hash is kept.
 */
export function limiterFor(key: string, limit: number, windowMs: number): RateLimiter {
  const id = `${createHash('sha256').update(key).digest('hex')}:${limit}/${windowMs}`;
  let limiter = shared.get(id);
  if (!limiter) {
    limiter = new RateLimiter(limit, windowMs);
    shared.set(id, limiter);
  }
  return limiter;
}
