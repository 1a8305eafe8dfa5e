import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { OrderFilters } from '@podflow/contract/orders';
import type { Db } from '../../platform/db/db.ts';
import type { Database, OrdersTable } from '../../platform/db/schema.ts';
import { DAY } from './order-rules.ts';
import { normalizeTerm } from './order-text.ts';

export type OrderRow = Selectable<OrdersTable>;
/** A list row: the order and what the page shows of its source. */
export type OrderListRow = OrderRow & { shop_title: string; shop_id: string; connected: number };
export type Cursor = { createdAt: number; id: string };

/** A term matching more orders than this is searched by walking the list newest first. */
const COMMON_TERM = 2000;
const open = ['awaiting_approval', 'action_required', 'has_issues', 'pending', 'sending_to_production'];
const openStatuses = [...open, 'in_production', 'in_progress', 'not_at_provider', 'draft'];

/** A list row is a provider order, or a store order that has reached no provider. */
const listable = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([eb('orders.provider', 'in', ['printify', 'gelato']), eb('orders.linked_order_id', 'is', null)]);

/** The orders' reads: the list and its filters, the page's designs and store sides, the counts. */
export function ordersListRepo(db: Db) {
  /** Whether a search term matches more orders than are worth sorting (then the list is walked instead). */
  async function isCommonTerm(userId: string, q: string): Promise<boolean> {
    const term = normalizeTerm(q).slice(0, 200);
    if (!term) return false;
    const rows = await db
      .selectFrom('order_search')
      .select('order_id')
      .where('user_id', '=', userId)
      .where('term', '=', term)
      .limit(COMMON_TERM + 1)
      .execute();
    return rows.length > COMMON_TERM;
  }

  /** How many list rows need the seller now. */
  async function attentionCount(userId: string, now: number): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('attention_at', '<=', now)
      .where(listable)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Filters shared by the list, the CSV and the attention query. */
  function filtered(userId: string, filters: OrderFilters, now: number, common?: boolean) {
    let query = db
      .selectFrom('orders')
      .innerJoin('order_sources', 'order_sources.id', 'orders.source_id')
      .selectAll('orders')
      .select(['order_sources.shop_title', 'order_sources.shop_id', 'order_sources.connected'])
      // One shop's orders are owned through the shop: then only the shop's indexes fit the query.
      .where(filters.source_id ? 'order_sources.user_id' : 'orders.user_id', '=', userId)
      .where(listable);
    if (filters.provider) query = query.where('orders.provider', '=', filters.provider);
    if (filters.source_id) query = query.where('orders.source_id', '=', filters.source_id);
    if (filters.status) query = query.where('orders.status', '=', filters.status);
    if (filters.from) query = query.where('orders.created_at', '>=', Date.parse(`${filters.from}T00:00:00Z`));
    if (filters.to)
      query = query.where('orders.created_at', '<', Date.parse(`${filters.to}T00:00:00Z`) + DAY);
    if (filters.attention) query = query.where('orders.attention_at', '<=', now);
    const term = filters.q ? normalizeTerm(filters.q).slice(0, 200) : '';
    if (term) {
      const matches = (eb: ExpressionBuilder<Database, 'orders'>) =>
        eb
          .selectFrom('order_search')
          .select('order_search.order_id')
          .where('order_search.user_id', '=', userId)
          .where('order_search.term', '=', term);
      // A rare term: its few orders by the term index, then sorted. A common one ("jane"): the
      // orders newest first, each probed by the term's primary key, until the page is full.
      query =
        common === true
          ? query.where((eb) =>
              eb.exists(
                eb
                  .selectFrom('order_search')
                  .select('order_search.order_id')
                  .whereRef('order_search.order_id', '=', 'orders.id')
                  .where('order_search.term', '=', term),
              ),
            )
          : query.where('orders.id', 'in', matches);
    }
    return query;
  }
  return {
    isCommonTerm,

    /**
     * One page, newest first, after `cursor` (keyset on created_at, id). `common`: isCommonTerm of
     * the search, when a caller reading many pages already asked.
     */
    async page(
      userId: string,
      filters: OrderFilters,
      cursor: Cursor | null,
      limit: number,
      now: number,
      common?: boolean,
    ) {
      const walk = common ?? (filters.q ? await isCommonTerm(userId, filters.q) : false);
      let query = filtered(userId, filters, now, walk);
      if (cursor) {
        // The first bound alone lets every index on (…, created_at, id) start at the cursor.
        query = query
          .where('orders.created_at', '<=', cursor.createdAt)
          .where((eb) =>
            eb.or([eb('orders.created_at', '<', cursor.createdAt), eb('orders.id', '<', cursor.id)]),
          );
      }
      return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
    },

    /** Orders needing the seller now, the longest-waiting first (the digest mail and the summary). */
    attentionRows(userId: string, now: number, limit: number): Promise<OrderListRow[]> {
      return filtered(userId, { attention: true }, now)
        .orderBy('orders.attention_at', 'asc')
        .limit(limit)
        .execute();
    },

    /** The store orders beside a page's provider orders, by id. */
    async linkedRows(ids: string[]): Promise<Map<string, OrderRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** The designs (and their first mockup) of a page's product ids, in one query. */
    async designsOfProducts(userId: string, productIds: string[]) {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('design_products')
        .innerJoin('designs', 'designs.id', 'design_products.design_id')
        .select([
          'design_products.provider',
          'design_products.shop_id',
          'design_products.product_id',
          'designs.id as design_id',
          'designs.thumbnail_key',
          (eb) =>
            eb
              .selectFrom('mockups')
              .select('mockups.thumbnail_key')
              .whereRef('mockups.design_id', '=', 'designs.id')
              .orderBy('mockups.created_at')
              .orderBy('mockups.id')
              .limit(1)
              .as('mockup_key'),
        ])
        .where('designs.user_id', '=', userId)
        .where('design_products.product_id', 'in', [...new Set(productIds)])
        .execute();
    },

    timeline(orderId: string) {
      return db
        .selectFrom('order_timeline')
        .select(['at', 'text', 'origin'])
        .where('order_id', '=', orderId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    /**
     * Counts per status and of those needing attention now. Every row is counted from the status
     * index alone, then the store rows that are not list rows (linked ones, few) are taken off.
     */
    async counts(userId: string, now: number) {
      const perStatus = (linkedStoreRows: boolean) => {
        let query = db
          .selectFrom('orders')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('user_id', '=', userId);
        if (linkedStoreRows) {
          query = query
            .where('provider', 'in', ['shopify', 'woocommerce'])
            .where('linked_order_id', 'is not', null);
        }
        return query.groupBy('status').execute();
      };
      const [all, hidden, attention] = await Promise.all([
        perStatus(false),
        perStatus(true),
        attentionCount(userId, now),
      ]);
      const off = new Map(hidden.map((row) => [row.status, Number(row.n)]));
      const statuses = all
        .map((row) => ({ status: row.status, n: Number(row.n) - (off.get(row.status) ?? 0) }))
        .filter((row) => row.n > 0);
      return { statuses, attention };
    },

    attentionCount,

    /** Orders and margin per UTC day (epoch day number) from `since`, and the most common currency. */
    async days(userId: string, since: number) {
      const day = sql<number>`orders.created_at / ${sql.lit(DAY)}`;
      const rows = await db
        .selectFrom('orders')
        .select([
          day.as('day'),
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('margin_cents').as('margin'),
        ])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where(listable)
        .groupBy(day)
        .execute();
      const currency = await db
        .selectFrom('orders')
        .select(['currency', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where(listable)
        .groupBy('currency')
        .orderBy('n', 'desc')
        .orderBy('currency')
        .limit(1)
        .executeTakeFirst();
      return { rows, currency: currency?.currency ?? null };
    },

    /** The oldest order of the source still open: the reconcile pages back to it. */
    async oldestOpen(sourceId: string): Promise<number | null> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.min<number>('created_at').as('at'))
        .where('source_id', '=', sourceId)
        .where('status', 'in', openStatuses)
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },

    /** The provider's last update of an order, for deciding whether an event is stale. */
    async updatedAt(sourceId: string, providerOrderId: string): Promise<number | null> {
      const row = await db
        .selectFrom('orders')
        .select('updated_at')
        .where('source_id', '=', sourceId)
        .where('provider_order_id', '=', providerOrderId)
        .executeTakeFirst();
      return row ? Number(row.updated_at) : null;
    },
  };
}
