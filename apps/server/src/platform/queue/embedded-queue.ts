import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/db.ts';
import { type JobDefinition, type JobOutcome, type JobQueue, retryPolicy } from './job-queue.ts';
import type { QueueJobsTable, QueueTables } from './queue-schema.ts';

export type EmbeddedQueueOptions = {
  db: Db;
  /** PostgreSQL claims with FOR UPDATE SKIP LOCKED; SQLite serialises writers by itself. */
  dialect: 'sqlite' | 'postgres';
  /** A running job's lease; a worker renews it every third of it while the handler runs. */
  leaseSeconds: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often an idle worker looks for jobs queued by other processes (default 500 ms). */
  pollMs?: number;
};

type Kind = { definition: JobDefinition<unknown>; concurrency: number; running: number };
type Claimed = { id: string; name: string; payload: string; attempts: number };

/**
 * The job queue in the database (the embedded default): jobs are rows of `queue_jobs`, claimed
 * by any process that registered their kind. A claim is one conditional UPDATE, so two processes
 * never start the same run; a worker that dies leaves a lease that lapses, and the job is claimed
 * again. Every write a worker makes about a run is fenced by (id, attempts, status 'running'), so
 * a worker that lost its lease cannot overwrite the run that replaced it.
 */
export function embeddedJobQueue({
  db,
  dialect,
  leaseSeconds,
  log,
  pollMs = 500,
}: EmbeddedQueueOptions): JobQueue {
  const q = db.$extendTables<QueueTables>();
  const leaseMs = leaseSeconds * 1000;
  const kinds = new Map<string, Kind>();
  const runs = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let loop: Promise<void> | undefined;
  let closing = false;
  let nudged = false;
  let wakeUp: (() => void) | undefined;

  function wake(): void {
    nudged = true;
    wakeUp?.();
  }

  /** Sleeps until `ms` pass or wake() is called (also if it was called since the last nap). */
  async function nap(ms: number): Promise<void> {
    if (!nudged) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        }
        wakeUp = done;
      });
    }
    nudged = false;
  }

  const claimable = (now: number) => (eb: ExpressionBuilder<QueueTables, 'queue_jobs'>) =>
    eb.or([
      eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
      eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
    ]);

  /** Takes up to `limit` runnable jobs of one kind: queued and due, or running with a lapsed lease. */
  async function claim(name: string, limit: number): Promise<Claimed[]> {
    const now = Date.now();
    return (
      q
        // Materialised: PostgreSQL may otherwise run a LIMIT ... SKIP LOCKED subquery once per row
        // it updates, each time skipping the rows just locked, and claim more than `limit` jobs.
        .with(
          (cte) => cte('picked').materialized(),
          (db) => {
            const candidates = db
              .selectFrom('queue_jobs')
              .select('id')
              .where('name', '=', name)
              .where(claimable(now))
              .orderBy('run_after')
              .orderBy('created_at')
              .limit(limit);
            return dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates;
          },
        )
        .updateTable('queue_jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          lease_until: now + leaseMs,
          updated_at: now,
        }))
        .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
        // Checked again on the row itself: a job claimed since the candidates were read is left alone.
        .where(claimable(now))
        .returning(['id', 'name', 'payload', 'attempts'])
        .execute()
    );
  }

  /** Writes about one run only while that run still holds the job; false when it lost it. */
  async function write(
    run: Claimed,
    values: Partial<Omit<QueueJobsTable, 'id' | 'created_at'>>,
  ): Promise<boolean> {
    const result = await q
      .updateTable('queue_jobs')
      .set({ ...values, updated_at: Date.now() })
      .where('id', '=', run.id)
      .where('attempts', '=', run.attempts)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function finish(run: Claimed, values: Partial<QueueJobsTable>): Promise<void> {
    if (!(await write(run, { lease_until: null, ...values }))) {
      log.warn(
        { jobId: run.id, job: run.name },
        'job lost its lease before it finished; another run took it',
      );
    }
  }

  /** Back to the queue for any worker, at once, the run not counted as an attempt (the process is stopping). */
  async function handBack(run: Claimed): Promise<void> {
    await finish(run, { status: 'queued', attempts: run.attempts - 1, run_after: Date.now() });
    log.info({ jobId: run.id, job: run.name }, 'job handed back to the queue: this worker is stopping');
  }

  async function giveUp(kind: Kind, run: Claimed, payload: unknown, reason: string): Promise<void> {
    try {
      await kind.definition.onGiveUp?.(payload, reason);
    } catch (error) {
      log.error({ err: error, jobId: run.id, job: run.name }, 'onGiveUp of a job threw');
    }
    await finish(run, { status: 'failed', last_error: reason });
    log.warn({ jobId: run.id, job: run.name, attempts: run.attempts, reason }, 'job given up');
  }

  async function execute(kind: Kind, run: Claimed, controller: AbortController): Promise<void> {
    let payload: unknown;
    try {
      payload = kind.definition.payload.parse(JSON.parse(run.payload));
    } catch (error) {
      // Running it again cannot help: the stored payload no longer fits the job's schema.
      await finish(run, { status: 'failed', last_error: `invalid payload: ${messageOf(error)}` });
      log.error({ err: error, jobId: run.id, job: run.name }, 'job payload is invalid');
      return;
    }
    if (closing) return handBack(run); // claimed as the queue closed: not started
    if (run.attempts > retryPolicy.maxStarts) {
      const reason = `started ${retryPolicy.maxStarts} times and its worker stopped each time`;
      return giveUp(kind, run, payload, reason);
    }
    let outcome: JobOutcome;
    try {
      outcome = await kind.definition.handle(payload, {
        jobId: run.id,
        attempt: run.attempts,
        signal: controller.signal,
      });
    } catch (error) {
      const reason = messageOf(error);
      if (closing) {
        // Stopped by close(), not by its own fault: back to the queue without spending an attempt.
        await handBack(run);
      } else if (run.attempts < retryPolicy.maxAttempts) {
        log.warn({ err: error, jobId: run.id, job: run.name, attempt: run.attempts }, 'job threw; retrying');
        await finish(run, {
          status: 'queued',
          run_after: Date.now() + retryPolicy.delayMs(run.attempts),
          last_error: reason,
        });
      } else {
        await giveUp(kind, run, payload, reason);
      }
      return;
    }
    if (outcome.status === 'failed') {
      log.warn({ jobId: run.id, job: run.name, reason: outcome.reason }, 'job failed');
    }
    await finish(run, { status: 'done', last_error: outcome.status === 'failed' ? outcome.reason : null });
  }

  /** Runs one claimed job, renewing its lease until the handler settles. */
  function start(kind: Kind, run: Claimed): void {
    const controller = new AbortController();
    let renewing = false;
    const heartbeat = setInterval(
      () => {
        if (renewing) return;
        renewing = true;
        write(run, { lease_until: Date.now() + leaseMs })
          .then((held) => {
            if (!held) controller.abort(new Error('the job lost its lease to another worker'));
          })
          .catch((error: unknown) => log.warn({ err: error, jobId: run.id }, 'could not renew a job lease'))
          .finally(() => {
            renewing = false;
          });
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    kind.running += 1;
    controllers.add(controller);
    const done = execute(kind, run, controller)
      .catch((error: unknown) =>
        log.error({ err: error, jobId: run.id, job: run.name }, 'job bookkeeping failed'),
      )
      .finally(() => {
        clearInterval(heartbeat);
        kind.running -= 1;
        controllers.delete(controller);
        runs.delete(done);
        wake();
      });
    runs.add(done);
  }

  async function work(): Promise<void> {
    while (!closing) {
      nudged = false;
      let claimedAny = false;
      try {
        for (const kind of kinds.values()) {
          const free = kind.concurrency - kind.running;
          if (free <= 0 || closing) continue;
          for (const run of await claim(kind.definition.name, free)) {
            claimedAny = true;
            start(kind, run);
          }
        }
      } catch (error) {
        log.warn({ err: error }, 'could not claim jobs; trying again');
      }
      if (!claimedAny) await nap(pollMs);
    }
  }

  return {
    register(definition) {
      if (kinds.has(definition.name)) throw new Error(`Job "${definition.name}" is registered twice`);
      kinds.set(definition.name, {
        definition: definition as JobDefinition<unknown>,
        concurrency: Math.max(1, definition.concurrency ?? 1),
        running: 0,
      });
    },

    async enqueue(name, id, payload) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`No job named "${name}" is registered`);
      kind.definition.payload.parse(payload);
      const now = Date.now();
      const json = JSON.stringify(payload ?? null);
      const fresh = { name, payload: json, status: 'queued' as const, attempts: 0, run_after: now };
      await q
        .insertInto('queue_jobs')
        .values({ id, ...fresh, lease_until: null, last_error: null, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ ...fresh, lease_until: null, last_error: null, updated_at: now })
            // A queued or running job stays as it is; a finished one starts over.
            .where('queue_jobs.status', 'in', ['done', 'failed']),
        )
        .execute();
      wake();
    },

    start() {
      if (loop || closing) return;
      loop = work();
    },

    async close() {
      closing = true;
      wake();
      for (const controller of controllers) controller.abort(new Error('the job queue is closing'));
      await loop;
      await Promise.allSettled([...runs]);
    },

    async liveIds(name, ids) {
      if (ids.length === 0) return new Set();
      const rows = await q
        .selectFrom('queue_jobs')
        .select('id')
        .where('name', '=', name)
        .where('id', 'in', ids)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    async depth() {
      const rows = await q
        .selectFrom('queue_jobs')
        .select(['name', 'status', (eb) => eb.fn.countAll().as('count')])
        .where('status', 'in', ['queued', 'running'])
        .groupBy(['name', 'status'])
        .execute();
      const count = (name: string, status: string) =>
        Number(rows.find((row) => row.name === name && row.status === status)?.count ?? 0);
      return [...kinds.keys()].map((name) => ({
        name,
        waiting: count(name, 'queued'),
        running: count(name, 'running'),
      }));
    },

    async isUp() {
      return true;
    },

    async idle() {
      for (;;) {
        const { count } = await q
          .selectFrom('queue_jobs')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow();
        if (Number(count) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
