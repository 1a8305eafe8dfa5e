import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListingRun } from '@podflow/contract/listings';
import { type GelatoSandbox, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { waitFor } from '../../test/outages.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
const designCount = 16;
/** The worker's SHUTDOWN_GRACE_SECONDS: room for the designs in hand on a busy machine. */
const graceSeconds = 5;
/** A shorter one where the test waits for it to run out. */
const shortGraceSeconds = 3;

type Worker = { child: ChildProcess; url: string; output: () => string; exit: Promise<number | null> };

/** A ROLE=worker process of main.ts on the api's database (and Redis), with its log captured. */
async function startWorker(env: Record<string, string>): Promise<Worker> {
  const port = await freePort();
  const inherited: Record<string, string | undefined> = { ...process.env };
  for (const key of ['REDIS_URL', 'DATABASE_URL', 'DATA_DIR', 'QUEUE_PREFIX']) delete inherited[key];
  const child = spawn(process.execPath, [main], {
    env: { ...inherited, ...env, ROLE: 'worker', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitFor(
    'the worker to serve /healthz',
    async () => {
      if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}: ${output}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    (up) => up,
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exit };
}

/** An api process (in this one) and a workspace of `designCount` designs connected to Printify. */
async function prepareRun(env: Record<string, string>, printify: PrintifySandbox, grace = graceSeconds) {
  const appSecret = randomBytes(32).toString('hex');
  const api = await startTestApp({
    ...env,
    ROLE: 'api',
    APP_SECRET: appSecret,
    PRINTIFY_BASE_URL: printify.url,
  });
  const workerEnv = {
    ...env,
    NODE_ENV: 'test',
    APP_SECRET: appSecret,
    DATA_DIR: api.config.dataDir,
    ...(api.config.database.kind === 'postgres' && { DATABASE_URL: api.config.database.url }),
    WEB_DIST_DIR: api.config.webDistDir,
    PRINTIFY_BASE_URL: printify.url,
    SHUTDOWN_GRACE_SECONDS: String(grace),
    JOB_LEASE_SECONDS: '30',
  };
  const user = await buildSignedInUser(api.app);
  const auth = { authorization: `Bearer ${user.tokens.access}` };
  await api.db
    .updateTable('users')
    .set({ plan: 'basic' })
    .where('email', '=', user.registration.username)
    .execute();
  const workspaceId = await buildWorkspace(api.app, user.tokens.access);
  const files = await Promise.all(
    Array.from({ length: designCount }, async (_, k) => ({
      name: `tee-${k}.png`,
      data: await buildPng({ seed: k }),
    })),
  );
  expect((await uploadDesigns(api.url, user.tokens.access, workspaceId, files)).status).toBe(201);
  const saved = await api.app.inject({
    method: 'POST',
    url: '/printify_app/save_printify_template/',
    headers: auth,
    payload: {
      workspace_id: workspaceId,
      shop_id: printify.shops[0]!.id,
      apiKey: printify.token,
      printify_product_id: printify.templateProductId,
    },
  });
  expect(saved.statusCode).toBe(200);
  const seeded = new Set(printify.products.keys());
  return {
    api,
    workerEnv,
    /** Products the run made on Printify so far. */
    created: () => [...printify.products.keys()].filter((id) => !seeded.has(id)),
    /** Product creates Printify received. */
    creates: () =>
      printify.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/products.json')).length,
    start: async () => {
      const started = await api.app.inject({
        method: 'POST',
        url: '/printify_app/create_printify_listings_v2/',
        headers: auth,
        payload: { workspace_id: workspaceId },
      });
      expect(started.statusCode).toBe(200);
    },
    run: async () =>
      (
        await api.app.inject({
          url: `/listings_app/listing_run/?workspace_id=${workspaceId}&provider=printify`,
          headers: auth,
        })
      ).json<{ run: ListingRun }>().run,
  };
}

/**
 * Sends SIGTERM; answers the exit code, how long the exit took, and what /readyz answered once it
 * stopped answering 200 while the process was still there (undefined if it never did).
 */
async function stop(worker: Worker) {
  const stoppedAt = Date.now();
  worker.child.kill('SIGTERM');
  let readiness: number | 'refused' | undefined;
  while (readiness === undefined && worker.child.exitCode === null) {
    const answer = await fetch(`${worker.url}/readyz`).then(
      (response) => response.status,
      () => 'refused' as const,
    );
    if (answer !== 200 && worker.child.exitCode === null) readiness = answer;
    await sleep(20);
  }
  const code = await worker.exit;
  return { code, ms: Date.now() - stoppedAt, readiness };
}

const adapters = [
  { name: 'embedded queue', env: (): Record<string, string> => ({}) },
  {
    name: 'BullMQ on Redis',
    env: (): Record<string, string> => {
      const url = process.env.TEST_REDIS_URL;
      if (!url) throw new Error('TEST_REDIS_URL is not set: scripts/test.ts starts Redis for this suite.');
      return { REDIS_URL: url, QUEUE_PREFIX: `sigterm-${randomBytes(4).toString('hex')}` };
    },
  },
];

describe.each(adapters)(`a worker stopped mid listing run ($name, ${testDbKind})`, (adapter) => {
  let api: TestApp | undefined;
  let printify: PrintifySandbox | undefined;
  const workers: Worker[] = [];
  let env: Record<string, string> = {};

  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
      await worker.exit;
    }
    await api?.close();
    await printify?.close();
    if (env.REDIS_URL) {
      const redis = new Redis(env.REDIS_URL);
      const keys = await redis.keys(`${env.QUEUE_PREFIX}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('finishes the designs in hand, exits 0 within the grace period, and another worker lists the rest once', async () => {
    env = adapter.env();
    // Every Printify call answers after 250 ms, so a run of 12 designs lasts a few seconds.
    printify = await startPrintifySandbox({ seed: 3, slowMs: 250 });
    const listing = await prepareRun(env, printify);
    api = listing.api;
    const first = await startWorker(listing.workerEnv);
    workers.push(first);
    printify.failNext('slow', 10_000);
    await listing.start();
    await waitFor(
      'the first products',
      async () => listing.created().length,
      (count) => count >= 1,
      20_000,
    );

    const stopped = await stop(first);
    expect(stopped.code).toBe(0);
    expect([503, 'refused']).toContain(stopped.readiness); // no longer ready the moment it stops
    expect(stopped.ms).toBeLessThan(graceSeconds * 1000);
    // Stopped mid-way: every product made so far is recorded on its design, none is left unrecorded.
    const handedBack = await listing.run();
    expect(handedBack.status).toBe('In Progress');
    expect(listing.created().length).toBeLessThan(designCount);
    expect(handedBack.created).toBe(listing.created().length);
    expect(first.output()).toMatch(/job handed back to the queue/);
    expect(first.output()).toContain(handedBack.id);

    const second = await startWorker(listing.workerEnv);
    workers.push(second);
    const finished = await waitFor('the run to end', listing.run, (r) => r.status !== 'In Progress', 30_000);
    expect(finished).toMatchObject({
      status: 'Completed',
      total: designCount,
      created: designCount,
      failed: 0,
    });
    expect(listing.created()).toHaveLength(designCount);
    expect(listing.creates()).toBe(designCount); // no product was created twice
    expect(new Set(finished.results.map((r) => r.product_id)).size).toBe(designCount);
    expect((await stop(second)).code).toBe(0);
  }, 60_000);
});

describe(`a worker whose design in hand outlasts the grace period (${testDbKind})`, () => {
  let api: TestApp | undefined;
  let printify: PrintifySandbox | undefined;
  let worker: Worker | undefined;

  afterEach(async () => {
    if (worker && worker.child.exitCode === null && worker.child.signalCode === null)
      worker.child.kill('SIGKILL');
    await worker?.exit;
    await api?.close();
    await printify?.close();
  });

  it('exits 1 before the grace period ends, saying so, and the run stays to be resumed', async () => {
    // Printify answers after 20 s: the designs in hand cannot finish within the 3 s grace.
    printify = await startPrintifySandbox({ seed: 4, slowMs: 20_000 });
    const listing = await prepareRun({}, printify, shortGraceSeconds);
    api = listing.api;
    worker = await startWorker(listing.workerEnv);
    printify.failNext('slow', 10_000);
    await listing.start();
    await waitFor('the run to start', listing.run, (r) => r.status === 'In Progress', 20_000);
    await sleep(300);

    const stopped = await stop(worker);
    expect(stopped.code).toBe(1);
    expect(stopped.ms).toBeLessThan(shortGraceSeconds * 1000);
    expect(worker.output()).toMatch(/shutdown grace period over: exiting with jobs still running/);
    expect((await listing.run()).status).toBe('In Progress');
    expect(listing.created()).toEqual([]);
  }, 60_000);
});

describe(`a Gelato run stopped while its products are being made (${testDbKind})`, () => {
  const apps: TestApp[] = [];
  let gelato: GelatoSandbox | undefined;

  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close();
    await gelato?.close();
  });

  it('stops following at once, keeps each created product on its design, and the next process follows them to the end', async () => {
    // Gelato makes each product 2.5 s after it is created: the run is still following when it stops.
    gelato = await startGelatoSandbox({ seed: 5, publishDelayMs: 2500 });
    const port = await freePort();
    const shared = {
      APP_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GELATO_BASE_URL: gelato.url,
    };
    const first = await startTestApp({ ...shared, PORT: String(port) });
    apps.push(first);
    const user = await buildSignedInUser(first.app);
    const auth = { authorization: `Bearer ${user.tokens.access}` };
    await first.db
      .updateTable('users')
      .set({ plan: 'basic' })
      .where('email', '=', user.registration.username)
      .execute();
    const workspaceId = await buildWorkspace(first.app, user.tokens.access);
    const files = await Promise.all(
      [0, 1, 2].map(async (k) => ({ name: `mug-${k}.png`, data: await buildPng({ seed: k }) })),
    );
    expect((await uploadDesigns(first.url, user.tokens.access, workspaceId, files)).status).toBe(201);
    const post = (url: string, payload: Record<string, unknown>) =>
      first.app.inject({ method: 'POST', url, headers: auth, payload });
    const saved = await post('/gelato_app/save_gelato_store_config/', {
      workspace_id: workspaceId,
      api_key: gelato.apiKey,
      store_id: gelato.storeId,
      template_id: gelato.templateId,
    });
    expect(saved.statusCode).toBe(200);
    const seeded = gelato.products.size;
    // The call answers once the run ends: here it ends in the second process.
    const answered = post('/gelato_app/create_gelato_listings/', { workspace_id: workspaceId });
    await waitFor(
      'three products',
      async () => gelato!.products.size - seeded,
      (made) => made === 3,
    );
    await sleep(100);

    const stoppedAt = Date.now();
    await first.app.close();
    expect(Date.now() - stoppedAt).toBeLessThan(2000); // not until Gelato has made them (2.5 s)
    const runOf = async (t: TestApp) =>
      (
        await t.app.inject({
          url: `/listings_app/listing_run/?workspace_id=${workspaceId}&provider=gelato`,
          headers: auth,
        })
      ).json<{ run: ListingRun }>().run;

    // As the first process left them: the run going on, each design's product recorded, not yet made.
    const run = await first.db.selectFrom('listing_runs').select(['id', 'status']).executeTakeFirstOrThrow();
    expect(run.status).toBe('In Progress');
    const results = await first.db
      .selectFrom('listing_results')
      .select(['status', 'product_id'])
      .where('run_id', '=', run.id)
      .execute();
    expect(results.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    const made = results.map((r) => r.product_id).sort();
    expect(made.every((id) => id !== null && gelato!.products.has(id))).toBe(true);

    const second = await startTestApp({
      ...shared,
      DATA_DIR: first.config.dataDir,
      ...(first.config.database.kind === 'postgres' && { DATABASE_URL: first.config.database.url }),
    });
    apps.push(second);
    const finished = await waitFor(
      'the run to end',
      () => runOf(second),
      (r) => r.status !== 'In Progress',
    );
    expect(finished).toMatchObject({ status: 'Completed', created: 3, failed: 0 });
    expect(finished.results.map((r) => r.product_id).sort()).toEqual(made);
    expect(gelato.products.size - seeded).toBe(3); // followed, never made again
    const answer = (await answered).json<{ created_product_ids: string[] }>();
    expect(answer.created_product_ids.sort()).toEqual(made); // the seller's call answered all the same
  }, 60_000);
});
