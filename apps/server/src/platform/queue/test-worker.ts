/**
 * A worker process for the queue's durability test (job-queue.int.test.ts), run with
 * `node test-worker.ts <jobId> <items> <delayMs>` and the server's environment (DATA_DIR or
 * DATABASE_URL, REDIS_URL, JOB_LEASE_SECONDS, QUEUE_PREFIX). It queues one job that writes one
 * row per item into `queue_test_results` (which the test creates), slowly, so the test can kill
 * it half-way; started again, it must finish the job without writing any item twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../db/db.ts';
import { openJobQueue } from './open-queue.ts';

export type TestResultsTables = {
  queue_test_results: { job_id: string; item: number; pid: number; attempt: number };
};

const [jobId = 'items-1', items = '30', delayMs = '50'] = process.argv.slice(2);
const config = loadConfig();
const db = openDatabase(config.database);
const results = db.$extendTables<TestResultsTables>();
const log = {
  info: (...args: unknown[]) => console.error('info', ...args),
  warn: (...args: unknown[]) => console.error('warn', ...args),
  error: (...args: unknown[]) => console.error('error', ...args),
};
const queue = openJobQueue({ config, db, log });

queue.register({
  name: 'write-items',
  payload: z.object({ items: z.number().int().min(1), delayMs: z.number().int().min(0) }),
  async handle(payload, { jobId: id, attempt, signal }) {
    // Resumable and safe to run twice: items already written are not written again.
    const written = await results
      .selectFrom('queue_test_results')
      .select('item')
      .where('job_id', '=', id)
      .execute();
    const done = new Set(written.map((row) => row.item));
    for (let item = 0; item < payload.items; item += 1) {
      if (done.has(item)) continue;
      signal.throwIfAborted();
      await sleep(payload.delayMs);
      await results
        .insertInto('queue_test_results')
        .values({ job_id: id, item, pid: process.pid, attempt })
        .onConflict((oc) => oc.columns(['job_id', 'item']).doNothing())
        .execute();
    }
    return { status: 'completed' };
  },
});

queue.start();
await queue.enqueue('write-items', jobId, { items: Number(items), delayMs: Number(delayMs) });
console.log('queued');
await queue.idle();
console.log('idle');
await queue.close();
await db.destroy();
