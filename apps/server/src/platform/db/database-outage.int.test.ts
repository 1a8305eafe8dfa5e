import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Service, startPostgres } from '../../../../../scripts/services.ts';
import { type Outage, postgresOutage, waitFor, workspaceReadyToGenerate } from '../../test/outages.ts';
import { type TestApp, startTestApp } from '../../test/test-app.ts';

// Its own PostgreSQL cluster (whatever TEST_DB says): the test stops and starts it.
describe('a PostgreSQL restart while a mockup run is going on', () => {
  let postgres: Service;
  let outage: Outage;
  let t: TestApp;
  beforeAll(async () => {
    postgres = await startPostgres();
    outage = await postgresOutage(postgres);
    t = await startTestApp({ DATABASE_URL: postgres.url, JOB_LEASE_SECONDS: '1' });
  });
  afterAll(async () => {
    await outage?.start().catch(() => undefined); // back up if the test stopped half-way
    await t?.close();
    postgres?.stop();
  });

  it('answers 503 at /readyz while it is down, never exits, and finishes the run once it is back', async () => {
    const designs = 8;
    const seller = await workspaceReadyToGenerate(t, designs, 1400);
    expect((await seller.generate(t.app)).status).toBe(200);
    await waitFor(
      'the first mockup',
      () => seller.logs(t.app),
      (logs) => (logs[0]?.done ?? 0) >= 1,
    );
    outage.stop();
    const stoppedAt = Date.now();

    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    // A seller's call fails with the generic answer; the process goes on.
    const list = await t.app.inject({ url: '/workspace/get_workspaces/', headers: seller.headers });
    expect(list.statusCode).toBe(500);
    expect(list.body).not.toMatch(/ECONNREFUSED|terminated|127\.0\.0\.1/);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a lease's worth of failing writes

    await outage.start();
    await waitFor(
      '/readyz to answer 200',
      async () => (await t.app.inject('/readyz')).statusCode,
      (status) => status === 200,
    );
    const finished = await waitFor(
      'the run to finish',
      () => seller.logs(t.app),
      (logs) => logs[0]?.status === 'Completed',
      60_000,
    );
    expect(finished.map((j) => [j.done, j.failed, j.total])).toEqual([[designs, 0, designs]]);
    const job = await t.db.selectFrom('mockup_jobs').select('finished_at').executeTakeFirstOrThrow();
    expect(job.finished_at).toBeGreaterThan(stoppedAt);
    // Exactly one mockup per design: nothing rendered before the outage was made twice.
    const mockups = await t.db.selectFrom('mockups').select(['design_id', 'storage_key']).execute();
    expect(new Set(mockups.map((m) => m.design_id)).size).toBe(designs);
    expect(mockups).toHaveLength(designs);
  });
});
