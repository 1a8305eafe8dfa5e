import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  changePasswordRequest,
  messageResponse,
  refreshRequest,
  refreshResponse,
  registerRequest,
  registerResponse,
  tokenRequest,
  tokenResponse,
} from '@podflow/contract/auth';
import { errorBody } from '@podflow/contract/errors';
import type { AuthService } from './auth.service.ts';

type Options = {
  auth: AuthService;
  requireUser: onRequestAsyncHookHandler;
  perMinute: number;
};

/** SPEC.md section 7 "Session": register, sign in, refresh (both paths) and change password. */
export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, requireUser, perMinute }) => {
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };
  const tags = ['Session'];

  app.post(
    '/api/user/register/',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Create an account',
        body: registerRequest,
        response: { 201: registerResponse, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      return reply.status(201).send({ user, message: authMessages.registered });
    },
  );

  app.post(
    '/api/token/',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in: exchange e-mail and password for an access and a refresh token',
        body: tokenRequest,
        response: { 200: tokenResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => auth.signIn(request.body.username, request.body.password, request.ip),
  );

  for (const url of ['/token/refresh/', '/api/token/refresh/']) {
    app.post(
      url,
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Rotate a refresh token: answers a new access token and a new refresh token',
          body: refreshRequest,
          response: { 200: refreshResponse, 400: errorBody, 401: errorBody, 429: errorBody },
        },
      },
      async (request) => auth.refresh(request.body.refresh),
    );
  }

  app.post(
    '/api/token/revoke/',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign out: revoke the session of a refresh token (beyond the spec; logout calls it)',
        body: refreshRequest,
        response: { 200: messageResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await auth.signOut(request.body.refresh);
      return { message: authMessages.signedOut };
    },
  );

  app.post(
    '/api/reset_password',
    {
      config: { rateLimit },
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Change the signed-in user's password; other sessions are signed out",
        security: [{ bearer: [] }],
        body: changePasswordRequest,
        response: { 200: messageResponse, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request) => ({ message: await auth.changePassword(request.auth, request.body) }),
  );
};
