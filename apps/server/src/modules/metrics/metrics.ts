import type { ProviderAttempt } from '@podflow/providers/http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUse } from '../../platform/db/db.ts';
import type { JobDefinition, JobQueue } from '../../platform/queue/job-queue.ts';

type Depth = Awaited<ReturnType<JobQueue['depth']>>;

export type MetricsDeps = {
  /** Jobs waiting and running in every process, read at each scrape. */
  queueDepth: JobQueue['depth'];
  /** The database pool's use now. */
  poolUse: () => PoolUse;
  log: Pick<FastifyInstance['log'], 'warn'>;
};

/**
 * The Prometheus metrics of one process (docs/operations.md lists each with its labels). Their
 * own registry, not prom-client's global one, so that several apps in one process (tests) keep
 * their counts apart.
 */
export function appMetrics({ queueDepth, poolUse, log }: MetricsDeps) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'podflow_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern) and status code, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const jobsActive = new Gauge({
    name: 'podflow_jobs_active',
    help: 'Jobs running in this process, by type',
    labelNames: ['type'] as const,
    registers,
  });
  const jobsCompleted = new Counter({
    name: 'podflow_jobs_completed_total',
    help: 'Job runs that finished in this process, by type and outcome (completed, skipped or failed)',
    labelNames: ['type', 'outcome'] as const,
    registers,
  });
  const jobsFailed = new Counter({
    name: 'podflow_jobs_failed_total',
    help: 'Job runs that threw in this process (retried, or given up after the last attempt), by type; not those handed back on shutdown',
    labelNames: ['type'] as const,
    registers,
  });
  // The three queue gauges are read at once by a scrape: one look at the queue serves them all.
  let lastDepth: { at: number; read: Promise<Depth | undefined> } | undefined;
  function depthNow(): Promise<Depth | undefined> {
    if (lastDepth && Date.now() - lastDepth.at < 1000) return lastDepth.read;
    const read = queueDepth().catch((error: unknown) => {
      log.warn({ err: error }, 'metrics: the job queue did not answer');
      return undefined;
    });
    lastDepth = { at: Date.now(), read };
    return read;
  }
  const queueGauge = (name: string, help: string, pick: (kind: Depth[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['type'] as const,
      registers,
      async collect() {
        for (const kind of (await depthNow()) ?? []) this.set({ type: kind.name }, pick(kind));
      },
    });
  queueGauge(
    'podflow_queue_waiting_jobs',
    'Jobs queued or delayed and not yet started, in every process, by type',
    (kind) => kind.waiting,
  );
  queueGauge('podflow_queue_running_jobs', 'Jobs running in any process, by type', (kind) => kind.running);
  new Gauge({
    name: 'podflow_queue_up',
    help: '1 when the job queue answered at the last scrape (its depth is then current), else 0',
    registers,
    async collect() {
      this.set((await depthNow()) ? 1 : 0);
    },
  });
  const renderDuration = new Histogram({
    name: 'podflow_mockup_render_duration_seconds',
    help: 'Time to render and store one mockup (one design on one template)',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers,
  });
  const providerCalls = new Counter({
    name: 'podflow_provider_calls_total',
    help: 'Attempts of calls to providers, by provider and HTTP status (0: no answer)',
    labelNames: ['provider', 'status_code'] as const,
    registers,
  });
  const providerErrors = new Counter({
    name: 'podflow_provider_errors_total',
    help: 'Attempts that failed (no answer, an error status, or an answer that is not JSON), by provider',
    labelNames: ['provider'] as const,
    registers,
  });
  const providerThrottled = new Counter({
    name: 'podflow_provider_throttled_total',
    help: 'Attempts a provider answered with 429 Too Many Requests, by provider',
    labelNames: ['provider'] as const,
    registers,
  });
  new Gauge({
    name: 'podflow_db_pool_connections',
    help: 'Database pool connections by state: in_use, idle, waiting (callers waiting for one) and max',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = poolUse();
      this.set({ state: 'in_use' }, use.inUse);
      this.set({ state: 'idle' }, use.size - use.inUse);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });

  /** The same kind of job, counted: running now, and each run's end. */
  function counted<P>(definition: JobDefinition<P>): JobDefinition<P> {
    const type = definition.name;
    // Every series from the start, so a rate() over them is defined before the first job ends.
    jobsActive.set({ type }, 0);
    jobsFailed.inc({ type }, 0);
    for (const outcome of ['completed', 'skipped', 'failed']) jobsCompleted.inc({ type, outcome }, 0);
    return {
      ...definition,
      async handle(payload, context) {
        jobsActive.inc({ type });
        try {
          const outcome = await definition.handle(payload, context);
          jobsCompleted.inc({ type, outcome: outcome.status });
          return outcome;
        } catch (error) {
          // A run stopped by its signal (handed back as the process stops) did not fail: deploys raise no alert.
          if (!context.signal.aborted) jobsFailed.inc({ type });
          throw error;
        } finally {
          jobsActive.dec({ type });
        }
      },
    };
  }

  return {
    registry,
    /** Records every request's duration under its route pattern (unmatched ones as "unmatched"). */
    observeRequests(app: FastifyInstance): void {
      app.addHook('onResponse', async (request, reply) => {
        httpDuration.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    /** The queue with every job it registers counted. */
    countJobs(queue: JobQueue): JobQueue {
      return { ...queue, register: (definition) => queue.register(counted(definition)) };
    },
    /** For the outbound HTTP helper's onAttempt. */
    providerAttempt(attempt: ProviderAttempt): void {
      const { provider } = attempt;
      providerCalls.inc({ provider, status_code: String(attempt.status) });
      if (!attempt.ok) providerErrors.inc({ provider });
      if (attempt.status === 429) providerThrottled.inc({ provider });
    },
    /** For the mockup job's onRendered. */
    mockupRendered(seconds: number): void {
      renderDuration.observe(seconds);
    },
  };
}

export type AppMetrics = ReturnType<typeof appMetrics>;
