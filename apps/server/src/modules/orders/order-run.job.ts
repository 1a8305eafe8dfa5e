import { z } from 'zod';
import type { OrderAction } from '@podflow/contract/orders';
import { eachLimited } from '../../platform/concurrency/each-limited.ts';
import type { JobContext, JobDefinition, JobOutcome } from '../../platform/queue/job-queue.ts';
import type { ActionResult, OrderActionsService } from './order-actions.service.ts';
import type { OrderRunsRepo } from './order-runs.repo.ts';

export const ORDER_RUN_JOB = 'orders.run';

export type OrderRunJobDeps = {
  repo: OrderRunsRepo;
  actions: Pick<OrderActionsService, 'actOn'>;
  /** Orders acted on at once: few, so a run stays well within Printify's 600 requests a minute. */
  concurrency?: number;
  /** Tries per order while the provider fails or cannot be reached (each try reads before it resends). */
  tries?: number;
  /** Waits between those tries. */
  sleep?: (ms: number) => Promise<void>;
};

const payload = z.object({ runId: z.string() });

const gaveUp = 'The bulk action stopped after repeated failures: the orders left pending were not acted on.';

/**
 * A bulk action over the seller's chosen orders. Each order's outcome is recorded as it comes, so
 * a run handed back (a stopping worker) or taken again (a dead one) goes on with the orders still
 * pending; an order whose write was in flight when its worker died is settled by reading it
 * (order-submissions.ts), so no order is ever sent twice.
 */
export function orderRunJob(deps: OrderRunJobDeps): JobDefinition<z.infer<typeof payload>> {
  const { repo, actions } = deps;
  const tries = deps.tries ?? 3;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function oneOrder(
    userId: string,
    orderId: string,
    action: OrderAction,
    runSince: number,
  ): Promise<ActionResult> {
    let result = await actions.actOn(userId, orderId, action, runSince);
    for (let attempt = 1; result.status === 'failed' && attempt < tries; attempt += 1) {
      await sleep(250 * attempt);
      result = await actions.actOn(userId, orderId, action, runSince);
    }
    return result;
  }

  async function handle({ runId }: z.infer<typeof payload>, { signal }: JobContext): Promise<JobOutcome> {
    const run = await repo.findRun(runId);
    if (!run || run.status === 'Completed' || run.status === 'Failed') {
      return { status: 'skipped', reason: 'the run has ended' };
    }
    await repo.startRun(runId);
    const pending = (await repo.items(runId)).filter((item) => item.status === 'pending');
    // Asked to stop, the orders in hand finish and are recorded; the rest wait for the next worker.
    await eachLimited(
      pending,
      deps.concurrency ?? 3,
      async (item) => {
        const result = await oneOrder(
          run.user_id,
          item.order_id,
          run.action as OrderAction,
          Number(run.created_at),
        );
        await repo.setItem(runId, item.order_id, {
          status: result.status,
          reason: result.message,
          detail: result.status === 'done' ? null : result.detail,
        });
      },
      signal,
    );
    await repo.finishRun(runId, 'Completed', null);
    return { status: 'completed' };
  }

  return {
    name: ORDER_RUN_JOB,
    payload,
    concurrency: 2,
    handle,
    onGiveUp: ({ runId }) => repo.finishRun(runId, 'Failed', gaveUp),
  };
}
