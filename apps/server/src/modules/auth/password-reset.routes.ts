import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  /** The origin of the links in the e-mails (PUBLIC_URL or the listen address, never the Host header). */
  publicOrigin: () => string;
  perMinute: number;
};

/** Link requests per client address in the window below; more are answered 429 with Retry-After. */
export const resetRequestRateLimit = { max: 5, timeWindow: '15 minutes' } as const;

/** Password reset by e-mail (beyond SPEC.md, whose Forgot password button only logs). */
export const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { reset, publicOrigin, perMinute },
) => {
  const tags = ['Session'];
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };
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
      reset.requestLink(request.body.email, publicOrigin());
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
