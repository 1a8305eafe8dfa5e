import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  authMessages,
  messageResponse,
  passwordResetCheckRequest,
  passwordResetCheckResponse,
  passwordResetConfirmRequest,
  passwordResetRequest,
} from '@podflow/contract/auth';
import { errorBody } from '@podflow/contract/errors';
import { UserError } from '../../platform/errors.ts';
import type { PasswordResetService } from './password-reset.service.ts';

type Options = {
  reset: PasswordResetService;
  /** PUBLIC_URL: the origin of the links in the e-mails; unset, the origin the request came to. */
  publicUrl: string | undefined;
  perMinute: number;
};

/** Link requests per client address in the window below; more are answered 429 with Retry-After. */
export const resetRequestRateLimit = { max: 5, timeWindow: '15 minutes' } as const;

const hostPattern = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The origin this request was sent to (the Host header, or X-Forwarded-* behind a trusted proxy). */
function requestOrigin(request: FastifyRequest): string {
  if (!hostPattern.test(request.host)) {
    throw new UserError(400, 'This request names no valid host.', { code: 'bad_host' });
  }
  return `${request.protocol}://${request.host}`;
}

/** Password reset by e-mail (beyond SPEC.md, whose Forgot password button only logs). */
export const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { reset, publicUrl, perMinute },
) => {
  const tags = ['Session'];
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };
  const origin = publicUrl?.replace(/\/+$/, '');
  app.addHook('onClose', () => reset.idle());

  app.post(
    '/api/password_reset/',
    {
      config: {
        rateLimit: {
          ...resetRequestRateLimit,
          errorResponseBuilder: () =>
            new UserError(429, authMessages.resetThrottled, { code: 'too_many_attempts' }),
        },
      },
      schema: {
        tags,
        summary: 'Ask for a password reset link by e-mail; answers alike whether or not the account exists',
        body: passwordResetRequest,
        response: { 200: messageResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      reset.requestLink(request.body.email, origin ?? requestOrigin(request));
      return { message: authMessages.resetRequested };
    },
  );

  app.post(
    '/api/password_reset/check/',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Check a password reset link before asking for the new password',
        body: passwordResetCheckRequest,
        response: { 200: passwordResetCheckResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const { expiresAt } = await reset.check(request.body.token);
      return { message: authMessages.resetLinkValid, expires_at: new Date(expiresAt).toISOString() };
    },
  );

  app.post(
    '/api/password_reset/confirm/',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Set a new password with a reset link; the link is spent and every session signed out',
        body: passwordResetConfirmRequest,
        response: { 200: messageResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => ({
      message: await reset.confirm(request.body.token, request.body.password, request.ip),
    }),
  );
};
