import { describe, expect, it } from 'vitest';
import { SecretBox } from './secrets.ts';

describe('SecretBox', () => {
  const box = new SecretBox('a'.repeat(64));

  it('opens what it sealed, and never stores the secret in the clear', () => {
    const sealed = box.seal('printify-token-123');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('printify-token-123');
    expect(box.open(sealed)).toBe('printify-token-123');
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a value changed at rest and a value sealed under another APP_SECRET', () => {
    const sealed = box.seal('secret');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => new SecretBox('b'.repeat(64)).open(sealed)).toThrow();
  });
});
