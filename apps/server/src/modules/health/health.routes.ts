import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '@podflow/contract/health';

type Options = {
  isDatabaseUp: () => Promise<boolean>;
  /** Set when this process uses Redis (the job queue on BullMQ): readiness needs it too. */
  isRedisUp?: () => Promise<boolean>;
};

const upOrDown = (up: boolean) => (up ? ('up' as const) : ('down' as const));

/** Liveness (the process answers) and readiness (the database, and Redis where used, answer too). */
export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { isDatabaseUp, isRedisUp }) => {
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
      const [database, redis] = await Promise.all([isDatabaseUp(), isRedisUp?.()]);
      const ready = database && redis !== false;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? ('ready' as const) : ('unavailable' as const),
        database: upOrDown(database),
        ...(redis !== undefined && { redis: upOrDown(redis) }),
      });
    },
  );
};
