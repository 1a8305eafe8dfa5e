import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRun } from '@podflow/contract/orders';
import { buildApp } from '../../app.ts';
import { testDbKind } from '../../test/test-app.ts';
import { type SandboxOrdersWorld, startSandboxOrdersWorld } from './orders-sandbox-world.ts';

const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
let world: SandboxOrdersWorld;

beforeAll(async () => {
  // A killed worker's job comes back after its lease: 2 s here, not 30.
  world = await startSandboxOrdersWorld({ JOB_LEASE_SECONDS: '2' });
});
afterAll(async () => world?.close());

/** PodFlow as its own process on the world's database and address (what a worker is in production). */
async function serverProcess(): Promise<ChildProcess> {
  const { config } = world.t;
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      ...world.appEnv,
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_SECRET: config.appSecret,
      DATA_DIR: config.dataDir,
      WEB_DIST_DIR: config.webDistDir,
      RATE_LIMIT_PER_MINUTE: '10000',
      ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${world.port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 30 s');
}

describe(`a bulk send to production whose worker is killed (kill -9) mid-run, on ${testDbKind}`, () => {
  it(
    'sends each order to the Printify sandbox exactly once, through 20% failing calls and lost answers',
    { timeout: 60_000 },
    async () => {
      const { printify } = world;
      const { made, stored } = await world.importedOrders(10);
      const ids = stored.map((order) => order.id);

      // The database and the address go to a server process, which is then killed mid-run.
      await world.t.app.close();
      const worker = await serverProcess();
      printify.setFaultRate(0.2);
      printify.loseNextAnswers('send_to_production', 1, 'timeout');
      printify.loseNextAnswers('send_to_production', 1, 'server_error');
      const started = await fetch(`http://127.0.0.1:${world.port}/orders_app/runs/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'send_to_production', order_ids: ids }),
      });
      expect(started.status).toBe(200);
      const { run: first } = (await started.json()) as { run: OrderRun };
      const reached = () =>
        made.reduce((sum, order) => sum + (printify.orderCalls(order.id).send_to_production ?? 0), 0);
      await expect.poll(reached, { timeout: 15_000, interval: 5 }).toBeGreaterThanOrEqual(3);
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
      expect(reached()).toBeLessThan(made.length);

      // Another PodFlow on the same database and address finds the dead worker's run and finishes it.
      const next = await buildApp({ config: world.t.config, db: world.t.db });
      await next.listen({ host: '127.0.0.1', port: world.port });
      try {
        const runOf = async (id: string) => {
          const reply = await next.inject({
            url: `/orders_app/runs/${id}/`,
            headers: { authorization: `Bearer ${world.access}` },
          });
          return reply.json<OrderRun>();
        };
        const finished = async (id: string) => {
          let run = first;
          await expect
            .poll(async () => (run = await runOf(id)).status, { timeout: 30_000, interval: 100 })
            .toBe('Completed');
          return run;
        };
        // Orders the faults failed three times in a row are sent by a later run, as a seller would.
        const run = await world.sendFailedAgain(next, await finished(first.id), finished);
        expect(run.items.filter((item) => item.status !== 'done')).toEqual([]);
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
