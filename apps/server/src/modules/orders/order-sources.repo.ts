import { randomUUID } from 'node:crypto';
import { type Selectable, type Updateable, sql } from 'kysely';
import { orderProviders } from '@podflow/contract/orders';
import type { Db } from '../../platform/db/db.ts';
import type {
  OrderEventsTable,
  OrderSourcesTable,
  ProviderConnectionsTable,
} from '../../platform/db/schema.ts';
import { DAY, DEFAULT_NO_TRACKING_DAYS } from './order-rules.ts';

export type OrderSourceRow = Selectable<OrderSourcesTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type ConnectionRow = Selectable<ProviderConnectionsTable>;

/** Order sources (the seller's shops), their webhook events, and the seller's order settings. */
export function orderSourcesRepo(db: Db) {
  return {
    /**
     * The seller's connections to order providers, newest first (the first of each provider and
     * shop is the one whose credential reaches it), leaving out a workspace about to be deleted.
     */
    connections(userId: string, withoutWorkspace?: string): Promise<ConnectionRow[]> {
      let query = db
        .selectFrom('provider_connections')
        .selectAll()
        .where('user_id', '=', userId)
        .where('provider', 'in', [...orderProviders]);
      if (withoutWorkspace) query = query.where('workspace_id', '!=', withoutWorkspace);
      return query.orderBy('updated_at', 'desc').orderBy('workspace_id').execute();
    },

    sourcesOf(userId: string): Promise<OrderSourceRow[]> {
      return db
        .selectFrom('order_sources')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('provider')
        .orderBy('shop_title')
        .orderBy('id')
        .execute();
    },

    source(sourceId: string): Promise<OrderSourceRow | undefined> {
      return db.selectFrom('order_sources').selectAll().where('id', '=', sourceId).executeTakeFirst();
    },

    sourceOfUser(userId: string, sourceId: string): Promise<OrderSourceRow | undefined> {
      return db
        .selectFrom('order_sources')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', sourceId)
        .executeTakeFirst();
    },

    sourceByToken(token: string): Promise<OrderSourceRow | undefined> {
      return db.selectFrom('order_sources').selectAll().where('webhook_token', '=', token).executeTakeFirst();
    },

    /** Every seller with an order provider connected or an order source (the periodic derivation). */
    async usersWithShops(): Promise<string[]> {
      const rows = await db
        .selectFrom('provider_connections')
        .select('user_id')
        .where('provider', 'in', [...orderProviders])
        .union(db.selectFrom('order_sources').select('user_id'))
        .execute();
      return rows.map((row) => row.user_id);
    },

    connectedSourceIds(): Promise<string[]> {
      return db
        .selectFrom('order_sources')
        .select('id')
        .where('connected', '=', 1)
        .execute()
        .then((rows) => rows.map((row) => row.id));
    },

    /** Adds a source once per (user, provider, shop); answers the stored one. */
    async addSource(row: {
      user_id: string;
      provider: string;
      shop_id: string;
      shop_title: string;
      webhook_token: string;
      now: number;
    }): Promise<OrderSourceRow> {
      const { now, ...values } = row;
      await db
        .insertInto('order_sources')
        .values({
          id: randomUUID(),
          ...values,
          connected: 1,
          webhooks: 'off',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'provider', 'shop_id']).doNothing())
        .execute();
      return db
        .selectFrom('order_sources')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .where('provider', '=', row.provider)
        .where('shop_id', '=', row.shop_id)
        .executeTakeFirstOrThrow();
    },

    async updateSource(sourceId: string, values: Updateable<OrderSourcesTable>): Promise<void> {
      await db.updateTable('order_sources').set(values).where('id', '=', sourceId).execute();
    },

    /** Stores a webhook event once per source and key; false when it was already stored. */
    async addEvent(row: Omit<OrderEventRow, 'id'>): Promise<boolean> {
      const inserted = await db
        .insertInto('order_events')
        .values({ id: randomUUID(), ...row })
        .onConflict((oc) => oc.columns(['source_id', 'event_key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    pendingEvents(sourceId: string, limit: number): Promise<OrderEventRow[]> {
      return db
        .selectFrom('order_events')
        .selectAll()
        .where('source_id', '=', sourceId)
        .where('outcome', '=', 'pending')
        .orderBy('received_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async setOutcome(eventIds: string[], outcome: 'applied' | 'stale' | 'ignored'): Promise<void> {
      if (eventIds.length === 0) return;
      await db.updateTable('order_events').set({ outcome }).where('id', 'in', eventIds).execute();
    },

    async settings(userId: string): Promise<{ digest: boolean; no_tracking_days: number }> {
      const row = await db
        .selectFrom('order_settings')
        .select(['digest', 'no_tracking_days'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        digest: Number(row?.digest ?? 0) === 1,
        no_tracking_days: row ? Number(row.no_tracking_days) : DEFAULT_NO_TRACKING_DAYS,
      };
    },

    async saveSettings(userId: string, digest: boolean, noTrackingDays: number): Promise<void> {
      const values = { digest: digest ? 1 : 0, no_tracking_days: noTrackingDays };
      await db
        .insertInto('order_settings')
        .values({ user_id: userId, ...values, digest_sent_at: null })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** Moves the "shipped with no tracking" attention of the seller's orders to the new number of days. */
    async moveNoTracking(userId: string, days: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({
          attention_at: sql<number>`coalesce(shipped_at, updated_at) + ${days * DAY}`,
        })
        .where('user_id', '=', userId)
        .where('attention_reason', '=', 'no_tracking')
        .execute();
    },
  };
}

export type OrderSourcesRepo = ReturnType<typeof orderSourcesRepo>;
