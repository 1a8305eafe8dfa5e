import { z } from 'zod';
import {
  type JobDefinition,
  type JobOutcome,
  stopIfAsked,
  untilStopped,
} from '../../platform/queue/job-queue.ts';
import type { OrderSourceAdapter } from './order-source.ts';
import type { OrderSourceRow, OrderSourcesRepo } from './order-sources.repo.ts';
import { ORDER_EVENTS_JOB, type OrderSourcesService } from './order-sources.service.ts';
import type { OrdersRepo } from './orders.repo.ts';

/** What the orders jobs (orders.sync and orders.events) are built from. */
export type OrderJobDeps = {
  sources: OrderSourcesRepo;
  orders: OrdersRepo;
  service: OrderSourcesService;
  now?: () => number;
};
type Deps = OrderJobDeps;

/** Both orders jobs take one source. */
export const sourcePayload = z.object({ sourceId: z.string() });
const payload = sourcePayload;
const BATCH = 100;

/**
 * Applies a source's pending webhook events: each distinct order is fetched once (its present
 * state), so events applied in any order, or twice, leave the same row. Safe to run twice: an
 * event is marked only after its order was applied.
 */
export async function applyPendingEvents(
  deps: Deps,
  source: OrderSourceRow,
  adapter: OrderSourceAdapter,
  signal: AbortSignal,
): Promise<number> {
  const now = deps.now ?? Date.now;
  let applied = 0;
  for (;;) {
    stopIfAsked(signal);
    const events = await deps.sources.pendingEvents(source.id, BATCH);
    if (events.length === 0) return applied;
    const byOrder = new Map<string, string[]>();
    for (const event of events) {
      const key = event.provider_order_id ?? '';
      byOrder.set(key, [...(byOrder.get(key) ?? []), event.id]);
    }
    for (const [providerOrderId, ids] of byOrder) {
      stopIfAsked(signal);
      const snapshot = providerOrderId ? await untilStopped(adapter.get(providerOrderId), signal) : null;
      if (!snapshot) {
        await deps.sources.setOutcome(ids, 'ignored');
        continue;
      }
      await deps.orders.applySnapshot(source, snapshot, 'webhook', now());
      await deps.sources.setOutcome(ids, 'applied');
      applied += ids.length;
    }
  }
}

/** orders.events: a source's webhook events, applied as the provider's present state. */
export function orderEventsJob(deps: Deps): JobDefinition<z.infer<typeof payload>> {
  async function handle(
    { sourceId }: z.infer<typeof payload>,
    context: { signal: AbortSignal },
  ): Promise<JobOutcome> {
    const source = await deps.sources.source(sourceId);
    if (!source) return { status: 'skipped', reason: 'The source is gone.' };
    const opened = await deps.service.adapterOf(source);
    if ('problem' in opened) return { status: 'skipped', reason: opened.problem };
    await applyPendingEvents(deps, source, opened.adapter, context.signal);
    return { status: 'completed' };
  }
  return { name: ORDER_EVENTS_JOB, payload, concurrency: 4, handle };
}
