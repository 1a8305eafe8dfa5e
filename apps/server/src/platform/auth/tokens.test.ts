import { deriveKey } from '../crypto/derive-key.ts';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AccessTokens,
  RefreshTokenSuccessors,
  accessTokenAudience,
  accessTokenIssuer,
  hashOpaqueToken,
  newOpaqueToken,
} from './tokens.ts';

const secret = 'a'.repeat(40);
const tokens = new AccessTokens(secret, 900);
const key = deriveKey(secret, 'access-token');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token built by hand, signed with the right key (HMAC with `hash`) whatever its header says. */
function craft(header: Record<string, unknown>, payload: Record<string, unknown>, hash = 'sha256'): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const goodHeader = { alg: 'HS256', typ: 'JWT' };
const goodPayload = () => ({
  iss: accessTokenIssuer,
  aud: accessTokenAudience,
  sub: 'u1',
  sid: 's1',
  token_type: 'access',
  iat: nowSeconds(),
  exp: nowSeconds() + 600,
});

describe('access tokens', () => {
  it('carry the user and session, name issuer and audience, and expire after their lifetime', async () => {
    const token = await tokens.issue({ userId: 'u1', sessionId: 's1' }, Date.now(), 'j1');
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', sessionId: 's1' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ iss: 'podflow', aud: 'podflow-api', jti: 'j1', token_type: 'access' });
    expect(payload.exp - payload.iat).toBe(900);
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('are the same token for the same session, time and id (a repeated refresh answers the same)', async () => {
    const at = 1_750_000_000_123;
    const first = await tokens.issue({ userId: 'u1', sessionId: 's1' }, at, 'j1');
    expect(await tokens.issue({ userId: 'u1', sessionId: 's1' }, at, 'j1')).toBe(first);
    expect(await tokens.issue({ userId: 'u1', sessionId: 's1' }, at, 'j2')).not.toBe(first);
    expect(await tokens.issue({ userId: 'u1', sessionId: 's1' }, at + 1000, 'j1')).not.toBe(first);
  });

  it('accept a well-formed token crafted with the right key (the crafting below is sound)', async () => {
    expect(await tokens.verify(craft(goodHeader, goodPayload()))).toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it('are refused when signed with another secret or tampered with', async () => {
    const token = await tokens.issue({ userId: 'u1', sessionId: 's1' }, Date.now(), 'j1');
    expect(await new AccessTokens('b'.repeat(40), 900).verify(token)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forged = b64({ ...goodPayload(), sub: 'admin' });
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeUndefined();
    expect(await tokens.verify('not-a-token')).toBeUndefined();
  });

  it('are refused once expired', async () => {
    const issuedAt = Date.now() - 901_000;
    expect(
      await tokens.verify(await tokens.issue({ userId: 'u1', sessionId: 's1' }, issuedAt, 'j')),
    ).toBeUndefined();
    expect(
      await tokens.verify(craft(goodHeader, { ...goodPayload(), exp: nowSeconds() - 60 })),
    ).toBeUndefined();
  });

  const withoutClaim = (name: string) => {
    const payload: Record<string, unknown> = goodPayload();
    delete payload[name];
    return payload;
  };
  const refusedPayloads: Record<string, () => Record<string, unknown>> = {
    'no exp': () => withoutClaim('exp'),
    'no iss': () => withoutClaim('iss'),
    'no aud': () => withoutClaim('aud'),
    'no sub': () => withoutClaim('sub'),
    'no sid': () => withoutClaim('sid'),
    'a wrong iss': () => ({ ...goodPayload(), iss: 'someone-else' }),
    'a wrong aud': () => ({ ...goodPayload(), aud: 'another-api' }),
    'a wrong token_type': () => ({ ...goodPayload(), token_type: 'refresh' }),
    'no token_type': () => withoutClaim('token_type'),
    'a sid that is not a string': () => ({ ...goodPayload(), sid: 7 }),
    'a sub that is not a string': () => ({ ...goodPayload(), sub: 42 }),
  };
  for (const [name, payload] of Object.entries(refusedPayloads)) {
    it(`are refused with ${name}, even when signed with the right key`, async () => {
      expect(await tokens.verify(craft(goodHeader, payload()))).toBeUndefined();
    });
  }

  const refusedHeaders: Record<string, Record<string, unknown>> = {
    jku: { ...goodHeader, jku: 'https://attacker.example/keys.json' },
    jwk: { ...goodHeader, jwk: { kty: 'oct', k: 'AAAA' } },
    x5u: { ...goodHeader, x5u: 'https://attacker.example/cert.pem' },
    x5c: { ...goodHeader, x5c: ['MIIB'] },
    crit: { ...goodHeader, crit: ['exp'] },
  };
  for (const [name, header] of Object.entries(refusedHeaders)) {
    it(`are refused with a ${name} header, even when signed with the right key`, async () => {
      expect(await tokens.verify(craft(header, goodPayload()))).toBeUndefined();
    });
  }

  it('are refused with alg none or HS512', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(goodPayload())}.`;
    expect(await tokens.verify(unsigned)).toBeUndefined();
    expect(await tokens.verify(craft({ alg: 'HS512', typ: 'JWT' }, goodPayload(), 'sha512'))).toBeUndefined();
    expect(await tokens.verify(craft({ alg: 'HS512', typ: 'JWT' }, goodPayload()))).toBeUndefined();
  });
});

describe('key derivation', () => {
  it('is HKDF-SHA256 of APP_SECRET with salt "podflow" and the purpose as info (known answers)', () => {
    // Computed independently (Python's hmac, RFC 5869 by hand).
    expect(Buffer.from(deriveKey(secret, 'access-token')).toString('hex')).toBe(
      'cf2c864fa5b2b5ed574a1cd0f4b3afe6c73d63f4ee04f0cb9b97100421549ff8',
    );
    expect(Buffer.from(deriveKey(secret, 'refresh-token-successor')).toString('hex')).toBe(
      '74b271aacdd765533b8d4a83283e6ad0921372f87676a01f72940d1c8524bb6e',
    );
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

  it('have a successor that is an HMAC of the spent token id under a key of APP_SECRET (known answer)', () => {
    const successors = new RefreshTokenSuccessors(secret);
    expect(successors.of('token-1')).toBe('c7Js-SDWsdbxu5CE3utk0_h1aalYk9_3DoU0Ci9TBL8');
    expect(successors.of('token-2')).not.toBe(successors.of('token-1'));
    expect(new RefreshTokenSuccessors('b'.repeat(40)).of('token-1')).not.toBe(successors.of('token-1'));
  });
});
