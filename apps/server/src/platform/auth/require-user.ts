import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '@podflow/contract/auth';
import { UserError } from '../errors.ts';
import type { AccessTokenClaims, AccessTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireUser hook on every signed-in route. */
    auth: AccessTokenClaims;
  }
}

/** A preHandler that accepts only a valid bearer access token and sets request.auth. */
export function requireUser(tokens: AccessTokens) {
  return async function requireUserHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const claims = token ? await tokens.verify(token) : undefined;
    if (!claims) {
      throw new UserError(401, authMessages.sessionExpired, {
        code: 'not_authenticated',
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    request.auth = claims;
  };
}
