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
    const notAnEvent =
      'The webhook was signed but is not a Stripe event: it has no string id, no string type or no data.object. Send the event object as Stripe signed it.';
    const notJson =
      'The webhook was signed but is not a Stripe event: its body is not JSON. Send the event object as Stripe signed it.';
    const object = '"data":{"object":{}}';
    for (const [payload, detail] of [
      ['null', notAnEvent],
      ['[]', notAnEvent],
      ['{"id":1}', notAnEvent],
      ['not json', notJson],
      ['{"id":"evt_1",', notJson],
      ['"evt_1"', notAnEvent],
      ['{"id":"evt_1","type":"x"}', notAnEvent],
      [`{"type":"x",${object}}`, notAnEvent],
      [`{"id":"evt_2",${object}}`, notAnEvent],
      [`{"id":1,"type":"x",${object}}`, notAnEvent],
      [`{"id":"evt_3","type":true,${object}}`, notAnEvent],
      [`{"id":"","type":"x",${object}}`, notAnEvent],
      [`{"id":"evt_4","type":"",${object}}`, notAnEvent],
      ['{"id":"evt_5","type":"x","data":{}}', notAnEvent],
      ['{"id":"evt_6","type":"x","data":{"object":null}}', notAnEvent],
      ['{"id":"evt_7","type":"x","data":{"object":"sub_1"}}', notAnEvent],
      ['{"id":"evt_8","type":"x","data":"text"}', notAnEvent],
    ]) {
      const response = await deliver(payload!);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({ detail, code: 'event_invalid' });
    }
    expect(await recorded()).toEqual([]);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/subscription_app/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({
      code: 'signature_invalid',
      detail:
        'No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?',
    });

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

  it('declares the body Stripe posts in the OpenAPI document, while the handler still checks the signature over the raw bytes', async () => {
    const document = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> } }>
      >;
      components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
    };
    const body = document.paths['/subscription_app/webhook/']!.post!.requestBody!;
    expect(Object.keys(body.content)).toEqual(['application/json']);
    const { $ref } = body.content['application/json']!.schema as { $ref: string };
    expect($ref).toMatch(/^#\/components\/schemas\/StripeEvent/);
    const event = document.components.schemas[$ref.split('/').at(-1)!]!;
    expect(event.required).toEqual(['id', 'type', 'data']);
    expect(Object.keys(event.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'object', 'type', 'created', 'livemode', 'data']),
    );

    // The same bytes with a space more are no longer what was signed.
    const payload = JSON.stringify({
      id: 'evt_raw',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/subscription_app/webhook/',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(payload, webhookSecret),
      },
      payload: ` ${payload}`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('signature_invalid');
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await recorded()).toContain('evt_raw');
  });
});
