import type { FastifyBaseLogger } from 'fastify';
import { repeatEvery } from '../../platform/concurrency/repeat-every.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import type { OrderSourcesRepo } from './order-sources.repo.ts';
import { SYNC_ORDERS_JOB, type OrderSourcesService, syncJobId } from './order-sources.service.ts';

type Deps = {
  sources: OrderSourcesRepo;
  service: OrderSourcesService;
  queue: JobQueue;
  intervalMs: number;
  log: FastifyBaseLogger;
};

/**
 * Every ORDERS_SYNC_MINUTES: the sellers' sources derived again from their connections (a hook
 * that was missed is caught), then a sync queued for every connected source. A source's sync has
 * one job id, so a sync still waiting or running is not queued twice.
 */
export function ordersScheduler(deps: Deps) {
  const { sources, service, queue, log } = deps;

  async function tick(): Promise<void> {
    for (const userId of await sources.usersWithShops()) await service.syncSources(userId);
    for (const sourceId of await sources.connectedSourceIds()) {
      await queue.enqueue(SYNC_ORDERS_JOB, syncJobId(sourceId), { sourceId });
    }
  }

  return {
    tick,
    /** Starts ticking (the first tick at once); answers the stop function (which waits for a tick under way). */
    schedule: (): (() => Promise<void>) =>
      repeatEvery(deps.intervalMs, tick, (error) =>
        log.error({ err: error }, 'orders: the periodic sync failed to start'),
      ),
  };
}
