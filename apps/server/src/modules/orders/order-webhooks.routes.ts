import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@podflow/contract/errors';
import { orderWebhookBody, orderWebhookResponse, webhookParams } from '@podflow/contract/orders-calls';
import { UserError } from '../../platform/errors.ts';
import type { OrderSourcesService } from './order-sources.service.ts';

type Options = { sources: OrderSourcesService };

/**
 * The order webhook receivers, POST /webhooks/{provider}/{token}/ (no sign-in: the token finds the
 * source, the signature over the raw bytes proves the sender). Answered as soon as the event is
 * stored; the orders.events job applies it. Rate limited like every public route.
 */
export const orderWebhooksRoutes: FastifyPluginAsyncZod<Options> = async (app, { sources }) => {
  // The signatures are over the exact bytes the provider sent: keep the body raw.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/webhooks/:provider/:token/',
    {
      schema: {
        tags: ['Orders'],
        summary:
          "A provider's order event (signed; Gelato's is proven by the token): stored once, applied in the background",
        params: webhookParams,
        rawBody: orderWebhookBody,
        response: { 200: orderWebhookResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await sources.receive(request.params.provider, request.params.token, {
        rawBody,
        headers: request.headers,
      });
      if (outcome === 'unknown') throw new UserError(404, 'No such webhook.', { code: 'not_found' });
      if (outcome === 'refused') {
        throw new UserError(401, 'The signature of this delivery does not hold.', {
          code: 'signature_invalid',
        });
      }
      return { received: true as const };
    },
  );
};
