import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRun, orderMessages } from '@podflow/contract/orders';
import { buildApp } from '../../app.ts';
import { startActionsWorld } from './order-actions-world.ts';

type World = Awaited<ReturnType<typeof startActionsWorld>>;
type Seller = Awaited<ReturnType<World['newSeller']>>;

let world: World;
let seller: Seller;

beforeAll(async () => {
  world = await startActionsWorld();
  seller = await world.newSeller();
});
afterAll(async () => world?.close());

const start = (who: Seller, body: object, key?: string) => who.call('POST', '/orders_app/runs/', body, key);

async function finished(who: Seller, id: string, app: FastifyInstance = world.t.app): Promise<OrderRun> {
  await app.background.jobsIdle();
  const reply = await app.inject({
    url: `/orders_app/runs/${id}/`,
    headers: { authorization: `Bearer ${who.access}` },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json<OrderRun>();
}

describe('bulk actions', () => {
  it("acts on the seller's orders only: another seller's and unknown ids are reported as not found", async () => {
    const other = await world.newSeller();
    const theirs = await other.order('printify');
    const mine = await seller.order('printify');
    const shipped = await seller.order('printify', { status: 'shipped', providerStatus: 'fulfilled' });
    const started = await start(seller, {
      action: 'send_to_production',
      order_ids: [mine.id, theirs.id, 'no-such-order', shipped.id, mine.id],
    });
    expect(started.status).toBe(200);
    expect(started.body.message).toBe(orderMessages.bulkStarted(4));
    const run = await finished(seller, started.body.run.id);
    expect(run.status).toBe('Completed');
    expect(run.total).toBe(4);
    const byId = new Map(run.items.map((item) => [item.order_id, item]));
    expect(byId.get(mine.id)).toMatchObject({ status: 'done', reason: orderMessages.sent });
    expect(byId.get(shipped.id)?.status).toBe('refused');
    expect(byId.get(shipped.id)?.reason).toMatch(/^Only an order on hold/);
    for (const id of [theirs.id, 'no-such-order']) {
      expect(byId.get(id)).toMatchObject({ status: 'refused', reason: orderMessages.notFound, number: '' });
    }
    expect(world.fake.effects(`send:${theirs.providerOrderId}`)).toBe(0);
    expect(world.fake.effects(`send:${mine.providerOrderId}`)).toBe(1);
    const peek = await other.call('GET', `/orders_app/runs/${run.id}/`);
    expect(peek.status).toBe(404);
    const onlyTheirs = await start(seller, { action: 'cancel', order_ids: [theirs.id, 'no-such-order'] });
    expect(onlyTheirs.status).toBe(404);
    expect(onlyTheirs.body.message).toBe(orderMessages.notFound);
  });

  it('refuses an empty selection and more than 500 orders, in the words of the screen', async () => {
    const empty = await start(seller, { action: 'cancel', order_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(orderMessages.bulkEmpty);
    const many = await start(seller, {
      action: 'cancel',
      order_ids: Array.from({ length: 501 }, (_, k) => `o${k}`),
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(orderMessages.bulkTooMany);
  });

  it('answers the first run for a repeat with the same Idempotency-Key', async () => {
    const order = await seller.order('printify');
    const body = { action: 'send_to_production', order_ids: [order.id] };
    const [first, second] = await Promise.all([
      start(seller, body, 'bulk-key-1'),
      start(seller, body, 'bulk-key-1'),
    ]);
    expect(first.body.run.id).toBe(second.body.run.id);
    await finished(seller, first.body.run.id);
    expect(world.fake.effects(`send:${order.providerOrderId}`)).toBe(1);
  });

  it('sends each order exactly once through 20% failing calls and a worker killed mid-run', async () => {
    const orders = await Promise.all(Array.from({ length: 24 }, () => seller.order('printify')));
    world.fake.failRate(0.2, 7);
    let effects = 0;
    let killed: Promise<void> | undefined;
    world.fake.onEffect(() => {
      effects += 1;
      if (effects === 8) killed = world.t.app.close();
    });
    const started = await start(seller, { action: 'send_to_production', order_ids: orders.map((o) => o.id) });
    expect(started.status).toBe(200);
    await expect.poll(() => killed !== undefined, { timeout: 10_000 }).toBe(true);
    await killed;
    world.fake.onEffect(null);
    const stopped = await world.t.db
      .selectFrom('order_run_items')
      .select('status')
      .where('run_id', '=', started.body.run.id)
      .execute();
    expect(stopped.filter((item) => item.status === 'pending').length).toBeGreaterThan(0);

    // Another worker takes the handed-back run on the same database and finishes it.
    const next = await buildApp({ config: world.t.config, db: world.t.db, orderSources: world.fake.adapter });
    try {
      let run = await finished(seller, started.body.run.id, next);
      // Orders the provider kept failing are acted on by a later run, as a seller would: still never twice.
      for (let round = 0; round < 3 && run.failed > 0; round += 1) {
        const failed = run.items.filter((item) => item.status === 'failed').map((item) => item.order_id);
        const again = await next.inject({
          method: 'POST',
          url: '/orders_app/runs/',
          headers: { authorization: `Bearer ${seller.access}` },
          payload: { action: 'send_to_production', order_ids: failed },
        });
        run = await finished(seller, again.json().run.id, next);
      }
      world.fake.failRate(0);
      expect(run.failed).toBe(0);
      for (const order of orders) expect(world.fake.effects(`send:${order.providerOrderId}`)).toBe(1);
      expect(world.fake.writes.sendToProduction).toBeGreaterThan(orders.length);
    } finally {
      await next.close();
    }
  });
});
