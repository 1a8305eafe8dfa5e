import { startStripeSandbox } from '@podflow/sandbox/stripe-sandbox';
import { describe, expect, it } from 'vitest';
import { httpClient } from './http.ts';
import { type CheckoutSessionInput, readStripeError, stripeClient } from './stripe.ts';
import { providerFailure, useSandbox } from './test-kit.ts';

const env = useSandbox(() => startStripeSandbox());

function client(options: { secretKey?: string; fetch?: typeof fetch } = {}) {
  const { secretKey = env.sandbox.secretKey, ...rest } = options;
  return stripeClient({ secretKey, baseUrl: env.sandbox.url, ...env.transport, ...rest });
}

const checkout = (input: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput => ({
  priceId: 'price_podflow_basic',
  clientReferenceId: 'user_42',
  successUrl: 'https://podflow.test/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://podflow.test/failure',
  customerEmail: 'seller@example.com',
  ...input,
});

/** The form a recorded request sent, as the sandbox parsed it. */
const sent = (index = 0) => env.sandbox.requests[index]!;

describe('stripeClient: Checkout Sessions', () => {
  it('creates a subscription session with a promotion code the seller typed, form-encoded with Stripe headers', async () => {
    const stripe = client();
    const discount = await stripe.findDiscount('WELCOME10');
    expect(discount).toEqual({ promotion_code: expect.stringMatching(/^promo_/) });
    env.sandbox.requests.length = 0;

    const session = await stripe.createCheckoutSession(checkout({ discount, metadata: { user_id: '42' } }));
    expect(session).toMatchObject({
      status: 'open',
      mode: 'subscription',
      client_reference_id: 'user_42',
      customer_email: 'seller@example.com',
      amount_subtotal: 900,
      amount_total: 810,
      discounts: [{ coupon: null, promotion_code: (discount as { promotion_code: string }).promotion_code }],
      subscription: null,
    });
    expect(session.url).toBe(`${env.sandbox.url}/c/pay/${session.id}`);
    const request = sent();
    expect(request.headers).toMatchObject({
      authorization: `Bearer ${env.sandbox.secretKey}`,
      'stripe-version': '2026-07-29.dahlia',
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(request.body).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_podflow_basic', quantity: '1' }],
      client_reference_id: 'user_42',
      success_url: 'https://podflow.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://podflow.test/failure',
      customer_email: 'seller@example.com',
      discounts: [{ promotion_code: (discount as { promotion_code: string }).promotion_code }],
      metadata: { user_id: '42' },
      subscription_data: { metadata: { user_id: '42' } },
    });
  });

  it('creates a session with a coupon the seller typed', async () => {
    const stripe = client();
    const discount = await stripe.findDiscount('LAUNCH20');
    expect(discount).toEqual({ coupon: 'LAUNCH20' });
    const session = await stripe.createCheckoutSession(checkout({ discount }));
    expect(session).toMatchObject({
      amount_total: 720,
      discounts: [{ coupon: 'LAUNCH20', promotion_code: null }],
    });
  });

  it('finds a promotion code regardless of case, and nothing for an unknown code after asking for both', async () => {
    const stripe = client();
    expect(await stripe.findDiscount(' welcome10 ')).toEqual({ promotion_code: expect.any(String) });
    env.sandbox.requests.length = 0;
    expect(await stripe.findDiscount('NOPE50')).toBeUndefined();
    expect(env.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/promotion_codes?code=NOPE50&active=true',
      'GET /v1/coupons/NOPE50',
    ]);
    expect(await stripe.findDiscount('  ')).toBeUndefined();
  });

  it('sends an existing customer instead of an email, never both', async () => {
    const stripe = client();
    const first = await stripe.createCheckoutSession(checkout());
    await env.sandbox.completeCheckout(first.id);
    const customer = (await stripe.retrieveCheckoutSession(first.id)).customer!;
    env.sandbox.requests.length = 0;
    const again = await stripe.createCheckoutSession(checkout({ customer }));
    expect(again).toMatchObject({ customer, customer_email: null });
    expect(sent().body).not.toHaveProperty('customer_email');
  });

  it('gives each call its own idempotency key, and the retry of a 500 the same one', async () => {
    const stripe = client();
    const before = env.sandbox.sessions.size;
    env.sandbox.failNext('server_error');
    const session = await stripe.createCheckoutSession(checkout());
    await stripe.createCheckoutSession(checkout());
    const keys = env.sandbox.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(env.sleeps).toHaveLength(1);
    expect(env.sandbox.sessions.size).toBe(before + 2);
    expect(env.sandbox.sessions.get(session.id)?.status).toBe('open');
  });

  it('makes one session when the answer to the first attempt is lost: Stripe replays it for the same key', async () => {
    let calls = 0;
    const losingFirstAnswer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (calls++ === 0) throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      return response;
    };
    const before = env.sandbox.sessions.size;
    const session = await client({ fetch: losingFirstAnswer }).createCheckoutSession(checkout());
    expect(env.sandbox.requests).toHaveLength(2);
    expect(env.sandbox.sessions.size).toBe(before + 1);
    expect(env.sandbox.sessions.has(session.id)).toBe(true);
  });

  it("refuses both of stripe.md's mutual exclusions with Stripe's 400 message", async () => {
    const raw = httpClient({
      provider: 'Stripe',
      baseUrl: env.sandbox.url,
      headers: { Authorization: `Bearer ${env.sandbox.secretKey}` },
      readError: readStripeError,
      ...env.transport,
    });
    const base = {
      mode: 'subscription',
      'line_items[0][price]': 'price_podflow_basic',
      'line_items[0][quantity]': '1',
    };
    const bothCustomers = { ...base, customer: 'cus_x', customer_email: 'a@example.com' };
    const bothDiscounts = { ...base, allow_promotion_codes: 'false', 'discounts[0][coupon]': 'LAUNCH20' };
    const errors = [
      await providerFailure(raw.request('POST', '/v1/checkout/sessions', { form: bothCustomers })),
      await providerFailure(raw.request('POST', '/v1/checkout/sessions', { form: bothDiscounts })),
    ];
    expect(errors.map((error) => [error.status, error.retryable, error.message])).toEqual([
      [
        400,
        false,
        'Stripe answered POST /v1/checkout/sessions with HTTP 400, code invalid_request_error: ' +
          'You may only specify one of these parameters: customer, customer_email.',
      ],
      [
        400,
        false,
        'Stripe answered POST /v1/checkout/sessions with HTTP 400, code invalid_request_error: ' +
          'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      ],
    ]);
  });

  it('reports an unknown price as resource_missing without retrying', async () => {
    const error = await providerFailure(client().createCheckoutSession(checkout({ priceId: 'price_gone' })));
    expect(error).toMatchObject({
      provider: 'Stripe',
      status: 400,
      code: 'resource_missing',
      retryable: false,
    });
    expect(error.message).toContain("No such price: 'price_gone'");
    expect(env.sandbox.requests).toHaveLength(1);
  });
});

describe('stripeClient: after checkout', () => {
  async function subscribed() {
    const stripe = client();
    const created = await stripe.createCheckoutSession(checkout({ metadata: { user_id: '7' } }));
    await env.sandbox.completeCheckout(created.id);
    return { stripe, session: await stripe.retrieveCheckoutSession(created.id) };
  }

  it('retrieves the completed session and its subscription', async () => {
    const { stripe, session } = await subscribed();
    expect(session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer: expect.stringMatching(/^cus_/),
    });
    const subscription = await stripe.retrieveSubscription(session.subscription!);
    expect(subscription).toMatchObject({
      id: session.subscription,
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata: { user_id: '7' },
    });
    const [item] = subscription.items.data;
    expect(item!.price.id).toBe('price_podflow_basic');
    const days = (item!.current_period_end - item!.current_period_start) / 86_400;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it('opens a billing portal session for the customer', async () => {
    const { stripe, session } = await subscribed();
    const portal = await stripe.createPortalSession({
      customer: session.customer!,
      returnUrl: 'https://podflow.test/account',
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${env.sandbox.url}/p/session/${portal.id}`);
    expect(env.sandbox.requests.at(-1)!.headers['idempotency-key']).toBeDefined();
    const page = await fetch(portal.url);
    expect(await page.text()).toContain('PodFlow Basic');
  });

  it('reports an unknown subscription or customer as Stripe does', async () => {
    const missing = await providerFailure(client().retrieveSubscription('sub_nope'));
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing' });
    expect(missing.message).toBe(
      "Stripe answered GET /v1/subscriptions/sub_nope with HTTP 404, code resource_missing: No such subscription: 'sub_nope'",
    );
    const portal = client().createPortalSession({ customer: 'cus_nope', returnUrl: 'https://podflow.test/' });
    expect((await providerFailure(portal)).message).toContain("No such customer: 'cus_nope'");
  });
});

describe('stripeClient: secrets', () => {
  it('reports a wrong key as a 401 that never shows the key', async () => {
    const wrongKey = 'sk_test_wrong_key_0123456789';
    const error = await providerFailure(client({ secretKey: wrongKey }).retrieveSubscription('sub_1'));
    expect(error).toMatchObject({ provider: 'Stripe', status: 401, retryable: false });
    expect(error.message).toMatch(
      /^Stripe answered GET \/v1\/subscriptions\/sub_1 with HTTP 401, code invalid_request_error: Invalid API Key provided: sk_test_\*+6789$/,
    );
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(wrongKey);
  });

  it('redacts the key from an error body that echoes it', async () => {
    const { secretKey } = env.sandbox;
    env.sandbox.failNext({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: `Expired API Key provided: ${secretKey}` } },
    });
    const error = await providerFailure(client().retrieveSubscription('sub_1'));
    expect(error.message).toContain('Expired API Key provided: [redacted]');
    expect(`${error.message} ${JSON.stringify(error)} ${error.stack}`).not.toContain(secretKey);
  });
});

describe('readStripeError', () => {
  it('reads the message, else the code; the code, else the type', () => {
    expect(readStripeError({ error: { type: 'api_error', message: 'Boom' } })).toEqual({
      reason: 'Boom',
      code: 'api_error',
    });
    expect(readStripeError({ error: { type: 'card_error', code: 'card_declined' } })).toEqual({
      reason: 'card_declined',
      code: 'card_declined',
    });
    expect(readStripeError('Bad gateway')).toEqual({ reason: 'Bad gateway' });
    expect(readStripeError({})).toEqual({ reason: undefined, code: undefined });
  });
});
