import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListingRun } from '@podflow/contract/listings';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { waitFor } from '../../test/outages.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
const designCount = 12;
const graceSeconds = 3;

type Worker = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

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
  return { child, output: () => output, exit };
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
    const appSecret = randomBytes(32).toString('hex');
    api = await startTestApp({ ...env, ROLE: 'api', APP_SECRET: appSecret, PRINTIFY_BASE_URL: printify.url });
    const workerEnv = {
      ...env,
      NODE_ENV: 'test',
      APP_SECRET: appSecret,
      DATA_DIR: api.config.dataDir,
      ...(api.config.database.kind === 'postgres' && { DATABASE_URL: api.config.database.url }),
      WEB_DIST_DIR: api.config.webDistDir,
      PRINTIFY_BASE_URL: printify.url,
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      JOB_LEASE_SECONDS: '30',
    };
    const user = await buildSignedInUser(api.app);
    const access = user.tokens.access;
    const auth = { authorization: `Bearer ${access}` };
    await api.db
      .updateTable('users')
      .set({ plan: 'basic' })
      .where('email', '=', user.registration.username)
      .execute();
    const workspaceId = await buildWorkspace(api.app, access);
    const files = await Promise.all(
      Array.from({ length: designCount }, async (_, k) => ({
        name: `tee-${k}.png`,
        data: await buildPng({ seed: k }),
      })),
    );
    expect((await uploadDesigns(api.url, access, workspaceId, files)).status).toBe(201);
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
    const created = () => [...printify!.products.keys()].filter((id) => !seeded.has(id));
    const creates = () =>
      printify!.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/products.json')).length;
    const run = async () =>
      (
        await api!.app.inject({
          url: `/listings_app/listing_run/?workspace_id=${workspaceId}&provider=printify`,
          headers: auth,
        })
      ).json<{ run: ListingRun }>().run;

    const first = await startWorker(workerEnv);
    workers.push(first);
    printify.failNext('slow', 10_000);
    const started = await api.app.inject({
      method: 'POST',
      url: '/printify_app/create_printify_listings_v2/',
      headers: auth,
      payload: { workspace_id: workspaceId },
    });
    expect(started.statusCode).toBe(200);
    await waitFor(
      'the first products',
      async () => created().length,
      (count) => count >= 2,
      20_000,
    );

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(graceSeconds * 1000 + 500);
    // Stopped mid-way: every product made so far is recorded on its design, none is left unrecorded.
    const handedBack = await run();
    expect(handedBack.status).toBe('In Progress');
    expect(created().length).toBeLessThan(designCount);
    expect(handedBack.created).toBe(created().length);
    expect(first.output()).toMatch(/job handed back to the queue/);
    expect(first.output()).toContain(handedBack.id);

    const second = await startWorker(workerEnv);
    workers.push(second);
    const finished = await waitFor('the run to end', run, (r) => r.status !== 'In Progress', 30_000);
    expect(finished).toMatchObject({
      status: 'Completed',
      total: designCount,
      created: designCount,
      failed: 0,
    });
    expect(created()).toHaveLength(designCount);
    expect(creates()).toBe(designCount); // no product was created twice
    expect(new Set(finished.results.map((r) => r.product_id)).size).toBe(designCount);

    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  }, 60_000);
});
