import type { FastifyPluginAsync } from 'fastify';
import type { AppMetrics } from './metrics.ts';

type Options = { metrics: AppMetrics };

/** GET /metrics: the Prometheus text exposition of this process's metrics. */
export const metricsRoutes: FastifyPluginAsync<Options> = async (app, { metrics }) => {
  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(text);
  });
};
