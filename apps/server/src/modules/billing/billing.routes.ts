import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequest,
  checkoutResponse,
  currentSubscription,
  portalResponse,
  webhookResponse,
} from '@podflow/contract/billing-calls';
import { errorBody } from '@podflow/contract/errors';
import type { BillingService } from './billing.service.ts';

/**
 * What Stripe posts to the webhook (providers/stripe.md, "Webhook events"), for the OpenAPI document
 * only: the handler checks the Stripe-Signature header over the raw bytes before it parses them, and
 * refuses (400) a signed body without a string id, a string type or an object data.object.
 */
const stripeEvent = z
  .looseObject({
    id: z.string().min(1).meta({ example: 'evt_1QxYz2AbCdEfGhIj' }),
    object: z.literal('event').optional(),
    type: z.string().min(1).meta({ example: 'customer.subscription.updated' }),
    api_version: z.string().nullable().optional(),
    created: z.number().int().optional(),
    livemode: z.boolean().optional(),
    data: z.looseObject({
      object: z
        .looseObject({})
        .meta({ description: 'The Checkout Session, Subscription or Invoice the event is about.' }),
      previous_attributes: z.looseObject({}).optional(),
    }),
  })
  .meta({
    id: 'StripeEvent',
    description:
      'A Stripe event, exactly as Stripe signed it (Stripe-Signature header: t=<unix time>,v1=<HMAC-SHA256 hex>).',
  });

type Options = {
  billing: BillingService;
  requireUser: onRequestAsyncHookHandler;
  /** The origin Stripe sends the seller back to (PUBLIC_URL or the listen address, never the Host header). */
  publicOrigin: () => string;
};

/** SPEC.md's subscription calls, the billing portal (beyond the spec) and Stripe's webhook. */
export const billingRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { billing, requireUser, publicOrigin },
) => {
  const common = { tags: ['Subscription'] };
  const signedIn = { ...common, security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

  app.get(
    '/subscription_app/current-subscription/',
    {
      onRequest: requireUser,
      schema: {
        ...signedIn,
        summary: "The seller's plan (with its Stripe price id), usage against it, and every plan's price id",
        response: { 200: currentSubscription, ...errors },
      },
    },
    async (request) => billing.current(request.auth.userId),
  );

  app.post(
    '/subscription_app/create-checkout-session/',
    {
      onRequest: requireUser,
      schema: {
        ...signedIn,
        summary: "A Stripe Checkout Session for a plan's price, with an optional coupon or promotion code",
        body: checkoutRequest,
        response: { 200: checkoutResponse, ...errors, 409: errorBody, 502: errorBody, 503: errorBody },
      },
    },
    async (request) => billing.checkout(request.auth.userId, request.body, publicOrigin()),
  );

  app.post(
    '/subscription_app/billing-portal/',
    {
      onRequest: requireUser,
      schema: {
        ...signedIn,
        summary: "A link to Stripe's billing portal: cancel, change the card or the plan (beyond the spec)",
        response: { 200: portalResponse, ...errors, 502: errorBody, 503: errorBody },
      },
    },
    async (request) => billing.portal(request.auth.userId, publicOrigin()),
  );

  await app.register(async (hooks) => {
    // The signature is over the exact bytes Stripe sent: keep the body raw.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hooks.post(
      '/subscription_app/webhook/',
      {
        config: { rateLimit: false },
        schema: {
          ...common,
          summary: "Stripe's events (signed): the only way a plan changes",
          rawBody: stripeEvent,
          response: { 200: webhookResponse, 400: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await billing.webhook(raw, typeof signature === 'string' ? signature : undefined);
        return { received: true };
      },
    );
  });
};
