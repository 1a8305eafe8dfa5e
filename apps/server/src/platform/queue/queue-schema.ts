/**
 * The embedded queue's table, typed for Kysely (migration 0004-job-queue). Kept beside the queue
 * rather than in platform/db/schema.ts: only embedded-queue.ts reads it, through
 * `db.$extendTables<QueueTables>()`.
 */
export type QueueTables = {
  queue_jobs: QueueJobsTable;
};

export type QueueJobStatus = 'queued' | 'running' | 'done' | 'failed';

export type QueueJobsTable = {
  /** The id the job was queued under (a second enqueue of a live id is a no-op). */
  id: string;
  name: string;
  /** The payload as JSON text. */
  payload: string;
  status: QueueJobStatus;
  /** Times the job was started; also fences writes from a worker whose lease lapsed. */
  attempts: number;
  /** Epoch ms before which a queued job is not taken (retry backoff). */
  run_after: number;
  /** Epoch ms the running worker's lease ends; renewed by its heartbeat. */
  lease_until: number | null;
  /** The last thrown error, or the reason of a `failed` outcome. */
  last_error: string | null;
  created_at: number;
  updated_at: number;
};
