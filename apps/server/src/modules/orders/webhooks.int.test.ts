import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@podflow/contract/orders';
import { testDbKind } from '../../test/test-app.ts';
import { MINUTE } from './order-rules.ts';
import { type OrdersWorld, startOrdersWorld } from './orders-test-world.ts';
import { buildSnapshot } from './test-source.ts';

describe(`order webhooks on ${testDbKind}`, () => {
  let w: OrdersWorld;
  let seller: Awaited<ReturnType<OrdersWorld['newSeller']>>;
  let url: string;
  let secret: string;
  const now = Date.now();
  const deliver = (body: object, signature?: string, path = url) => {
    const raw = JSON.stringify(body);
    return w.t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        'x-test-signature': signature ?? w.fake.sign(raw, secret),
      },
      payload: raw,
    });
  };
  const events = () =>
    w.t.db.selectFrom('order_events').select(['event_key', 'outcome']).orderBy('event_key').execute();
  const order = async (id: string) =>
    (await w.call(seller.access, 'GET', `/orders_app/orders/?q=${id}`)).body.orders[0] as
      OrderSummary | undefined;

  beforeAll(async () => {
    w = await startOrdersWorld();
    w.fake.shop(w.shopId).orders.set(
      '2001',
      buildSnapshot({
        providerOrderId: '2001',
        createdAt: now - 60 * MINUTE,
        updatedAt: now - 60 * MINUTE,
      }),
    );
    seller = await w.newSeller();
    await w.connect(seller);
    const [hook] = [...w.fake.shop(w.shopId).webhooks.values()];
    url = new URL(hook!.url).pathname;
    secret = hook!.secret;
  }, 60_000);

  afterAll(async () => {
    await w?.close();
  });

  it('refuses an unsigned or wrongly signed delivery with 401 and stores nothing; an unknown token is 404', async () => {
    const body = { id: 'e-bad', type: 'order:updated', order_id: '2001', at: now };
    expect((await deliver(body, 'deadbeef')).statusCode).toBe(401);
    expect((await deliver(body, w.fake.sign(JSON.stringify(body), 'another secret'))).statusCode).toBe(401);
    expect((await deliver(body, undefined, '/webhooks/printify/no-such-token/')).statusCode).toBe(404);
    expect((await deliver(body, undefined, url.replace('/printify/', '/gelato/'))).statusCode).toBe(404);
    expect(await events()).toEqual([]);
    // A ping names no order: answered, not stored.
    expect((await deliver({ id: 'ping', type: 'ping' })).statusCode).toBe(200);
    expect(await events()).toEqual([]);
  });

  it('stores an event delivered twice at once only once, and applies the order as the provider has it now', async () => {
    const shop = w.fake.shop(w.shopId).orders;
    shop.set('2001', {
      ...shop.get('2001')!,
      status: 'in_production',
      providerStatus: 'in-production',
      updatedAt: now - MINUTE,
    });
    const getsBefore = w.fake.calls.get;
    const body = { id: 'e-1', type: 'order:updated', order_id: '2001', at: now - MINUTE };
    const answers = await Promise.all([deliver(body), deliver(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await w.t.app.background.jobsIdle();
    expect(await events()).toEqual([{ event_key: 'e-1', outcome: 'applied' }]);
    expect(w.fake.calls.get - getsBefore).toBe(1);
    expect(await order('2001')).toMatchObject({ status: 'in_production' });
  });

  it('applies events out of order as the present state, and stores an older or day-old event as stale', async () => {
    const shop = w.fake.shop(w.shopId).orders;
    const shippedAt = now - 30_000;
    shop.set('2001', {
      ...shop.get('2001')!,
      status: 'shipped',
      updatedAt: shippedAt,
      shippedAt,
      shipments: [{ carrier: 'DHL', number: 'JD01', url: null, shippedAt, deliveredAt: null }],
    });
    // The shipment's event arrives first; the earlier "sent to production" one after it.
    expect(
      (await deliver({ id: 'e-3', type: 'order:shipment:created', order_id: '2001', at: shippedAt }))
        .statusCode,
    ).toBe(200);
    await w.t.app.background.jobsIdle();
    expect(
      (await deliver({ id: 'e-2', type: 'order:sent-to-production', order_id: '2001', at: now - 50_000 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await deliver({ id: 'e-old', type: 'order:updated', order_id: '2001', at: now - 25 * 60 * MINUTE }))
        .statusCode,
    ).toBe(200);
    await w.t.app.background.jobsIdle();
    expect(await events()).toEqual([
      { event_key: 'e-1', outcome: 'applied' },
      { event_key: 'e-2', outcome: 'stale' },
      { event_key: 'e-3', outcome: 'applied' },
      { event_key: 'e-old', outcome: 'stale' },
    ]);
    expect(await order('2001')).toMatchObject({
      status: 'shipped',
      tracking: [{ carrier: 'DHL', number: 'JD01' }],
    });
  });

  it('imports a new order a webhook names, and ignores one the provider does not have', async () => {
    const shop = w.fake.shop(w.shopId).orders;
    shop.set(
      '2002',
      buildSnapshot({ providerOrderId: '2002', createdAt: now - MINUTE, updatedAt: now - MINUTE }),
    );
    await deliver({ id: 'e-4', type: 'order:created', order_id: '2002', at: now - MINUTE });
    await deliver({ id: 'e-5', type: 'order:created', order_id: 'ghost', at: now - MINUTE });
    await w.t.app.background.jobsIdle();
    expect(await order('2002')).toMatchObject({ status: 'pending', provider_order_id: '2002' });
    expect((await events()).filter((e) => ['e-4', 'e-5'].includes(e.event_key))).toEqual([
      { event_key: 'e-4', outcome: 'applied' },
      { event_key: 'e-5', outcome: 'ignored' },
    ]);
  });

  it('gives a Gelato store a webhook URL to paste, whose token alone proves the sender (Gelato does not sign)', async () => {
    await w.connectGelato(seller);
    const { sources } = (await w.call(seller.access, 'GET', '/orders_app/sources/')).body;
    const gelato = sources.find((s: { provider: string }) => s.provider === 'gelato');
    // Gelato reaches PodFlow only through GELATO_ORDER_BASE_URL (the sandbox here, once main's config
    // field is merged; before that the real API, which cannot reach a local PodFlow: 'off').
    const reachable = 'gelatoOrderBaseUrl' in w.t.config.providers;
    expect(gelato).toMatchObject({ connected: true, webhooks: reachable ? 'manual' : 'off', problem: null });
    if (reachable) expect(gelato.webhook_url).toMatch(/\/webhooks\/gelato\/[\w-]+\/$/);
    const { webhook_token: token } = await w.t.db
      .selectFrom('order_sources')
      .select('webhook_token')
      .where('id', '=', gelato.id)
      .executeTakeFirstOrThrow();
    const path = `/webhooks/gelato/${token}/`;
    w.fake
      .shop(w.gelato.storeId)
      .orders.set(
        'g-1',
        buildSnapshot({ providerOrderId: 'g-1', status: 'in_production', createdAt: now - MINUTE }),
      );
    const raw = JSON.stringify({ id: 'g-e1', type: 'order_status_updated', order_id: 'g-1', at: now });
    const answer = await w.t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(answer.statusCode).toBe(200);
    await w.t.app.background.jobsIdle();
    expect(await order('g-1')).toMatchObject({ provider: 'gelato', status: 'in_production' });
    // The same body at a Printify source's URL, unsigned, is refused.
    expect(
      (
        await w.t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: raw,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps a shop whose webhook registration failed on the reconcile, and registers it on the next derivation', async () => {
    const second = await w.newSeller();
    w.fake.refuseWebhooks(true);
    try {
      await w.connect(second);
    } finally {
      w.fake.refuseWebhooks(false);
    }
    const before = (await w.call(second.access, 'GET', '/orders_app/sources/')).body.sources;
    expect(before).toMatchObject([
      { provider: 'printify', connected: true, webhooks: 'off', webhook_url: null },
    ]);
    // The shop's orders came by the import all the same.
    expect((await w.call(second.access, 'GET', '/orders_app/orders/?q=2001')).body.orders).toHaveLength(1);

    await w.connectGelato(second);
    const after = (await w.call(second.access, 'GET', '/orders_app/sources/')).body.sources;
    const printify = after.find((s: { provider: string }) => s.provider === 'printify');
    expect(printify).toMatchObject({ id: before[0].id, webhooks: 'registered' });
    const hooks = [...w.fake.shop(w.shopId).webhooks.values()].map((h) => h.url);
    expect(hooks.filter((u) => u === printify.webhook_url)).toHaveLength(1);
  });
});
