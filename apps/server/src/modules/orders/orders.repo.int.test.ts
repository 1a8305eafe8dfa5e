import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase, testDbKind } from '../../test/test-app.ts';
import { HOUR } from './order-rules.ts';
import { type OrdersRepo, ordersRepo } from './orders.repo.ts';
import { buildSnapshot } from './test-source.ts';
import { buildDesignRow } from '../../test/factories.ts';

/** The repo's writes that the API tests cannot reach without a store: links, store rows, staleness. */
describe(`orders repo: present state, links and store orders on ${testDbKind}`, () => {
  let t: TestDatabase;
  let repo: OrdersRepo;
  const userId = randomUUID();
  const now = Date.now();
  const source = (provider: string) => ({ id: randomUUID(), user_id: userId, provider });
  const printify = source('printify');
  const shopify = source('shopify');
  const row = (id: string) =>
    t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await openTestDatabase();
    repo = ordersRepo(t.db);
    await t.db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@t.test`,
        first_name: 'A',
        last_name: 'B',
        password_hash: 'x',
        marketing_opt_in: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const s of [printify, shopify]) {
      await t.db
        .insertInto('order_sources')
        .values({
          ...s,
          shop_id: s.provider,
          shop_title: s.provider,
          webhook_token: randomUUID(),
          webhook_secret_sealed: null,
          webhook_ids: null,
          imported_at: null,
          synced_at: null,
          sync_problem: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // A product PodFlow synced to the Shopify store.
    const workspaceId = randomUUID();
    await t.db
      .insertInto('workspaces')
      .values({ id: workspaceId, user_id: userId, name: 'w', created_at: now })
      .execute();
    const designId = await buildDesignRow(t.db, { workspaceId, userId, name: 'd', createdAt: now });
    const runId = randomUUID();
    await t.db
      .insertInto('store_sync_runs')
      .values({
        id: runId,
        workspace_id: workspaceId,
        user_id: userId,
        store: 'shopify',
        status: 'Completed',
        skip_mockups: 0,
        reason: null,
        created_at: now,
        started_at: now,
        finished_at: now,
      })
      .execute();
    await t.db
      .insertInto('store_sync_results')
      .values({
        run_id: runId,
        design_id: designId,
        design_file_name: 'd.png',
        position: 0,
        status: 'updated',
        printify_product_id: null,
        store_product_id: 'gid://shopify/Product/77',
        changes: '',
        reason: null,
      })
      .execute();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the newest state: an older snapshot changes nothing, a repeat is no change', async () => {
    const first = await repo.applySnapshot(
      printify,
      buildSnapshot({
        providerOrderId: 'o1',
        createdAt: now - HOUR,
        updatedAt: now - 10,
        status: 'in_production',
      }),
      'import',
      now,
    );
    expect(first.changed).toBe(true);
    const older = await repo.applySnapshot(
      printify,
      buildSnapshot({
        providerOrderId: 'o1',
        createdAt: now - HOUR,
        updatedAt: now - 20,
        status: 'canceled',
      }),
      'webhook',
      now,
    );
    expect(older).toEqual({ orderId: first.orderId, changed: false });
    const same = await repo.applySnapshot(
      printify,
      buildSnapshot({
        providerOrderId: 'o1',
        createdAt: now - HOUR,
        updatedAt: now - 10,
        status: 'in_production',
      }),
      'reconcile',
      now,
    );
    expect(same.changed).toBe(false);
    expect((await row(first.orderId!)).status).toBe('in_production');
    const canceled = await repo.applySnapshot(
      printify,
      buildSnapshot({ providerOrderId: 'o1', createdAt: now - HOUR, updatedAt: now, status: 'canceled' }),
      'webhook',
      now,
    );
    expect(canceled.changed).toBe(true);
    expect((await repo.timeline(first.orderId!)).map((e) => [e.text, e.origin])).toEqual([
      ['Order placed', 'import'],
      ['In production', 'import'],
      ['Canceled', 'webhook'],
    ]);
  });

  it('keeps a store order only when it sells a PodFlow product, and flags it paid and not at a provider after an hour', async () => {
    const foreign = await repo.applySnapshot(
      shopify,
      buildSnapshot({
        providerOrderId: 'gid://shopify/Order/5',
        items: [
          { ...buildSnapshot({ providerOrderId: 'x' }).items[0]!, productId: 'gid://shopify/Product/1' },
        ],
      }),
      'import',
      now,
    );
    expect(foreign).toEqual({ orderId: null, changed: false });
    const podflowItem = {
      ...buildSnapshot({ providerOrderId: 'x' }).items[0]!,
      productId: 'gid://shopify/Product/77',
    };
    const store = await repo.applySnapshot(
      shopify,
      buildSnapshot({
        providerOrderId: 'gid://shopify/Order/9',
        status: 'not_at_provider',
        financialStatus: 'paid',
        items: [podflowItem],
        createdAt: now - 2 * HOUR,
        updatedAt: now - 2 * HOUR,
      }),
      'import',
      now,
    );
    expect(await row(store.orderId!)).toMatchObject({
      attention_reason: 'not_at_provider',
      attention_at: now - HOUR,
      linked_order_id: null,
    });
    expect((await repo.page(userId, { attention: true }, null, 10, now)).map((r) => r.id)).toContain(
      store.orderId,
    );

    // The Printify order placed from it arrives: both are linked, and the store row needs nothing and leaves the list.
    const made = await repo.applySnapshot(
      printify,
      buildSnapshot({ providerOrderId: 'o2', storeOrder: { store: 'shopify', id: '9' } }),
      'webhook',
      now,
    );
    expect(await row(made.orderId!)).toMatchObject({ linked_order_id: store.orderId });
    expect(await row(store.orderId!)).toMatchObject({
      linked_order_id: made.orderId,
      attention_reason: null,
      attention_at: null,
    });
    const listed = (await repo.page(userId, {}, null, 10, now)).map((r) => r.id);
    expect(listed).toContain(made.orderId);
    expect(listed).not.toContain(store.orderId);
  });

  it('links a provider order that arrived before its store order, and keeps that store order whatever it sells', async () => {
    const made = await repo.applySnapshot(
      printify,
      buildSnapshot({ providerOrderId: 'o3', storeOrder: { store: 'shopify', id: '11' } }),
      'import',
      now,
    );
    expect((await row(made.orderId!)).linked_order_id).toBeNull();
    const store = await repo.applySnapshot(
      shopify,
      buildSnapshot({ providerOrderId: 'gid://shopify/Order/11', items: [] }),
      'import',
      now,
    );
    expect(store.orderId).not.toBeNull();
    expect(await row(made.orderId!)).toMatchObject({ linked_order_id: store.orderId });
    expect(await row(store.orderId!)).toMatchObject({ linked_order_id: made.orderId });
  });

  it('needs the seller once PodFlow could not submit an order, until a later try succeeds', async () => {
    const { orderId } = await repo.applySnapshot(
      printify,
      buildSnapshot({ providerOrderId: 'o4', status: 'awaiting_approval' }),
      'import',
      now,
    );
    const submission = { order_id: orderId!, kind: 'send_to_production', created_at: now, reason: null };
    await t.db
      .insertInto('order_submissions')
      .values({ ...submission, id: 'a', closed_at: now + 1, outcome: 'failed' })
      .execute();
    await repo.refreshAttention(orderId!, now + 2);
    expect(await row(orderId!)).toMatchObject({
      attention_reason: 'submission_failed',
      attention_at: now + 1,
    });
    await t.db
      .insertInto('order_submissions')
      .values({ ...submission, id: 'b', created_at: now + 3, closed_at: now + 4, outcome: 'done' })
      .execute();
    await repo.refreshAttention(orderId!, now + 5);
    expect(await row(orderId!)).toMatchObject({ attention_reason: 'awaiting_approval' });
  });
});
