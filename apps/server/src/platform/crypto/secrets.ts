import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (provider API keys): AES-256-GCM with a key derived from APP_SECRET (HKDF-SHA256),
 * a random 96-bit nonce per value and the authentication tag kept with it. Stored as
 * 'v1:' + base64(nonce | tag | ciphertext); a value changed in the database fails to open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(appSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', appSecret, 'podflow', 'provider secrets v1', 32));
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64')}`;
  }

  open(stored: string): string {
    if (!stored.startsWith('v1:')) throw new Error('Unknown secret format.');
    const bytes = Buffer.from(stored.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
