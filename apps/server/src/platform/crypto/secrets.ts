import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { deriveKey } from './derive-key.ts';

/**
 * What a sealed value belongs to, bound into it as AES-GCM associated data: the same value copied
 * into another row (another user, workspace or provider) fails to open.
 */
export type SecretBinding = readonly string[];

/** A sealed value that cannot be opened here: changed, moved to another row, or under an unknown key. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`The stored secret cannot be opened: ${reason}.`);
    this.name = 'SecretUnreadableError';
  }
}

/** The row a provider or store connection's key belongs to (provider_connections). */
export function connectionBinding(row: { user_id: string; workspace_id: string; provider: string }) {
  return ['provider_connections', row.user_id, row.workspace_id, row.provider] as const;
}

type Key = { id: string; bytes: Buffer };

const NONCE = 12;
const TAG = 16;

function keyOf(appSecret: string): Key {
  const bytes = deriveKey(appSecret, 'provider secrets v1');
  // A hash of the derived key names it without revealing anything about it or about APP_SECRET.
  const id = createHash('sha256').update('podflow key id\0').update(bytes).digest('base64url').slice(0, 8);
  return { id, bytes };
}

function aadOf(binding: SecretBinding): Buffer {
  return Buffer.from(JSON.stringify(['podflow secret v2', ...binding]));
}

function decrypt(key: Key, body: string, aad: Buffer | undefined): string {
  const bytes = Buffer.from(body, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, bytes.subarray(0, NONCE));
  decipher.setAuthTag(bytes.subarray(NONCE, NONCE + TAG));
  if (aad) decipher.setAAD(aad);
  return Buffer.concat([decipher.update(bytes.subarray(NONCE + TAG)), decipher.final()]).toString('utf8');
}

/**
 * Secrets at rest (provider API keys): AES-256-GCM with a key derived from APP_SECRET (HKDF-SHA256),
 * a random 96-bit nonce per value, the authentication tag kept with it and the row it belongs to
 * as associated data. Stored as `v2:<key id>:` + base64(nonce | tag | ciphertext). Values sealed
 * under APP_SECRET_PREVIOUS still open, so the server keeps working right after a rotation; the
 * rotation command (rotate-secrets.ts) re-seals them under APP_SECRET. Values of the first format
 * (`v1:`, no key id, no binding) still open until then.
 */
export class SecretBox {
  readonly #current: Key;
  readonly #keys: Key[];

  constructor(appSecret: string, previousSecret?: string) {
    this.#current = keyOf(appSecret);
    this.#keys = previousSecret === undefined ? [this.#current] : [this.#current, keyOf(previousSecret)];
  }

  /** The id of the key new values are sealed under (the current APP_SECRET). */
  get keyId(): string {
    return this.#current.id;
  }

  seal(plain: string, binding: SecretBinding): string {
    const nonce = randomBytes(NONCE);
    const cipher = createCipheriv('aes-256-gcm', this.#current.bytes, nonce);
    cipher.setAAD(aadOf(binding));
    const sealed = Buffer.concat([cipher.update(Buffer.from(plain)), cipher.final()]);
    const body = Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
    return `v2:${this.#current.id}:${body}`;
  }

  /** The secret, or SecretUnreadableError when it was changed, moved or sealed under an unknown key. */
  open(stored: string, binding: SecretBinding): string {
    const [version, id, body] = stored.split(':');
    if (version === 'v2' && body !== undefined) {
      const key = this.#keys.find((k) => k.id === id);
      if (!key)
        throw new SecretUnreadableError('it was sealed under an APP_SECRET this server does not have');
      try {
        return decrypt(key, body, aadOf(binding));
      } catch {
        throw new SecretUnreadableError('it was changed, or belongs to another row');
      }
    }
    if (version === 'v1' && body === undefined && id !== undefined) {
      for (const key of this.#keys) {
        try {
          return decrypt(key, id, undefined);
        } catch {
          // Not this key: try the previous one.
        }
      }
      throw new SecretUnreadableError(
        'it was changed, or sealed under an APP_SECRET this server does not have',
      );
    }
    throw new SecretUnreadableError('unknown format');
  }

  /** True when the value is already sealed the current way (format and key): rotation leaves it. */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`v2:${this.#current.id}:`);
  }
}
