import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '@podflow/contract/auth';
import { UserError } from '../errors.ts';
import type { LiveSessions } from './live-sessions.ts';
import type { AccessTokenClaims, AccessTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireUser hook on every signed-in route. */
    auth: AccessTokenClaims;
  }
}

/**
 * An onRequest hook that accepts only a valid bearer access token of a live session (not signed
 * out, not revoked by a password change or reset, its user still there) and sets request.auth.
 * It runs before the body is read or validated, so a caller without a session learns nothing more.
 */
export function requireUser(tokens: AccessTokens, sessions: LiveSessions) {
  return async function requireUserHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const claims = token ? await tokens.verify(token) : undefined;
    if (!claims || !(await sessions.isLive(claims.sessionId, claims.userId))) {
      throw new UserError(401, authMessages.sessionExpired, {
        code: 'not_authenticated',
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    request.auth = claims;
  };
}
