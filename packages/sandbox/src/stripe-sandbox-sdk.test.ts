import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeSandbox, startStripeSandbox } from './stripe-sandbox.ts';

/**
 * The official stripe SDK (devDependency stripe 23.1.0) as the sandbox's client: what Stripe
 * refuses, the sandbox refuses so that the SDK raises the error Stripe's answer makes it raise,
 * and what Stripe answers, the SDK reads.
 */

let sandbox: StripeSandbox;
beforeAll(async () => {
  sandbox = await startStripeSandbox();
});
afterAll(() => sandbox.close());

/** The SDK pointed at a sandbox, on the API version the sandbox (and PodFlow) speak. */
function sdkFor(target: StripeSandbox) {
  const { hostname, port } = new URL(target.url);
  return new Stripe(target.secretKey, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    apiVersion: '2026-07-29.dahlia' as Stripe.LatestApiVersion,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

const session: Stripe.Checkout.SessionCreateParams = {
  mode: 'subscription',
  line_items: [{ price: 'price_podflow_basic', quantity: 1 }],
  client_reference_id: 'user_sdk',
  success_url: 'https://podflow.test/success?session_id={CHECKOUT_SESSION_ID}',
  customer_email: 'sdk@example.com',
};

/** What the SDK threw: its class name, the HTTP status and Stripe's error fields. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  const { type, statusCode, message, param } = error as Stripe.errors.StripeError;
  return { type, statusCode, message, param };
}

describe('the Stripe sandbox, driven by the stripe SDK 23.1.0', () => {
  it('creates and retrieves a Checkout Session the SDK reads', async () => {
    const stripe = sdkFor(sandbox);
    const created = await stripe.checkout.sessions.create(session);
    expect(created).toMatchObject({ object: 'checkout.session', mode: 'subscription', status: 'open' });
    expect((await stripe.checkout.sessions.retrieve(created.id)).client_reference_id).toBe('user_sdk');
  });

  it("refuses stripe.md's two mutual exclusions, which the SDK raises as StripeInvalidRequestError", async () => {
    const stripe = sdkFor(sandbox);
    expect(await refusal(stripe.checkout.sessions.create({ ...session, customer: 'cus_x' }))).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'You may only specify one of these parameters: customer, customer_email.',
    });
    const both = { ...session, allow_promotion_codes: true, discounts: [{ coupon: 'LAUNCH20' }] };
    expect(await refusal(stripe.checkout.sessions.create(both))).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'You may only specify one of these parameters: allow_promotion_codes, discounts.',
    });
  });

  it('replays a POST for the same Idempotency-Key and refuses the key with other params', async () => {
    const stripe = sdkFor(sandbox);
    const idempotencyKey = `sdk-${Date.now()}`;
    const first = await stripe.checkout.sessions.create(session, { idempotencyKey });
    const again = await stripe.checkout.sessions.create(session, { idempotencyKey });
    expect(again.id).toBe(first.id);
    const other = { ...session, client_reference_id: 'user_other' };
    expect(await refusal(stripe.checkout.sessions.create(other, { idempotencyKey }))).toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('without a saved portal configuration, refuses a portal session as a live account does', async () => {
    const live = await startStripeSandbox({ portalConfigured: false, secretKey: 'sk_live_podflow_sdk' });
    try {
      const stripe = sdkFor(live);
      const created = await stripe.checkout.sessions.create(session);
      await live.completeCheckout(created.id);
      const customer = live.sessions.get(created.id)!.customer!;
      expect(await refusal(stripe.billingPortal.sessions.create({ customer }))).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        message: expect.stringMatching(
          /^No configuration provided and your live mode default configuration has not been created\./,
        ),
      });
    } finally {
      await live.close();
    }
  });
});
