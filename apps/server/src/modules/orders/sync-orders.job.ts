import type { z } from 'zod';
import {
  JobStopped,
  type JobDefinition,
  type JobOutcome,
  stopIfAsked,
  untilStopped,
} from '../../platform/queue/job-queue.ts';
import { type OrderJobDeps, applyPendingEvents, sourcePayload } from './order-events.job.ts';
import { DAY, HOUR } from './order-rules.ts';
import type { OrderSourceAdapter, SnapshotPage } from './order-source.ts';
import type { OrderSourceRow } from './order-sources.repo.ts';
import { SYNC_ORDERS_JOB, problemOf } from './order-sources.service.ts';

type Deps = OrderJobDeps;
const payload = sourcePayload;
/** A first import brings this much; a reconcile never pages back further. */
export const IMPORT_WINDOW_MS = 60 * DAY;

/**
 * orders.sync: a source's first import (the last 60 days, every page, its place recorded after each
 * page so a killed import goes on from there), then a reconcile on every later run (newest first,
 * back to the oldest order still open, so a missed webhook is caught by the next run), then its
 * pending events. One job id per source: never two syncs of one source at once.
 */
export function syncOrdersJob(deps: Deps): JobDefinition<z.infer<typeof payload>> {
  const { sources, orders, service } = deps;
  const now = deps.now ?? Date.now;

  /** Applies the adapter's pages from `cursor` to the end; `reached` hears where each page ended. */
  async function readPages(
    source: OrderSourceRow,
    adapter: OrderSourceAdapter,
    read: { since: number; cursor: string | null; origin: 'import' | 'reconcile' },
    signal: AbortSignal,
    reached?: (next: string | null) => Promise<void>,
  ) {
    let cursor = read.cursor;
    do {
      stopIfAsked(signal);
      const page: SnapshotPage = await untilStopped(adapter.list(cursor, { since: read.since }), signal);
      await orders.applySnapshots(source, page.orders, read.origin, now());
      cursor = page.next;
      await reached?.(cursor);
    } while (cursor !== null);
  }

  async function importAll(source: OrderSourceRow, adapter: OrderSourceAdapter, signal: AbortSignal) {
    const since = source.import_since === null ? now() - IMPORT_WINDOW_MS : Number(source.import_since);
    if (source.import_since === null) await sources.updateSource(source.id, { import_since: since });
    await readPages(
      source,
      adapter,
      { since, cursor: source.import_cursor, origin: 'import' },
      signal,
      (next) => sources.updateSource(source.id, { import_cursor: next }),
    );
    await sources.updateSource(source.id, { imported_at: now(), import_cursor: null });
  }

  async function reconcile(source: OrderSourceRow, adapter: OrderSourceAdapter, signal: AbortSignal) {
    const at = now();
    const lastSync = source.synced_at === null ? at : Number(source.synced_at);
    const oldestOpen = await orders.oldestOpen(source.id);
    const since = Math.max(at - IMPORT_WINDOW_MS, Math.min(oldestOpen ?? Infinity, lastSync - HOUR));
    await readPages(source, adapter, { since, cursor: null, origin: 'reconcile' }, signal);
  }

  async function handle(
    { sourceId }: z.infer<typeof payload>,
    context: { signal: AbortSignal },
  ): Promise<JobOutcome> {
    const source = await sources.source(sourceId);
    if (!source) return { status: 'skipped', reason: 'The source is gone.' };
    if (source.connected !== 1) return { status: 'skipped', reason: 'The source is disconnected.' };
    const opened = await service.adapterOf(source);
    if ('problem' in opened) {
      await sources.updateSource(source.id, { sync_problem: opened.problem, updated_at: now() });
      return { status: 'skipped', reason: opened.problem };
    }
    try {
      if (source.imported_at === null) await importAll(source, opened.adapter, context.signal);
      else await reconcile(source, opened.adapter, context.signal);
      await applyPendingEvents(deps, source, opened.adapter, context.signal);
    } catch (error) {
      if (error instanceof JobStopped) throw error;
      // Where it stopped is recorded: the next run (within ORDERS_SYNC_MINUTES) goes on from there.
      const problem = problemOf(source.provider, error);
      await sources.updateSource(source.id, { sync_problem: problem, updated_at: now() });
      return { status: 'failed', reason: problem };
    }
    await sources.updateSource(source.id, { synced_at: now(), sync_problem: null, updated_at: now() });
    return { status: 'completed' };
  }

  return { name: SYNC_ORDERS_JOB, payload, concurrency: 4, handle };
}
