import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../crypto/derive-key.ts';
import { assertValidKey } from './storage.ts';

/**
 * Signed, expiring URLs for files (`/files/<key>?exp=…&sig=…`): an <img> cannot send a bearer
 * token, so the URL itself is the permission. Expiry is rounded up to a 10-minute step so the
 * same file keeps the same URL for a while and browsers can cache it.
 */
export class UrlSigner {
  readonly #key: Buffer;
  readonly #ttlSeconds: number;

  constructor(appSecret: string, ttlSeconds: number) {
    this.#key = deriveKey(appSecret, 'file-url');
    this.#ttlSeconds = ttlSeconds;
  }

  #signature(key: string, exp: number): string {
    return createHmac('sha256', this.#key).update(`${key}\n${exp}`).digest('base64url');
  }

  /** A URL that serves the file under `key` until about ttl seconds from now. */
  sign(key: string, nowMs = Date.now()): string {
    assertValidKey(key);
    const step = 600;
    const exp = Math.ceil((nowMs / 1000 + this.#ttlSeconds) / step) * step;
    return `/files/${key}?exp=${exp}&sig=${this.#signature(key, exp)}`;
  }

  /** True when the signature matches the key and the expiry has not passed. */
  verify(key: string, exp: number, sig: string, nowMs = Date.now()): boolean {
    if (!Number.isInteger(exp) || exp * 1000 < nowMs) return false;
    const expected = Buffer.from(this.#signature(key, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
