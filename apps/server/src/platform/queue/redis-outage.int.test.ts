import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockupMessages } from '@podflow/contract/mockups';
import { type Service, startRedis } from '../../../../../scripts/services.ts';
import { type Outage, redisOutage, waitFor, workspaceReadyToGenerate } from '../../test/outages.ts';
import {
  type TestApp,
  type TestDatabase,
  openTestDatabase,
  startTestApp,
  testDbKind,
} from '../../test/test-app.ts';

// Its own Redis (the test flushes and stops it), one database shared by an api and a worker process.
describe(`Redis losing its data, then going away (BullMQ, ${testDbKind})`, () => {
  let redis: Service;
  let outage: Outage;
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    redis = await startRedis();
    outage = redisOutage(redis);
    database = await openTestDatabase();
    env = {
      ...database.env,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: 'outage',
      APP_SECRET: randomBytes(32).toString('hex'),
      JOB_LEASE_SECONDS: '1',
    };
    api = await startTestApp({ ...env, ROLE: 'api' });
  });
  afterAll(async () => {
    await outage?.start().catch(() => undefined); // back up if the test stopped half-way
    // Closing these after Redis came back has hung twice in ~10 CI runs on PostgreSQL, after both
    // tests passed (cause not found yet, see the closing note of issue 22): bounded, and said.
    const bounded = async (what: string, close: (() => Promise<void>) | undefined) => {
      const late = setTimeout(() => console.warn(`redis-outage: ${what} did not close within 15 s`), 15_000);
      await Promise.race([close?.(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
      clearTimeout(late);
    };
    await bounded('the worker app', worker?.close);
    await bounded('the api app', api?.close);
    await bounded('the database', database?.close);
    redis?.stop();
  });

  it('queues lost jobs again from the database, so the run finishes and the workspace takes a new one', async () => {
    const seller = await workspaceReadyToGenerate(api, 3);
    const first = await seller.generate(api.app);
    expect(first).toMatchObject({ status: 200, body: { queued: 3, already_running: false } });
    // No worker yet: the job waits in Redis, which then loses everything (FLUSHALL, a restart without persistence).
    const client = new Redis(redis.url);
    expect(await client.keys('outage:*')).not.toEqual([]);
    await client.flushall();
    await client.quit();
    const locked = await seller.generate(api.app, 'all');
    expect(locked.body).toMatchObject({ message: mockupMessages.answeringRunning, already_running: true });

    worker = await startTestApp({ ...env, ROLE: 'worker' });
    const finished = await waitFor(
      'the run queued again to finish',
      () => seller.logs(api.app),
      (logs) => logs[0]?.status === 'Completed',
    );
    expect(finished.map((j) => [j.done, j.failed])).toEqual([[3, 0]]);
    const next = await seller.generate(api.app, 'all');
    expect(next).toMatchObject({ status: 200, body: { queued: 3, already_running: false } });
    await waitFor(
      'the next run to finish',
      () => seller.logs(api.app),
      (logs) => logs[0]?.status === 'Completed' && logs[0]?.done === 3,
    );
    const mockups = await database.db.selectFrom('mockups').select('design_id').execute();
    expect(mockups).toHaveLength(3);
  });

  it('answers 503 at /readyz in both processes while Redis is down, and 200 once it is back', async () => {
    outage.stop();
    for (const t of [api, worker!]) {
      const ready = await waitFor(
        '/readyz to answer 503',
        () => t.app.inject('/readyz'),
        (response) => response.statusCode === 503,
      );
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'up', redis: 'down' });
    }
    await outage.start();
    for (const t of [api, worker!]) {
      const ready = await waitFor(
        '/readyz to answer 200',
        () => t.app.inject('/readyz'),
        (response) => response.statusCode === 200,
      );
      expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });
    }
  });
});
