import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages } from '@podflow/contract/contact';
import { contactNotDelivered, contactRequest, contactResponse } from '@podflow/contract/contact-calls';
import { errorBody, errorBodyOf } from '@podflow/contract/errors';
import { UserError } from '../../platform/errors.ts';
import type { ContactService } from './contact.service.ts';

type Options = { contact: ContactService };

/** Messages per client address in the window below; more are answered 429 with Retry-After. */
export const contactRateLimit = { max: 5, timeWindow: '10 minutes' } as const;

/** SPEC.md's Contact page: POST /workspace/send-email/ (public, no sign-in needed). */
export const contactRoutes: FastifyPluginAsyncZod<Options> = async (app, { contact }) => {
  app.post(
    '/workspace/send-email/',
    {
      config: {
        rateLimit: {
          ...contactRateLimit,
          errorResponseBuilder: () => new UserError(429, contactMessages.throttled, { code: 'rate_limited' }),
        },
      },
      schema: {
        tags: ['Contact'],
        summary: "Send a message to PodFlow's team: stored, then e-mailed with Reply-To the sender",
        body: contactRequest,
        response: { 200: contactResponse, 400: errorBody, 429: errorBody, 502: contactNotDelivered },
      },
    },
    async (request, reply) => {
      const { delivered } = await contact.send(request.body, request.ip);
      if (!delivered) {
        return reply
          .status(502)
          .send({ success: false, ...errorBodyOf(contactMessages.notDelivered, 'mail_not_delivered') });
      }
      return { success: true as const, message: contactMessages.sent };
    },
  );
};
