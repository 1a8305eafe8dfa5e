import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRun } from '@podflow/contract/orders';
import { buildApp } from '../../app.ts';
import { testDbKind } from '../../test/test-app.ts';
import { type SandboxOrdersWorld, startSandboxOrdersWorld } from './orders-sandbox-world.ts';

let world: SandboxOrdersWorld;

beforeAll(async () => {
  world = await startSandboxOrdersWorld();
});
afterAll(async () => world?.close());

describe(`a bulk send to production against the Printify sandbox on ${testDbKind}`, () => {
  it(
    'sends each order exactly once through 20% failing calls, lost answers and a worker stopped mid-run',
    { timeout: 60_000 },
    async () => {
      const { printify } = world;
      const { made, stored } = await world.importedOrders(12);
      expect((await world.source('printify')).webhooks).toBe('registered');
      for (const order of stored) expect(order?.status).toBe('awaiting_approval');
      const ids = stored.map((order) => order.id);

      printify.setFaultRate(0.2);
      // Printify acts, then its answer is lost: a dropped connection and a 500 after the fact.
      printify.loseNextAnswers('send_to_production', 2, 'timeout');
      printify.loseNextAnswers('send_to_production', 2, 'server_error');
      const started = await world.call('POST', '/orders_app/runs/', {
        action: 'send_to_production',
        order_ids: ids,
      });
      expect(started.status).toBe(200);
      const reached = () =>
        made.reduce((sum, order) => sum + (printify.orderCalls(order.id).send_to_production ?? 0), 0);
      await expect.poll(reached, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(4);
      await world.t.app.close();
      const stopped = await world.t.db
        .selectFrom('order_run_items')
        .select('status')
        .where('run_id', '=', started.body.run.id)
        .execute();
      expect(stopped.filter((item) => item.status === 'pending').length).toBeGreaterThan(0);

      // Another PodFlow on the same database and address takes the handed-back run and finishes it.
      const next = await buildApp({ config: world.t.config, db: world.t.db });
      await next.listen({ host: '127.0.0.1', port: world.port });
      try {
        const runOf = async (id: string) => {
          await next.background.jobsIdle();
          const reply = await next.inject({
            url: `/orders_app/runs/${id}/`,
            headers: { authorization: `Bearer ${world.access}` },
          });
          return reply.json<OrderRun>();
        };
        let run = await runOf(started.body.run.id);
        expect(run.status).toBe('Completed');
        // Orders the provider's faults failed three times in a row are sent by a later run, as a seller
        // would; an order whose answer was lost is never refused for looking sent.
        run = await world.sendFailedAgain(next, run, runOf);
        expect(run.status).toBe('Completed');
        expect(run.items.every((item) => item.status === 'done')).toBe(true);
        // Sent once, an order is refused in the rules' words: nothing reaches Printify again.
        const again = await next.inject({
          method: 'POST',
          url: `/orders_app/orders/${ids[0]}/send_to_production/`,
          headers: { authorization: `Bearer ${world.access}` },
        });
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toMatch(/^Only an order on hold goes to production from here/);
        for (const order of made) {
          expect(printify.orderCalls(order.id).send_to_production).toBe(1);
          expect(printify.orders.get(order.id)?.status).toBe('sending-to-production');
        }
      } finally {
        printify.setFaultRate(0);
        await next.close();
      }
    },
  );
});
