import { randomUUID } from 'node:crypto';
import { orderProviderNames, type OrderProvider } from '@podflow/contract/orders';
import { ProviderError } from '@podflow/providers/http';
import { sellerFailure } from '@podflow/providers/seller-sentence';
import type { Db } from '../../platform/db/db.ts';
import type { OrderSnapshot } from './order-source.ts';

/** The provider writes PodFlow makes for an order (order_submissions.kind). */
export type SubmissionKind = 'send_to_production' | 'cancel' | 'create';

/** What became of one write: sent (or found done), refused by the provider, or not known to be done. */
export type SubmissionOutcome =
  | { outcome: 'done'; snapshot: OrderSnapshot | null; sent: boolean }
  | { outcome: 'refused'; sentence: string; detail: string | null }
  | { outcome: 'failed'; sentence: string; detail: string | null };

/** One write to make exactly once, whatever the network does. */
export type ProviderWrite = {
  orderId: string;
  kind: SubmissionKind;
  provider: OrderProvider;
  /** What the write sends, kept with its submission (a manual order's create: JSON of its input). */
  payload?: string;
  /** The order as the provider has it now (a create: the order made under PodFlow's reference), or null. */
  read: () => Promise<OrderSnapshot | null>;
  /** Whether the order as it is now shows the write was made. */
  happened: (snapshot: OrderSnapshot) => boolean;
  send: () => Promise<OrderSnapshot>;
  /** Stores the order as the provider answered it, in the transaction that closes the submission. */
  apply: (trx: Db, snapshot: OrderSnapshot) => Promise<void>;
};

export type SubmissionsDeps = {
  db: Db;
  now?: () => number;
  /** How long a try holds its submission: longer than any one send can take (its timeout). */
  leaseMs: number;
  /** How often a try that found the submission held looks again for its outcome. */
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Recomputes the order's attention once its submissions changed (a failed one needs the seller). */
  refreshAttention?: (orderId: string) => Promise<void>;
};

/** What the seller reads when another click, tab or run is sending the same write right now. */
export const busySentence =
  'PodFlow is already sending this to the provider (another click, tab or bulk action): refresh in a minute to see the outcome.';

const verbs: Record<SubmissionKind, string> = {
  send_to_production: 'send this order to production',
  cancel: 'cancel this order',
  create: 'create this order',
};
const afterRefusal: Record<SubmissionKind, (name: string) => string> = {
  send_to_production: (name) => `correct what ${name} says in ${name}, then send it again`,
  cancel: (name) => `it may already be in production; ask ${name}'s support whether it can still be stopped`,
  create: () => 'correct the order, then create it again',
};

/** The provider's own reason in a refusal ("… with HTTP 409, code x: <reason>"), when it gave one. */
export function providerReason(error: ProviderError): string | null {
  const match = /with HTTP \d+(?:, code [^:]*)?: (.+)$/s.exec(error.message);
  return match ? match[1]!.trim() : null;
}

/** A failure the provider may not have acted on, or may have: only reading the order can tell. */
export const isTransient = (error: ProviderError) =>
  error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

/**
 * A write's failure as the seller reads it: an unreachable or failing provider, a refused key, or
 * the provider's refusal of this order with its reason (its whole answer kept as the detail).
 */
export function writeFailure(
  error: unknown,
  kind: SubmissionKind,
  provider: OrderProvider,
): { sentence: string; detail: string | null; transient: boolean } {
  if (!(error instanceof ProviderError)) throw error;
  const { sentence, detail } = sellerFailure(error);
  if (isTransient(error)) return { sentence, detail, transient: true };
  if (error.status === 401 || error.status === 403) return { sentence, detail, transient: false };
  const name = orderProviderNames[provider];
  const reason = providerReason(error);
  const said = reason ? ` (${reason.replace(/[.\s]+$/, '')})` : '';
  return {
    sentence: `${name} refused to ${verbs[kind]}${said}: ${afterRefusal[kind](name)}.`,
    detail,
    transient: false,
  };
}

/**
 * Exactly-once provider writes (send to production, cancel, a manual order's create). Each try
 * first writes its submission (one open per order and kind: a unique index), holds it while it
 * sends, and closes it with the outcome in the transaction that stores the provider's answer. A
 * try that finds one held waits for its outcome (a double click answers the first one's result);
 * one that finds an open submission nobody holds (a lost answer, a killed worker) first reads the
 * order and sends only when the write did not happen.
 */
export function orderSubmissions(deps: SubmissionsDeps) {
  const { db, leaseMs } = deps;
  const now = deps.now ?? Date.now;
  const pollMs = deps.pollMs ?? 250;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** The submissions of one write (an order and a kind). */
  const ofWrite = (orderId: string, kind: SubmissionKind) =>
    db.selectFrom('order_submissions').where('order_id', '=', orderId).where('kind', '=', kind);

  const openOf = (orderId: string, kind: SubmissionKind) =>
    ofWrite(orderId, kind).selectAll().where('closed_at', 'is', null).executeTakeFirst();

  /** Takes an open submission whose holder let go (or died): only one try can win it. */
  async function takeOver(id: string): Promise<boolean> {
    const at = now();
    const taken = await db
      .updateTable('order_submissions')
      .set({ lease_until: at + leaseMs })
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /**
   * Writes a new open submission held by this try, or finds the open one: `fresh` when this try
   * wrote it (nothing was sent for it yet), `adopted` when it took over one a try before left
   * open, `held` when another try is sending it now.
   */
  async function claim(
    write: ProviderWrite,
    tries = 3,
  ): Promise<{ id: string; state: 'fresh' | 'adopted' | 'held' }> {
    const { orderId, kind, payload } = write;
    const id = randomUUID();
    const at = now();
    try {
      await db
        .insertInto('order_submissions')
        .values({
          id,
          order_id: orderId,
          kind,
          created_at: at,
          closed_at: null,
          outcome: null,
          reason: null,
          lease_until: at + leaseMs,
          payload: payload ?? null,
        })
        .execute();
      return { id, state: 'fresh' };
    } catch (error) {
      const open = await openOf(orderId, kind);
      if (open) return { id: open.id, state: (await takeOver(open.id)) ? 'adopted' : 'held' };
      // The one in the way closed meanwhile: its outcome is this try's answer, as if it had waited.
      const justClosed = await ofWrite(orderId, kind)
        .select('id')
        .where('closed_at', '>=', at)
        .orderBy('closed_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (justClosed) return { id: justClosed.id, state: 'held' };
      // The one in the way was withdrawn (a try that found the write already done): claim again.
      if (tries > 1) return claim(write, tries - 1);
      throw error;
    }
  }

  async function doneSince({ orderId, kind }: ProviderWrite, since: number) {
    const row = await ofWrite(orderId, kind)
      .select('id')
      .where('outcome', '=', 'done')
      .where('closed_at', '>=', since)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function closed(id: string) {
    return db
      .selectFrom('order_submissions')
      .selectAll()
      .where('id', '=', id)
      .where('closed_at', 'is not', null)
      .executeTakeFirst();
  }

  async function close(trx: Db, id: string, outcome: 'done' | 'refused' | 'failed', reason: string | null) {
    await trx
      .updateTable('order_submissions')
      .set({ closed_at: now(), outcome, reason, lease_until: null })
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .execute();
  }

  /** The write went through (sent now or found done): the order's new state and the close, at once. */
  async function done(write: ProviderWrite, id: string, snapshot: OrderSnapshot, sent: boolean) {
    await db.transaction().execute(async (trx) => {
      await write.apply(trx, snapshot);
      await close(trx, id, 'done', null);
    });
    return { outcome: 'done' as const, snapshot, sent };
  }

  /**
   * Closes the submission as failed: the provider may or may not have acted (a 5xx, a timeout),
   * so the next try of the same write reads the order before it sends anything.
   */
  async function letGo(id: string, sentence: string) {
    await db
      .updateTable('order_submissions')
      .set({ closed_at: now(), lease_until: null, outcome: 'failed', reason: sentence })
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .execute();
  }

  /** Whether the last try of this write ended unknown (failed): then the order is read first. */
  async function unsettled({ orderId, kind }: ProviderWrite, id: string) {
    const last = await ofWrite(orderId, kind)
      .select('outcome')
      .where('id', '!=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return last?.outcome === 'failed';
  }

  /**
   * Waits for the try holding the submission (at most `maxWaitMs`); answers its outcome, or takes
   * it over once it let go.
   */
  async function awaitHolder(
    write: ProviderWrite,
    id: string,
    maxWaitMs: number,
  ): Promise<SubmissionOutcome | 'taken' | 'again'> {
    const until = now() + Math.min(leaseMs, maxWaitMs) + pollMs;
    while (now() <= until) {
      await sleep(pollMs);
      const row = await closed(id);
      if (row) {
        if (row.outcome === 'done') return { outcome: 'done', snapshot: null, sent: false };
        const outcome = row.outcome === 'refused' ? 'refused' : 'failed';
        return { outcome, sentence: row.reason ?? busySentence, detail: null };
      }
      const open = await openOf(write.orderId, write.kind);
      if (!open || open.id !== id) return 'again';
      if (await takeOver(id)) return 'taken';
    }
    return { outcome: 'failed', sentence: busySentence, detail: null };
  }

  async function sendHeld(write: ProviderWrite, id: string): Promise<SubmissionOutcome> {
    let snapshot: OrderSnapshot;
    try {
      snapshot = await write.send();
    } catch (error) {
      const failure = writeFailure(error, write.kind, write.provider);
      if (failure.transient) {
        await letGo(id, failure.sentence);
        return { outcome: 'failed', sentence: failure.sentence, detail: failure.detail };
      }
      // A refusal may still come after the write happened (an earlier answer lost on the way):
      // the order as it is now says which, and is what the seller sees next either way.
      const current = await write.read().catch(() => null);
      if (current && write.happened(current)) return done(write, id, current, false);
      await db.transaction().execute(async (trx) => {
        if (current) await write.apply(trx, current);
        // A refused create made nothing: it is a failed submission the seller corrects and retries.
        await close(trx, id, write.kind === 'create' ? 'failed' : 'refused', failure.sentence);
      });
      return { outcome: 'refused', sentence: failure.sentence, detail: failure.detail };
    }
    return done(write, id, snapshot, true);
  }

  async function settle(
    write: ProviderWrite,
    readAt?: number,
    maxWaitMs = leaseMs,
  ): Promise<SubmissionOutcome> {
    for (;;) {
      const { id, state } = await claim(write);
      if (state === 'fresh') {
        if (readAt !== undefined && (await doneSince(write, readAt))) {
          await db.deleteFrom('order_submissions').where('id', '=', id).execute();
          return { outcome: 'done', snapshot: null, sent: false };
        }
        if (!(await unsettled(write, id))) return sendHeld(write, id);
      } else if (state === 'held') {
        const waited = await awaitHolder(write, id, maxWaitMs);
        if (waited === 'again') continue;
        if (waited !== 'taken') return waited;
      }
      // An earlier try of this write ended unknown (or died): only the order tells what it did.
      let current: OrderSnapshot | null;
      try {
        current = await write.read();
      } catch (error) {
        const failure = writeFailure(error, write.kind, write.provider);
        await letGo(id, failure.sentence);
        return { outcome: 'failed', sentence: failure.sentence, detail: failure.detail };
      }
      if (current && write.happened(current)) return done(write, id, current, false);
      return sendHeld(write, id);
    }
  }

  return {
    /**
     * Makes the write unless it was already made; never sends it twice. `readAt`: when the caller
     * read the order it decided on; a try of the same write that ended well since then (a double
     * click that came second) is answered without sending. `maxWaitMs`: how long to wait for
     * another try holding the write (a request answers sooner than a run, which waits out the hold).
     */
    async submit(write: ProviderWrite, readAt?: number, maxWaitMs?: number): Promise<SubmissionOutcome> {
      const outcome = await settle(write, readAt, maxWaitMs);
      await deps.refreshAttention?.(write.orderId);
      return outcome;
    },
  };
}

export type OrderSubmissions = ReturnType<typeof orderSubmissions>;
