import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentSubscription } from '@podflow/contract/billing';
import {
  type StripeSandbox,
  type SubscriptionObject,
  startStripeSandbox,
} from '@podflow/sandbox/stripe-sandbox';
import { buildSignedInUser } from '../../test/factories.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { billingRepo } from './billing.repo.ts';
import { billingService } from './billing.service.ts';

const prices = { basic: 'price_podflow_basic', premium: 'price_podflow_premium' };

/**
 * Each kind of Stripe event on its own, delivered by hand (the sandbox delivers nothing here): which
 * ones change whose plan, which are taken but concern nobody, and how a race with Stripe settles.
 */
describe(`Stripe events one by one on ${testDbKind}`, () => {
  let t: TestApp;
  let stripe: StripeSandbox;

  beforeAll(async () => {
    stripe = await startStripeSandbox();
    t = await startTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_BASE_URL: stripe.url,
      STRIPE_PRICE_BASIC: prices.basic,
      STRIPE_PRICE_PREMIUM: prices.premium,
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.requests.length = 0;
  });

  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/subscription_app/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      payload,
    });
  const current = async (access: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/subscription_app/current-subscription/',
        headers: { authorization: `Bearer ${access}` },
      })
    ).json<CurrentSubscription>();
  const userRow = (id: string) =>
    t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventRow = (id: string) =>
    t.db.selectFrom('stripe_events').selectAll().where('id', '=', id).executeTakeFirst();
  /** How often PodFlow read a subscription back from Stripe since the test began. */
  const subscriptionReads = () =>
    stripe.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions/')).length;

  /**
   * A seller who paid for Basic on Stripe, with none of the events delivered yet: the sandbox's
   * events of the checkout, the subscription, and the seller's id.
   */
  const paidOnStripe = async () => {
    const user = await buildSignedInUser(t.app);
    const access = user.tokens.access;
    const userId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.registration.username)
        .executeTakeFirstOrThrow()
    ).id;
    const started = await t.app.inject({
      method: 'POST',
      url: '/subscription_app/create-checkout-session/',
      headers: { authorization: `Bearer ${access}` },
      payload: { priceId: prices.basic },
    });
    const sessionId = started.json<{ id: string }>().id;
    const from = stripe.events.length;
    await stripe.completeCheckout(sessionId);
    const events = stripe.events.slice(from);
    const subscriptionId = stripe.sessions.get(sessionId)!.subscription!;
    const customer = stripe.sessions.get(sessionId)!.customer!;
    stripe.requests.length = 0;
    return {
      access,
      userId,
      subscriptionId,
      customer,
      event: (type: string) => events.find((e) => e.type === type)!,
    };
  };
  /** A signed event made by hand, as another Stripe account or an older API version would send it. */
  let made = 0;
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_made_${(made += 1)}_${Date.now()}`, object: 'event', type, data: { object } });
  /** The subscription as the sandbox holds it now, as a plain copy to change. */
  const copyOf = (id: string) => structuredClone(stripe.subscriptions.get(id)!) as SubscriptionObject;
  /** Taken (200, recorded once, for nobody), without asking Stripe anything and without touching the seller. */
  const expectIgnored = async (payload: string, userId: string) => {
    const before = await userRow(userId);
    const answer = await deliver(payload);
    expect(answer.statusCode, payload).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    expect(await eventRow(JSON.parse(payload).id)).toMatchObject({ user_id: null });
    expect(subscriptionReads()).toBe(0);
    expect(await userRow(userId)).toEqual(before);
  };

  it('checkout.session.completed alone gives the plan, as Stripe holds the subscription (read once, and once more to settle)', async () => {
    const paid = await paidOnStripe();
    const completed = paid.event('checkout.session.completed');
    const answer = await deliver(completed.payload);
    expect(answer.statusCode).toBe(200);
    expect(subscriptionReads()).toBe(2);
    expect(await eventRow(completed.id)).toMatchObject({ user_id: paid.userId, type: completed.type });
    const item = stripe.subscriptions.get(paid.subscriptionId)!.items.data[0]!;
    expect((await current(paid.access)).subscription_plan).toEqual({
      price_id: prices.basic,
      plan: 'basic',
      name: 'Basic',
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: new Date(item.current_period_end * 1000).toISOString(),
    });
    expect(await userRow(paid.userId)).toMatchObject({
      stripe_customer_id: paid.customer,
      stripe_subscription_id: paid.subscriptionId,
      subscription_price_id: prices.basic,
      plan: 'basic',
    });
  });

  it('customer.subscription.created and .updated alone find the seller by the subscription metadata before the customer is known', async () => {
    for (const type of ['customer.subscription.created', 'customer.subscription.updated']) {
      const paid = await paidOnStripe();
      const payload =
        type === 'customer.subscription.created'
          ? paid.event(type).payload
          : event(type, { ...copyOf(paid.subscriptionId) });
      expect((await userRow(paid.userId)).stripe_customer_id).toBeNull();
      expect((await deliver(payload)).statusCode).toBe(200);
      expect((await current(paid.access)).subscription_plan, type).toMatchObject({
        plan: 'basic',
        status: 'active',
      });
      expect((await userRow(paid.userId)).stripe_customer_id, type).toBe(paid.customer);
    }
  });

  it('a subscription event goes to the seller of its customer even when its metadata names someone else', async () => {
    const paid = await paidOnStripe();
    expect((await deliver(paid.event('checkout.session.completed').payload)).statusCode).toBe(200);
    const other = await paidOnStripe();
    const subscription = copyOf(paid.subscriptionId);
    const payload = event('customer.subscription.updated', {
      ...subscription,
      metadata: { user_id: other.userId },
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await eventRow(JSON.parse(payload).id)).toMatchObject({ user_id: paid.userId });
    expect((await userRow(other.userId)).plan).toBe('starter');
  });

  it('takes, for nobody, events that name no PodFlow seller or no subscription', async () => {
    const paid = await paidOnStripe();
    const completed = paid.event('checkout.session.completed').payload;
    // The seller's customer is known from here on.
    expect((await deliver(completed)).statusCode).toBe(200);
    stripe.requests.length = 0;
    const session = JSON.parse(completed).data.object;
    const subscription = copyOf(paid.subscriptionId);
    const stranger = { ...subscription, customer: 'cus_nobody' };
    const cases = [
      event('checkout.session.completed', { ...session, client_reference_id: null }),
      event('checkout.session.completed', { ...session, subscription: null }),
      event('checkout.session.completed', { ...session, client_reference_id: 'no-such-user' }),
      event('customer.subscription.updated', { ...subscription, id: '' }),
      event('customer.subscription.updated', { ...stranger, metadata: {} }),
      event('customer.subscription.updated', { ...stranger, metadata: { user_id: 'no-such-user' } }),
      event('invoice.payment_failed', { customer: paid.customer }),
      event('invoice.payment_failed', { customer: 'cus_nobody', subscription: paid.subscriptionId }),
      event('invoice.paid', { subscription: paid.subscriptionId }),
      event('charge.refunded', { customer: paid.customer }),
    ];
    for (const payload of cases) await expectIgnored(payload, paid.userId);
    expect((await userRow(paid.userId)).plan).toBe('basic');
  });

  it('invoice.payment_failed and invoice.paid alone move the seller they are about to past_due and back', async () => {
    const paid = await paidOnStripe();
    expect((await deliver(paid.event('checkout.session.completed').payload)).statusCode).toBe(200);
    stripe.requests.length = 0;

    const from = stripe.events.length;
    await stripe.renewSubscription(paid.subscriptionId, { decline: true });
    const failed = stripe.events.slice(from).find((e) => e.type === 'invoice.payment_failed')!;
    expect((await deliver(failed.payload)).statusCode).toBe(200);
    expect(subscriptionReads()).toBe(2);
    // past_due: Stripe is still retrying the card, so the plan stays.
    expect((await current(paid.access)).subscription_plan).toMatchObject({
      plan: 'basic',
      status: 'past_due',
    });

    const again = stripe.events.length;
    await stripe.renewSubscription(paid.subscriptionId);
    const settled = stripe.events.slice(again).find((e) => e.type === 'invoice.paid')!;
    expect((await deliver(settled.payload)).statusCode).toBe(200);
    expect((await current(paid.access)).subscription_plan).toMatchObject({ plan: 'basic', status: 'active' });

    // An invoice as API versions before 2025-03-31.basil show it: the subscription at the top.
    stripe.subscriptions.get(paid.subscriptionId)!.status = 'unpaid';
    const old = event('invoice.payment_failed', {
      customer: paid.customer,
      subscription: paid.subscriptionId,
    });
    expect((await deliver(old)).statusCode).toBe(200);
    expect((await current(paid.access)).subscription_plan).toMatchObject({
      plan: 'starter',
      status: 'unpaid',
    });
    expect((await userRow(paid.userId)).plan).toBe('starter');
  });

  it('keeps the end of the period and cancel-at-period-end as Stripe has them, and a subscription without items as the free plan', async () => {
    const paid = await paidOnStripe();
    expect((await deliver(paid.event('checkout.session.completed').payload)).statusCode).toBe(200);
    const from = stripe.events.length;
    await stripe.updateSubscription(paid.subscriptionId, { cancelAtPeriodEnd: true });
    const updated = stripe.events.slice(from).find((e) => e.type === 'customer.subscription.updated')!;
    expect((await deliver(updated.payload)).statusCode).toBe(200);
    const item = stripe.subscriptions.get(paid.subscriptionId)!.items.data[0]!;
    expect((await current(paid.access)).subscription_plan).toMatchObject({
      plan: 'basic',
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: new Date(item.current_period_end * 1000).toISOString(),
    });

    const bare = { ...copyOf(paid.subscriptionId), items: { object: 'list', data: [] } };
    stripe.failNext({ status: 200, body: bare }, 2);
    expect((await deliver(event('customer.subscription.updated', bare))).statusCode).toBe(200);
    expect((await current(paid.access)).subscription_plan).toEqual({
      price_id: null,
      plan: 'starter',
      name: 'Starter',
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: null,
    });
  });

  it('settles a race: when Stripe changes while an event is applied, what it holds afterwards is kept, reading at most three more times', async () => {
    const paid = await paidOnStripe();
    const real = copyOf(paid.subscriptionId);
    const stale = { ...real, status: 'incomplete' };
    // The event's read sees the subscription before the payment went through; the next read sees it paid.
    stripe.failNext({ status: 200, body: stale }, 1);
    expect((await deliver(paid.event('checkout.session.completed').payload)).statusCode).toBe(200);
    expect(subscriptionReads()).toBe(3);
    expect((await current(paid.access)).subscription_plan).toMatchObject({ plan: 'basic', status: 'active' });

    // Stripe keeps changing: after three more reads the last one stands (the real state, active, is never asked for).
    const other = await paidOnStripe();
    const moving = copyOf(other.subscriptionId);
    for (const status of ['incomplete', 'past_due', 'trialing', 'unpaid']) {
      stripe.failNext({ status: 200, body: { ...moving, status } }, 1);
    }
    expect((await deliver(other.event('checkout.session.completed').payload)).statusCode).toBe(200);
    expect(subscriptionReads()).toBe(4);
    expect((await current(other.access)).subscription_plan).toMatchObject({
      plan: 'starter',
      status: 'unpaid',
    });
  });

  it('logs each event taken, and a signed body that is not an event with its start', async () => {
    const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
    const record = (level: string) => (object: object, message: string) =>
      lines.push({ level, object: object as Record<string, unknown>, message });
    const billing = billingService({
      repo: billingRepo(t.db),
      stripe: t.config.stripe,
      timeoutMs: 5_000,
      log: { info: record('info'), warn: record('warn'), error: record('error') },
    });
    const paid = await paidOnStripe();
    const completed = paid.event('checkout.session.completed');
    expect(await billing.webhook(Buffer.from(completed.payload), stripe.sign(completed.payload))).toBe(true);
    expect(await billing.webhook(Buffer.from(completed.payload), stripe.sign(completed.payload))).toBe(false);
    expect(lines).toEqual([
      {
        level: 'info',
        object: { event: completed.id, type: completed.type, applied: true, user: paid.userId },
        message: 'stripe event',
      },
      {
        level: 'info',
        object: { event: completed.id, type: completed.type, applied: false, user: paid.userId },
        message: 'stripe event',
      },
    ]);

    lines.length = 0;
    const junk = `{"hello":"${'x'.repeat(300)}"}`;
    await expect(billing.webhook(Buffer.from(junk), stripe.sign(junk))).rejects.toMatchObject({
      status: 400,
      code: 'event_invalid',
    });
    expect(lines).toEqual([
      {
        level: 'warn',
        object: {
          reason: 'it has no string id, no string type or no data.object',
          bytes: junk.length,
          start: junk.slice(0, 200),
        },
        message: 'stripe webhook refused: not an event',
      },
    ]);

    // Not reachable over HTTP (a signed-in seller exists), so asked directly.
    const noAccount = { status: 404, code: 'not_found', message: 'No such account.' };
    await expect(billing.current('no-such-user')).rejects.toMatchObject(noAccount);
    await expect(
      billing.checkout('no-such-user', { priceId: prices.basic }, 'https://x.example'),
    ).rejects.toMatchObject(noAccount);
    await expect(billing.portal('no-such-user', 'https://x.example')).rejects.toMatchObject({
      status: 400,
      code: 'no_customer',
    });

    // Stripe refusing a price this server is set up with: the operator reads Stripe's answer in the log.
    const misconfigured = billingService({
      repo: billingRepo(t.db),
      stripe: { ...t.config.stripe!, prices: { basic: prices.basic, premium: 'price_podflow_platinum' } },
      timeoutMs: 5_000,
      log: { info: record('info'), warn: record('warn'), error: record('error') },
    });
    const fresh = await buildSignedInUser(t.app);
    const freshId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', fresh.registration.username)
        .executeTakeFirstOrThrow()
    ).id;
    lines.length = 0;
    await expect(
      misconfigured.checkout(freshId, { priceId: 'price_podflow_platinum' }, 'https://x.example'),
    ).rejects.toMatchObject({ status: 503, code: 'payments_misconfigured' });
    expect(lines).toEqual([
      {
        level: 'error',
        object: { err: expect.objectContaining({ status: 400, code: 'resource_missing' }) },
        message: 'stripe refused the call: check STRIPE_SECRET_KEY and STRIPE_PRICE_*',
      },
    ]);
    expect((lines[0]!.object.err as Error).message).toContain("No such price: 'price_podflow_platinum'");

    // A live account whose customer portal settings were never saved: the operator is told what to do.
    await t.db
      .updateTable('users')
      .set({ stripe_customer_id: 'cus_no_portal' })
      .where('id', '=', freshId)
      .execute();
    lines.length = 0;
    stripe.requests.length = 0;
    const noPortal =
      'No configuration provided and your live mode default configuration has not been created. ' +
      'Provide a configuration or create your default by saving your customer portal settings in live mode at https://dashboard.stripe.com/settings/billing/portal.';
    stripe.failNext({ status: 400, body: { error: { type: 'invalid_request_error', message: noPortal } } });
    await expect(misconfigured.portal(freshId, 'https://x.example')).rejects.toMatchObject({
      status: 503,
      code: 'portal_not_set_up',
    });
    expect(lines).toEqual([
      {
        level: 'error',
        object: { err: expect.objectContaining({ status: 400, code: 'invalid_request_error' }) },
        message: 'stripe has no customer portal configuration: save its settings in the dashboard',
      },
    ]);
    expect(stripe.requests.map((r) => r.path)).toEqual(['/v1/billing_portal/sessions']);
  });
});
