import { hkdfSync } from 'node:crypto';

/** A 32-byte key for one purpose, derived from APP_SECRET with HKDF-SHA256 (salt "podflow"). */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'podflow', purpose, 32));
}
