import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderSummary, attentionSentences, orderMessages } from '@podflow/contract/orders';
import { buildDesignRow, buildWorkspace } from '../../test/factories.ts';
import { testDbKind } from '../../test/test-app.ts';
import { DAY, MINUTE } from './order-rules.ts';
import { type OrdersWorld, startOrdersWorld } from './orders-test-world.ts';
import { buildSnapshot } from './test-source.ts';

describe(`orders: import, list, attention, CSV and sources on ${testDbKind}`, () => {
  let w: OrdersWorld;
  let seller: Awaited<ReturnType<OrdersWorld['newSeller']>>;
  let other: Awaited<ReturnType<OrdersWorld['newSeller']>>;
  const now = Date.now();
  const list = async (query = '', access = seller.access) => {
    const answer = await w.call(access, 'GET', `/orders_app/orders/${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { orders: OrderSummary[]; next_cursor: string | null };
  };
  const numbers = (page: { orders: OrderSummary[] }) => page.orders.map((o) => o.number);

  beforeAll(async () => {
    w = await startOrdersWorld({ pageSize: 3 });
    const shop = w.fake.shop(w.shopId).orders;
    const add = (id: string, ageMs: number, overrides: Parameters<typeof buildSnapshot>[0] | object = {}) =>
      shop.set(
        id,
        buildSnapshot({ providerOrderId: id, createdAt: now - ageMs, updatedAt: now - ageMs, ...overrides }),
      );
    add('1001', 1 * DAY, { status: 'awaiting_approval', providerStatus: 'on-hold' });
    add('1002', 2 * DAY, {
      status: 'sending_to_production',
      providerStatus: 'sending-to-production',
      sentToProductionAt: now - 31 * MINUTE,
      updatedAt: now - 31 * MINUTE,
    });
    add('1003', 3 * DAY, {
      status: 'sending_to_production',
      sentToProductionAt: now - 10 * MINUTE,
      updatedAt: now - 10 * MINUTE,
      customerName: 'Bob Stone',
      email: 'bob@shop.test',
    });
    add('1004', 10 * DAY, {
      status: 'shipped',
      shippedAt: now - 6 * DAY,
      updatedAt: now - 6 * DAY,
      shipments: [{ carrier: 'USPS', number: '', url: null, shippedAt: now - 6 * DAY, deliveredAt: null }],
      customerName: '=HYPERLINK("http://evil")',
    });
    add('1005', 20 * DAY, { status: 'in_production', currency: 'EUR', country: 'DE' });
    add('1006', 40 * DAY, { status: 'delivered' });
    add('1007', 70 * DAY, { status: 'delivered' }); // older than the first import's 60 days
    seller = await w.newSeller();
    other = await w.newSeller();
    // The first import dies on its second page, then goes on from there on the next sync.
    w.fake.failListAfter(1);
    await w.connect(seller);
  }, 60_000);

  afterAll(async () => {
    await w?.close();
  });

  it('derives the source from the saved connection, registers its webhook, and resumes a killed import where it stopped', async () => {
    const { sources } = (await w.call(seller.access, 'GET', '/orders_app/sources/')).body;
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({
      provider: 'printify',
      connected: true,
      importing: true,
      webhooks: 'registered',
    });
    expect(sources[0].problem).toContain('connection was reset');
    expect(sources[0].webhook_url).toMatch(/\/webhooks\/printify\/[\w-]+\/$/);
    expect([...w.fake.shop(w.shopId).webhooks.values()].map((h) => h.url)).toEqual([sources[0].webhook_url]);
    expect(numbers(await list())).toEqual(['#1001', '#1002', '#1003']);
    expect(w.fake.calls.list).toBe(2);

    w.fake.failListAfter(null);
    const sync = await w.call(seller.access, 'POST', `/orders_app/sources/${sources[0].id}/sync/`);
    expect(sync.status).toBe(200);
    await w.t.app.background.jobsIdle();
    // Pages 2 and 3 only: the first page was not asked again.
    expect(w.fake.calls.list).toBe(4);
    const after = (await w.call(seller.access, 'GET', '/orders_app/sources/')).body.sources[0];
    expect(after).toMatchObject({ importing: false, problem: null });
    expect(numbers(await list())).toEqual(['#1001', '#1002', '#1003', '#1004', '#1005', '#1006']);
  });

  it('pages newest first with a cursor, each order once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...numbers(page));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['#1001', '#1002', '#1003', '#1004', '#1005', '#1006']);
    expect((await w.call(seller.access, 'GET', '/orders_app/orders/?cursor=bm9wZQ')).status).toBe(400);
    expect((await w.call(seller.access, 'GET', '/orders_app/orders/?limit=201')).status).toBe(400);
    expect((await w.call(seller.access, 'GET', '/orders_app/orders/?from=2024-13-45')).status).toBe(400);
    expect((await w.call(seller.access, 'GET', '/orders_app/export.csv?to=2024-1-5')).status).toBe(400);
  });

  it('filters by status, provider, shop, dates and search, and needs attention with a sentence saying why', async () => {
    expect(numbers(await list('?status=sending_to_production'))).toEqual(['#1002', '#1003']);
    expect(numbers(await list('?provider=gelato'))).toEqual([]);
    const sourceId = (await list()).orders[0]!.source_id;
    expect(numbers(await list(`?source_id=${sourceId}`))).toHaveLength(6);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(numbers(await list(`?from=${day(now - 3 * DAY)}&to=${day(now - 2 * DAY)}`))).toEqual([
      '#1002',
      '#1003',
    ]);
    expect(numbers(await list('?q=%231003'))).toEqual(['#1003']);
    expect(numbers(await list('?q=1003'))).toEqual(['#1003']);
    expect(numbers(await list('?q=BOB@shop.test'))).toEqual(['#1003']);
    expect(numbers(await list('?q=stone'))).toEqual(['#1003']);
    expect(numbers(await list('?q=nobody'))).toEqual([]);

    const attention = await list('?attention=true');
    // Stuck sending after 30 minutes (not the one sent 10 minutes ago), on hold, shipped 6 days with no tracking.
    expect(numbers(attention)).toEqual(['#1001', '#1002', '#1004']);
    expect(attention.orders.map((o) => o.attention?.reason)).toEqual([
      'awaiting_approval',
      'stuck_sending',
      'no_tracking',
    ]);
    expect(attention.orders[0]!.attention!.sentence).toBe(attentionSentences.awaiting_approval);
    expect(attention.orders[0]!.blocked).toMatchObject({ send_to_production: null, cancel: null });
    expect(attention.orders[1]!.blocked.cancel).toMatch(/only orders on hold/);
    expect(Date.parse(attention.orders[1]!.attention!.since)).toBe(now - 31 * MINUTE + 30 * MINUTE);

    // Seven days for tracking: the shipment 6 days ago needs nothing yet.
    const saved = await w.call(seller.access, 'PUT', '/orders_app/settings/', {
      digest: true,
      no_tracking_days: 7,
    });
    expect(saved.body).toEqual({
      message: orderMessages.settingsSaved,
      settings: { digest: true, no_tracking_days: 7 },
    });
    expect(numbers(await list('?attention=true'))).toEqual(['#1001', '#1002']);
    expect(
      (await w.call(seller.access, 'PUT', '/orders_app/settings/', { digest: true, no_tracking_days: 0 }))
        .status,
    ).toBe(400);
  });

  it('calls an order sending to production stuck once 30 minutes have passed, not a moment before', async () => {
    const stuck = () => list('?attention=true').then((page) => numbers(page).includes('#1003'));
    try {
      // #1003 began sending 10 minutes before `now`: stuck from now + 20 minutes.
      w.clock.now = now + 20 * MINUTE - 1;
      expect(await stuck()).toBe(false);
      w.clock.now = now + 20 * MINUTE;
      expect(await stuck()).toBe(true);
      const [order] = (await list('?q=1003')).orders;
      expect(order!.attention).toEqual({
        reason: 'stuck_sending',
        sentence: attentionSentences.stuck_sending,
        since: new Date(now + 20 * MINUTE).toISOString(),
      });
      expect((await w.call(seller.access, 'GET', '/orders_app/summary/')).body.attention).toBe(3);
    } finally {
      w.clock.now = Date.now();
    }
  });

  it("shows one order's detail with its timeline, and answers 404 for another seller's ids", async () => {
    const [first] = (await list('?q=1002')).orders;
    const detail = await w.call(seller.access, 'GET', `/orders_app/orders/${first!.id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.timeline.map((e: { text: string }) => e.text)).toEqual([
      'Order placed',
      'Sent to production',
    ]);
    expect(detail.body.money).toEqual({
      currency: 'USD',
      retail_cents: 2500,
      cost_cents: 1000,
      shipping_cents: 400,
      margin_cents: 1100,
    });
    const foreign = await w.call(other.access, 'GET', `/orders_app/orders/${first!.id}/`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(orderMessages.notFound);
    expect((await list('', other.access)).orders).toEqual([]);
    expect((await w.call(other.access, 'POST', `/orders_app/sources/${first!.source_id}/sync/`)).status).toBe(
      404,
    );
  });

  it("shows the design's thumbnail and its first mockup beside an item of a product PodFlow made", async () => {
    const at = Date.now();
    const designId = await buildDesignRow(
      w.t.db,
      { ...seller, name: 'cat', createdAt: at },
      { provider: 'printify', shopId: w.shopId, productId: 'p1' },
    );
    for (const [n, name] of ['second', 'first'].entries()) {
      await w.t.db
        .insertInto('mockups')
        .values({
          id: randomUUID(),
          workspace_id: seller.workspaceId,
          user_id: seller.userId,
          design_id: designId,
          template_id: randomUUID(),
          template_name: name,
          job_id: randomUUID(),
          storage_key: `m/${name}.png`,
          thumbnail_key: `m/${name}.jpg`,
          bytes: 1,
          width: 1,
          height: 1,
          created_at: at - n,
          updated_at: at,
        })
        .execute();
    }
    const items = (await list()).orders.flatMap((o) => o.items);
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(item.design_id).toBe(designId);
      expect(item.design_thumbnail_url).toContain('/files/u/');
      expect(item.mockup_url).toContain('/files/m/first.jpg');
    }
  });

  it('exports the filtered orders as CSV with money in decimals and formulas neutralised', async () => {
    const csv = await w.call(seller.access, 'GET', '/orders_app/export.csv?status=shipped');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^"Order","Provider","Shop"/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"25.00","10.00","4.00","11.00"');
    const all = await w.call(seller.access, 'GET', '/orders_app/export.csv');
    expect(all.text.trim().split('\r\n')).toHaveLength(7);
  });

  it('counts orders per status and per day for the dashboard strip', async () => {
    const summary = (await w.call(seller.access, 'GET', '/orders_app/summary/')).body;
    expect(summary.by_status).toEqual({
      awaiting_approval: 1,
      sending_to_production: 2,
      shipped: 1,
      in_production: 1,
      delivered: 1,
    });
    expect(summary.attention).toBe(2);
    expect(summary.days).toHaveLength(30);
    expect(summary.days.reduce((sum: number, d: { orders: number }) => sum + d.orders, 0)).toBe(5);
    expect(summary.days.at(-2)).toEqual({
      date: new Date(now - DAY).toISOString().slice(0, 10),
      orders: 1,
      margin_cents: 1100,
    });
    expect(summary.currency).toBe('USD');
  });

  it('catches a change no webhook told of on the next reconcile', async () => {
    const shop = w.fake.shop(w.shopId).orders;
    const shipped = now - 5 * MINUTE;
    shop.set(
      '1005',
      buildSnapshot({
        ...shop.get('1005')!,
        status: 'shipped',
        updatedAt: shipped,
        shippedAt: shipped,
        shipments: [{ carrier: 'USPS', number: '9400111', url: null, shippedAt: shipped, deliveredAt: null }],
      }),
    );
    const sourceId = (await list()).orders[0]!.source_id;
    await w.call(seller.access, 'POST', `/orders_app/sources/${sourceId}/sync/`);
    await w.t.app.background.jobsIdle();
    const [order] = (await list('?q=1005')).orders;
    expect(order).toMatchObject({
      status: 'shipped',
      tracking: [{ carrier: 'USPS', number: '9400111', url: null }],
    });
    const detail = (await w.call(seller.access, 'GET', `/orders_app/orders/${order!.id}/`)).body;
    expect(detail.timeline.at(-1)).toMatchObject({ text: 'Shipped with USPS 9400111', origin: 'reconcile' });
  });

  it('disconnects the source when its workspace is deleted: webhooks removed, orders kept read-only', async () => {
    const deleted = await w.call(
      seller.access,
      'DELETE',
      `/workspace/delete_workspace/${seller.workspaceId}/`,
    );
    expect(deleted.status).toBe(200);
    await w.t.app.background.jobsIdle();
    const [source] = (await w.call(seller.access, 'GET', '/orders_app/sources/')).body.sources;
    expect(source).toMatchObject({ connected: false, webhooks: 'off', webhook_url: null });
    expect(w.fake.shop(w.shopId).webhooks.size).toBe(0);
    const page = await list();
    expect(page.orders).toHaveLength(6);
    expect(page.orders[0]!.blocked.send_to_production).toBe(orderMessages.disconnected);
    expect((await w.call(seller.access, 'POST', `/orders_app/sources/${source.id}/sync/`)).status).toBe(409);

    // Connected again in a new workspace: the same source, its webhook registered again.
    const workspaceId = await buildWorkspace(w.t.app, seller.access, 'Again');
    await w.connect({ access: seller.access, workspaceId });
    const [again] = (await w.call(seller.access, 'GET', '/orders_app/sources/')).body.sources;
    expect(again).toMatchObject({ id: source.id, connected: true, webhooks: 'registered' });
    expect([...w.fake.shop(w.shopId).webhooks.values()].map((h) => h.url)).toEqual([again.webhook_url]);
    expect((await list()).orders[0]!.blocked.send_to_production).toBeNull();
  });
});
