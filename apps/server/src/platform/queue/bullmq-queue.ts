import { type Job, Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type JobDefinition, type JobOutcome, type JobQueue, retryPolicy } from './job-queue.ts';

export type BullmqQueueOptions = {
  redisUrl: string;
  /** Prefix of every Redis key, so several apps (or test runs) share one Redis apart. */
  prefix: string;
  /** A running job's lock; a killed worker's job is taken again within about two of these. */
  leaseSeconds: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

type Kind = { definition: JobDefinition<unknown>; queue: Queue };

/** Job states that mean "still to do"; completed and failed jobs are removed at once. */
const unfinished = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * The job queue in Redis (REDIS_URL), on BullMQ: one BullMQ queue and worker per kind of job, the
 * job id as BullMQ's jobId (so a live id is not added twice), finished jobs removed so their id
 * may be queued again. Retries follow `retryPolicy` like the embedded queue: a run that throws is
 * retried while fewer than `maxAttempts` runs started, and a job whose worker keeps dying fails
 * after `maxStarts` starts.
 */
export function bullmqJobQueue({ redisUrl, prefix, leaseSeconds, log }: BullmqQueueOptions): JobQueue {
  const leaseMs = leaseSeconds * 1000;
  const kinds = new Map<string, Kind>();
  const workers: Worker[] = [];
  const controllers = new Set<AbortController>();
  /** Give-ups decided outside a handler (too many starts), awaited by idle() and close(). */
  const givingUp = new Set<Promise<void>>();
  // Enqueueing fails fast when Redis is away (a request should not hang); workers wait for it.
  const producer = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  producer.on('error', (error) => log.warn({ err: error }, 'job queue: Redis connection error'));
  let consumer: Redis | undefined;
  let closing = false;

  async function giveUp(definition: JobDefinition<unknown>, job: Job, payload: unknown, reason: string) {
    try {
      await definition.onGiveUp?.(payload, reason);
    } catch (error) {
      log.error({ err: error, jobId: job.id, job: job.name }, 'onGiveUp of a job threw');
    }
    log.warn({ jobId: job.id, job: job.name, attempts: job.attemptsStarted, reason }, 'job given up');
  }

  /**
   * Back to the wait list for any worker, at once (the process is stopping). BullMQ counted this
   * start when the job became active; it is taken back first, while this worker still holds the
   * job's lock, so hand-backs never use up maxStartedAttempts nor show as a later attempt.
   */
  async function handBack(queue: Queue, job: Job, token: string | undefined): Promise<never> {
    await producer.hincrby(queue.toKey(String(job.id)), 'ats', -1);
    await job.moveToWait(token);
    log.info({ jobId: job.id, job: job.name }, 'job handed back to the queue: this worker is stopping');
    throw new WaitingError();
  }

  function processorOf(definition: JobDefinition<unknown>, queue: Queue) {
    return async (job: Job, token?: string, bullSignal?: AbortSignal): Promise<JobOutcome> => {
      if (closing) return handBack(queue, job, token); // fetched while closing: not started
      const parsed = definition.payload.safeParse(job.data);
      if (!parsed.success) {
        log.error({ jobId: job.id, job: job.name, err: parsed.error }, 'job payload is invalid');
        throw new UnrecoverableError(`invalid payload: ${parsed.error.message}`);
      }
      const controller = new AbortController();
      controllers.add(controller);
      const signal = bullSignal ? AbortSignal.any([controller.signal, bullSignal]) : controller.signal;
      try {
        const outcome = await definition.handle(parsed.data, {
          jobId: String(job.id),
          attempt: job.attemptsStarted,
          signal,
        });
        if (outcome.status === 'failed') {
          log.warn({ jobId: job.id, job: job.name, reason: outcome.reason }, 'job failed');
        }
        return outcome;
      } catch (error) {
        // Stopped by close(), not by its own fault: straight back to the queue.
        if (closing) return handBack(queue, job, token);
        const reason = error instanceof Error ? error.message : String(error);
        if (job.attemptsStarted >= retryPolicy.maxAttempts) {
          // Given up while the job is still active, so idle() waits for onGiveUp too.
          await giveUp(definition, job, parsed.data, reason);
          throw new UnrecoverableError(reason);
        }
        log.warn(
          { err: error, jobId: job.id, job: job.name, attempt: job.attemptsStarted },
          'job threw; retrying',
        );
        throw error;
      } finally {
        controllers.delete(controller);
      }
    };
  }

  function startWorker({ definition, queue }: Kind, connection: Redis): Worker {
    const worker = new Worker(definition.name, processorOf(definition, queue), {
      connection,
      prefix,
      concurrency: Math.max(1, definition.concurrency ?? 1),
      lockDuration: leaseMs,
      stalledInterval: leaseMs,
      // A job whose worker died goes back to the queue; maxStartedAttempts ends a job that keeps killing its workers.
      maxStalledCount: retryPolicy.maxStarts,
      maxStartedAttempts: retryPolicy.maxStarts,
      settings: {
        // Counted in starts, as the embedded queue does (BullMQ passes the Job it retries).
        backoffStrategy: (attemptsMade, _type, _error, job) =>
          retryPolicy.delayMs((job as Job | undefined)?.attemptsStarted ?? attemptsMade),
      },
    });
    worker.on('error', (error) => log.warn({ err: error, job: definition.name }, 'job worker error'));
    worker.on('failed', (job) => {
      // Refused before its handler ran (too many starts): the handler's own give-up never happened.
      if (!job || job.attemptsStarted <= retryPolicy.maxStarts) return;
      const parsed = definition.payload.safeParse(job.data);
      const reason = `started ${retryPolicy.maxStarts} times and its worker stopped each time`;
      const done = giveUp(definition, job, parsed.success ? parsed.data : job.data, reason).finally(() =>
        givingUp.delete(done),
      );
      givingUp.add(done);
    });
    return worker;
  }

  return {
    register(definition) {
      if (kinds.has(definition.name)) throw new Error(`Job "${definition.name}" is registered twice`);
      const queue = new Queue(definition.name, { connection: producer, prefix });
      queue.on('error', (error) => log.warn({ err: error, job: definition.name }, 'job queue error'));
      kinds.set(definition.name, { definition: definition as JobDefinition<unknown>, queue });
    },

    async enqueue(name, id, payload) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`No job named "${name}" is registered`);
      kind.definition.payload.parse(payload);
      // BullMQ keeps the first job under an id that is waiting, delayed or active; finished ones are gone.
      await kind.queue.add(name, payload, {
        jobId: id,
        attempts: retryPolicy.maxAttempts,
        backoff: { type: 'podflow' },
        removeOnComplete: true,
        removeOnFail: true,
      });
    },

    start() {
      if (consumer || closing) return;
      // Workers block on Redis and must never give up a command (BullMQ requires it).
      consumer = new Redis(redisUrl, { maxRetriesPerRequest: null });
      consumer.on('error', (error) => log.warn({ err: error }, 'job worker: Redis connection error'));
      for (const kind of kinds.values()) workers.push(startWorker(kind, consumer));
    },

    async close() {
      closing = true;
      const stopped = Promise.allSettled(workers.map((worker) => worker.close()));
      for (const controller of controllers) controller.abort(new Error('the job queue is closing'));
      await stopped;
      await Promise.allSettled([...givingUp]);
      await Promise.allSettled([...kinds.values()].map(({ queue }) => queue.close()));
      await Promise.allSettled([producer.quit(), consumer?.quit()]);
    },

    async liveIds(name, ids) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`No job named "${name}" is registered`);
      const states = await Promise.all(
        ids.map(async (id) => {
          const job = await kind.queue.getJob(id);
          return job ? await job.getState() : 'unknown';
        }),
      );
      return new Set(ids.filter((_id, i) => (unfinished as readonly string[]).includes(states[i] ?? '')));
    },

    async depth() {
      return Promise.all(
        [...kinds.values()].map(async ({ definition, queue }) => {
          const counts = await queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active');
          return {
            name: definition.name,
            waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
            running: counts.active ?? 0,
          };
        }),
      );
    },

    async isUp() {
      if (producer.status !== 'ready') return false;
      const timeout = new Promise<false>((resolve) => setTimeout(resolve, 1000, false).unref());
      return Promise.race([
        producer.ping().then(
          (answer) => answer === 'PONG',
          () => false,
        ),
        timeout,
      ]);
    },

    async idle() {
      for (;;) {
        const counts = await Promise.all(
          [...kinds.values()].map(({ queue }) => queue.getJobCountByTypes(...unfinished)),
        );
        if (counts.every((count) => count === 0) && givingUp.size === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
