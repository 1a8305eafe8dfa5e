import { describe, expect, it } from 'vitest';
import { AccessTokens, hashOpaqueToken, newOpaqueToken } from './tokens.ts';

const secret = 'a'.repeat(40);

describe('access tokens', () => {
  it('carry the user and session and expire after their lifetime', async () => {
    const tokens = new AccessTokens(secret, 900);
    const token = await tokens.issue({ userId: 'u1', sessionId: 's1' });
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', sessionId: 's1' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('are refused when signed with another secret or tampered with', async () => {
    const token = await new AccessTokens(secret, 900).issue({ userId: 'u1', sessionId: 's1' });
    expect(await new AccessTokens('b'.repeat(40), 900).verify(token)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'admin', sid: 's1', token_type: 'access', exp: 9e9 }),
    ).toString('base64url');
    expect(await new AccessTokens(secret, 900).verify(`${header}.${forged}.${signature}`)).toBeUndefined();
    expect(await new AccessTokens(secret, 900).verify('not-a-token')).toBeUndefined();
  });
});

describe('refresh tokens', () => {
  it('are long, random and stored only as a hash', () => {
    const a = newOpaqueToken();
    const b = newOpaqueToken();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashOpaqueToken(a)).not.toContain(a);
    expect(hashOpaqueToken(a)).toBe(hashOpaqueToken(a));
  });
});
