import { createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type AccessTokenClaims = { userId: string; sessionId: string };

/** Signs and checks short-lived access tokens (HS256 JWT with sub, sid and exp). */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;

  constructor(appSecret: string, ttlSeconds: number) {
    this.#key = new Uint8Array(hkdfSync('sha256', appSecret, 'podflow', 'access-token', 32));
    this.#ttlSeconds = ttlSeconds;
  }

  /** A new access token for a user's session. */
  issue(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.#ttlSeconds}s`)
      .sign(this.#key);
  }

  /** The claims of a valid token, or undefined when it is expired, forged or malformed. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (
        payload.token_type !== 'access' ||
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string'
      ) {
        return undefined;
      }
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }
}

/** A new opaque token (refresh tokens, password-reset links): 256 random bits. Only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of an opaque token. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
