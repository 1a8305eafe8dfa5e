import { createHash, createHmac, randomBytes } from 'node:crypto';
import { deriveKey } from '../crypto/derive-key.ts';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export type AccessTokenClaims = { userId: string; sessionId: string };

/** Who issues access tokens and for whom: both are required and checked on every token. */
export const accessTokenIssuer = 'podflow';
export const accessTokenAudience = 'podflow-api';

/**
 * Header parameters that would let a token name its own key or demand extensions we do not know:
 * a token carrying any of them is refused, whatever its signature.
 */
const forbiddenHeaders = ['jku', 'jwk', 'x5u', 'x5c', 'crit'] as const;

/** Signs and checks short-lived access tokens (HS256 JWT with iss, aud, sub, sid, iat, jti and exp). */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;

  constructor(appSecret: string, ttlSeconds: number) {
    this.#key = deriveKey(appSecret, 'access-token');
    this.#ttlSeconds = ttlSeconds;
  }

  /**
   * An access token for a user's session, issued at `issuedAtMs` with id `jti`. The same arguments
   * give the same token, so a refresh answered twice answers the same pair.
   */
  issue(claims: AccessTokenClaims, issuedAtMs: number, jti: string): Promise<string> {
    const iat = Math.floor(issuedAtMs / 1000);
    return new SignJWT({ sid: claims.sessionId, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(accessTokenIssuer)
      .setAudience(accessTokenAudience)
      .setSubject(claims.userId)
      .setIssuedAt(iat)
      .setJti(jti)
      .setExpirationTime(iat + this.#ttlSeconds)
      .sign(this.#key);
  }

  /** The claims of a valid token, or undefined when it is expired, forged or malformed. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: accessTokenIssuer,
        audience: accessTokenAudience,
        requiredClaims: ['exp', 'iss', 'aud', 'sub'],
      });
      if (
        forbiddenHeaders.some((name) => name in protectedHeader) ||
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

/**
 * The refresh token a spent one is traded for, derived from the spent token's id with an
 * APP_SECRET key (HMAC-SHA256): concurrent refreshes of one token all answer the same successor
 * while only its hash is stored, and nobody without APP_SECRET can work it out from the database.
 */
export class RefreshTokenSuccessors {
  readonly #key: Uint8Array;

  constructor(appSecret: string) {
    this.#key = deriveKey(appSecret, 'refresh-token-successor');
  }

  /** The successor of the refresh token whose row id is `spentTokenId`: 256 bits, base64url. */
  of(spentTokenId: string): string {
    return createHmac('sha256', this.#key).update(spentTokenId).digest('base64url');
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
