import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { type Db, openDatabase } from '../db/db.ts';
import { type TestDatabase, openTestDatabase, testDbKind } from '../../test/test-app.ts';
import { eachLimited } from '../concurrency/each-limited.ts';
import { type JobQueue, retryPolicy } from './job-queue.ts';
import { openJobQueue } from './open-queue.ts';
import type { QueueTables } from './queue-schema.ts';
import type { TestResultsTables } from './test-worker.ts';

const workerScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-worker.ts');
const silent = { info: () => {}, warn: () => {}, error: () => {} };

type Adapter = {
  name: string;
  /** Environment beyond the database's that selects this adapter; throws when its service is missing. */
  env: () => Record<string, string>;
  cleanUp: (env: Record<string, string>) => Promise<void>;
};

const adapters: Adapter[] = [
  { name: `embedded on ${testDbKind}`, env: () => ({}), cleanUp: async () => {} },
  {
    name: 'BullMQ on Redis',
    env: () => {
      const url = process.env.TEST_REDIS_URL;
      // Never skipped: a run without Redis must not pass as a run that tested BullMQ.
      if (!url)
        throw new Error(
          'TEST_REDIS_URL is not set: the BullMQ suite needs a Redis (scripts/test.ts starts one).',
        );
      return { REDIS_URL: url, QUEUE_PREFIX: `podflow-test-${randomBytes(6).toString('hex')}` };
    },
    cleanUp: async (env) => {
      if (!env.REDIS_URL) return;
      const redis = new Redis(env.REDIS_URL);
      const keys = await redis.keys(`${env.QUEUE_PREFIX}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  },
];

/** A promise with its resolve, for handlers that wait until the test lets them finish. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await sleep(20);
  }
}

describe.each(adapters)('job queue: $name', (adapter) => {
  let t: TestDatabase;
  let env: Record<string, string>;
  const queues: JobQueue[] = [];

  function open(extra: Record<string, string> = {}, db: Db = t.db): JobQueue {
    const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'x'.repeat(32), ...t.env, ...env, ...extra });
    const queue = openJobQueue({ config, db, log: silent });
    queues.push(queue);
    return queue;
  }

  beforeEach(async () => {
    env = adapter.env();
    t = await openTestDatabase();
  });

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
    await t?.close();
    await adapter.cleanUp(env ?? {});
  });

  it('runs a queued job once with its payload, id and attempt', async () => {
    const queue = open();
    const seen: unknown[] = [];
    queue.register({
      name: 'greet',
      payload: z.object({ name: z.string() }),
      handle: async (payload, { jobId, attempt, signal }) => {
        seen.push({ payload, jobId, attempt, aborted: signal.aborted });
        return { status: 'completed' };
      },
    });
    await queue.idle(); // nothing queued yet
    await queue.enqueue('greet', 'greet-1', { name: 'Ada' });
    queue.start();
    await queue.idle();
    await queue.enqueue('greet', 'greet-2', { name: 'Grace' }); // after start: taken without a restart
    await queue.idle();
    expect(seen).toEqual([
      { payload: { name: 'Ada' }, jobId: 'greet-1', attempt: 1, aborted: false },
      { payload: { name: 'Grace' }, jobId: 'greet-2', attempt: 1, aborted: false },
    ]);
    await expect(queue.enqueue('greet', 'greet-3', { name: 42 })).rejects.toThrow();
    await expect(queue.enqueue('nobody', 'x-1', {})).rejects.toThrow(/No job named "nobody"/);
  });

  it('does not queue an id twice while it is queued or running, and queues it again once done', async () => {
    const queue = open();
    const runs: string[] = [];
    let release = gate();
    queue.register({
      name: 'once',
      payload: z.object({ n: z.number() }),
      handle: async ({ n }) => {
        runs.push(`run ${n}`);
        await release.opened;
        return { status: 'completed' };
      },
    });
    await queue.enqueue('once', 'once-1', { n: 1 });
    await queue.enqueue('once', 'once-1', { n: 2 }); // still queued
    queue.start();
    await until(() => runs.length === 1);
    await queue.enqueue('once', 'once-1', { n: 3 }); // running
    release.open();
    await queue.idle();
    expect(runs).toEqual(['run 1']);

    release = gate();
    release.open();
    await queue.enqueue('once', 'once-1', { n: 4 }); // done: runs again
    await queue.idle();
    expect(runs).toEqual(['run 1', 'run 4']);
  });

  it('retries a throwing handler with backoff, then gives up and calls onGiveUp once', async () => {
    const queue = open();
    const starts: Array<{ attempt: number; at: number }> = [];
    const givenUp: unknown[] = [];
    const flaky: number[] = [];
    const outcomes: string[] = [];
    queue.register({
      name: 'doomed',
      payload: z.object({ mode: z.enum(['throw', 'ok']) }),
      handle: async ({ mode }, { attempt }) => {
        if (mode === 'ok') return { status: 'completed' };
        starts.push({ attempt, at: Date.now() });
        throw new Error(`boom ${attempt}`);
      },
      onGiveUp: async (payload, reason) => {
        givenUp.push({ payload, reason });
      },
    });
    queue.register({
      name: 'flaky',
      payload: z.object({}),
      handle: async (_payload, { attempt }) => {
        flaky.push(attempt);
        if (attempt === 1) throw new Error('first time unlucky');
        return { status: 'completed' };
      },
      onGiveUp: async () => {
        throw new Error('flaky must not be given up');
      },
    });
    queue.register({
      name: 'refused',
      payload: z.object({}),
      handle: async () => {
        outcomes.push('refused');
        return { status: 'failed', reason: 'the provider said no' };
      },
      onGiveUp: async () => {
        throw new Error('an outcome is not retried nor given up');
      },
    });
    queue.start();
    await queue.enqueue('doomed', 'doomed-1', { mode: 'throw' });
    await queue.enqueue('flaky', 'flaky-1', {});
    await queue.enqueue('refused', 'refused-1', {});
    await queue.idle();

    expect(starts.map((s) => s.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = starts.map((s) => s.at);
    expect(second! - first!).toBeGreaterThanOrEqual(950);
    expect(third! - second!).toBeGreaterThanOrEqual(3950);
    expect(givenUp).toEqual([{ payload: { mode: 'throw' }, reason: 'boom 3' }]);
    expect(flaky).toEqual([1, 2]);
    expect(outcomes).toEqual(['refused']);

    // A given-up id may be queued again, and starts over.
    await queue.enqueue('doomed', 'doomed-1', { mode: 'ok' });
    await queue.idle();
    expect(givenUp).toHaveLength(1);
  });

  it('runs at most `concurrency` jobs of a kind at once', async () => {
    const queue = open();
    const running = { pair: 0, single: 0 };
    const most = { pair: 0, single: 0 };
    const kind = (name: 'pair' | 'single', concurrency?: number) => ({
      name,
      concurrency,
      payload: z.object({}),
      handle: async () => {
        running[name] += 1;
        most[name] = Math.max(most[name], running[name]);
        await sleep(150);
        running[name] -= 1;
        return { status: 'completed' as const };
      },
    });
    queue.register(kind('pair', 2));
    queue.register(kind('single'));
    for (let i = 0; i < 6; i += 1) await queue.enqueue('pair', `pair-${i}`, {});
    for (let i = 0; i < 3; i += 1) await queue.enqueue('single', `single-${i}`, {});
    queue.start();
    await queue.idle();
    expect(most).toEqual({ pair: 2, single: 1 });
  });

  it('never runs a job twice when several workers on their own connections compete for it', async () => {
    const otherDb = openDatabase(t.database);
    try {
      const runs = new Map<string, string[]>();
      const workers = [open(), open({}, otherDb)];
      workers.forEach((queue, index) =>
        queue.register({
          name: 'contended',
          concurrency: 4,
          payload: z.object({}),
          handle: async (_payload, { jobId }) => {
            runs.set(jobId, [...(runs.get(jobId) ?? []), `worker ${index}`]);
            await sleep(20);
            return { status: 'completed' };
          },
        }),
      );
      for (let i = 0; i < 40; i += 1) await workers[0]!.enqueue('contended', `contended-${i}`, {});
      for (const queue of workers) queue.start();
      await workers[0]!.idle();
      expect(runs.size).toBe(40);
      expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
      const byWorker = new Set([...runs.values()].flat());
      expect(byWorker).toEqual(new Set(['worker 0', 'worker 1']));
    } finally {
      await Promise.all(queues.splice(0).map((queue) => queue.close()));
      await otherDb.destroy();
    }
  });

  it('is idle only when nothing is queued or running', async () => {
    const queue = open();
    const release = gate();
    queue.register({
      name: 'held',
      payload: z.object({}),
      handle: async () => {
        await release.opened;
        return { status: 'completed' };
      },
    });
    await queue.idle();
    await queue.enqueue('held', 'held-1', {});
    let idle = false;
    const waiting = queue.idle().then(() => {
      idle = true;
    });
    await sleep(300);
    expect(idle).toBe(false); // queued, not started
    queue.start();
    await sleep(600);
    expect(idle).toBe(false); // running
    release.open();
    await waiting;
    expect(idle).toBe(true);
  });

  it('on close aborts running handlers, waits for them, and leaves their job for the next worker', async () => {
    const first = open();
    let aborted = false;
    const job = {
      name: 'long',
      payload: z.object({}),
      handle: async (_payload: object, { signal }: { signal: AbortSignal }) => {
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        await sleep(100); // a handler finishing its step after the signal: close() waits for it
        aborted = true;
        signal.throwIfAborted();
        return { status: 'completed' as const };
      },
    };
    first.register(job);
    first.start();
    await first.enqueue('long', 'long-1', {});
    await sleep(300);
    await first.close();
    expect(aborted).toBe(true);

    const second = open();
    const ran: number[] = [];
    second.register({
      ...job,
      handle: async () => {
        ran.push(1);
        return { status: 'completed' };
      },
    });
    second.start();
    await second.idle();
    expect(ran).toEqual([1]);
  });

  it('stopped mid-way, a job finishes the items in hand, starts none, and goes back to the next worker at once, never given up', async () => {
    const items = 16;
    const done: Array<{ item: number; attempt: number; worker: number }> = [];
    const started: number[] = [];
    const givenUp: string[] = [];
    const job = (worker: number, hold?: Promise<void>) => ({
      name: 'batch',
      payload: z.object({ items: z.number() }),
      handle: async (
        { items: count }: { items: number },
        context: { attempt: number; signal: AbortSignal },
      ) => {
        const todo = [...Array(count).keys()].filter((item) => !done.some((d) => d.item === item));
        await eachLimited(
          todo,
          2,
          async (item) => {
            started.push(item);
            await (hold ?? sleep(5));
            done.push({ item, attempt: context.attempt, worker });
          },
          context.signal,
        );
        return { status: 'completed' as const };
      },
      onGiveUp: async (_payload: unknown, reason: string) => {
        givenUp.push(reason);
      },
    });
    // More stops than a job may start (maxStarts): deploy after deploy must not give it up.
    const stops = retryPolicy.maxStarts + 1;
    let stoppedAt = 0;
    for (let worker = 0; worker < stops; worker += 1) {
      const queue = open();
      const hold = gate();
      queue.register(job(worker, hold.opened));
      queue.start();
      if (worker === 0) await queue.enqueue('batch', 'batch-1', { items });
      const before = started.length;
      await until(() => started.length === before + 2); // two items in hand
      if (worker > 0) expect(Date.now() - stoppedAt).toBeLessThan(2500); // taken at once, not after a 30 s lease
      const closing = queue.close();
      await sleep(100);
      hold.open();
      await closing;
      stoppedAt = Date.now();
      expect(started).toHaveLength(before + 2); // nothing started after the stop
      expect(done.filter((d) => d.worker === worker)).toHaveLength(2); // the items in hand finished
    }
    const last = open();
    last.register(job(stops));
    last.start();
    await last.idle();
    expect(done.map((d) => d.item).sort((a, b) => a - b)).toEqual([...Array(items).keys()]);
    expect(started).toHaveLength(items); // each item started once
    expect(new Set(done.map((d) => d.attempt))).toEqual(new Set([1])); // no stop counted as an attempt
    expect(done.filter((d) => d.worker === stops)).toHaveLength(items - 2 * stops);
    expect(givenUp).toEqual([]);
    if (!env.REDIS_URL) {
      const row = await t.db
        .$extendTables<QueueTables>()
        .selectFrom('queue_jobs')
        .select(['status', 'attempts'])
        .where('id', '=', 'batch-1')
        .executeTakeFirst();
      expect(row).toEqual({ status: 'done', attempts: 1 });
    }
  }, 30_000);

  it('finishes a job whose worker was killed mid-way, once per item, after a restart', async () => {
    const results = t.db.$extendTables<TestResultsTables>();
    await results.schema
      .createTable('queue_test_results')
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('item', 'integer', (c) => c.notNull())
      .addColumn('pid', 'integer', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('queue_test_results_pk', ['job_id', 'item'])
      .execute();
    const count = async () => {
      const rows = await results
        .selectFrom('queue_test_results')
        .select(['item', 'pid', 'attempt'])
        .execute();
      return rows;
    };
    const childEnv = {
      NODE_ENV: 'test',
      APP_SECRET: 'x'.repeat(32),
      JOB_LEASE_SECONDS: '1',
      ...t.env,
      ...env,
    };
    const args = ['items-1', '30', '50'];

    const first = startWorker(childEnv, args);
    await until(async () => (await count()).length >= 8, 15_000);
    first.child.kill('SIGKILL');
    expect(await first.exit).toEqual({ code: null, signal: 'SIGKILL' });
    const writtenBeforeKill = (await count()).length;
    expect(writtenBeforeKill).toBeLessThan(30);

    const second = startWorker(childEnv, args);
    expect(await second.exit).toEqual({ code: 0, signal: null });
    expect(second.output()).toContain('idle');

    const rows = await count();
    expect(rows.map((r) => r.item).sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
    const byPid = Map.groupBy(rows, (r) => r.pid);
    expect([...byPid.keys()].sort()).toEqual([first.child.pid, second.child.pid].sort());
    expect(byPid.get(first.child.pid!)?.every((r) => r.attempt === 1)).toBe(true);
    expect(byPid.get(second.child.pid!)?.every((r) => r.attempt === 2)).toBe(true);
    if (!env.REDIS_URL) {
      const job = await t.db
        .$extendTables<QueueTables>()
        .selectFrom('queue_jobs')
        .select(['status', 'attempts'])
        .where('id', '=', 'items-1')
        .executeTakeFirst();
      expect(job).toEqual({ status: 'done', attempts: 2 });
    }
  }, 25_000);
});

function startWorker(env: Record<string, string>, args: string[]) {
  const childEnv: Record<string, string | undefined> = { ...process.env };
  for (const key of ['REDIS_URL', 'DATABASE_URL', 'DATA_DIR', 'QUEUE_PREFIX']) delete childEnv[key];
  const child: ChildProcess = spawn(process.execPath, [workerScript, ...args], {
    env: { ...childEnv, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exit, output: () => output };
}
