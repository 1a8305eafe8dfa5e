import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  type JobDefinition,
  type JobOutcome,
  type JobQueue,
  JobStopped,
} from '../../platform/queue/job-queue.ts';
import { appMetrics } from './metrics.ts';

type Depth = Awaited<ReturnType<JobQueue['depth']>>;

/** A queue that only keeps what is registered, so the test runs the handlers itself. */
function recordingQueue() {
  const registered: Array<JobDefinition<unknown>> = [];
  const queue = {
    register: (definition: JobDefinition<unknown>) => void registered.push(definition),
  } as unknown as JobQueue;
  return { queue, registered };
}

const context = { jobId: 'j', attempt: 1, signal: new AbortController().signal };
const idlePool = () => ({ size: 1, max: 1, inUse: 0, waiting: 0 });
const silent = { warn: () => undefined };
const metricsWith = (queueDepth: () => Promise<Depth> = async () => [], poolUse = idlePool) =>
  appMetrics({ queueDepth, poolUse, log: silent });

async function series(metrics: ReturnType<typeof appMetrics>, name: string) {
  const metric = await metrics.registry.getSingleMetric(name)?.get();
  return metric?.values.map((v) => [v.labels, v.value]) ?? [];
}

describe('appMetrics', () => {
  it('counts each job run by its outcome, a throw as failed (not a hand-back on shutdown), and how many run at once', async () => {
    const { queue, registered } = recordingQueue();
    const metrics = metricsWith();
    const next: Array<() => Promise<JobOutcome>> = [];
    metrics.countJobs(queue).register({
      name: 'write-listing',
      payload: z.object({}),
      handle: () => next.shift()!(),
    });
    const handle = () => registered[0]!.handle({}, context);

    let release: (outcome: JobOutcome) => void = () => undefined;
    next.push(() => new Promise((resolve) => (release = resolve)));
    const running = handle();
    expect(await series(metrics, 'podflow_jobs_active')).toEqual([[{ type: 'write-listing' }, 1]]);
    release({ status: 'skipped', reason: 'nothing to do' });
    await running;
    next.push(async () => ({ status: 'failed', reason: 'the design was deleted' }));
    await handle();
    next.push(async () => {
      throw new Error('the provider is down');
    });
    await expect(handle()).rejects.toThrow('the provider is down');
    // Handed back as the process stops: neither a failure nor an outcome.
    const stopping = new AbortController();
    stopping.abort(new Error('the job queue is closing'));
    next.push(async () => {
      throw new JobStopped();
    });
    await expect(registered[0]!.handle({}, { ...context, signal: stopping.signal })).rejects.toThrow(
      JobStopped,
    );

    expect(await series(metrics, 'podflow_jobs_active')).toEqual([[{ type: 'write-listing' }, 0]]);
    expect(await series(metrics, 'podflow_jobs_failed_total')).toEqual([[{ type: 'write-listing' }, 1]]);
    expect(await series(metrics, 'podflow_jobs_completed_total')).toEqual([
      [{ type: 'write-listing', outcome: 'completed' }, 0],
      [{ type: 'write-listing', outcome: 'skipped' }, 1],
      [{ type: 'write-listing', outcome: 'failed' }, 1],
    ]);
  });

  it('reads the queue once per scrape, and says it is down at a scrape where it does not answer', async () => {
    let reads = 0;
    let answer = async (): Promise<Depth> => [{ name: 'render-mockups', waiting: 4, running: 2 }];
    const metrics = metricsWith(
      () => {
        reads += 1;
        return answer();
      },
      () => ({ size: 7, max: 10, inUse: 5, waiting: 3 }),
    );
    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(text).toContain('podflow_queue_waiting_jobs{type="render-mockups"} 4');
    expect(text).toContain('podflow_queue_running_jobs{type="render-mockups"} 2');
    expect(text).toContain('podflow_queue_up 1');
    expect(text).toContain('podflow_db_pool_connections{state="in_use"} 5');
    expect(text).toContain('podflow_db_pool_connections{state="idle"} 2');
    expect(text).toContain('podflow_db_pool_connections{state="waiting"} 3');
    expect(text).toContain('podflow_db_pool_connections{state="max"} 10');

    answer = async () => {
      throw new Error('Connection is closed.');
    };
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the one-scrape reuse
    expect(await metrics.registry.metrics()).toContain('podflow_queue_up 0');
    expect(reads).toBe(2);
  });

  it('counts provider attempts by status, and errors and 429s apart', async () => {
    const metrics = metricsWith();
    const attempt = { provider: 'Gelato', method: 'POST' as const, durationMs: 12 };
    metrics.providerAttempt({ ...attempt, status: 429, ok: false });
    metrics.providerAttempt({ ...attempt, status: 0, ok: false });
    metrics.providerAttempt({ ...attempt, status: 201, ok: true });
    expect(await series(metrics, 'podflow_provider_calls_total')).toEqual([
      [{ provider: 'Gelato', status_code: '429' }, 1],
      [{ provider: 'Gelato', status_code: '0' }, 1],
      [{ provider: 'Gelato', status_code: '201' }, 1],
    ]);
    expect(await series(metrics, 'podflow_provider_errors_total')).toEqual([[{ provider: 'Gelato' }, 2]]);
    expect(await series(metrics, 'podflow_provider_throttled_total')).toEqual([[{ provider: 'Gelato' }, 1]]);
  });
});
