import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '@podflow/providers/http';
import { type TestDatabase, openTestDatabase } from '../../test/test-app.ts';
import type { OrderSnapshot } from './order-source.ts';
import { type ProviderWrite, busySentence, orderSubmissions, writeFailure } from './order-submissions.ts';
import { buildSnapshot } from './test-source.ts';

let database: TestDatabase;
let userId: string;
let sourceId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  userId = randomUUID();
  sourceId = randomUUID();
  const at = Date.now();
  await database.db
    .insertInto('users')
    .values({
      id: userId,
      email: `${userId}@example.com`,
      first_name: 'Ada',
      last_name: 'L',
      password_hash: 'x',
      marketing_opt_in: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await database.db
    .insertInto('order_sources')
    .values({
      id: sourceId,
      user_id: userId,
      provider: 'printify',
      shop_id: 's',
      shop_title: 'S',
      webhook_token: randomUUID(),
      created_at: at,
      updated_at: at,
    })
    .execute();
});
afterAll(async () => database?.close());

async function newOrder(): Promise<string> {
  const id = randomUUID();
  const at = Date.now();
  await database.db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      source_id: sourceId,
      provider: 'printify',
      provider_order_id: id,
      number: '#1',
      search_text: '#1',
      customer: 'Jane',
      email: null,
      country: null,
      status: 'awaiting_approval',
      provider_status: 'on-hold',
      problem: null,
      financial_status: null,
      fulfillment_status: null,
      attention_reason: null,
      attention_at: null,
      currency: 'USD',
      retail_cents: null,
      cost_cents: null,
      shipping_cents: null,
      margin_cents: null,
      items_json: '[]',
      shipments_json: '[]',
      address_json: null,
      store_kind: null,
      store_order_id: null,
      linked_order_id: null,
      external_ref: null,
      provider_url: null,
      created_at: at,
      updated_at: at,
      sent_at: null,
      shipped_at: null,
      delivered_at: null,
      seen_at: at,
    })
    .execute();
  return id;
}

const providerError = (status: number, message = `Printify answered POST /x with HTTP ${status}: nope`) =>
  new ProviderError(message, { provider: 'Printify', status, retryable: status === 0 || status >= 500 });

/** A provider holding one order: `sent` says whether the write took effect; faults come in order. */
function provider(orderId: string) {
  const state = { sent: false, sends: 0, reads: 0, applied: [] as OrderSnapshot[] };
  const faults: Array<'before' | 'after' | ProviderError> = [];
  const snapshot = () =>
    buildSnapshot({
      providerOrderId: orderId,
      status: state.sent ? 'sending_to_production' : 'awaiting_approval',
    });
  const write: ProviderWrite = {
    orderId,
    kind: 'send_to_production',
    provider: 'printify',
    read: async () => {
      state.reads += 1;
      return snapshot();
    },
    happened: (s) => s.status === 'sending_to_production',
    send: async () => {
      state.sends += 1;
      const fault = faults.shift();
      if (fault instanceof ProviderError) throw fault;
      if (fault === 'before') throw providerError(500);
      state.sent = true;
      if (fault === 'after') throw providerError(0, 'Printify did not answer POST /x within 30 s');
      return snapshot();
    },
    apply: async (_trx, s) => void state.applied.push(s),
  };
  return { state, faults, write };
}

/** A send another try holds for `ms` more (a worker sending it, or one that died sending it). */
const heldBySomeoneElse = (orderId: string, ms: number) =>
  database.db
    .insertInto('order_submissions')
    .values({
      id: randomUUID(),
      order_id: orderId,
      kind: 'send_to_production',
      created_at: Date.now(),
      closed_at: null,
      outcome: null,
      reason: null,
      lease_until: Date.now() + ms,
      payload: null,
    })
    .execute();

/**
 * A try that found the write held by someone else, and a promise that settles once it waits for
 * that holder (its first poll): what the test then does to the holder, the try sees.
 */
function waitingTry(write: ProviderWrite) {
  let polling: () => void = () => undefined;
  const waits = new Promise<void>((resolve) => (polling = resolve));
  const sleep = async (ms: number) => {
    polling();
    await new Promise((resolve) => setTimeout(resolve, ms));
  };
  const outcome = orderSubmissions({ db: database.db, leaseMs: 60_000, pollMs: 5, sleep }).submit(write);
  return { outcome, waits };
}

const submissions = (leaseMs = 60_000) => orderSubmissions({ db: database.db, leaseMs, pollMs: 5 });
const rows = (orderId: string) =>
  database.db
    .selectFrom('order_submissions')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();

describe('exactly-once provider writes', () => {
  it('sends, applies the answer and closes the submission done in one go', async () => {
    const p = provider(await newOrder());
    const outcome = await submissions().submit(p.write);
    expect(outcome).toMatchObject({ outcome: 'done', sent: true });
    expect(p.state).toMatchObject({ sends: 1, reads: 0 });
    expect(p.state.applied.map((s) => s.status)).toEqual(['sending_to_production']);
    expect(await rows(p.write.orderId)).toMatchObject([{ outcome: 'done', lease_until: null, reason: null }]);
  });

  it('closes a 5xx as failed; the next try reads first and sends only when nothing happened', async () => {
    const p = provider(await newOrder());
    p.faults.push('before');
    const failed = await submissions().submit(p.write);
    expect(failed).toMatchObject({
      outcome: 'failed',
      sentence: 'Printify had a problem on its side: try again in a few minutes.',
    });
    expect((await rows(p.write.orderId))[0]).toMatchObject({ outcome: 'failed', lease_until: null });
    expect((await submissions().submit(p.write)).outcome).toBe('done');
    expect(p.state).toMatchObject({ sends: 2, reads: 1 });
  });

  it('never sends twice after a lost answer: the read shows it happened', async () => {
    const p = provider(await newOrder());
    p.faults.push('after');
    expect((await submissions().submit(p.write)).outcome).toBe('failed');
    const second = await submissions().submit(p.write);
    expect(second).toMatchObject({ outcome: 'done', sent: false });
    expect(p.state).toMatchObject({ sends: 1, reads: 1 });
    expect((await rows(p.write.orderId)).map((r) => r.outcome)).toEqual(['failed', 'done']);
  });

  it('keeps a try failed when the read itself fails, and sends nothing', async () => {
    const p = provider(await newOrder());
    p.faults.push('after');
    await submissions().submit(p.write);
    p.write.read = async () => {
      throw providerError(503);
    };
    expect(await submissions().submit(p.write)).toMatchObject({ outcome: 'failed' });
    expect(p.state.sends).toBe(1);
  });

  it("closes a refusal with the provider's reason and the order as it is now", async () => {
    const p = provider(await newOrder());
    p.faults.push(
      providerError(400, 'Printify answered POST /x with HTTP 400, code 8502: Order is not on hold.'),
    );
    const refused = await submissions().submit(p.write);
    expect(refused).toMatchObject({
      outcome: 'refused',
      sentence:
        'Printify refused to send this order to production (Order is not on hold): correct what Printify says in Printify, then send it again.',
      detail: 'Printify answered POST /x with HTTP 400, code 8502: Order is not on hold.',
    });
    expect(p.state.applied).toHaveLength(1);
    expect((await rows(p.write.orderId))[0]).toMatchObject({ outcome: 'refused' });
  });

  it('takes a refusal that came after the write happened as done', async () => {
    const p = provider(await newOrder());
    p.state.sent = true;
    p.faults.push(providerError(400));
    expect(await submissions().submit(p.write)).toMatchObject({ outcome: 'done', sent: false });
  });

  it('closes a refused create as failed: the seller corrects it and retries', async () => {
    const p = provider(await newOrder());
    p.faults.push(providerError(422));
    const outcome = await submissions().submit({ ...p.write, kind: 'create', payload: '{"x":1}' });
    expect(outcome.outcome).toBe('refused');
    expect((await rows(p.write.orderId))[0]).toMatchObject({
      kind: 'create',
      outcome: 'failed',
      payload: '{"x":1}',
    });
  });

  it('answers a second try the first one’s outcome while the first holds the submission', async () => {
    const p = provider(await newOrder());
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = p.write.send;
    p.write.send = async () => {
      await gate;
      return send();
    };
    const first = submissions().submit(p.write);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = submissions().submit(p.write);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await first).toMatchObject({ outcome: 'done', sent: true });
    expect(await second).toMatchObject({ outcome: 'done', sent: false });
    expect(p.state.sends).toBe(1);
  });

  it('answers the holder’s refusal to a try that waited for it', async () => {
    const p = provider(await newOrder());
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    p.write.send = async () => {
      await gate;
      throw providerError(400, 'Printify answered POST /x with HTTP 400: Order is not on hold');
    };
    const first = submissions().submit(p.write);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = submissions().submit(p.write);
    release();
    await first;
    expect(await second).toMatchObject({
      outcome: 'refused',
      sentence: expect.stringMatching(/^Printify refused/),
    });
  });

  it('takes over a submission whose holder died once its hold lapsed, and reads before sending', async () => {
    const p = provider(await newOrder());
    await heldBySomeoneElse(p.write.orderId, 60);
    const outcome = await submissions(1000).submit(p.write);
    expect(outcome).toMatchObject({ outcome: 'done', sent: true });
    expect(p.state).toMatchObject({ reads: 1, sends: 1 });
    expect(await rows(p.write.orderId)).toHaveLength(1);
  });

  it('holds a submission it took over for its own lease while it reads and sends', async () => {
    const p = provider(await newOrder());
    await heldBySomeoneElse(p.write.orderId, 60);
    const leases: number[] = [];
    const read = p.write.read;
    p.write.read = async () => {
      const [row] = await rows(p.write.orderId);
      leases.push(Number(row!.lease_until) - Date.now());
      return read();
    };
    expect(await submissions(60_000).submit(p.write)).toMatchObject({ outcome: 'done', sent: true });
    // Another try finds it held for about a lease, not lapsed (taken over for `at + leaseMs`).
    expect(leases).toHaveLength(1);
    expect(leases[0]).toBeGreaterThan(50_000);
  });

  it.each([
    ['failed', 'Printify had a problem on its side: try again in a few minutes.'],
    [
      'refused',
      'Printify refused to send this order to production (Blocked): correct it, then send it again.',
    ],
  ] as const)(
    "answers the holder's outcome when the try it waited for ends %s, without sending",
    async (outcome, reason) => {
      const p = provider(await newOrder());
      await heldBySomeoneElse(p.write.orderId, 60_000);
      const waiting = waitingTry(p.write);
      await waiting.waits;
      await database.db
        .updateTable('order_submissions')
        .set({ closed_at: Date.now(), outcome, reason, lease_until: null })
        .where('order_id', '=', p.write.orderId)
        .execute();
      expect(await waiting.outcome).toMatchObject({ outcome, sentence: reason });
      expect(p.state).toMatchObject({ reads: 0, sends: 0 });
    },
  );

  it('claims the write again when the try it waited for was withdrawn, and sends it once', async () => {
    const p = provider(await newOrder());
    await heldBySomeoneElse(p.write.orderId, 60_000);
    const waiting = waitingTry(p.write);
    await waiting.waits;
    await database.db.deleteFrom('order_submissions').where('order_id', '=', p.write.orderId).execute();
    expect(await waiting.outcome).toMatchObject({ outcome: 'done', sent: true });
    expect(p.state.sends).toBe(1);
    expect(await rows(p.write.orderId)).toMatchObject([{ outcome: 'done' }]);
  });

  it('says another try is sending when it still holds the write after the wait a request allows', async () => {
    const p = provider(await newOrder());
    await heldBySomeoneElse(p.write.orderId, 60_000);
    const outcome = await submissions().submit(p.write, undefined, 30);
    expect(outcome).toMatchObject({ outcome: 'failed', sentence: busySentence });
    expect(busySentence).toMatch(/^PodFlow is already sending this to the provider .*: refresh in a minute/);
    expect(p.state).toMatchObject({ reads: 0, sends: 0 });
  });

  it('answers a write another try finished since the caller read the order, without sending', async () => {
    const p = provider(await newOrder());
    const readAt = Date.now();
    await submissions().submit(p.write);
    const again = await submissions().submit(p.write, readAt);
    expect(again).toMatchObject({ outcome: 'done', sent: false });
    expect(p.state.sends).toBe(1);
    expect(await rows(p.write.orderId)).toHaveLength(1);
    const later = await submissions().submit(p.write, Date.now() + 1);
    expect(later).toMatchObject({ outcome: 'done', sent: true });
  });
});

describe('what the seller reads of a failed write', () => {
  it('names the provider and its reason, or none when it gave none', () => {
    const refusal = writeFailure(
      providerError(409, 'Gelato answered POST /v4/orders/1:cancel with HTTP 409: already printed'),
      'cancel',
      'gelato',
    );
    expect(refusal.sentence).toBe(
      "Gelato refused to cancel this order (already printed): it may already be in production; ask Gelato's support whether it can still be stopped.",
    );
    expect(refusal.transient).toBe(false);
    const bare = writeFailure(
      providerError(400, 'Printify answered POST /x with HTTP 400 without a reason'),
      'create',
      'printify',
    );
    expect(bare.sentence).toBe(
      'Printify refused to create this order: correct the order, then create it again.',
    );
    expect(writeFailure(providerError(429), 'cancel', 'printify').transient).toBe(true);
    expect(writeFailure(providerError(408), 'cancel', 'printify').transient).toBe(true);
    expect(writeFailure(providerError(401), 'cancel', 'printify')).toMatchObject({ transient: false });
    expect(writeFailure(providerError(401), 'cancel', 'printify').sentence).toMatch(
      /no longer accepts the saved key/,
    );
    expect(writeFailure(providerError(403), 'send_to_production', 'printify').sentence).toMatch(
      /no longer accepts the saved key/,
    );
    // The provider's words, trimmed, without their closing dots.
    const wordy = writeFailure(
      providerError(422, 'Printify answered POST /x with HTTP 422, code 8203:   Out of stock... \n'),
      'send_to_production',
      'printify',
    );
    expect(wordy.sentence).toBe(
      'Printify refused to send this order to production (Out of stock): correct what Printify says in Printify, then send it again.',
    );
    expect(() => writeFailure(new Error('bug'), 'cancel', 'printify')).toThrow('bug');
  });
});
