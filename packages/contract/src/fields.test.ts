import { describe, expect, it } from 'vitest';
import { keyField } from './fields.ts';
import { maskKey } from './listings.ts';

describe('keyField', () => {
  const field = keyField('apiKey');

  it('takes a key of visible ASCII, trimmed, and the masked form a GET answered', () => {
    expect(field.parse('  eyJ0eXAi.OiJKV1Q-_~/+=  ')).toBe('eyJ0eXAi.OiJKV1Q-_~/+=');
    expect(field.parse(maskKey('printify-token-1234'))).toBe(maskKey('printify-token-1234'));
  });

  it('refuses characters no key has (an HTTP header could not carry them) with a sentence', () => {
    for (const bad of ['key with space', 'clé', 'tok\u0000en', 'tab\tkey', '🔑key']) {
      const result = field.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "apiKey holds characters no API key has (spaces, accents or control characters): copy the key again from the provider's settings.",
      );
    }
  });

  it('refuses an empty key and one too long to be a key', () => {
    expect(field.safeParse('   ').error?.issues[0]?.message).toBe('apiKey is required.');
    expect(field.safeParse('k'.repeat(2001)).error?.issues[0]?.message).toBe(
      'apiKey is too long to be an API key.',
    );
    expect(field.safeParse('k'.repeat(2000)).success).toBe(true);
  });
});
