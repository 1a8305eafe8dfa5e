import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkCheckoutSession } from './stripe-sandbox-checkout.ts';
import {
  type StripeError,
  invalidParam,
  keyOf,
  missingParam,
  noPortalConfiguration,
  noSuch,
  send,
  stripeError,
  unknownParam,
} from './stripe-sandbox-errors.ts';
import { type Params, fingerprint, parseParams, textOf } from './stripe-sandbox-form.ts';
import { type StripeStore, portalConfigurationId } from './stripe-sandbox-store.ts';

/**
 * The Stripe sandbox's /v1 routes (auth and faults are already behind them): Checkout Sessions,
 * promotion codes, coupons, prices, products, subscriptions, customers, invoices and billing portal
 * sessions. POSTs honour Idempotency-Key; retrieves take `expand[]`.
 */

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });
const refuse = (error: StripeError): Answer => error;

/** How the sandbox's account is set up. */
export type StripeAccountSettings = {
  /** A live key (sk_live_/rk_live_): Stripe's messages name live mode. */
  live: boolean;
  /** Whether the customer portal settings were saved, so a portal session needs no `configuration`. */
  portalConfigured: boolean;
};

export function registerStripeApi(
  app: FastifyInstance,
  store: StripeStore,
  account: StripeAccountSettings,
): void {
  /** Results of requests with an Idempotency-Key, per secret key and idempotency key. */
  const idempotency = new Map<string, Answer & { fingerprint: string }>();

  const bodyOf = (request: FastifyRequest): Params => (request.body as Params | undefined) ?? {};
  const queryOf = (request: FastifyRequest): Params => {
    const at = request.url.indexOf('?');
    return at < 0 ? {} : parseParams(request.url.slice(at + 1));
  };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const answer = (reply: FastifyReply, result: Answer) => reply.status(result.status).send(result.body);

  /** Runs a POST once per Idempotency-Key: the same key and params replay the first result; other params are refused. */
  function idempotent(request: FastifyRequest, reply: FastifyReply, run: () => Answer) {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return answer(reply, run());
    const scoped = `${keyOf(request)}\n${key}`;
    const print = `${request.method} ${request.url.split('?')[0]} ${fingerprint(bodyOf(request))}`;
    const earlier = idempotency.get(scoped);
    if (earlier && earlier.fingerprint !== print) {
      const message =
        'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
        `Try using a key other than '${key}' if you meant to execute a different request.`;
      return send(reply, stripeError(400, message, { type: 'idempotency_error' }));
    }
    if (earlier) return answer(reply.header('idempotent-replayed', 'true'), earlier);
    const result = run();
    // As Stripe: a request refused by its checks saves nothing, so a corrected retry may reuse the key.
    if (result.status < 400) {
      // The answer as it was then: a replay must not show what happened to the object since.
      idempotency.set(scoped, {
        status: result.status,
        body: structuredClone(result.body),
        fingerprint: print,
      });
    }
    return answer(reply, result);
  }

  /** Retrieves with `expand[]`: each expandable field's id is swapped for its object. */
  function retrieve(
    request: FastifyRequest,
    reply: FastifyReply,
    found: object | undefined,
    missing: StripeError,
    expandable: Record<string, (id: string) => unknown> = {},
  ) {
    const query = queryOf(request);
    const unknown = unknownParam(query, { expand: true });
    if (unknown) return send(reply, unknown);
    if (!found) return send(reply, missing);
    const result: Record<string, unknown> = { ...found };
    const expand = Array.isArray(query.expand)
      ? query.expand
      : query.expand === undefined
        ? []
        : [query.expand];
    for (const [index, field] of expand.entries()) {
      const resolve = typeof field === 'string' ? expandable[field] : undefined;
      if (!resolve) {
        return send(
          reply,
          invalidParam(`expand[${index}]`, `This property cannot be expanded (${String(field)}).`),
        );
      }
      const value = result[field as string];
      if (typeof value === 'string') result[field as string] = resolve(value) ?? value;
    }
    return result;
  }

  app.post('/v1/checkout/sessions', async (request, reply) =>
    idempotent(request, reply, () => {
      const checked = checkCheckoutSession(bodyOf(request), store, Math.floor(Date.now() / 1000));
      return checked.ok ? ok(store.createSession(checked.value)) : refuse(checked.error);
    }),
  );

  app.get('/v1/checkout/sessions/:id', async (request, reply) =>
    retrieve(request, reply, store.sessions.get(idOf(request)), noSuch('checkout.session', idOf(request)), {
      subscription: (id) => store.subscriptions.get(id),
      customer: (id) => store.customers.get(id),
      invoice: (id) => store.invoices.get(id),
    }),
  );

  app.post('/v1/checkout/sessions/:id/expire', async (request, reply) =>
    idempotent(request, reply, () => {
      const session = store.sessions.get(idOf(request));
      if (!session) return refuse(noSuch('checkout.session', idOf(request)));
      if (session.status !== 'open') {
        return refuse(
          stripeError(
            400,
            `Only Checkout Sessions with a status of open can be expired; this one is ${session.status}.`,
          ),
        );
      }
      void store.expireSession(session);
      return ok(session);
    }),
  );

  app.get('/v1/promotion_codes', async (request, reply) => {
    const query = queryOf(request);
    const allowed = { code: true, active: true, limit: true, coupon: true, customer: true, created: true };
    const unknown = unknownParam(query, {
      ...allowed,
      starting_after: true,
      ending_before: true,
      expand: true,
    });
    if (unknown) return send(reply, unknown);
    const active = textOf(query.active);
    if (active !== undefined && active !== 'true' && active !== 'false') {
      return send(reply, invalidParam('active', `Invalid boolean: ${active}`));
    }
    const limit = query.limit === undefined ? 10 : Number(textOf(query.limit));
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return send(reply, invalidParam('limit', 'Invalid integer: limit must be between 1 and 100'));
    }
    const coupon = textOf(query.coupon);
    const found = store
      .findPromotionCodes(textOf(query.code), active === undefined ? undefined : active === 'true')
      .filter((promotion) => coupon === undefined || promotion.promotion.coupon === coupon)
      .reverse();
    return {
      object: 'list',
      data: found.slice(0, limit),
      has_more: found.length > limit,
      url: '/v1/promotion_codes',
    };
  });

  app.get('/v1/coupons/:id', async (request, reply) =>
    retrieve(request, reply, store.coupons.get(idOf(request)), noSuch('coupon', idOf(request))),
  );

  app.get('/v1/prices/:id', async (request, reply) =>
    retrieve(request, reply, store.prices.get(idOf(request)), noSuch('price', idOf(request)), {
      product: (id) => store.products.get(id),
    }),
  );

  app.get('/v1/products/:id', async (request, reply) =>
    retrieve(request, reply, store.products.get(idOf(request)), noSuch('product', idOf(request))),
  );

  app.get('/v1/subscriptions/:id', async (request, reply) =>
    retrieve(request, reply, store.subscriptions.get(idOf(request)), noSuch('subscription', idOf(request)), {
      customer: (id) => store.customers.get(id),
      latest_invoice: (id) => store.invoices.get(id),
    }),
  );

  app.get('/v1/customers/:id', async (request, reply) =>
    retrieve(request, reply, store.customers.get(idOf(request)), noSuch('customer', idOf(request))),
  );

  app.get('/v1/invoices/:id', async (request, reply) =>
    retrieve(request, reply, store.invoices.get(idOf(request)), noSuch('invoice', idOf(request)), {
      customer: (id) => store.customers.get(id),
    }),
  );

  app.post('/v1/billing_portal/sessions', async (request, reply) =>
    idempotent(request, reply, () => {
      const params = bodyOf(request);
      const allowed = {
        customer: true,
        return_url: true,
        configuration: true,
        locale: true,
        flow_data: true,
        on_behalf_of: true,
      };
      const unknown = unknownParam(params, { ...allowed, expand: true });
      if (unknown) return refuse(unknown);
      const customer = textOf(params.customer);
      if (customer === undefined) return refuse(missingParam('customer'));
      if (!store.customers.has(customer)) return refuse(noSuch('customer', customer, 'customer'));
      const configuration = textOf(params.configuration);
      if (configuration === undefined && !account.portalConfigured) {
        return refuse(noPortalConfiguration(account.live));
      }
      const known = account.portalConfigured && configuration === portalConfigurationId;
      if (configuration !== undefined && !known) {
        return refuse(noSuch('configuration', configuration, 'configuration'));
      }
      const returnUrl = params.return_url;
      if (returnUrl !== undefined && (typeof returnUrl !== 'string' || !URL.canParse(returnUrl))) {
        return refuse(invalidParam('return_url', 'Not a valid URL'));
      }
      return ok(store.createPortalSession(customer, returnUrl ?? null));
    }),
  );
}
