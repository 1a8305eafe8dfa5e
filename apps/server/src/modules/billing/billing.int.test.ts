import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentSubscription } from '@podflow/contract/billing';
import { billingMessages } from '@podflow/contract/billing';
import { type StripeSandbox, startStripeSandbox } from '@podflow/sandbox/stripe-sandbox';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { paymentsMisconfigured, portalNotSetUp } from './billing.service.ts';

const prices = { basic: 'price_podflow_basic', premium: 'price_podflow_premium' };
/** PUBLIC_URL in these tests: Stripe's return pages follow it, whatever Host a request names. */
const publicUrl = 'https://app.podflow.example';

describe(`subscriptions on Stripe on ${testDbKind}`, () => {
  let t: TestApp;
  let stripe: StripeSandbox;
  let webhookUrl: string;

  const call = async (method: 'GET' | 'POST', url: string, access: string, body?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      // A hostile Host and X-Forwarded-Host: the return pages must not follow them.
      headers: {
        authorization: `Bearer ${access}`,
        host: 'attacker.example',
        'x-forwarded-host': 'attacker.example',
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const current = async (access: string) =>
    (await call('GET', '/subscription_app/current-subscription/', access)).body as CurrentSubscription;
  const checkout = (access: string, priceId: string, couponCode?: string) =>
    call('POST', '/subscription_app/create-checkout-session/', access, { priceId, couponCode });
  const designs = (count: number, from = 0) =>
    Promise.all(
      Array.from({ length: count }, async (_, k) => ({
        name: `design-${from + k}.png`,
        data: await buildPng({ seed: from + k }),
      })),
    );
  /** A seller on the free plan with a workspace holding its 10 designs. */
  const fullStarter = async () => {
    const user = await buildSignedInUser(t.app);
    const access = user.tokens.access;
    const workspaceId = await buildWorkspace(t.app, access);
    expect((await uploadDesigns(t.url, access, workspaceId, await designs(10))).status).toBe(201);
    const userId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.registration.username)
        .executeTakeFirstOrThrow()
    ).id;
    return { access, workspaceId, userId, email: user.registration.username };
  };
  /** A signed-in seller with no designs, and its id. */
  const seller = async (app = t) => {
    const user = await buildSignedInUser(app.app);
    const userId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.registration.username)
        .executeTakeFirstOrThrow()
    ).id;
    return { access: user.tokens.access, userId };
  };
  const setUser = (userId: string, values: Record<string, string | number | null>) =>
    t.db.updateTable('users').set(values).where('id', '=', userId).execute();
  const deliver = (payload: string, signature: string) =>
    fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const appliedEvents = async () =>
    (await t.db.selectFrom('stripe_events').select(['id']).execute()).map((row) => row.id);

  beforeAll(async () => {
    stripe = await startStripeSandbox();
    t = await startTestApp({
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_BASE_URL: stripe.url,
      STRIPE_PRICE_BASIC: prices.basic,
      STRIPE_PRICE_PREMIUM: prices.premium,
    });
    webhookUrl = `${t.url}/subscription_app/webhook/`;
    stripe.setWebhookUrl(webhookUrl);
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('makes a checkout session for a paid plan with a coupon or promotion code, and refuses what Stripe would not take', async () => {
    const { access, userId, email } = await fullStarter();
    const plan = await current(access);
    expect(plan.subscription_plan).toEqual({
      plan: 'starter',
      name: 'Starter',
      price_id: null,
      status: 'none',
      cancel_at_period_end: false,
      current_period_end: null,
    });
    expect(plan).toMatchObject({ payments_available: true, portal_available: false });
    expect(plan.prices).toEqual([
      { plan: 'starter', price_id: null },
      { plan: 'basic', price_id: prices.basic },
      { plan: 'premium', price_id: prices.premium },
    ]);
    expect(plan.usage).toMatchObject({ designs_in_fullest_workspace: 10, design_slots_per_workspace: 10 });

    const unknown = await checkout(access, prices.basic, 'NOPE');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      detail: billingMessages.couponUnknown('NOPE'),
      code: 'coupon_unknown',
      fields: { couponCode: billingMessages.couponUnknown('NOPE') },
    });
    const madeUp = await checkout(access, 'price_made_up');
    expect(madeUp.status).toBe(400);
    expect(madeUp.body).toMatchObject({ detail: billingMessages.priceUnknown, code: 'price_unknown' });

    const promo = await checkout(access, prices.basic, 'WELCOME10');
    expect(promo.status).toBe(200);
    expect(promo.body.url).toContain(`${stripe.url}/c/pay/`);
    const session = stripe.sessions.get(promo.body.id)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      cancel_url: `${publicUrl}/failure`,
      success_url: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      // A new customer: Stripe's page starts with the seller's address.
      customer: null,
      customer_email: email,
      metadata: { user_id: userId },
    });
    expect(session.discounts?.[0]?.promotion_code).toMatch(/^promo_/);
    const coupon = await checkout(access, prices.premium, 'LAUNCH20');
    expect(stripe.sessions.get(coupon.body.id)!.discounts?.[0]?.coupon).toBe('LAUNCH20');
  });

  it('changes the plan only through the signed webhook: a forged /success changes nothing, the upgrade raises the limits at once', async () => {
    const { access, workspaceId, userId } = await fullStarter();
    const session = (await checkout(access, prices.basic)).body as { id: string };
    const page = await fetch(`${t.url}/success?session_id=${session.id}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBeLessThan(500);
    expect((await current(access)).subscription_plan.plan).toBe('starter');
    const eleventh = await uploadDesigns(t.url, access, workspaceId, await designs(1, 10));
    expect(eleventh.status).toBe(403);

    await stripe.completeCheckout(session.id);
    const after = await current(access);
    expect(after.subscription_plan).toMatchObject({
      plan: 'basic',
      price_id: prices.basic,
      status: 'active',
    });
    expect(after.usage.design_slots_per_workspace).toBe(50);
    expect(after.portal_available).toBe(true);
    expect((await uploadDesigns(t.url, access, workspaceId, await designs(1, 10))).status).toBe(201);
    const twice = await checkout(access, prices.premium);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ detail: billingMessages.alreadyOnPlan, code: 'already_subscribed' });

    const portal = await call('POST', '/subscription_app/billing-portal/', access);
    expect(portal.status).toBe(200);
    expect(portal.body.url).toContain(`${stripe.url}/p/session/`);
    const portalPage = await (await fetch(portal.body.url)).text();
    expect(portalPage).toContain(`href="${publicUrl}/account"`);
    expect(portalPage).not.toContain('attacker.example');

    // Downgrade: the data stays, reading and deleting still work, adding does not.
    const subscriptionId = stripe.sessions.get(session.id)!.subscription!;
    await stripe.updateSubscription(subscriptionId, { cancelNow: true });
    const down = await current(access);
    expect(down.subscription_plan).toMatchObject({ plan: 'starter', status: 'canceled', price_id: null });
    expect(down.portal_available).toBe(true);
    const row = await t.db
      .selectFrom('users')
      .select('plan')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.plan).toBe('starter');
    // Subscribing again: the same Stripe customer, not a new one.
    const again = await checkout(access, prices.premium);
    expect(again.status).toBe(200);
    expect(stripe.sessions.get(again.body.id)).toMatchObject({
      customer: stripe.sessions.get(session.id)!.customer,
      customer_email: null,
    });
    const list = await call(
      'GET',
      `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
      access,
    );
    expect(list.body).toHaveLength(11);
    expect((await uploadDesigns(t.url, access, workspaceId, await designs(1, 11))).status).toBe(403);
    const removed = await call('POST', '/workspace/delete_designs/', access, {
      lineitem_ids: [list.body[0].lineitem_id],
    });
    expect(removed.status).toBeLessThan(300);
    expect((await uploadDesigns(t.url, access, workspaceId, await designs(1, 12))).status).toBe(403);
  });

  it('refuses a wrong signature, a stale timestamp and a re-serialized body, changing nothing', async () => {
    const { access } = await fullStarter();
    stripe.setWebhookUrl('');
    try {
      const session = (await checkout(access, prices.basic)).body as { id: string };
      const before = stripe.events.length;
      await stripe.completeCheckout(session.id);
      const completed = stripe.events.slice(before).find((e) => e.type === 'checkout.session.completed')!;
      const known = await appliedEvents();
      const now = Math.floor(Date.now() / 1000);
      const wrongSecret = `t=${now},v1=${'0'.repeat(64)}`;
      const stale = stripe.sign(completed.payload, now - 301);
      const reserialized = JSON.stringify(JSON.parse(completed.payload));
      for (const [payload, signature] of [
        [completed.payload, wrongSecret],
        [completed.payload, stale],
        [reserialized, stripe.sign(completed.payload)],
        [completed.payload, ''],
      ] as const) {
        const response = await deliver(payload, signature);
        expect(response.status).toBe(400);
      }
      expect(await appliedEvents()).toEqual(known);
      expect((await current(access)).subscription_plan.plan).toBe('starter');
    } finally {
      stripe.setWebhookUrl(webhookUrl);
    }
  });

  it('applies each event once however often and in whatever order it comes, ending in the plan Stripe holds', async () => {
    const { access } = await fullStarter();
    stripe.setWebhookUrl('');
    try {
      const session = (await checkout(access, prices.premium)).body as { id: string };
      const start = stripe.events.length;
      await stripe.completeCheckout(session.id);
      const subscription = stripe.sessions.get(session.id)!.subscription!;
      await stripe.updateSubscription(subscription, { priceId: prices.basic });
      const upgrade = stripe.events.slice(start);
      expect(upgrade.map((e) => e.type)).toEqual(
        expect.arrayContaining(['checkout.session.completed', 'customer.subscription.updated']),
      );

      const replay = async (events: typeof upgrade) => {
        for (const event of [...events].reverse()) {
          const answers = await Promise.all(
            Array.from({ length: 5 }, () => deliver(event.payload, stripe.sign(event.payload))),
          );
          expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
        }
      };
      await replay(upgrade);
      const applied = await appliedEvents();
      for (const event of upgrade) expect(applied.filter((id) => id === event.id)).toHaveLength(1);
      expect((await current(access)).subscription_plan).toMatchObject({
        plan: 'basic',
        price_id: prices.basic,
        status: 'active',
      });

      const middle = stripe.events.length;
      await stripe.updateSubscription(subscription, { cancelNow: true });
      await replay(stripe.events.slice(middle));
      // An old event delivered again after the end changes nothing either.
      await replay(upgrade.slice(0, 1));
      expect((await current(access)).subscription_plan).toMatchObject({
        plan: 'starter',
        status: 'canceled',
      });
    } finally {
      stripe.setWebhookUrl(webhookUrl);
    }
  });

  it('lets a seller subscribe whose live subscription is on a price PodFlow no longer sells, and shows that as the free plan', async () => {
    const { access, userId } = await seller();
    await setUser(userId, {
      stripe_subscription_id: 'sub_legacy',
      subscription_status: 'active',
      subscription_price_id: 'price_retired',
      plan: 'starter',
    });
    expect((await current(access)).subscription_plan).toMatchObject({
      plan: 'starter',
      price_id: null,
      status: 'active',
    });
    expect((await checkout(access, prices.basic)).status).toBe(200);
  });

  it('counts the AI tokens of this month only', async () => {
    const { access, userId } = await seller();
    const month = new Date().toISOString().slice(0, 7);
    await setUser(userId, { ai_tokens_used: 1234, ai_tokens_period: month });
    expect((await current(access)).usage).toMatchObject({ ai_tokens_used: 1234, ai_tokens_per_month: 50 });
    await setUser(userId, { ai_tokens_period: '2020-01' });
    expect((await current(access)).usage.ai_tokens_used).toBe(0);
  });

  it('opens the billing portal only for a seller who has a Stripe customer', async () => {
    const { access } = await seller();
    stripe.requests.length = 0;
    const portal = await call('POST', '/subscription_app/billing-portal/', access);
    expect(portal.status).toBe(400);
    expect(portal.body).toMatchObject({ detail: billingMessages.noCustomer, code: 'no_customer' });
    expect(stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions')).toEqual([]);
  });

  it('answers 502 (try again) when Stripe is down or answers without a page, and 503 when Stripe refuses what this server is set up with', async () => {
    const { access, userId } = await seller();
    const down = { status: 503, body: { error: { message: 'down' } }, headers: { 'retry-after-ms': '1' } };
    stripe.failNext(down, 5);
    const checkoutDown = await checkout(access, prices.basic);
    expect(checkoutDown.status).toBe(502);
    expect(checkoutDown.body).toMatchObject({
      detail: billingMessages.providerDown,
      code: 'payments_unreachable',
    });

    stripe.failNext({ status: 200, body: { id: 'cs_test_gone', object: 'checkout.session', url: null } });
    const noPage = await checkout(access, prices.basic);
    expect(noPage.status).toBe(502);
    expect(noPage.body).toMatchObject({ detail: billingMessages.providerDown, code: 'payments_unreachable' });

    // Stripe busy with the same customer (lock_timeout): a moment later it goes through.
    stripe.failNext({
      status: 409,
      body: { error: { type: 'invalid_request_error', code: 'lock_timeout', message: 'busy' } },
    });
    const busy = await checkout(access, prices.basic);
    expect(busy.status).toBe(502);
    expect(busy.body.code).toBe('payments_unreachable');

    // A proxy's HTML page instead of Stripe's JSON: Stripe was not really reached.
    stripe.failNext({
      status: 200,
      body: '<html>Bad gateway</html>',
      headers: { 'content-type': 'text/html' },
    });
    const garbled = await checkout(access, prices.basic);
    expect(garbled.status).toBe(502);
    expect(garbled.body.code).toBe('payments_unreachable');

    await setUser(userId, { stripe_customer_id: 'cus_podflow_down' });
    stripe.failNext(down, 5);
    const portalDown = await call('POST', '/subscription_app/billing-portal/', access);
    expect(portalDown.status).toBe(502);
    expect(portalDown.body).toMatchObject({
      detail: billingMessages.providerDown,
      code: 'payments_unreachable',
    });

    // A revoked key: Stripe answers 401 to the coupon look-up, and to the portal.
    stripe.failNext('unauthorized', 2);
    const revoked = await checkout(access, prices.basic, 'WELCOME10');
    expect(revoked.status).toBe(503);
    expect(revoked.body).toMatchObject({ detail: paymentsMisconfigured, code: 'payments_misconfigured' });
    const portalRevoked = await call('POST', '/subscription_app/billing-portal/', access);
    expect(portalRevoked.status).toBe(503);
    expect(portalRevoked.body.code).toBe('payments_misconfigured');
  });

  it('answers 503 with a clear sentence, not "could not be reached", when a configured price id is unknown to Stripe', async () => {
    const misconfigured = await startTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_BASE_URL: stripe.url,
      STRIPE_PRICE_BASIC: prices.basic,
      STRIPE_PRICE_PREMIUM: 'price_podflow_platinum',
    });
    try {
      const { access } = await seller(misconfigured);
      stripe.requests.length = 0;
      const answer = await misconfigured.app.inject({
        method: 'POST',
        url: '/subscription_app/create-checkout-session/',
        headers: { authorization: `Bearer ${access}` },
        payload: { priceId: 'price_podflow_platinum' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        detail:
          'Payments are not set up correctly on this server, so this plan cannot be bought right now. Please tell us through the Contact page.',
        code: 'payments_misconfigured',
      });
      // Stripe refused it once (No such price); asking again would not change that.
      expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions']);
    } finally {
      await misconfigured.close();
    }
  });

  it('tells the seller to set up the customer portal when the live Stripe account has none, without retrying', async () => {
    const live = await startStripeSandbox({ portalConfigured: false, secretKey: 'sk_live_podflow_sandbox' });
    const app = await startTestApp({
      PUBLIC_URL: publicUrl,
      STRIPE_SECRET_KEY: live.secretKey,
      STRIPE_WEBHOOK_SECRET: live.webhookSecret,
      STRIPE_BASE_URL: live.url,
      STRIPE_PRICE_BASIC: prices.basic,
      STRIPE_PRICE_PREMIUM: prices.premium,
    });
    try {
      live.setWebhookUrl(`${app.url}/subscription_app/webhook/`);
      const { access } = await seller(app);
      const headers = { authorization: `Bearer ${access}` };
      const started = await app.app.inject({
        method: 'POST',
        url: '/subscription_app/create-checkout-session/',
        headers,
        payload: { priceId: prices.basic },
      });
      await live.completeCheckout((started.json() as { id: string }).id);
      const plan = await app.app.inject({
        method: 'GET',
        url: '/subscription_app/current-subscription/',
        headers,
      });
      expect(plan.json()).toMatchObject({ portal_available: true, subscription_plan: { plan: 'basic' } });
      live.requests.length = 0;
      const portal = await app.app.inject({
        method: 'POST',
        url: '/subscription_app/billing-portal/',
        headers,
      });
      expect(portal.statusCode).toBe(503);
      expect(portal.json()).toMatchObject({ detail: portalNotSetUp, code: 'portal_not_set_up' });
      expect(portalNotSetUp).toContain('Set up the customer portal in your Stripe dashboard');
      expect(live.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/billing_portal/sessions']);
    } finally {
      await app.close();
      await live.close();
    }
  });

  it('keeps payments off without Stripe: Subscribe explains, nothing else breaks', async () => {
    const plain = await startTestApp({});
    try {
      const user = await buildSignedInUser(plain.app);
      const headers = { authorization: `Bearer ${user.tokens.access}` };
      const plan = await plain.app.inject({
        method: 'GET',
        url: '/subscription_app/current-subscription/',
        headers,
      });
      expect(plan.json()).toMatchObject({
        payments_available: false,
        subscription_plan: { plan: 'starter' },
      });
      const start = await plain.app.inject({
        method: 'POST',
        url: '/subscription_app/create-checkout-session/',
        headers,
        payload: { priceId: prices.basic },
      });
      expect(start.statusCode).toBe(503);
      expect(start.json()).toMatchObject({
        detail: billingMessages.paymentsUnavailable,
        code: 'payments_unavailable',
      });
      // A customer from before Stripe was turned off: still no portal without Stripe.
      await plain.db
        .updateTable('users')
        .set({ stripe_customer_id: 'cus_from_before' })
        .where('email', '=', user.registration.username)
        .execute();
      const later = await plain.app.inject({
        method: 'GET',
        url: '/subscription_app/current-subscription/',
        headers,
      });
      expect(later.json()).toMatchObject({ payments_available: false, portal_available: false });
    } finally {
      await plain.close();
    }
  });
});
