import type { FastifyError } from 'fastify';
import { registerStripeApi } from './stripe-sandbox-api.ts';
import type { CouponSeed, PriceSeed, PromotionCodeSeed } from './stripe-sandbox-catalog.ts';
import type { SubscriptionChange } from './stripe-sandbox-billing.ts';
import {
  invalidKey,
  keyOf,
  noKey,
  rateLimited,
  send,
  serverError,
  stripeError,
} from './stripe-sandbox-errors.ts';
import { ParamsError, parseParams } from './stripe-sandbox-form.ts';
import { messagePage } from './stripe-sandbox-html.ts';
import { registerStripePages } from './stripe-sandbox-pages.ts';
import { createStripeStore } from './stripe-sandbox-store.ts';
import type {
  CheckoutSessionObject,
  CustomerObject,
  SandboxEvent,
  SubscriptionObject,
} from './stripe-sandbox-types.ts';
import { createWebhookSender, stripeId } from './stripe-sandbox-webhooks.ts';
import {
  type RecordedRequest,
  type SandboxFault,
  createFaultPlan,
  createSandboxApp,
  listen,
} from './sandbox-kit.ts';

/**
 * The subset of Stripe PodFlow uses (docs: providers/stripe.md), on loopback, for tests and the
 * offline demo: Checkout Sessions in subscription mode with coupons and promotion codes, the hosted
 * Checkout page and billing portal a seller clicks through, subscriptions, and signed webhooks
 * posted to `webhookUrl`. API requests are form-encoded with bracket keys, need the secret key
 * (Bearer or Basic) and honour Idempotency-Key; refusals carry Stripe's error bodies.
 */

export type { RecordedRequest, SandboxFault } from './sandbox-kit.ts';
export type * from './stripe-sandbox-types.ts';
export type { CouponSeed, PriceSeed, PromotionCodeSeed } from './stripe-sandbox-catalog.ts';
export type { SubscriptionChange } from './stripe-sandbox-billing.ts';

export type StripeSandboxOptions = {
  port?: number;
  host?: string;
  /** Default 'sk_test_podflow_sandbox'. */
  secretKey?: string;
  /** Default 'whsec_podflow_sandbox'. */
  webhookSecret?: string;
  /** Where signed events are POSTed (can be set later with setWebhookUrl). */
  webhookUrl?: string;
  /** Default: price_podflow_basic ($9/month, product "PodFlow Basic"), price_podflow_premium ($29/month, "PodFlow Premium"). */
  prices?: PriceSeed[];
  /** Default: coupon 'LAUNCH20' (20 % off, duration once) and 'welcome-10' (10 % off), behind promotion code 'WELCOME10'. */
  coupons?: CouponSeed[];
  promotionCodes?: PromotionCodeSeed[];
  /** Waits before each webhook retry (default 50, 150 and 450 ms: three retries). */
  webhookRetryDelaysMs?: number[];
  /** Share (0..1) of API requests answering a random 429 or 500. */
  faultRate?: number;
  /** Seed of the random faults, so a run repeats. */
  seed?: number;
  /** How long a 'slow' fault waits before answering. */
  slowMs?: number;
  /**
   * Whether the account saved its customer portal settings (default true). Without them a portal
   * session that names no `configuration` is refused as Stripe refuses it.
   */
  portalConfigured?: boolean;
};

export type StripeSandbox = {
  /** Base URL without /v1, e.g. http://127.0.0.1:41234 (also the host of the hosted pages). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every /v1 request received, oldest first (bodies parsed into nested params); tests may empty it. */
  requests: RecordedRequest[];
  /** The next `times` /v1 requests answer with this fault (before auth). */
  failNext(fault: SandboxFault, times?: number): void;
  setFaultRate(rate: number): void;
  setWebhookUrl(url: string): void;
  /**
   * Completes an open session as the hosted page's Pay button does (customer, active subscription,
   * paid invoice; events checkout.session.completed, customer.subscription.created, invoice.paid);
   * resolves when the webhooks were delivered (or gave up). `decline` is a declined card: as in
   * Checkout since API 2025-03-31.basil, nothing is created, no event is sent, the session stays open.
   */
  completeCheckout(sessionId: string, options?: { decline?: boolean }): Promise<void>;
  /** Changes a subscription as the billing portal does: cancel at period end, cancel now, or switch price; sends the events. */
  updateSubscription(id: string, change: SubscriptionChange): Promise<void>;
  /**
   * The period ends: paid → next period and invoice.paid; `decline` → past_due and
   * invoice.payment_failed; a subscription set to cancel at period end ends (deleted) instead.
   */
  renewSubscription(id: string, options?: { decline?: boolean }): Promise<void>;
  /** Every event created, oldest first, with its exact payload and signature header as delivered, and each delivery's HTTP status. */
  events: SandboxEvent[];
  /** A fresh Stripe-Signature header for a payload (for replaying events in tests). */
  sign(payload: string, timestamp?: number): string;
  sessions: Map<string, CheckoutSessionObject>;
  subscriptions: Map<string, SubscriptionObject>;
  customers: Map<string, CustomerObject>;
  close(): Promise<void>;
};

const apiVersion = '2026-07-29.dahlia';
const defaultPrices: PriceSeed[] = [
  { id: 'price_podflow_basic', product: 'PodFlow Basic', unit_amount: 900 },
  { id: 'price_podflow_premium', product: 'PodFlow Premium', unit_amount: 2900 },
];
const defaultCoupons: CouponSeed[] = [
  { id: 'LAUNCH20', percent_off: 20, duration: 'once' },
  { id: 'welcome-10', percent_off: 10, duration: 'once' },
];
const defaultPromotionCodes: PromotionCodeSeed[] = [{ code: 'WELCOME10', coupon: 'welcome-10' }];

/** Starts the sandbox (port 0: a free one) and resolves once it listens, with its prices and coupons in place. */
export async function startStripeSandbox(options: StripeSandboxOptions = {}): Promise<StripeSandbox> {
  const {
    port = 0,
    host = '127.0.0.1',
    secretKey = 'sk_test_podflow_sandbox',
    webhookSecret = 'whsec_podflow_sandbox',
  } = options;
  let baseUrl = '';
  const webhooks = createWebhookSender({
    secret: webhookSecret,
    apiVersion,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [50, 150, 450],
    ...(options.webhookUrl !== undefined && { url: options.webhookUrl }),
  });
  const store = createStripeStore({
    prices: options.prices ?? defaultPrices,
    coupons: options.coupons ?? defaultCoupons,
    promotionCodes: options.promotionCodes ?? defaultPromotionCodes,
    baseUrl: () => baseUrl,
    webhooks,
  });
  const requests: RecordedRequest[] = [];
  const plan = createFaultPlan({
    ...options,
    bodies: {
      rate_limit: rateLimited.body,
      server_error: serverError.body,
      unauthorized: invalidKey(secretKey).body,
    },
  });

  const app = createSandboxApp({
    requests,
    plan,
    bodyLimit: 1024 * 1024,
    gate(request, reply) {
      const key = keyOf(request);
      if (key === undefined) return send(reply, noKey);
      return key === secretKey ? undefined : send(reply, invalidKey(key));
    },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, text, done) => {
      try {
        done(null, parseParams(String(text)));
      } catch (error) {
        const param = error instanceof ParamsError ? error.param : undefined;
        done(
          Object.assign(new Error((error as Error).message), {
            statusCode: 400,
            code: 'SANDBOX_BAD_PARAMS',
            param,
          }),
        );
      }
    },
  );
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    reply.header('request-id', stripeId('req_', 14));
    reply.header('stripe-version', request.headers['stripe-version'] ?? apiVersion);
  });
  app.setErrorHandler((error: FastifyError & { param?: string }, request, reply) => {
    const status = error instanceof ParamsError ? 400 : (error.statusCode ?? 500);
    if (!request.url.startsWith('/v1/')) {
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(messagePage('Something went wrong', error.message));
    }
    // A query string with malformed bracket keys, found by a route.
    if (error instanceof ParamsError)
      return send(reply, stripeError(400, error.message, { param: error.param }));
    if (status >= 500) return send(reply, serverError);
    return send(reply, stripeError(status, error.message, error.param ? { param: error.param } : {}));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/v1/')) {
      return send(reply, stripeError(404, `Unrecognized request URL (${request.method}: ${path}).`));
    }
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(messagePage('Page not found', 'This link is not valid.'));
  });

  registerStripeApi(app, store, {
    live: /^[sr]k_live_/.test(secretKey),
    portalConfigured: options.portalConfigured ?? true,
  });
  registerStripePages(app, store);

  baseUrl = await listen(app, port, host);

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    requests,
    failNext: plan.failNext,
    setFaultRate: plan.setFaultRate,
    setWebhookUrl: webhooks.setUrl,
    completeCheckout: async (sessionId, completion) => store.completeCheckout(sessionId, completion),
    updateSubscription: async (id, change) => store.updateSubscription(id, change),
    renewSubscription: async (id, renewal) => store.renewSubscription(id, renewal),
    events: webhooks.events,
    sign: webhooks.sign,
    sessions: store.sessions,
    subscriptions: store.subscriptions,
    customers: store.customers,
    async close() {
      webhooks.close();
      plan.release();
      await app.close();
    },
  };
}
