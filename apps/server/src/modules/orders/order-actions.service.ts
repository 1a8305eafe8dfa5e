import {
  type ManualOrderDraft,
  type OrderAction,
  type OrderAddress,
  type OrderDetail,
  type OrderProvider,
  orderMessages,
  orderProviderNames,
} from '@podflow/contract/orders';
import type { Db } from '../../platform/db/db.ts';
import { UserError } from '../../platform/errors.ts';
import {
  type ManualOrders,
  type ManualPayload,
  checkAddress,
  isUnsent,
  pendingSnapshot,
} from './manual-order.ts';
import type { OrderActionsRepo, OrderSourceRow } from './order-actions.repo.ts';
import type { OrderSnapshot, OrderSourceAdapter } from './order-source.ts';
import type { OrderListRow } from './orders-list.repo.ts';
import { blockedOfRow } from './orders.service.ts';
import {
  type OrderSubmissions,
  type ProviderWrite,
  type SubmissionKind,
  type SubmissionOutcome,
  busySentence,
} from './order-submissions.ts';

type Origin = 'webhook' | 'reconcile' | 'import' | 'action';

/** What the actions need of the orders core (orders.repo.ts on a database or a transaction). */
export type OrdersCore = {
  repo: (db: Db) => {
    applySnapshot(
      source: { id: string; user_id: string; provider: string },
      snapshot: OrderSnapshot,
      origin: Origin,
      now: number,
    ): Promise<{ orderId: string | null; changed: boolean }>;
    addTimeline(orderId: string, at: number, text: string, origin: Origin): Promise<void>;
    orderOfUser(userId: string, orderId: string): Promise<OrderListRow | undefined>;
  };
  detail: (userId: string, orderId: string) => Promise<OrderDetail>;
};

export type OrderActionsDeps = {
  db: Db;
  core: OrdersCore;
  repo: OrderActionsRepo;
  submissions: OrderSubmissions;
  manual: ManualOrders;
  /** The source's adapter on its connection's credential; throws a UserError when it has none. */
  adapterFor: (source: OrderSourceRow) => Promise<OrderSourceAdapter>;
  now?: () => number;
};

/** How long a request waits for another try sending the same write before it says so (a run waits it out). */
export const REQUEST_WAIT_MS = 15_000;

/** How long a manual create's Idempotency-Key is remembered. */
export const MANUAL_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** An order's outcome of one action, in the seller's words (a bulk run's item, a single action's answer). */
export type ActionResult =
  | { status: 'done'; message: string }
  | { status: 'refused' | 'failed'; message: string; detail: string | null };

const SENT = ['sending_to_production', 'in_production', 'shipped', 'delivered'];

const doneMessages: Record<SubmissionKind, string> = {
  send_to_production: orderMessages.sent,
  cancel: orderMessages.canceled,
  create: orderMessages.manualCreated,
};
const timelineTexts: Record<SubmissionKind, (name: string) => string> = {
  send_to_production: () => 'Sent to production by you',
  cancel: () => 'Canceled by you',
  create: (name) => `Created by you in PodFlow and sent to ${name}`,
};

/** Why there is nothing to retry (the rules offer retry only after a failed submission). */
const nothingToRetry = 'Retry is offered only when PodFlow could not submit the order.';

/**
 * Acting on orders: send to production, cancel, retry a failed submission, edit a manual order's
 * address, and create manual orders. Every provider write goes through order-submissions.ts, so
 * none is made twice whatever the network, a double click or a killed worker does.
 */
export function orderActionsService(deps: OrderActionsDeps) {
  const { db, core, repo, submissions, manual, adapterFor } = deps;
  const now = deps.now ?? Date.now;
  const orders = core.repo(db);

  const applyWith =
    (source: OrderSourceRow, at: () => number): ProviderWrite['apply'] =>
    async (trx, snapshot) => {
      await core.repo(trx).applySnapshot(source, snapshot, 'action', at());
    };

  async function requireSource(sourceId: string): Promise<OrderSourceRow> {
    const source = await repo.source(sourceId);
    if (!source) throw new UserError(404, orderMessages.sourceNotFound, { code: 'source_not_found' });
    return source;
  }

  /** The write a send to production or a cancel makes. */
  function actionWrite(
    order: { id: string; provider_order_id: string },
    kind: 'send_to_production' | 'cancel',
    source: OrderSourceRow,
    adapter: OrderSourceAdapter,
  ): ProviderWrite {
    const name = orderProviderNames[source.provider as OrderProvider];
    const call = kind === 'cancel' ? adapter.cancel : adapter.sendToProduction;
    if (!call) {
      const what = kind === 'cancel' ? 'cancels no orders' : 'sends its orders to production by itself';
      throw new UserError(409, `${name} ${what}.`, { code: 'not_supported' });
    }
    return {
      orderId: order.id,
      kind,
      provider: source.provider as OrderProvider,
      read: () => adapter.get(order.provider_order_id),
      happened: (snapshot) =>
        kind === 'cancel'
          ? snapshot.status === 'canceled'
          : snapshot.sentToProductionAt !== null || SENT.includes(snapshot.status),
      send: () => call.call(adapter, order.provider_order_id),
      apply: applyWith(source, now),
    };
  }

  /** A manual order's create, sent again with what it sent before (its address as edited since). */
  async function createWrite(
    order: { id: string; created_at: number },
    source: OrderSourceRow,
    adapter: OrderSourceAdapter,
  ) {
    const last = await repo.lastSubmission(order.id, ['create']);
    if (!last?.payload) throw new UserError(409, nothingToRetry, { code: 'nothing_to_retry' });
    const payload = JSON.parse(last.payload) as ManualPayload;
    return manual.createWrite(
      order.id,
      source,
      adapter,
      payload,
      Number(order.created_at),
      adoptWith(source, order.id),
    );
  }

  /** Applies a created order's snapshot to PodFlow's row of it, which keeps its id. */
  const adoptWith =
    (source: OrderSourceRow, orderId: string): ProviderWrite['apply'] =>
    async (trx, snapshot) => {
      await repo.withDb(trx).adoptProviderId(orderId, source.id, snapshot);
      await core.repo(trx).applySnapshot(source, snapshot, 'action', now());
    };

  /**
   * Makes one action's provider write for an order (the run's items and the single calls alike).
   * `readAt`: when the caller read the order it decided on.
   */
  async function perform(
    order: { id: string; source_id: string; provider_order_id: string; created_at: number },
    action: OrderAction,
    readAt: number,
    maxWaitMs?: number,
  ): Promise<{ kind: SubmissionKind; outcome: SubmissionOutcome }> {
    const source = await requireSource(order.source_id);
    const name = orderProviderNames[source.provider as OrderProvider];
    let kind: SubmissionKind;
    if (action === 'retry') {
      const last = await repo.lastSubmission(order.id, ['send_to_production', 'cancel', 'create']);
      if (last?.outcome !== 'failed') throw new UserError(409, nothingToRetry, { code: 'nothing_to_retry' });
      kind = last.kind as SubmissionKind;
    } else {
      kind = action;
    }
    const adapter = await adapterFor(source);
    const write =
      kind === 'create'
        ? await createWrite(order, source, adapter)
        : actionWrite(order, kind, source, adapter);
    const outcome = await submissions.submit(write, readAt, maxWaitMs);
    const text = outcome.outcome === 'done' ? timelineTexts[kind](name) : outcome.sentence;
    // Another try still sending it is no outcome of this order's: nothing to write down yet.
    if (outcome.outcome === 'done' ? outcome.sent : outcome.sentence !== busySentence) {
      await orders.addTimeline(order.id, now(), text.replace(/\.$/, ''), 'action');
    }
    return { kind, outcome };
  }

  /**
   * The rules' refusal of the action, unless PodFlow's own earlier try of this very write ended
   * unknown (its answer lost, its worker gone and its hold lapsed): the order may now look sent or canceled because
   * that try went through, so the write is settled by reading the order, never refused for it.
   */
  async function blockOf(row: OrderListRow, action: OrderAction) {
    const block = blockedOfRow(row)[action];
    if (!block || action === 'retry') return block;
    const last = await repo.lastSubmission(row.id, [action]);
    if (!last) return block;
    // An open one still held is another try at work (its outcome comes): the rules answer meanwhile.
    const left = last.closed_at === null && Number(last.lease_until ?? 0) <= now();
    return last.outcome === 'failed' || left ? null : block;
  }

  /** One order's action, as a run's item reads it: never throws for what the seller can act on. */
  async function actOn(
    userId: string,
    orderId: string,
    action: OrderAction,
    /** A run's creation time: a write of this action done since (by a worker that died before recording it) is this run's. */
    runSince?: number,
  ): Promise<ActionResult> {
    try {
      const readAt = now();
      const row = await orders.orderOfUser(userId, orderId);
      if (!row) return { status: 'refused', message: orderMessages.notFound, detail: null };
      // This run's own write, by a worker that died before recording it: done, or settled below
      // (its hold waited out, the order read before anything is sent), never refused for looking sent.
      let ours = false;
      if (runSince !== undefined && action !== 'retry') {
        const last = await repo.lastSubmission(orderId, [action]);
        ours = last !== undefined && Number(last.created_at) >= runSince;
        if (ours && last?.outcome === 'done') return { status: 'done', message: doneMessages[action] };
        ours &&= last?.closed_at === null;
      }
      const block = ours ? null : await blockOf(row, action);
      if (block) return { status: 'refused', message: block, detail: null };
      const { kind, outcome } = await perform(row, action, readAt);
      if (outcome.outcome === 'done') {
        return { status: 'done', message: action === 'retry' ? orderMessages.retried : doneMessages[kind] };
      }
      return { status: outcome.outcome, message: outcome.sentence, detail: outcome.detail };
    } catch (error) {
      if (error instanceof UserError) return { status: 'refused', message: error.message, detail: null };
      throw error;
    }
  }

  /** Answers a single call: the message and the order as it is now, or the refusal with it. */
  async function answer(userId: string, orderId: string, result: ActionResult) {
    const order = await core.detail(userId, orderId);
    if (result.status === 'done') return { message: result.message, order };
    if (result.message === busySentence) {
      throw new UserError(409, busySentence, {
        code: 'in_progress',
        extra: { provider_detail: null, order },
      });
    }
    throw new UserError(result.status === 'failed' ? 502 : 409, result.message, {
      code: result.status === 'failed' ? 'provider_failed' : 'provider_refused',
      extra: { provider_detail: result.detail, order },
    });
  }

  /** A manual create repeated under its key: the first one's order and outcome, never a second create. */
  async function repeat(userId: string, orderId: string) {
    const last = await repo.lastSubmission(orderId, ['create']);
    if (last && last.closed_at === null) {
      const row = (await orders.orderOfUser(userId, orderId))!;
      const source = await requireSource(row.source_id);
      const write = await createWrite(row, source, await adapterFor(source));
      const outcome = await submissions.submit(write, undefined, REQUEST_WAIT_MS);
      if (outcome.outcome !== 'done') {
        return answer(userId, orderId, {
          status: outcome.outcome,
          message: outcome.sentence,
          detail: outcome.detail,
        });
      }
    } else if (last && last.outcome !== 'done') {
      return answer(userId, orderId, {
        status: 'refused',
        message: last.reason ?? nothingToRetry,
        detail: null,
      });
    }
    return answer(userId, orderId, { status: 'done', message: orderMessages.manualCreated });
  }

  return {
    actOn,

    /**
     * Sends, cancels or retries one order. Refused (409) when the rules block the action, with
     * their sentence; a provider's refusal answers its reason with the order read again.
     */
    async act(userId: string, orderId: string, action: OrderAction) {
      const readAt = now();
      const row = await orders.orderOfUser(userId, orderId);
      if (!row) throw new UserError(404, orderMessages.notFound, { code: 'order_not_found' });
      const block = await blockOf(row, action);
      if (block) throw new UserError(409, block, { code: 'action_blocked' });
      const { kind, outcome } = await perform(row, action, readAt, REQUEST_WAIT_MS);
      if (outcome.outcome === 'done') {
        const message = action === 'retry' ? orderMessages.retried : doneMessages[kind];
        return answer(userId, orderId, { status: 'done', message });
      }
      return answer(userId, orderId, {
        status: outcome.outcome,
        message: outcome.sentence,
        detail: outcome.detail,
      });
    },

    /** Changes the address of a manual order PodFlow holds and has not sent (the provider refused it). */
    async editAddress(userId: string, orderId: string, address: OrderAddress) {
      const row = await orders.orderOfUser(userId, orderId);
      if (!row) throw new UserError(404, orderMessages.notFound, { code: 'order_not_found' });
      const block = blockedOfRow(row).edit_address;
      const last = await repo.lastSubmission(orderId, ['create']);
      if (block || !isUnsent(row.provider_order_id) || !last?.payload || last.closed_at === null) {
        throw new UserError(409, block ?? 'PodFlow is sending this order: wait for its outcome.', {
          code: 'action_blocked',
        });
      }
      const source = await requireSource(row.source_id);
      checkAddress(source.provider, address);
      const payload = JSON.parse(last.payload) as ManualPayload;
      // A create whose answer was lost may have made the order: then the provider's address stands.
      const adapter = await adapterFor(source);
      const made = await adapter.findByExternalRef?.(
        payload.input.externalRef,
        Number(row.created_at) - 86_400_000,
      );
      if (made) {
        await db.transaction().execute((trx) => adoptWith(source, orderId)(trx, made));
        throw new UserError(
          409,
          `${orderProviderNames[source.provider as OrderProvider]} has this order already: change its address there.`,
          {
            code: 'action_blocked',
            extra: { provider_detail: null, order: await core.detail(userId, orderId) },
          },
        );
      }
      const edited: ManualPayload = { ...payload, input: { ...payload.input, address } };
      await repo.setPayload(last.id, JSON.stringify(edited));
      const at = now();
      const snapshot = pendingSnapshot(payload.input.externalRef, edited, Number(row.created_at));
      await orders.applySnapshot(source, { ...snapshot, updatedAt: at }, 'action', at);
      await orders.addTimeline(orderId, at, 'Address changed by you', 'action');
      return { message: orderMessages.addressSaved, order: await core.detail(userId, orderId) };
    },

    products: manual.products,
    quote: manual.quote,

    /**
     * Creates a manual order: PodFlow's row first (the seller follows it at once), then the
     * provider's order under PodFlow's reference. A repeat with the same Idempotency-Key answers
     * the first one's order and outcome.
     */
    async createManual(
      userId: string,
      fields: ManualOrderDraft & { shipping_method: string },
      key: string | undefined,
    ) {
      const at = now();
      const earlier = key ? await repo.manualKeyOrder(userId, key, at - MANUAL_KEY_TTL_MS) : undefined;
      if (earlier) return repeat(userId, earlier);
      const { source, payload, snapshot } = await manual.prepare(userId, fields, at);
      const adapter = await adapterFor(source);
      let orderId: string;
      try {
        orderId = await db.transaction().execute(async (trx) => {
          const applied = await core.repo(trx).applySnapshot(source, snapshot, 'action', at);
          const id = applied.orderId!;
          if (key && !(await repo.withDb(trx).claimManualKey(userId, key, id, at, at - MANUAL_KEY_TTL_MS))) {
            throw new KeyTaken();
          }
          return id;
        });
      } catch (error) {
        if (!(error instanceof KeyTaken) || !key) throw error;
        return repeat(userId, (await repo.manualKeyOrder(userId, key, at - MANUAL_KEY_TTL_MS))!);
      }
      const write = manual.createWrite(orderId, source, adapter, payload, at, adoptWith(source, orderId));
      const outcome = await submissions.submit(write);
      const name = orderProviderNames[source.provider as OrderProvider];
      const text =
        outcome.outcome === 'done' ? timelineTexts.create(name) : outcome.sentence.replace(/\.$/, '');
      await orders.addTimeline(orderId, now(), text, 'action');
      if (outcome.outcome === 'done') {
        return answer(userId, orderId, { status: 'done', message: orderMessages.manualCreated });
      }
      return answer(userId, orderId, {
        status: outcome.outcome,
        message: outcome.sentence,
        detail: outcome.detail,
      });
    },
  };
}

/** Two creates with one Idempotency-Key at once: the second's row is undone and it answers the first. */
class KeyTaken extends Error {}

export type OrderActionsService = ReturnType<typeof orderActionsService>;
