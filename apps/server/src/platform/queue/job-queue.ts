import type { z } from 'zod';

/**
 * The background job port (ARCHITECTURE.md "Jobs"). Two adapters behind it: the embedded one keeps
 * jobs in the database and runs them in this process; the BullMQ one (REDIS_URL) keeps them in
 * Redis. Both run a job at least once: a job whose process died is taken again when its lease
 * expires, so every handler must be safe to run twice.
 */

/** What a handler answers for expected results; anything thrown is retried, then given up. */
export type JobOutcome =
  { status: 'completed' } | { status: 'skipped'; reason: string } | { status: 'failed'; reason: string };

export type JobContext = {
  /** The id the job was queued under. */
  jobId: string;
  /** 1 on the first run, 2 after one retry or a lost lease, and so on. */
  attempt: number;
  /**
   * Aborted when the queue closes (the process is stopping) or the run lost its lease. A handler
   * finishes and records the item in hand, then calls stopIfAsked(signal) before the next one: the
   * job goes back to the queue, without counting as an attempt, for another worker to go on with.
   */
  signal: AbortSignal;
};

/** What a handler throws when it stopped at a safe point because its signal fired. */
export class JobStopped extends Error {
  constructor() {
    super('The worker is stopping: the job goes back to the queue and resumes where it stopped.');
    this.name = 'JobStopped';
  }
}

/** Throws JobStopped once the job's signal has fired; call it between items, never mid-item. */
export function stopIfAsked(signal: AbortSignal): void {
  if (signal.aborted) throw new JobStopped();
}

/**
 * `work`'s answer, or JobStopped as soon as the job's signal fires: a read in flight (a provider's
 * page) does not hold a stopping process until its timeout. Only for work safe to leave unanswered.
 */
export function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  stopIfAsked(signal);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new JobStopped());
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** `sleep`, cut short by the job's signal: throws JobStopped as soon as it fires (waiting is no item). */
export function stoppableSleep(
  sleep: (ms: number) => Promise<void>,
  signal: AbortSignal,
): (ms: number) => Promise<void> {
  return async (ms) => {
    stopIfAsked(signal);
    let onAbort = () => {};
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([sleep(ms), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    stopIfAsked(signal);
  };
}

export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  handle: (payload: P, context: JobContext) => Promise<JobOutcome>;
  /** Jobs of this kind run at once in one process (default 1). */
  concurrency?: number;
  /** Called once when every attempt threw, with the last error's message. */
  onGiveUp?: (payload: P, reason: string) => Promise<void>;
};

export interface JobQueue {
  /** Registers a kind of job; call before start(). */
  register<P>(definition: JobDefinition<P>): void;
  /** Queues a job under an id; an id already queued or running is not queued twice. */
  enqueue(name: string, id: string, payload: unknown): Promise<void>;
  /** Starts taking jobs (roles worker and all). */
  start(): void;
  /**
   * Stops taking jobs at once and fires the running handlers' signals; a handler that then throws
   * hands its job back (queued again for any worker, the attempt not counted, the hand-back logged).
   * Resolves when every handler has settled: the caller bounds the wait (SHUTDOWN_GRACE_SECONDS).
   */
  close(): Promise<void>;
  /** Resolves when no job is queued or running (tests and benches wait on it). */
  idle(): Promise<void>;
  /** Of these ids of one kind, those with an entry still to run (queued, delayed or running). */
  liveIds(name: string, ids: string[]): Promise<Set<string>>;
  /** Jobs of each registered kind waiting to run (queued or delayed) and running, in every process. */
  depth(): Promise<Array<{ name: string; waiting: number; running: number }>>;
  /** True when the queue's store answers (Redis for BullMQ; the embedded queue is the database). */
  isUp(): Promise<boolean>;
}

/** How both adapters retry: the same numbers, so a job behaves alike on either. */
export const retryPolicy = {
  /** Runs that may throw before the job is given up. */
  maxAttempts: 3,
  /** Starts in all, counting runs whose worker died (lease lapsed) before finishing. */
  maxStarts: 5,
  /** Wait before the next run after `failedRuns` runs threw: 1 s, then 4 s. */
  delayMs: (failedRuns: number): number => 1000 * 4 ** Math.max(0, failedRuns - 1),
};
