import { randomUUID } from 'node:crypto';
import { type OrderAction, type OrderRun, orderMessages } from '@podflow/contract/orders';
import { UserError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import { ORDER_RUN_JOB } from './order-run.job.ts';
import type { OrderRunItemRow, OrderRunRow, OrderRunsRepo } from './order-runs.repo.ts';

/** How long a run's Idempotency-Key is remembered. */
export const RUN_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export type OrderRunsServiceDeps = { repo: OrderRunsRepo; queue: JobQueue; now?: () => number };

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The run as the page follows it: one item per id given, those not the seller's as not found. */
export function toOrderRun(run: OrderRunRow, rows: OrderRunItemRow[]): OrderRun {
  const missing = run.missing_ids ? (JSON.parse(run.missing_ids) as string[]) : [];
  const items: OrderRun['items'] = [
    ...rows.map((row) => ({
      order_id: row.order_id,
      number: row.number,
      status: row.status as OrderRun['items'][number]['status'],
      reason: row.reason,
      detail: row.detail,
    })),
    ...missing.map((id) => ({
      order_id: id,
      number: '',
      status: 'refused' as const,
      reason: orderMessages.notFound,
      detail: null,
    })),
  ];
  const count = (status: string) => items.filter((item) => item.status === status).length;
  return {
    id: run.id,
    action: run.action as OrderAction,
    status: run.status as OrderRun['status'],
    total: items.length,
    done: count('done'),
    refused: count('refused'),
    failed: count('failed'),
    items,
    created_at: iso(run.created_at)!,
    finished_at: iso(run.finished_at),
  };
}

/** Bulk order actions: started on the job queue, followed by their id. */
export function orderRunsService({ repo, queue, now = Date.now }: OrderRunsServiceDeps) {
  async function runOf(userId: string, runId: string): Promise<OrderRun> {
    const run = await repo.findOwnRun(userId, runId);
    if (!run) throw new UserError(404, 'Bulk action not found.', { code: 'run_not_found' });
    return toOrderRun(run, await repo.items(runId));
  }

  return {
    runOf,

    /**
     * Starts a run over the seller's orders among `orderIds` (each once; the others are reported
     * as not found and never acted on; none of the seller's is a 404). A repeat with the same
     * Idempotency-Key answers the first.
     */
    async start(
      userId: string,
      action: OrderAction,
      orderIds: string[],
      key: string | undefined,
    ): Promise<{ run: OrderRun; started: boolean }> {
      const ids = [...new Set(orderIds)];
      const own = await repo.ownOrders(userId, ids);
      // Nothing of the seller's to act on: not found, as any other seller's id is.
      if (own.length === 0) throw new UserError(404, orderMessages.notFound, { code: 'order_not_found' });
      const ownIds = new Set(own.map((order) => order.id));
      const at = now();
      const id = randomUUID();
      const inserted = await repo.insertRun(
        { id, user_id: userId, action, created_at: at, missing: ids.filter((given) => !ownIds.has(given)) },
        own.map((order) => order.id),
        key ? { key, since: at - RUN_KEY_TTL_MS } : null,
      );
      if (inserted.started) await queue.enqueue(ORDER_RUN_JOB, id, { runId: id });
      return { run: await runOf(userId, inserted.id), started: inserted.started };
    },
  };
}

export type OrderRunsService = ReturnType<typeof orderRunsService>;
