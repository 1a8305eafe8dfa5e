import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '@podflow/providers/stripe';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

const webhookSecret = 'whsec_podflow_hostile_test';

describe(`Stripe webhook bodies that are not events on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_podflow_hostile',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      // Nothing listens here: a refused body must never get as far as asking Stripe.
      STRIPE_BASE_URL: 'http://127.0.0.1:9',
      STRIPE_PRICE_BASIC: 'price_podflow_basic',
      STRIPE_PRICE_PREMIUM: 'price_podflow_premium',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/subscription_app/webhook/',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(payload, webhookSecret),
      },
      payload,
    });
  const recorded = async () =>
    (await t.db.selectFrom('stripe_events').select('id').execute()).map((r) => r.id);

  it('answers 400 with a sentence to a correctly signed body that is not an event, and records no event', async () => {
    for (const payload of ['null', '[]', '{"id":1}', 'not json', '"evt_1"', '{"id":"evt_1","type":"x"}']) {
      const response = await deliver(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().detail, payload).toMatch(
        /^The webhook was signed but is not a Stripe event: .+\./,
      );
    }
    expect(await recorded()).toEqual([]);

    // A real event of a type PodFlow does not act on is still taken (and recorded once).
    const event = JSON.stringify({
      id: 'evt_ok',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await recorded()).toEqual(['evt_ok']);
  });
});
