/** Answers whether a session is still live (not revoked, not past its lifetime, its user still there). */
export type SessionLookup = (sessionId: string, userId: string) => Promise<boolean>;

export type LiveSessionsOptions = {
  /** How long a "live" answer is trusted without asking the database again. */
  ttlMs: number;
  /** At most this many sessions are remembered; the oldest answer is dropped first. */
  maxEntries: number;
  now?: () => number;
};

/**
 * The session check behind every signed-in request, with a short in-process memory of live
 * sessions. A revocation made by this process is seen at once (forgetSession / forgetUser); one
 * made by another process is seen here within `ttlMs`. Only live answers are remembered: a
 * refused session is asked about again each time, which costs nothing to a seller.
 */
export class LiveSessions {
  readonly #lookup: SessionLookup;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** sessionId → whose it is and until when its live answer holds. Map order is insertion order. */
  readonly #live = new Map<string, { userId: string; until: number }>();

  constructor(lookup: SessionLookup, options: LiveSessionsOptions) {
    this.#lookup = lookup;
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** True when the session may still be used by this user. */
  async isLive(sessionId: string, userId: string): Promise<boolean> {
    const known = this.#live.get(sessionId);
    if (known && known.userId === userId && known.until > this.#now()) return true;
    const asked = this.#now();
    const live = await this.#lookup(sessionId, userId);
    this.#live.delete(sessionId);
    if (!live) return false;
    if (this.#live.size >= this.#maxEntries) {
      const oldest = this.#live.keys().next();
      if (!oldest.done) this.#live.delete(oldest.value);
    }
    this.#live.set(sessionId, { userId, until: asked + this.#ttlMs });
    return true;
  }

  /** Called when this process revokes one session. */
  forgetSession(sessionId: string): void {
    this.#live.delete(sessionId);
  }

  /** Called when this process revokes sessions of a user (password change or reset). */
  forgetUser(userId: string): void {
    for (const [sessionId, entry] of this.#live) {
      if (entry.userId === userId) this.#live.delete(sessionId);
    }
  }
}

/**
 * The cache every process uses: a revocation made by another process is seen within 5 seconds;
 * 10,000 sessions at about 150 bytes each stay under 2 MB.
 */
export const liveSessionCache: LiveSessionsOptions = { ttlMs: 5000, maxEntries: 10_000 };
