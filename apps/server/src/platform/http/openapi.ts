import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { addStandardErrors, normaliseContentTypes, transformRoute } from './openapi-document.ts';
import { docsContentSecurityPolicy } from './security.ts';

/**
 * OpenAPI 3.1 built from the zod schemas of every route. `serve` (API_DOCS; off in production by
 * default) publishes it at /api/openapi.json and the reference at /api/docs; otherwise both answer 404.
 */
export async function registerOpenApi(app: FastifyInstance, { serve }: { serve: boolean }): Promise<void> {
  // Before any module: every route registered after this gets the standard error answers.
  app.addHook('onRoute', addStandardErrors);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PodFlow API',
        version: '1.0.0',
        description: 'Every call of the PodFlow web app. Paths and fields follow the product specification.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: transformRoute,
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input);
      normaliseContentTypes(document.paths as Parameters<typeof normaliseContentTypes>[0]);
      return document;
    },
  });

  if (!serve) return;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(scalar, {
    routePrefix: '/api/docs',
    // No web fonts: the page must not reach another origin (CSP allows none).
    configuration: { url: '/api/openapi.json', pageTitle: 'PodFlow API reference', withDefaultFonts: false },
    hooks: {
      onRequest: async (_request, reply) => {
        reply.header('content-security-policy', docsContentSecurityPolicy);
      },
    },
  });
}
