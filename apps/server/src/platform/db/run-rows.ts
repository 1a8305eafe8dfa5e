import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';

/** The tables of bulk runs and of their per-item results, pair by pair. */
export type RunTables =
  | { runs: 'listing_runs'; items: 'listing_results' }
  | { runs: 'store_sync_runs'; items: 'store_sync_results' }
  | { runs: 'order_runs'; items: 'order_run_items' };

/** What every run row has: the contract's run status words and its times. */
type RunColumns = {
  id: string;
  status: string;
  reason: string | null;
  started_at: number | null;
  finished_at: number | null;
};
type ItemColumns = { run_id: string; position: number };
type Generic = Kysely<{ runs: RunColumns; items: ItemColumns }>;

const unfinished = ['Pending', 'In Progress'];

/**
 * The SQL every kind of bulk run shares (listing runs, store syncs, order actions): a run and its
 * items inserted at once, read back, started and finished. Each module's repo keeps what is its
 * own (which run is active for a workspace, how an item's outcome is written).
 */
export function runRows<T extends RunTables>(db: Db, tables: T) {
  type Run = Selectable<Database[T['runs']]>;
  type Item = Selectable<Database[T['items']]>;
  // Kysely cannot type a table chosen at run time: the pair is read through the columns all share.
  const generic = db as unknown as Generic;
  const runs = tables.runs as 'runs';
  const items = tables.items as 'items';

  return {
    /**
     * Inserts a run with its items in one transaction. When a unique index refuses it (a run
     * already active, a second click), `existing` answers the run in the way, which is answered
     * instead; without one the error is thrown.
     */
    async insertRun(
      run: Insertable<Database[T['runs']]>,
      rows: Insertable<Database[T['items']]>[],
      existing: () => Promise<{ id: string } | undefined>,
    ): Promise<{ id: string; started: boolean }> {
      try {
        await db.transaction().execute(async (trx) => {
          const same = trx as unknown as Generic;
          await same
            .insertInto(runs)
            .values(run as unknown as RunColumns)
            .execute();
          if (rows.length > 0) {
            await same
              .insertInto(items)
              .values(rows as unknown as ItemColumns[])
              .execute();
          }
        });
        return { id: (run as unknown as RunColumns).id, started: true };
      } catch (error) {
        const running = await existing();
        if (running) return { id: running.id, started: false };
        throw error;
      }
    },

    async findRun(id: string): Promise<Run | undefined> {
      return (await generic.selectFrom(runs).selectAll().where('id', '=', id).executeTakeFirst()) as
        Run | undefined;
    },

    /** The run's items in their place. */
    async results(runId: string): Promise<Item[]> {
      return (await generic
        .selectFrom(items)
        .selectAll()
        .where('run_id', '=', runId)
        .orderBy('position')
        .execute()) as unknown as Item[];
    },

    async startRun(id: string): Promise<void> {
      await generic
        .updateTable(runs)
        .set({ status: 'In Progress', started_at: Date.now() })
        .where('id', '=', id)
        .where('status', 'in', unfinished)
        .execute();
    },

    async finishRun(id: string, status: 'Completed' | 'Failed', reason: string | null): Promise<void> {
      await generic
        .updateTable(runs)
        .set({ status, reason, finished_at: Date.now() })
        .where('id', '=', id)
        .execute();
    },
  };
}
