import { randomUUID } from 'node:crypto';
import type { OrderProvider, OrderTimelineEntry } from '@podflow/contract/orders';
import type { Db } from '../../platform/db/db.ts';
import { DEFAULT_NO_TRACKING_DAYS, type RuleOrder, attentionOf, isStore } from './order-rules.ts';
import type { OrderSnapshot, SnapshotItem, SnapshotShipment } from './order-source.ts';
import { searchTerms, statusSentence } from './order-text.ts';
import { type OrderListRow, type OrderRow, ordersListRepo } from './orders-list.repo.ts';

export type { Cursor, OrderListRow, OrderRow } from './orders-list.repo.ts';
export type Origin = OrderTimelineEntry['origin'];
/** The source a snapshot belongs to. */
export type SnapshotSource = { id: string; user_id: string; provider: string };

/** The store's order id as Printify names it ("1370762297") and as the Shopify adapter may ("gid://…/Order/1370762297"). */
const storeIdForms = (id: string) => {
  const tail = id.replace(/^gid:\/\/shopify\/Order\//, '');
  return [...new Set([id, tail, `gid://shopify/Order/${tail}`])];
};

/** The rules' view of a stored row. */
export function ruleOrderOf(
  row: OrderRow,
  extra: { podflowProduct: boolean; submissionFailedAt: number | null },
  shipments = JSON.parse(row.shipments_json) as SnapshotShipment[],
): RuleOrder {
  return {
    provider: row.provider as OrderProvider,
    status: row.status as RuleOrder['status'],
    problem: row.problem as RuleOrder['problem'],
    financialStatus: row.financial_status,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    shippedAt: row.shipped_at === null ? null : Number(row.shipped_at),
    trackingNumbers: shipments.map((s) => s.number ?? ''),
    linked: row.linked_order_id !== null,
    podflowProduct: extra.podflowProduct,
    submissionFailedAt: extra.submissionFailedAt,
  };
}

/** The orders' rows: applied snapshots, their timeline, links and search terms; the list's queries. */
/** Orders timeline entries written by this process within one millisecond. */
let timelineSequence = 0;

export function ordersRepo(db: Db) {
  // A transaction's repo lives for one page of a sync: the seller's setting is read once for it.
  const settingsRead = new Map<string, Promise<number>>();
  function noTrackingDays(userId: string): Promise<number> {
    const known = db.isTransaction ? settingsRead.get(userId) : undefined;
    if (known) return known;
    const read = db
      .selectFrom('order_settings')
      .select('no_tracking_days')
      .where('user_id', '=', userId)
      .executeTakeFirst()
      .then((row) => (row ? Number(row.no_tracking_days) : DEFAULT_NO_TRACKING_DAYS));
    if (db.isTransaction) settingsRead.set(userId, read);
    return read;
  }

  /** When PodFlow's last submission of the order failed, if failing is its last word. */
  async function submissionFailedAt(orderId: string): Promise<number | null> {
    const last = await db
      .selectFrom('order_submissions')
      .select(['outcome', 'closed_at'])
      .where('order_id', '=', orderId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return last?.outcome === 'failed' && last.closed_at !== null ? Number(last.closed_at) : null;
  }

  /** Whether one of a store order's items is a product PodFlow synced to the seller's stores. */
  async function hasPodflowProduct(userId: string, items: SnapshotItem[]): Promise<boolean> {
    const ids = items.flatMap((item) =>
      item.productId ? [item.productId, item.productId.replace(/^.*\//, '')] : [],
    );
    if (ids.length === 0) return false;
    const row = await db
      .selectFrom('store_sync_results')
      .innerJoin('store_sync_runs', 'store_sync_runs.id', 'store_sync_results.run_id')
      .select('store_sync_results.design_id')
      .where('store_sync_runs.user_id', '=', userId)
      .where('store_sync_results.store_product_id', 'in', [
        ...new Set([...ids, ...ids.map((id) => `gid://shopify/Product/${id}`)]),
      ])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** `fresh`: the row was inserted just now, so no submission of PodFlow's names it yet. */
  async function writeAttention(row: OrderRow, podflowProduct: boolean, now: number, fresh = false) {
    const attention = attentionOf(
      ruleOrderOf(row, {
        podflowProduct,
        submissionFailedAt: fresh ? null : await submissionFailedAt(row.id),
      }),
      await noTrackingDays(row.user_id),
    );
    const reason = attention?.reason ?? null;
    const at = attention?.at ?? null;
    if (
      row.attention_reason === reason &&
      (row.attention_at === null ? null : Number(row.attention_at)) === at
    )
      return;
    await db
      .updateTable('orders')
      .set({ attention_reason: reason, attention_at: at, seen_at: now })
      .where('id', '=', row.id)
      .execute();
  }

  /**
   * Entries read by `at`, then by id: the id starts with the time it was written, so entries of
   * the same second (Printify's times have no finer grain) read in the order they came.
   */
  async function addTimeline(orderId: string, at: number, text: string, origin: Origin): Promise<void> {
    // Sorted by when they were written, within a millisecond too (ties of `at` keep their order).
    const id = `${Date.now().toString(36).padStart(10, '0')}-${(timelineSequence++ % 1e9).toString().padStart(9, '0')}-${randomUUID()}`;
    await db.insertInto('order_timeline').values({ id, order_id: orderId, at, text, origin }).execute();
  }

  async function writeTerms(orderId: string, userId: string, terms: string[], fresh = false): Promise<void> {
    if (!fresh) await db.deleteFrom('order_search').where('order_id', '=', orderId).execute();
    if (terms.length > 0) {
      await db
        .insertInto('order_search')
        .values(terms.map((term) => ({ order_id: orderId, user_id: userId, term })))
        .execute();
    }
  }

  /**
   * Links a provider order and the store order it came from, both ways, whichever arrived first;
   * answers the row as it is then.
   */
  async function link(row: OrderRow): Promise<OrderRow> {
    if (row.linked_order_id) return row;
    const store = isStore(row.provider);
    const { store_kind: kind, store_order_id: storeOrderId } = row;
    if (!store && (!kind || !storeOrderId || kind === 'other')) return row;
    const other = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', row.user_id)
      .where((eb) =>
        store
          ? eb.and([
              eb('store_kind', '=', row.provider),
              eb('store_order_id', 'in', storeIdForms(row.provider_order_id)),
            ])
          : eb.and([eb('provider', '=', kind!), eb('provider_order_id', 'in', storeIdForms(storeOrderId!))]),
      )
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!other) return row;
    await db.updateTable('orders').set({ linked_order_id: other.id }).where('id', '=', row.id).execute();
    await db.updateTable('orders').set({ linked_order_id: row.id }).where('id', '=', other.id).execute();
    return { ...row, linked_order_id: other.id };
  }

  /** Whether a provider order already names this store order (it is then kept, linked, whatever its products). */
  async function namedByProviderOrder(userId: string, store: string, storeOrderId: string): Promise<boolean> {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('store_kind', '=', store)
      .where('store_order_id', 'in', storeIdForms(storeOrderId))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Stores a snapshot as the order's present state: one row per (source, provider order id). An
   * older snapshot than the row's (by the provider's updatedAt) is ignored; a status change adds a
   * timeline entry in words. A store order of no PodFlow product, named by no provider order, is
   * not kept (orderId null).
   */
  async function applySnapshot(
    source: SnapshotSource,
    snapshot: OrderSnapshot,
    origin: Origin,
    now: number,
    /** The order's row as a page's one read found it (null: none); read here when not given. */
    known?: OrderRow | null,
  ): Promise<{ orderId: string | null; changed: boolean }> {
    const existing =
      known === undefined
        ? await db
            .selectFrom('orders')
            .selectAll()
            .where('source_id', '=', source.id)
            .where('provider_order_id', '=', snapshot.providerOrderId)
            .executeTakeFirst()
        : (known ?? undefined);
    if (existing && snapshot.updatedAt < Number(existing.updated_at)) {
      return { orderId: existing.id, changed: false };
    }
    // A store order's products are looked up where they matter: to keep a new order, and for the
    // attention of a changed one (an unchanged one costs no query).
    let podflowProduct: boolean | undefined;
    const ofPodflowProduct = async () =>
      (podflowProduct ??= isStore(source.provider)
        ? await hasPodflowProduct(source.user_id, snapshot.items)
        : true);
    if (isStore(source.provider) && !existing) {
      const keep =
        (await ofPodflowProduct()) ||
        (await namedByProviderOrder(source.user_id, source.provider, snapshot.providerOrderId));
      if (!keep) return { orderId: null, changed: false };
    }
    const margin =
      snapshot.retailCents === null || snapshot.costCents === null || snapshot.shippingCents === null
        ? null
        : snapshot.retailCents - snapshot.costCents - snapshot.shippingCents;
    const values = {
      number: snapshot.number,
      search_text: [snapshot.number, snapshot.customerName, snapshot.email ?? ''].join(' ').toLowerCase(),
      customer: snapshot.customerName,
      email: snapshot.email,
      country: snapshot.country,
      status: snapshot.status,
      provider_status: snapshot.providerStatus,
      problem: snapshot.problem,
      financial_status: snapshot.financialStatus,
      fulfillment_status: snapshot.fulfillmentStatus,
      currency: snapshot.currency,
      retail_cents: snapshot.retailCents,
      cost_cents: snapshot.costCents,
      shipping_cents: snapshot.shippingCents,
      margin_cents: margin,
      items_json: JSON.stringify(snapshot.items),
      shipments_json: JSON.stringify(snapshot.shipments),
      address_json: snapshot.address ? JSON.stringify(snapshot.address) : null,
      store_kind: snapshot.storeOrder?.store ?? null,
      store_order_id: snapshot.storeOrder?.id ?? null,
      external_ref: snapshot.externalRef,
      provider_url: snapshot.providerUrl,
      created_at: snapshot.createdAt,
      updated_at: snapshot.updatedAt,
      sent_at: snapshot.sentToProductionAt,
      shipped_at: snapshot.shippedAt,
      delivered_at: snapshot.deliveredAt,
    };
    let orderId: string;
    let changed: boolean;
    if (!existing) {
      orderId = randomUUID();
      const inserted = await db
        .insertInto('orders')
        .values({
          id: orderId,
          user_id: source.user_id,
          source_id: source.id,
          provider: source.provider,
          provider_order_id: snapshot.providerOrderId,
          ...values,
          attention_reason: null,
          attention_at: null,
          linked_order_id: null,
          seen_at: now,
        })
        .onConflict((oc) => oc.columns(['source_id', 'provider_order_id']).doNothing())
        .executeTakeFirst();
      // Another writer stored it first (a webhook and the reconcile at once): apply over theirs.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0)
        return applySnapshot(source, snapshot, origin, now);
      changed = true;
      await addTimeline(orderId, snapshot.createdAt, 'Order placed', origin);
      if (!['pending', 'draft'].includes(snapshot.status)) {
        await addTimeline(orderId, snapshot.updatedAt, statusSentence(snapshot), origin);
      }
      await writeTerms(
        orderId,
        source.user_id,
        searchTerms(snapshot.number, snapshot.customerName, snapshot.email),
        true,
      );
    } else {
      orderId = existing.id;
      const before = existing as Record<string, unknown>;
      changed = Object.entries(values).some(([key, value]) => {
        const old = before[key];
        return (typeof value === 'number' && old !== null ? Number(old) : old) !== value;
      });
      if (!changed) return { orderId, changed: false };
      await db
        .updateTable('orders')
        .set({ ...values, seen_at: now })
        .where('id', '=', orderId)
        // Two writers at once: the newer provider state wins.
        .where('updated_at', '<=', snapshot.updatedAt)
        .execute();
      const statusMoved =
        existing.status !== snapshot.status ||
        (snapshot.status === 'shipped' && existing.shipments_json !== values.shipments_json) ||
        (existing.problem !== snapshot.problem && snapshot.problem !== null);
      if (statusMoved) await addTimeline(orderId, snapshot.updatedAt, statusSentence(snapshot), origin);
      if (
        existing.number !== values.number ||
        existing.customer !== values.customer ||
        existing.email !== values.email
      ) {
        await writeTerms(
          orderId,
          source.user_id,
          searchTerms(snapshot.number, snapshot.customerName, snapshot.email),
        );
      }
    }
    const linked = await link(
      await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow(),
    );
    await writeAttention(linked, await ofPodflowProduct(), now, !existing);
    if (isStore(source.provider) || linked.linked_order_id === null) return { orderId, changed };
    // A store order that just reached its provider needs the seller no longer.
    const store = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', linked.linked_order_id)
      .executeTakeFirst();
    if (store?.attention_reason) await writeAttention(store, true, now);
    return { orderId, changed };
  }

  return {
    ...ordersListRepo(db),
    applySnapshot,
    addTimeline,

    /** A source's stored rows of these provider order ids, by provider order id. */
    async storedOf(sourceId: string, providerOrderIds: string[]): Promise<Map<string, OrderRow>> {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where('source_id', '=', sourceId)
        .where('provider_order_id', 'in', [...new Set(providerOrderIds)])
        .execute();
      return new Map(rows.map((row) => [row.provider_order_id, row]));
    },

    /**
     * A page of snapshots (an import's or a reconcile's) stored in one transaction: one commit per
     * page, not several per order.
     */
    async applySnapshots(
      source: SnapshotSource,
      snapshots: OrderSnapshot[],
      origin: Origin,
      now: number,
    ): Promise<void> {
      if (snapshots.length === 0) return;
      const each = async (repo: ReturnType<typeof ordersRepo>) => {
        // The page's stored rows in one read, not one per order.
        const stored = await repo.storedOf(
          source.id,
          snapshots.map((snapshot) => snapshot.providerOrderId),
        );
        for (const snapshot of snapshots) {
          const known = stored.get(snapshot.providerOrderId) ?? null;
          await repo.applySnapshot(source, snapshot, origin, now, known);
        }
      };
      if (db.isTransaction) return each(ordersRepo(db));
      await db.transaction().execute((trx) => each(ordersRepo(trx)));
    },

    /** Recomputes an order's attention (after a submission was written or closed). */
    async refreshAttention(orderId: string, now = Date.now()): Promise<void> {
      const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      if (row)
        await writeAttention(
          row,
          isStore(row.provider) ? await hasPodflowProduct(row.user_id, JSON.parse(row.items_json)) : true,
          now,
        );
    },

    /** The seller's order, or undefined for a missing one or another seller's. */
    orderOfUser(userId: string, orderId: string): Promise<OrderListRow | undefined> {
      return db
        .selectFrom('orders')
        .innerJoin('order_sources', 'order_sources.id', 'orders.source_id')
        .selectAll('orders')
        .select(['order_sources.shop_title', 'order_sources.shop_id', 'order_sources.connected'])
        .where('orders.user_id', '=', userId)
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
    },

    noTrackingDays,
  };
}

export type OrdersRepo = ReturnType<typeof ordersRepo>;
