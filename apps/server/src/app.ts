import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodyOf } from '@podflow/contract/errors';
import type { Config } from './config.ts';
import { authRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { requireUser } from './platform/auth/require-user.ts';
import { AccessTokens } from './platform/auth/tokens.ts';
import { type Db, isDatabaseUp } from './platform/db/db.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerSecurity } from './platform/http/security.ts';
import { registerSpa, wantsHtml } from './platform/http/spa.ts';

export type AppDeps = { config: Config; db: Db };

/** Builds the Fastify instance with every module; main.ts listens, tests inject. */
export async function buildApp({ config, db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  await registerSecurity(app, config);
  await registerOpenApi(app);

  const accessTokens = new AccessTokens(config.appSecret, config.auth.accessTokenTtlSeconds);
  const auth = authService({
    repo: authRepo(db),
    accessTokens,
    refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
    loginLimits: { maxFailures: config.auth.loginMaxFailures, lockSeconds: config.auth.loginLockSeconds },
  });

  await app.register(healthRoutes, { isDatabaseUp: () => isDatabaseUp(db) });
  await app.register(authRoutes, {
    auth,
    requireUser: requireUser(accessTokens),
    perMinute: config.rateLimit.authPerMinute,
  });

  const spa = await registerSpa(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (spa && wantsHtml(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBodyOf(`No such call: ${request.method} ${request.url.split('?')[0]}`, 'not_found'));
  });

  return app;
}
