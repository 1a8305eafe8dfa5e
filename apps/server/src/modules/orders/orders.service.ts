import {
  type AttentionReason,
  type OrderAddress,
  type OrderDetail,
  type OrderFilters,
  type OrderItem,
  type OrderListPage,
  type OrderProvider,
  type OrderSettings,
  type OrderSource,
  type OrderStatus,
  type OrderSummary,
  type OrderSummaryCounts,
  attentionSentences,
  orderMessages,
} from '@podflow/contract/orders';
import { UserError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import { DAY, blockedOf, isStore } from './order-rules.ts';
import type { SnapshotItem, SnapshotShipment } from './order-source.ts';
import type { OrderSourceRow, OrderSourcesRepo } from './order-sources.repo.ts';
import { SYNC_ORDERS_JOB, type OrderSourcesService, syncJobId } from './order-sources.service.ts';
import {
  type Cursor,
  type OrderListRow,
  type OrderRow,
  type OrdersRepo,
  ruleOrderOf,
} from './orders.repo.ts';
import { isUnsent } from './manual-order.ts';

export type OrdersServiceDeps = {
  repo: OrdersRepo;
  sources: OrderSourcesRepo;
  sourcesService: OrderSourcesService;
  signer: UrlSigner;
  queue: JobQueue;
  publicOrigin: () => string;
  now?: () => number;
};

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

const notFound = () => new UserError(404, orderMessages.notFound, { code: 'order_not_found' });

/** The list's opaque cursor: the last row's creation time and id. */
export const encodeCursor = (row: { created_at: number; id: string }) =>
  Buffer.from(`${Number(row.created_at)}.${row.id}`).toString('base64url');

export function decodeCursor(cursor: string): Cursor {
  const [at, id] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split(/\.(.*)/s);
  const createdAt = Number(at);
  if (!Number.isSafeInteger(createdAt) || !id) {
    throw new UserError(400, 'The cursor is not one this list gave: start again from the first page.', {
      code: 'cursor_invalid',
      fields: { cursor: 'not a cursor of this list' },
    });
  }
  return { createdAt, id };
}

/** What keeps the seller from each action on the order now: the rules on its stored row alone. */
export function blockedOfRow(row: OrderListRow, rules = listRules(row)): OrderSummary['blocked'] {
  return blockedOf(rules, { connected: row.connected === 1, unsentManual: isUnsent(row.provider_order_id) });
}

/** The rules' view of a listed row (its shipments, when already read): a failed submission is its attention's. */
const listRules = (row: OrderListRow, shipments?: SnapshotShipment[]) =>
  ruleOrderOf(
    row,
    {
      podflowProduct: true,
      submissionFailedAt: row.attention_reason === 'submission_failed' ? Number(row.attention_at) : null,
    },
    shipments,
  );

/** The Orders screen's reads: list, detail, counts, CSV rows, settings and sources. */
export function ordersService(deps: OrdersServiceDeps) {
  const { repo, sources, signer, queue } = deps;
  const now = deps.now ?? Date.now;

  /** The items of a page's rows with their design's thumbnail and first mockup, in one query for the page. */
  async function itemsOf(userId: string, rows: OrderListRow[]): Promise<Map<string, OrderItem[]>> {
    const parsed = rows.map((row) => [row, JSON.parse(row.items_json) as SnapshotItem[]] as const);
    const productIds = parsed.flatMap(([row, items]) =>
      isStore(row.provider) ? [] : items.flatMap((item) => (item.productId ? [item.productId] : [])),
    );
    const designs = await repo.designsOfProducts(userId, productIds);
    const byKey = new Map(designs.map((d) => [`${d.provider}\n${d.shop_id}\n${d.product_id}`, d]));
    return new Map(
      parsed.map(([row, items]) => [
        row.id,
        items.map((item) => {
          const design = item.productId
            ? byKey.get(`${row.provider}\n${row.shop_id}\n${item.productId}`)
            : undefined;
          return {
            title: item.title,
            variant: item.variant,
            sku: item.sku,
            quantity: item.quantity,
            design_id: design?.design_id ?? null,
            design_thumbnail_url: design ? signer.sign(design.thumbnail_key) : null,
            mockup_url: design?.mockup_key ? signer.sign(design.mockup_key) : null,
            status: item.status,
          };
        }),
      ]),
    );
  }

  function summaryOf(row: OrderListRow, items: OrderItem[], store: OrderRow | undefined): OrderSummary {
    const shipments = JSON.parse(row.shipments_json) as SnapshotShipment[];
    const rules = listRules(row, shipments);
    const reason = row.attention_reason as AttentionReason | null;
    const attentionAt = row.attention_at === null ? null : Number(row.attention_at);
    const storeSide = isStore(row.provider) ? row : store;
    return {
      id: row.id,
      provider: row.provider as OrderProvider,
      source_id: row.source_id,
      shop_title: row.shop_title,
      number: row.number,
      provider_order_id: row.provider_order_id,
      customer: row.customer,
      email: row.email,
      country: row.country,
      items,
      status: row.status as OrderStatus,
      provider_status: row.provider_status,
      attention:
        reason && attentionAt !== null && attentionAt <= now()
          ? { reason, sentence: attentionSentences[reason], since: iso(attentionAt)! }
          : null,
      money: {
        currency: row.currency,
        retail_cents: row.retail_cents === null ? null : Number(row.retail_cents),
        cost_cents: row.cost_cents === null ? null : Number(row.cost_cents),
        shipping_cents: row.shipping_cents === null ? null : Number(row.shipping_cents),
        margin_cents: row.margin_cents === null ? null : Number(row.margin_cents),
      },
      tracking: shipments.map((s) => ({ carrier: s.carrier, number: s.number, url: s.url })),
      store:
        storeSide && isStore(storeSide.provider)
          ? {
              store: storeSide.provider,
              number: storeSide.number,
              financial_status: storeSide.financial_status,
              fulfillment_status: storeSide.fulfillment_status,
              url: storeSide.provider_url,
            }
          : null,
      blocked: blockedOfRow(row, rules),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      shipped_at: iso(row.shipped_at),
    };
  }

  async function summariesOf(userId: string, rows: OrderListRow[]): Promise<OrderSummary[]> {
    const items = await itemsOf(userId, rows);
    const linked = await repo.linkedRows(
      rows.flatMap((row) => (!isStore(row.provider) && row.linked_order_id ? [row.linked_order_id] : [])),
    );
    return rows.map((row) =>
      summaryOf(
        row,
        items.get(row.id) ?? [],
        row.linked_order_id ? linked.get(row.linked_order_id) : undefined,
      ),
    );
  }

  const toSource = (row: OrderSourceRow): OrderSource => ({
    id: row.id,
    provider: row.provider as OrderProvider,
    shop_title: row.shop_title,
    connected: row.connected === 1,
    importing: row.connected === 1 && row.imported_at === null,
    last_synced_at: iso(row.synced_at),
    problem: row.sync_problem,
    webhooks: row.webhooks as OrderSource['webhooks'],
    webhook_url:
      row.webhooks === 'off' ? null : `${deps.publicOrigin()}/webhooks/${row.provider}/${row.webhook_token}/`,
  });

  /** A filter naming another seller's shop (or none) is a 404, as every other id of theirs is. */
  async function checkFilters(userId: string, filters: OrderFilters): Promise<void> {
    if (filters.source_id && !(await sources.sourceOfUser(userId, filters.source_id))) {
      throw new UserError(404, orderMessages.sourceNotFound, { code: 'source_not_found' });
    }
  }

  return {
    checkFilters,

    /** One page of the seller's orders, newest first. */
    async list(
      userId: string,
      filters: OrderFilters,
      cursor?: string,
      limit = DEFAULT_PAGE,
    ): Promise<OrderListPage> {
      await checkFilters(userId, filters);
      const size = Math.min(Math.max(1, limit), MAX_PAGE);
      const rows = await repo.page(userId, filters, cursor ? decodeCursor(cursor) : null, size + 1, now());
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        orders: await summariesOf(userId, page),
        next_cursor: rows.length > size && last ? encodeCursor(last) : null,
      };
    },

    /** Every matching order, page by page (the CSV export). */
    async *all(userId: string, filters: OrderFilters): AsyncGenerator<OrderSummary[]> {
      let cursor: Cursor | null = null;
      const at = now();
      const common = filters.q ? await repo.isCommonTerm(userId, filters.q) : false;
      for (;;) {
        const rows = await repo.page(userId, filters, cursor, 500, at, common);
        if (rows.length === 0) return;
        yield await summariesOf(userId, rows);
        const last = rows.at(-1)!;
        if (rows.length < 500) return;
        cursor = { createdAt: Number(last.created_at), id: last.id };
      }
    },

    /** One order of the seller with its address, shipments and timeline; 404 for anyone else's. */
    async detail(userId: string, orderId: string): Promise<OrderDetail> {
      const row = await repo.orderOfUser(userId, orderId);
      if (!row) throw notFound();
      const [summary] = await summariesOf(userId, [row]);
      const shipments = JSON.parse(row.shipments_json) as SnapshotShipment[];
      const timeline = await repo.timeline(row.id);
      return {
        ...summary!,
        address: row.address_json ? (JSON.parse(row.address_json) as OrderAddress) : null,
        shipments: shipments.map((s) => ({
          carrier: s.carrier,
          number: s.number,
          url: s.url,
          shipped_at: iso(s.shippedAt),
          delivered_at: iso(s.deliveredAt),
        })),
        timeline: timeline.map((entry) => ({
          at: iso(entry.at)!,
          text: entry.text,
          origin: entry.origin as OrderDetail['timeline'][number]['origin'],
        })),
        provider_url: isStore(row.provider) ? null : row.provider_url,
        store_url: summary!.store?.url ?? null,
      };
    },

    /** Orders needing the seller now, longest waiting first (the digest mail uses it). */
    async attentionOrders(userId: string, at: number, limit: number): Promise<OrderSummary[]> {
      return summariesOf(userId, await repo.attentionRows(userId, at, limit));
    },

    /** Counts per status, the attention count and the last 30 days per UTC day. */
    async summary(userId: string): Promise<OrderSummaryCounts> {
      const at = now();
      const today = Math.floor(at / DAY);
      const first = today - 29;
      const [{ statuses, attention }, { rows, currency }] = await Promise.all([
        repo.counts(userId, at),
        repo.days(userId, first * DAY),
      ]);
      const byDay = new Map(rows.map((row) => [Math.floor(Number(row.day)), row]));
      return {
        attention,
        by_status: Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)])),
        days: Array.from({ length: 30 }, (_, index) => {
          const day = byDay.get(first + index);
          return {
            date: new Date((first + index) * DAY).toISOString().slice(0, 10),
            orders: day ? Number(day.n) : 0,
            margin_cents: day ? Number(day.margin ?? 0) : 0,
          };
        }),
        currency: currency ?? 'USD',
      };
    },

    settings: (userId: string): Promise<OrderSettings> => sources.settings(userId),

    /** Saves the settings; shipped orders' "no tracking" moves with the number of days. */
    async saveSettings(userId: string, settings: OrderSettings): Promise<OrderSettings> {
      await sources.saveSettings(userId, settings.digest, settings.no_tracking_days);
      await sources.moveNoTracking(userId, settings.no_tracking_days);
      return sources.settings(userId);
    },

    async sources(userId: string): Promise<OrderSource[]> {
      return (await sources.sourcesOf(userId)).map(toSource);
    },

    /** Asks for a sync of the source now (one at a time: a sync already waiting is that one). */
    async syncNow(userId: string, sourceId: string): Promise<OrderSource> {
      const source = await sources.sourceOfUser(userId, sourceId);
      if (!source) throw new UserError(404, orderMessages.sourceNotFound, { code: 'source_not_found' });
      if (source.connected !== 1)
        throw new UserError(409, orderMessages.disconnected, { code: 'source_disconnected' });
      await queue.enqueue(SYNC_ORDERS_JOB, syncJobId(source.id), { sourceId: source.id });
      return toSource(source);
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
