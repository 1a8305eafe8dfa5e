import type { Selectable } from 'kysely';
import { createRequests } from '../../platform/db/create-requests.ts';
import type { Db } from '../../platform/db/db.ts';
import type { OrderSubmissionsTable, OrdersTable } from '../../platform/db/schema.ts';
import { type OrderSourceRow, orderSourcesRepo } from './order-sources.repo.ts';

export type { OrderSourceRow };
export type OrderRow = Selectable<OrdersTable>;
export type SubmissionRow = Selectable<OrderSubmissionsTable>;

const MANUAL_KIND = 'manual_order';

/** The SQL of order actions and manual orders beyond the core's orders repo and the runs. */
export function orderActionsRepo(db: Db) {
  return {
    /** The same queries on another handle (a transaction). */
    withDb: (other: Db) => orderActionsRepo(other),

    source: (id: string) => orderSourcesRepo(db).source(id),
    sourceOfUser: (userId: string, id: string) => orderSourcesRepo(db).sourceOfUser(userId, id),

    /** The seller's connected Printify shops and Gelato stores. */
    productionSources(userId: string): Promise<OrderSourceRow[]> {
      return db
        .selectFrom('order_sources')
        .selectAll()
        .where('user_id', '=', userId)
        .where('provider', 'in', ['printify', 'gelato'])
        .where('connected', '=', 1)
        .orderBy('created_at')
        .execute();
    },

    /** The design when it is the seller's; undefined for anyone else's or a missing one. */
    designOfUser(userId: string, designId: string) {
      return db
        .selectFrom('designs')
        .select(['id', 'file_name', 'product_title', 'storage_key'])
        .where('id', '=', designId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    designProducts(designId: string) {
      return db
        .selectFrom('design_products')
        .select(['provider', 'shop_id', 'product_id'])
        .where('design_id', '=', designId)
        .execute();
    },

    /** The order's latest submission of a kind (open or closed). */
    lastSubmission(orderId: string, kinds: string[]): Promise<SubmissionRow | undefined> {
      return db
        .selectFrom('order_submissions')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', 'in', kinds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async setPayload(submissionId: string, payload: string): Promise<void> {
      await db.updateTable('order_submissions').set({ payload }).where('id', '=', submissionId).execute();
    },

    /** The order a manual create with this Idempotency-Key made within the window, if any. */
    manualKeyOrder: (userId: string, key: string, since: number) =>
      createRequests(db).find(userId, MANUAL_KIND, key, since),

    /**
     * Remembers the order a manual create made under the client's key; false when the key was
     * taken meanwhile (two requests at once): the caller's transaction is then undone.
     */
    async claimManualKey(userId: string, key: string, orderId: string, at: number, since: number) {
      const request = { user_id: userId, kind: MANUAL_KIND, key, created_id: orderId, created_at: at };
      return (await createRequests(db).claim(request, since)) === orderId;
    },

    /**
     * Gives PodFlow's row of a manual order the provider's id of the order made, keeping the
     * seller's order id. A row a webhook or reconcile made for it meanwhile gives its timeline and
     * goes.
     */
    async adoptProviderId(
      orderId: string,
      sourceId: string,
      made: { providerOrderId: string; updatedAt: number },
    ): Promise<void> {
      const { providerOrderId } = made;
      const twin = await db
        .selectFrom('orders')
        .select('id')
        .where('source_id', '=', sourceId)
        .where('provider_order_id', '=', providerOrderId)
        .where('id', '!=', orderId)
        .executeTakeFirst();
      if (twin) {
        await db
          .updateTable('order_timeline')
          .set({ order_id: orderId })
          .where('order_id', '=', twin.id)
          .execute();
        await db.deleteFrom('orders').where('id', '=', twin.id).execute();
      }
      await db
        .updateTable('orders')
        // Its provider time is the made order's, so the provider's snapshot applies over it.
        .set({ provider_order_id: providerOrderId, updated_at: made.updatedAt })
        .where('id', '=', orderId)
        .execute();
    },
  };
}

export type OrderActionsRepo = ReturnType<typeof orderActionsRepo>;
