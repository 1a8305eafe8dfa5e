import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseParams } from './stripe-sandbox-form.ts';
import { type WebhookReceiver, startWebhookReceiver } from './stripe-sandbox-receiver.ts';
import { type StripeSandbox, startStripeSandbox } from './stripe-sandbox.ts';

type Reply = {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
};

let sandbox: StripeSandbox;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startStripeSandbox({ webhookUrl: `${receiver.url}/webhook`, webhookRetryDelaysMs: [5, 5] });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  sandbox.requests.length = 0;
  receiver.received.length = 0;
});

/** A Stripe API call as stripe-node makes it: form body, Bearer key unless told otherwise. */
async function call(
  method: string,
  path: string,
  form?: string,
  headers: Record<string, string> = { authorization: `Bearer ${sandbox.secretKey}` },
): Promise<Reply> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (form !== undefined) {
    init.body = form;
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  const response = await fetch(`${sandbox.url}${path}`, init);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Reply['body'],
  };
}

const sessionForm = (extra = '') =>
  'mode=subscription&line_items[0][price]=price_podflow_basic&line_items[0][quantity]=1' +
  '&client_reference_id=user_1&success_url=https://podflow.test/success' +
  extra;

/** A session completed as the Pay button does; its subscription id. */
async function subscribe(extra = ''): Promise<{ session: string; subscription: string; customer: string }> {
  const created = await call('POST', '/v1/checkout/sessions', sessionForm(extra));
  await sandbox.completeCheckout(String(created.body.id));
  const session = sandbox.sessions.get(String(created.body.id))!;
  return { session: session.id, subscription: session.subscription!, customer: session.customer! };
}

const eventTypes = () => receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type);

describe('params', () => {
  it('parses bracket keys into hashes and arrays, as Stripe reads them', () => {
    expect(
      parseParams(
        'line_items[0][price]=p&line_items[0][quantity]=1&line_items[1][price]=q&metadata[a%20b]=c%26d&expand[]=x&expand[]=y',
      ),
    ).toEqual({
      line_items: [{ price: 'p', quantity: '1' }, { price: 'q' }],
      metadata: { 'a b': 'c&d' },
      expand: ['x', 'y'],
    });
    expect(parseParams('a=1&a=2')).toEqual({ a: '2' });
    expect(() => parseParams('a=1&a[b]=2')).toThrow('Invalid hash: a[b]');
    expect(() => parseParams('a[b]=1&a=2')).toThrow('Invalid hash: a');
  });
});

describe('auth and errors', () => {
  it('takes the key as Bearer or as the Basic user name', async () => {
    const basic = `Basic ${Buffer.from(`${sandbox.secretKey}:`).toString('base64')}`;
    expect(
      (await call('GET', '/v1/prices/price_podflow_basic', undefined, { authorization: basic })).status,
    ).toBe(200);
    const price = await call('GET', '/v1/prices/price_podflow_basic?expand[]=product');
    expect(price.body).toMatchObject({
      id: 'price_podflow_basic',
      unit_amount: 900,
      currency: 'usd',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
      product: { object: 'product', name: 'PodFlow Basic' },
    });
    expect(price.headers.get('request-id')).toMatch(/^req_/);
  });

  it("answers 401 with Stripe's body for no key and a wrong key, showing only the wrong key's ends", async () => {
    const none = await call('GET', '/v1/coupons/LAUNCH20', undefined, {});
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(/^You did not provide an API key/),
    });
    const wrong = await call('GET', '/v1/coupons/LAUNCH20', undefined, {
      authorization: 'Bearer sk_test_nope_123456789',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error!.message).toBe(`Invalid API Key provided: sk_test_${'*'.repeat(10)}6789`);
  });

  it('answers 404 resource_missing for an unknown id, and names an unknown URL', async () => {
    expect(await call('GET', '/v1/customers/cus_nope')).toMatchObject({
      status: 404,
      body: {
        error: {
          code: 'resource_missing',
          message: "No such customer: 'cus_nope'",
          type: 'invalid_request_error',
        },
      },
    });
    expect((await call('GET', '/v1/charges')).body.error!.message).toBe(
      'Unrecognized request URL (GET: /v1/charges).',
    );
  });
});

describe('POST /v1/checkout/sessions', () => {
  it('creates an open session on the hosted page, with the nested params it was sent', async () => {
    const reply = await call(
      'POST',
      '/v1/checkout/sessions',
      sessionForm('&customer_email=a@example.com&metadata[user_id]=1'),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      object: 'checkout.session',
      id: expect.stringMatching(/^cs_test_/),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 900,
      currency: 'usd',
      customer_email: 'a@example.com',
      metadata: { user_id: '1' },
      livemode: false,
    });
    expect(reply.body.url).toBe(`${sandbox.url}/c/pay/${String(reply.body.id)}`);
    expect(sandbox.requests[0]!.body).toMatchObject({
      line_items: [{ price: 'price_podflow_basic', quantity: '1' }],
    });
  });

  const refusals: [string, string, Record<string, unknown>][] = [
    [
      'customer and customer_email',
      '&customer=cus_x&customer_email=a@example.com',
      { message: 'You may only specify one of these parameters: customer, customer_email.' },
    ],
    [
      'allow_promotion_codes and discounts',
      '&allow_promotion_codes=true&discounts[0][coupon]=LAUNCH20',
      { message: 'You may only specify one of these parameters: allow_promotion_codes, discounts.' },
    ],
    [
      'an unknown price',
      '&line_items[0][price]=price_gone',
      { code: 'resource_missing', param: 'line_items[0][price]', message: "No such price: 'price_gone'" },
    ],
    [
      'an unknown coupon',
      '&discounts[0][coupon]=FREE100',
      { code: 'resource_missing', param: 'discounts[0][coupon]', message: "No such coupon: 'FREE100'" },
    ],
    [
      'an unknown promotion code',
      '&discounts[0][promotion_code]=promo_nope',
      { code: 'resource_missing', param: 'discounts[0][promotion_code]' },
    ],
    [
      'an unknown parameter',
      '&colour=blue',
      { param: 'colour', message: 'Received unknown parameter: colour' },
    ],
    [
      'an unknown nested parameter',
      '&line_items[0][colour]=blue',
      { param: 'line_items[0][colour]', message: 'Received unknown parameter: line_items[0][colour]' },
    ],
    [
      'an unknown subscription_data parameter',
      '&subscription_data[colour]=blue',
      { message: 'Received unknown parameter: subscription_data[colour]' },
    ],
    ['a bad cancel_url', '&cancel_url=not-a-url', { param: 'cancel_url', message: 'Not a valid URL' }],
  ];

  it.each(refusals)('refuses %s with a 400 invalid_request_error', async (_what, extra, error) => {
    // The bad value replaces the good one where they share a key.
    const form = new URLSearchParams(sessionForm());
    for (const [key, value] of new URLSearchParams(extra)) form.set(key, value);
    const reply = await call('POST', '/v1/checkout/sessions', form.toString());
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ type: 'invalid_request_error', ...error });
  });

  it('refuses a one-time price and a missing mode in subscription mode', async () => {
    const oneTime = await startStripeSandbox({
      prices: [{ id: 'price_once', product: 'Setup fee', unit_amount: 500, interval: null }],
    });
    const response = await fetch(`${oneTime.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${oneTime.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'mode=subscription&line_items[0][price]=price_once&line_items[0][quantity]=1',
    });
    await oneTime.close();
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply['body']).error!.message).toMatch(
      /recurring price in `subscription` mode/,
    );
    const noMode = await call('POST', '/v1/checkout/sessions', 'line_items[0][price]=price_podflow_basic');
    expect(noMode.body.error).toMatchObject({ code: 'parameter_missing', param: 'mode' });
  });

  it('replays the first result for the same Idempotency-Key and params, and refuses other params', async () => {
    const key = { authorization: `Bearer ${sandbox.secretKey}`, 'idempotency-key': 'podflow-test-1' };
    const first = await call('POST', '/v1/checkout/sessions', sessionForm(), key);
    // The same params in another order are the same request.
    const reordered = [...new URLSearchParams(sessionForm())].reverse();
    const again = await call('POST', '/v1/checkout/sessions', new URLSearchParams(reordered).toString(), key);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const changed = new URLSearchParams(sessionForm());
    changed.set('client_reference_id', 'user_2');
    const other = await call('POST', '/v1/checkout/sessions', changed.toString(), key);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({
      type: 'idempotency_error',
      message: expect.stringContaining("Try using a key other than 'podflow-test-1'"),
    });
  });

  it('expands the subscription and customer of a completed session', async () => {
    const { session, subscription, customer } = await subscribe();
    const reply = await call(
      'GET',
      `/v1/checkout/sessions/${session}?expand[]=subscription&expand[]=customer`,
    );
    expect(reply.body).toMatchObject({
      status: 'complete',
      subscription: { id: subscription, object: 'subscription', status: 'active' },
      customer: { id: customer, object: 'customer' },
    });
    expect((await call('GET', `/v1/checkout/sessions/${session}?expand[]=line_items`)).status).toBe(400);
  });

  it('expires an open session and sends checkout.session.expired', async () => {
    const created = await call('POST', '/v1/checkout/sessions', sessionForm());
    const expired = await call('POST', `/v1/checkout/sessions/${String(created.body.id)}/expire`);
    expect(expired.body).toMatchObject({ status: 'expired', url: null });
    await expect.poll(eventTypes).toEqual(['checkout.session.expired']);
    expect((await call('POST', `/v1/checkout/sessions/${String(created.body.id)}/expire`)).status).toBe(400);
  });
});

describe('promotion codes and coupons', () => {
  it('lists active promotion codes by code, regardless of case, naming the coupon at promotion.coupon', async () => {
    const list = await call('GET', '/v1/promotion_codes?code=welcome10&active=true');
    expect(list.body).toMatchObject({
      object: 'list',
      has_more: false,
      data: [
        {
          object: 'promotion_code',
          code: 'WELCOME10',
          active: true,
          promotion: { type: 'coupon', coupon: 'welcome-10' },
        },
      ],
    });
    expect((await call('GET', '/v1/promotion_codes?code=LAUNCH20')).body.data).toEqual([]);
    expect((await call('GET', '/v1/promotion_codes?active=false')).body.data).toEqual([]);
    expect((await call('GET', '/v1/coupons/LAUNCH20')).body).toMatchObject({
      percent_off: 20,
      duration: 'once',
      valid: true,
    });
  });
});

describe('billing portal sessions', () => {
  it('needs an existing customer', async () => {
    expect(
      (await call('POST', '/v1/billing_portal/sessions', 'return_url=https://podflow.test/')).body.error,
    ).toMatchObject({
      code: 'parameter_missing',
      param: 'customer',
    });
    const { customer } = await subscribe();
    const portal = await call(
      'POST',
      '/v1/billing_portal/sessions',
      `customer=${customer}&return_url=https://podflow.test/`,
    );
    expect(portal.body).toMatchObject({
      object: 'billing_portal.session',
      customer,
      return_url: 'https://podflow.test/',
    });
    expect(portal.body.url).toBe(`${sandbox.url}/p/session/${String(portal.body.id)}`);
  });

  it('takes the account’s portal configuration by id, and refuses one it does not have', async () => {
    const { customer } = await subscribe();
    const named = await call(
      'POST',
      '/v1/billing_portal/sessions',
      `customer=${customer}&configuration=bpc_podflow_sandbox`,
    );
    expect(named.body).toMatchObject({
      object: 'billing_portal.session',
      configuration: 'bpc_podflow_sandbox',
    });
    const other = await call(
      'POST',
      '/v1/billing_portal/sessions',
      `customer=${customer}&configuration=bpc_other`,
    );
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({
      param: 'configuration',
      message: "No such configuration: 'bpc_other'",
    });
  });

  it('started without a portal configuration, refuses a portal session as a live Stripe account does', async () => {
    const bare = await startStripeSandbox({ portalConfigured: false, secretKey: 'sk_live_podflow_bare' });
    try {
      const post = (path: string, form: string) =>
        fetch(`${bare.url}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${bare.secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
        });
      const created = (await (await post('/v1/checkout/sessions', sessionForm())).json()) as { id: string };
      await bare.completeCheckout(created.id);
      const customer = bare.sessions.get(created.id)!.customer!;
      const refused = await post(
        '/v1/billing_portal/sessions',
        `customer=${customer}&return_url=https://podflow.test/`,
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: {
          type: 'invalid_request_error',
          message:
            'No configuration provided and your live mode default configuration has not been created. ' +
            'Provide a configuration or create your default by saving your customer portal settings in live mode at https://dashboard.stripe.com/settings/billing/portal.',
        },
      });
      const named = await post(
        '/v1/billing_portal/sessions',
        `customer=${customer}&configuration=bpc_podflow_sandbox`,
      );
      expect(named.status).toBe(400);
    } finally {
      await bare.close();
    }
  });
});

describe('webhooks', () => {
  const verify = (body: string, header: string) => {
    const [t, v1] = header.split(',').map((part) => part.slice(part.indexOf('=') + 1));
    return createHmac('sha256', sandbox.webhookSecret).update(`${t}.${body}`).digest('hex') === v1;
  };

  it('posts the checkout events in order, signed, in the envelope of stripe.md, pretty-printed', async () => {
    const { session, subscription } = await subscribe('&subscription_data[metadata][user_id]=1');
    expect(eventTypes()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    for (const request of receiver.received) {
      expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(verify(request.body, request.headers['stripe-signature']!)).toBe(true);
    }
    const [completed, created, paid] = receiver.received.map(
      (r) => JSON.parse(r.body) as Record<string, never>,
    );
    expect(completed).toMatchObject({
      object: 'event',
      api_version: '2026-07-29.dahlia',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session, client_reference_id: 'user_1', subscription, payment_status: 'paid' } },
    });
    expect(created).toMatchObject({
      data: { object: { id: subscription, status: 'active', metadata: { user_id: '1' } } },
    });
    expect(paid).toMatchObject({
      data: {
        object: { status: 'paid', amount_paid: 900, parent: { subscription_details: { subscription } } },
      },
    });
    expect(receiver.received[0]!.body).toContain('\n  "id": "evt_');
    const recorded = sandbox.events.slice(-3);
    expect(recorded.map((e) => [e.payload, e.deliveries])).toEqual(
      receiver.received.map((r) => [r.body, [200]]),
    );
  });

  it('retries a failed delivery with a fresh signature, and records every attempt', async () => {
    receiver.answerNext(500, 503);
    await subscribe();
    const first = sandbox.events.at(-3)!;
    expect(first.deliveries).toEqual([500, 503, 200]);
    expect(receiver.received.slice(0, 3).every((r) => r.body === first.payload)).toBe(true);
    expect(eventTypes()).toEqual([
      'checkout.session.completed',
      'checkout.session.completed',
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
  });

  it('gives up after its retries when nobody listens, then delivers to a new URL', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    sandbox.setWebhookUrl(`${closed.url}/webhook`);
    await subscribe();
    expect(sandbox.events.slice(-3).map((e) => e.deliveries)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    sandbox.setWebhookUrl(`${receiver.url}/webhook`);
    await subscribe();
    expect(sandbox.events.slice(-3).map((e) => e.deliveries)).toEqual([[200], [200], [200]]);
  });
});

describe('renewals', () => {
  it('a declined renewal leaves the subscription past_due and sends invoice.payment_failed; a paid one makes it active', async () => {
    const { subscription } = await subscribe();
    const before = sandbox.subscriptions.get(subscription)!.items.data[0]!.current_period_end;
    receiver.received.length = 0;
    await sandbox.renewSubscription(subscription, { decline: true });
    expect(eventTypes()).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    const [updated, failed] = receiver.received.map((r) => JSON.parse(r.body) as Record<string, never>);
    expect(updated).toMatchObject({
      data: { object: { status: 'past_due' }, previous_attributes: { status: 'active' } },
    });
    expect(failed).toMatchObject({
      data: {
        object: {
          status: 'open',
          billing_reason: 'subscription_cycle',
          amount_due: 900,
          amount_paid: 0,
          attempt_count: 1,
          next_payment_attempt: expect.any(Number),
          parent: { type: 'subscription_details', subscription_details: { subscription } },
        },
      },
    });
    expect(sandbox.subscriptions.get(subscription)!.items.data[0]!.current_period_start).toBe(before);

    receiver.received.length = 0;
    await sandbox.renewSubscription(subscription);
    expect(eventTypes()).toEqual(['customer.subscription.updated', 'invoice.paid']);
    expect(sandbox.subscriptions.get(subscription)!.status).toBe('active');
  });

  it('ends a subscription set to cancel at period end instead of renewing it', async () => {
    const { subscription } = await subscribe();
    await sandbox.updateSubscription(subscription, { cancelAtPeriodEnd: true });
    receiver.received.length = 0;
    await sandbox.renewSubscription(subscription);
    expect(eventTypes()).toEqual(['customer.subscription.deleted']);
    expect(sandbox.subscriptions.get(subscription)).toMatchObject({
      status: 'canceled',
      ended_at: expect.any(Number),
    });
    await expect(sandbox.renewSubscription(subscription)).rejects.toThrow(
      `Subscription ${subscription} is canceled`,
    );
  });
});
