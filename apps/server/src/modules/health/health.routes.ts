import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '@podflow/contract/health';

type Options = { isDatabaseUp: () => Promise<boolean> };

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { isDatabaseUp }) => {
  const tags = ['Health'];
  app.get(
    '/healthz',
    { config: { rateLimit: false }, schema: { tags, response: { 200: healthResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/readyz',
    { config: { rateLimit: false }, schema: { tags, response: { 200: readyResponse, 503: readyResponse } } },
    async (_request, reply) => {
      const up = await isDatabaseUp();
      return reply.status(up ? 200 : 503).send({
        status: up ? ('ready' as const) : ('unavailable' as const),
        database: up ? ('up' as const) : ('down' as const),
      });
    },
  );
};
