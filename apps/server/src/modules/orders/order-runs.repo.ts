import type { Selectable } from 'kysely';
import type { OrderAction, OrderRunItem } from '@podflow/contract/orders';
import { createRequests } from '../../platform/db/create-requests.ts';
import type { Db } from '../../platform/db/db.ts';
import { runRows } from '../../platform/db/run-rows.ts';
import type { OrderRunItemsTable, OrderRunsTable } from '../../platform/db/schema.ts';

export type OrderRunRow = Selectable<OrderRunsTable>;
export type OrderRunItemRow = Selectable<OrderRunItemsTable> & { number: string };
export type RunItemOutcome = Pick<OrderRunItem, 'status' | 'reason' | 'detail'>;

const CREATE_KIND = 'order_run';

/** The only place with the SQL of bulk order runs and their items. */
export function orderRunsRepo(db: Db) {
  const runs = runRows(db, { runs: 'order_runs', items: 'order_run_items' });

  return {
    /** Of these ids, the seller's orders (id and number), in the order given. */
    async ownOrders(userId: string, ids: string[]): Promise<{ id: string; number: string }[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'number'])
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Inserts a run and its items; with the client's Idempotency-Key, a repeat within `since`
     * inserts nothing and answers the run the first request made.
     */
    async insertRun(
      run: { id: string; user_id: string; action: OrderAction; created_at: number; missing: string[] },
      orderIds: string[],
      key: { key: string; since: number } | null,
    ): Promise<{ id: string; started: boolean }> {
      return db.transaction().execute(async (trx) => {
        if (key) {
          const request = {
            user_id: run.user_id,
            kind: CREATE_KIND,
            key: key.key,
            created_id: run.id,
            created_at: run.created_at,
          };
          const bound = await createRequests(trx).claim(request, key.since);
          if (bound !== run.id) return { id: bound, started: false };
        }
        await trx
          .insertInto('order_runs')
          .values({
            id: run.id,
            user_id: run.user_id,
            action: run.action,
            status: 'Pending',
            reason: null,
            created_at: run.created_at,
            started_at: null,
            finished_at: null,
            missing_ids: run.missing.length > 0 ? JSON.stringify(run.missing) : null,
          })
          .execute();
        if (orderIds.length > 0) {
          await trx
            .insertInto('order_run_items')
            .values(
              orderIds.map((orderId, position) => ({
                run_id: run.id,
                order_id: orderId,
                position,
                status: 'pending',
                reason: null,
                detail: null,
              })),
            )
            .execute();
        }
        return { id: run.id, started: true };
      });
    },

    findRun: runs.findRun,

    findOwnRun(userId: string, id: string): Promise<OrderRunRow | undefined> {
      return db
        .selectFrom('order_runs')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    items(runId: string): Promise<OrderRunItemRow[]> {
      return db
        .selectFrom('order_run_items')
        .innerJoin('orders', 'orders.id', 'order_run_items.order_id')
        .selectAll('order_run_items')
        .select('orders.number')
        .where('order_run_items.run_id', '=', runId)
        .orderBy('order_run_items.position')
        .execute();
    },

    startRun: runs.startRun,
    finishRun: runs.finishRun,

    async setItem(runId: string, orderId: string, outcome: RunItemOutcome): Promise<void> {
      await db
        .updateTable('order_run_items')
        .set(outcome)
        .where('run_id', '=', runId)
        .where('order_id', '=', orderId)
        .execute();
    },
  };
}

export type OrderRunsRepo = ReturnType<typeof orderRunsRepo>;
