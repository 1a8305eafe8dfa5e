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
  /** Aborted when the queue closes; a handler stops at the next safe point. */
  signal: AbortSignal;
};

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
  /** Stops taking jobs and waits for the running handlers (their abort signal fires). */
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
