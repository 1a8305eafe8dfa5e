import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@podflow/contract/orders';
import { startActionsWorld } from './order-actions-world.ts';
import { ordersRepo } from './orders.repo.ts';

type World = Awaited<ReturnType<typeof startActionsWorld>>;
type Seller = Awaited<ReturnType<World['newSeller']>>;

let world: World;
let seller: Seller;

beforeAll(async () => {
  world = await startActionsWorld();
  seller = await world.newSeller();
});
afterAll(async () => world?.close());

const act = (who: Seller, id: string, action: string) =>
  who.call('POST', `/orders_app/orders/${id}/${action}/`);

describe('one order', () => {
  it('sends an order on hold to production once and shows it sending, with a timeline entry', async () => {
    const order = await seller.order('printify');
    const reply = await act(seller, order.id, 'send_to_production');
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(orderMessages.sent);
    expect(reply.body.order.status).toBe('sending_to_production');
    expect(reply.body.order.attention).toBeNull();
    expect(reply.body.order.timeline.map((e: { text: string }) => e.text)).toContain(
      'Sent to production by you',
    );
    expect(world.fake.effects(`send:${order.providerOrderId}`)).toBe(1);
  });

  it('refuses what the rules block with their sentence, and asks nothing of the provider', async () => {
    const shipped = await seller.order('printify', { status: 'shipped', providerStatus: 'fulfilled' });
    const gelato = await seller.order('gelato', { status: 'pending', providerStatus: 'passed' });
    const before = { ...world.fake.writes };
    const send = await act(seller, shipped.id, 'send_to_production');
    expect(send.status).toBe(409);
    expect(send.body.message).toMatch(
      /^Only an order on hold goes to production from here; this one is shipped/,
    );
    const gelatoSend = await act(seller, gelato.id, 'send_to_production');
    expect(gelatoSend.status).toBe(409);
    expect(gelatoSend.body.message).toBe('Gelato sends its orders to production by itself.');
    const retry = await act(seller, shipped.id, 'retry');
    expect(retry.status).toBe(409);
    expect(world.fake.writes).toEqual(before);
  });

  it('cancels where the provider allows it: Printify on hold, Gelato before printing', async () => {
    const printify = await seller.order('printify', {
      status: 'action_required',
      problem: 'payment_not_received',
    });
    const gelato = await seller.order('gelato', { status: 'pending', providerStatus: 'passed' });
    for (const order of [printify, gelato]) {
      const reply = await act(seller, order.id, 'cancel');
      expect(reply.status).toBe(200);
      expect(reply.body.message).toBe(orderMessages.canceled);
      expect(reply.body.order.status).toBe('canceled');
      expect(world.fake.effects(`cancel:${order.providerOrderId}`)).toBe(1);
    }
    const again = await act(seller, gelato.id, 'cancel');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already canceled.');
  });

  it("shows the provider's refusal and the order read again when PodFlow's copy was stale", async () => {
    const order = await seller.order('gelato', { status: 'pending', providerStatus: 'passed' });
    seller.atProvider('gelato', order.providerOrderId, {
      status: 'in_production',
      providerStatus: 'printed',
      updatedAt: Date.now(),
    });
    const reply = await act(seller, order.id, 'cancel');
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('provider_refused');
    expect(reply.body.message).toBe(
      "Gelato refused to cancel this order (Order can not be canceled: an item is already printed): it may already be in production; ask Gelato's support whether it can still be stopped.",
    );
    expect(reply.body.provider_detail).toMatch(/HTTP 409/);
    expect(reply.body.order.status).toBe('in_production');
    expect(reply.body.order.blocked.cancel).toMatch(/only before printing starts/);
    const detail = await seller.call('GET', `/orders_app/orders/${order.id}/`);
    expect(detail.body.status).toBe('in_production');
  });

  it('sends once when the seller clicks twice or uses two tabs', async () => {
    const order = await seller.order('printify');
    const replies = await Promise.all([0, 1, 2].map(() => act(seller, order.id, 'send_to_production')));
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect(world.fake.effects(`send:${order.providerOrderId}`)).toBe(1);
  });

  it('does not send again when the answer was lost after the provider acted: a retry reads first', async () => {
    const order = await seller.order('printify');
    const writes = world.fake.writes.sendToProduction;
    world.fake.fail('after');
    const lost = await act(seller, order.id, 'send_to_production');
    expect(lost.status).toBe(502);
    expect(lost.body.message).toBe(
      'Printify could not be reached or did not answer in time: try again in a few minutes.',
    );
    expect(lost.body.order.attention.reason).toBe('submission_failed');
    expect(lost.body.order.blocked.retry).toBeNull();
    const retried = await act(seller, order.id, 'retry');
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe(orderMessages.retried);
    expect(retried.body.order.status).toBe('sending_to_production');
    expect(retried.body.order.attention).toBeNull();
    expect(world.fake.writes.sendToProduction).toBe(writes + 1);
    expect(world.fake.effects(`send:${order.providerOrderId}`)).toBe(1);
  });

  it('settles a send whose answer was lost as done when a webhook since showed it sent, never refusing it', async () => {
    /** PodFlow stores the order as the provider has it now, as a webhook would. */
    const webhookTells = async (providerOrderId: string) => {
      const now = world.fake.shop(seller.sources.printify.shop_id).orders.get(providerOrderId)!;
      await ordersRepo(world.t.db).applySnapshot(seller.sources.printify, now, 'webhook', Date.now());
    };
    /** An order the provider already sends to production, with a try of ours to send it still open. */
    const sendingWithOpenTry = async (tryId: string, createdAt: number, leaseUntil: number) => {
      const order = await seller.order('printify');
      seller.atProvider('printify', order.providerOrderId, {
        status: 'sending_to_production',
        providerStatus: 'sending-to-production',
        sentToProductionAt: Date.now(),
        updatedAt: Date.now(),
      });
      await webhookTells(order.providerOrderId);
      await world.t.db
        .insertInto('order_submissions')
        .values({
          id: tryId,
          order_id: order.id,
          kind: 'send_to_production',
          created_at: createdAt,
          closed_at: null,
          outcome: null,
          reason: null,
          lease_until: leaseUntil,
          payload: null,
        })
        .execute();
      return order;
    };
    const lost = await seller.order('printify');
    world.fake.fail('after');
    expect((await act(seller, lost.id, 'send_to_production')).status).toBe(502);
    await webhookTells(lost.providerOrderId);
    const writes = world.fake.writes.sendToProduction;
    const again = await act(seller, lost.id, 'send_to_production');
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(orderMessages.sent);

    // The same when the try that sent it is still open (its worker stopped) and its hold has lapsed.
    const open = await sendingWithOpenTry('open-and-sent', Date.now() - 120_000, Date.now() - 1);
    expect((await act(seller, open.id, 'send_to_production')).status).toBe(200);
    expect(world.fake.writes.sendToProduction).toBe(writes);

    // While another try still holds its write, the rules answer: that try reports the outcome.
    const held = await sendingWithOpenTry('held-and-sent', Date.now(), Date.now() + 60_000);
    const busy = await act(seller, held.id, 'send_to_production');
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/^Only an order on hold goes to production from here/);

    // Once settled, the rules answer again: nothing is sent a second time.
    const settled = await act(seller, lost.id, 'send_to_production');
    expect(settled.status).toBe(409);
    expect(settled.body.message).toMatch(/^Only an order on hold goes to production from here/);
    expect(world.fake.effects(`send:${lost.providerOrderId}`)).toBe(1);
  });

  it('sends again on retry when the provider failed before acting (a 500)', async () => {
    const order = await seller.order('printify');
    world.fake.fail('before');
    expect((await act(seller, order.id, 'send_to_production')).status).toBe(502);
    expect(world.fake.effects(`send:${order.providerOrderId}`)).toBe(0);
    const retried = await act(seller, order.id, 'retry');
    expect(retried.status).toBe(200);
    expect(world.fake.effects(`send:${order.providerOrderId}`)).toBe(1);
  });

  it('settles a send whose worker died mid-call by reading the order, once its hold lapsed', async () => {
    const order = await seller.order('printify');
    // The provider acted; the worker died before it recorded the answer.
    seller.atProvider('printify', order.providerOrderId, {
      status: 'sending_to_production',
      sentToProductionAt: Date.now(),
      updatedAt: Date.now(),
    });
    await world.t.db
      .insertInto('order_submissions')
      .values({
        id: 'died-mid-call',
        order_id: order.id,
        kind: 'send_to_production',
        created_at: Date.now() - 120_000,
        closed_at: null,
        outcome: null,
        reason: null,
        lease_until: Date.now() - 1,
        payload: null,
      })
      .execute();
    const writes = world.fake.writes.sendToProduction;
    const reply = await act(seller, order.id, 'send_to_production');
    expect(reply.status).toBe(200);
    expect(reply.body.order.status).toBe('sending_to_production');
    expect(world.fake.writes.sendToProduction).toBe(writes);
    const row = await world.t.db
      .selectFrom('order_submissions')
      .select(['outcome', 'closed_at'])
      .where('id', '=', 'died-mid-call')
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBe('done');
    expect(row.closed_at).not.toBeNull();
  });

  it("answers 404 for another seller's order and acts on nothing", async () => {
    const other = await world.newSeller();
    const theirs = await other.order('printify');
    for (const action of ['send_to_production', 'cancel', 'retry']) {
      const reply = await act(seller, theirs.id, action);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(orderMessages.notFound);
    }
    expect(world.fake.effects(`send:${theirs.providerOrderId}`)).toBe(0);
    expect(world.fake.effects(`cancel:${theirs.providerOrderId}`)).toBe(0);
  });
});
