import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { repeatEvery } from '../concurrency/repeat-every.ts';
import type { Db } from '../db/db.ts';
import type { JobQueue } from './job-queue.ts';

/** The tables of runs whose rows each have one queue job, queued under the row's id. */
export type RunTable = 'mockup_jobs' | 'ai_tasks' | 'listing_runs' | 'store_sync_runs' | 'order_runs';

/** A kind of run: its table, the job that does it, and that job's payload for a row id. */
export type RunSource = { table: RunTable; job: string; payload: (id: string) => unknown };

export type RunReconcilerDeps = {
  db: Db;
  queue: JobQueue;
  sources: RunSource[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** A row younger than this is left alone: its request may still be queueing its job. */
  graceMs: number;
  /** How often schedule() reconciles. */
  intervalMs: number;
};

/**
 * Statuses of a row whose work is not finished (all four tables use the contract's words), as
 * literals: the partial indexes of migration 0020 are used only when the query's condition is
 * theirs word for word, which a bound parameter is not.
 */
const unfinished = [sql.lit('Pending'), sql.lit('In Progress')];

/**
 * The database is the source of truth for runs: a row still Pending or In Progress whose job has
 * no entry left in the queue (Redis lost its data, a flush, a failover, or the enqueue after the
 * row's commit failed) is queued again under the same id. A job whose lease lapsed is taken again
 * by the queue itself. Handlers are safe to run twice, and an id already queued is never queued
 * twice, so several processes reconciling at once do no harm. A run's lock (one run at a time per
 * workspace) is its unfinished rows: each now always has a job that will finish it.
 */
export function runReconciler({ db, queue, sources, log, graceMs, intervalMs }: RunReconcilerDeps) {
  async function reconcile(source: RunSource): Promise<string[]> {
    const rows = await db
      .selectFrom(source.table)
      .select('id')
      .where('status', 'in', unfinished)
      .where('created_at', '<=', Date.now() - graceMs)
      .execute();
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const live = await queue.liveIds(source.job, ids);
    const lost = ids.filter((id) => !live.has(id));
    for (const id of lost) await queue.enqueue(source.job, id, source.payload(id));
    return lost;
  }

  /** Queues again every unfinished run that has no job; answers how many were queued. */
  async function runOnce(): Promise<number> {
    let requeued = 0;
    for (const source of sources) {
      const lost = await reconcile(source);
      if (lost.length > 0) {
        log.warn({ job: source.job, ids: lost }, 'unfinished runs had no queued job; queued them again');
      }
      requeued += lost.length;
    }
    return requeued;
  }

  return {
    runOnce,
    /** Reconciles now and every intervalMs until the answer is called; an outage is logged, not thrown. */
    schedule(): () => Promise<void> {
      return repeatEvery(intervalMs, runOnce, (error) =>
        log.warn({ err: error }, 'could not reconcile runs with the job queue; trying again'),
      );
    },
  };
}
