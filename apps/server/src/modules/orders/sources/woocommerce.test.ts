import { ProviderError } from '@podflow/providers/http';
import { type WooSandbox, startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SourceInput } from '../order-source.ts';
import { wooCommerceOrderSource } from './woocommerce.ts';
import { listAll, register, startReceiver } from './adapter.test-kit.ts';

let sandbox: WooSandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let listed: number;
let seeded: number[];

const inputOf = (keys: { key: string; secret: string }, storeFetch: typeof fetch = fetch): SourceInput => ({
  shopId: sandbox.url,
  // What connectionKey opens for a WooCommerce connection: the keys as the stores module seals them.
  credential: JSON.stringify(keys),
  settings: {
    printifyBaseUrl: '',
    gelatoBaseUrl: '',
    gelatoOrderBaseUrl: '',
    shopifyBaseUrl: '',
    shopifyApiVersion: '2026-07',
    timeoutMs: 2_000,
    // The sandbox is on loopback, which the SSRF-safe fetch would refuse.
    storeFetch,
  },
});
const source = () =>
  wooCommerceOrderSource(inputOf({ key: sandbox.consumerKey, secret: sandbox.consumerSecret }));
const line = () => ({ productId: listed, name: 'Cat tee', quantity: 1, priceCents: 2400 });

beforeAll(async () => {
  sandbox = await startWooSandbox();
  receiver = await startReceiver();
  listed = sandbox.createProduct({ name: 'Cat tee' });
  seeded = sandbox.seedOrders([listed], { otherProduct: true });
});
afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});
afterEach(() => receiver.reset());

describe('reading orders', () => {
  it('lists orders changed since `since`, newest first, over as many pages as X-WP-TotalPages says', async () => {
    const week = await listAll(source(), Date.now() - 7 * 86_400_000);
    // The completed (12 days) and refunded (8 days) ones are older than a week.
    expect(week.map((order) => order.providerStatus).sort()).toEqual([
      'on-hold',
      'pending',
      'processing',
      'processing',
    ]);
    for (let n = 0; n < 101; n += 1) await sandbox.addOrder({ lines: [line()] });
    const first = await source().list(null, { since: Date.now() - 60_000 });
    expect(first.orders).toHaveLength(100);
    expect(first.next).toBe('2');
    const all = await listAll(source(), Date.now() - 60_000);
    expect(new Set(all.map((order) => order.providerOrderId)).size).toBe(101);
    const created = all.map((order) => order.createdAt);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("maps WooCommerce's one status to a status, the payment and the fulfilment in its words", async () => {
    const id = await sandbox.addOrder({
      lines: [{ ...line(), quantity: 2 }],
      customer: { firstName: 'Grace', lastName: 'Hopper', country: 'NL', email: 'grace@example.com' },
      shippingCents: 600,
    });
    expect(await source().get(String(id))).toMatchObject({
      providerOrderId: String(id),
      number: `#${id}`,
      providerStatus: 'processing',
      status: 'pending',
      problem: null,
      financialStatus: 'Paid',
      fulfillmentStatus: 'Processing',
      customerName: 'Grace Hopper',
      email: 'grace@example.com',
      country: 'NL',
      retailCents: 5400,
      items: [expect.objectContaining({ productId: String(listed), quantity: 2, retailCents: 4800 })],
      providerUrl: `${sandbox.url}/wp-admin/post.php?post=${id}&action=edit`,
    });
    await sandbox.updateOrder(id, { status: 'completed' });
    expect(await source().get(String(id))).toMatchObject({
      status: 'shipped',
      shippedAt: expect.any(Number),
    });
    await sandbox.updateOrder(id, { status: 'refunded' });
    expect(await source().get(String(id))).toMatchObject({ status: 'canceled', financialStatus: 'Refunded' });
  });

  it.each([
    ['pending', 'Pending payment'],
    ['on-hold', 'On hold'],
    ['failed', 'Failed'],
  ])("says 'unpaid' for a %s order", async (status, words) => {
    const id = await sandbox.addOrder({ lines: [line()], status });
    expect(await source().get(String(id))).toMatchObject({
      status: 'pending',
      problem: 'unpaid',
      financialStatus: 'Not paid',
      fulfillmentStatus: words,
    });
  });

  it('answers null for an order the store does not have', async () => {
    expect(await source().get('999999')).toBeNull();
    expect(await source().get('abc')).toBeNull();
  });

  it('refuses keys the store does not know, without retrying', async () => {
    const wrong = wooCommerceOrderSource(inputOf({ key: 'ck_wrong', secret: 'cs_wrong' }));
    const error = await wrong.list(null, { since: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 401, retryable: false });
  });

  it('waits out a 429 on a read and answers the page', async () => {
    sandbox.failNext('rate_limit');
    const page = await source().list(null, { since: Date.now() - 86_400_000 });
    expect(page.orders.length).toBeGreaterThan(0);
    expect(seeded.length).toBe(6);
  });
});

describe('webhooks', () => {
  it('creates order.created and order.updated with the secret (the store pings each), and deletes them', async () => {
    const ids = await register(source(), receiver.url, 'podflow-secret');
    expect(sandbox.webhooks().map((hook) => [hook.topic, hook.status, hook.delivery_url])).toEqual([
      ['order.created', 'active', receiver.url],
      ['order.updated', 'active', receiver.url],
    ]);
    // Each ping is answered as a ping: no order named, nothing to apply, even unsigned.
    expect(receiver.received.map((ping) => source().verifyWebhook(ping, 'podflow-secret'))).toEqual(
      ids.map((id) => ({ eventKey: `ping:${id}`, topic: 'ping', providerOrderId: null, occurredAt: null })),
    );
    await source().removeWebhooks(ids);
    expect(sandbox.webhooks()).toEqual([]);
    await expect(source().removeWebhooks(ids)).resolves.toBeUndefined();
  });

  it('registers again without adding webhooks, and leaves none behind when a create fails', async () => {
    await register(source(), receiver.url, 'old-secret');
    const ids = await register(source(), receiver.url, 'podflow-secret');
    expect(sandbox.webhooks().map((hook) => String(hook.id))).toEqual(ids);
    await source().removeWebhooks(ids);

    // The store fails the second create: the first one is deleted again.
    let posts = 0;
    const failing: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (init?.method === 'POST' && url.includes('/webhooks') && ++posts === 2) {
        const body = {
          code: 'internal_server_error',
          message: 'There has been a critical error on this website.',
        };
        return new Response(JSON.stringify({ ...body, data: { status: 500 } }), { status: 500 });
      }
      return fetch(input, init);
    };
    const keys = { key: sandbox.consumerKey, secret: sandbox.consumerSecret };
    const flaky = wooCommerceOrderSource(inputOf(keys, failing));
    await expect(flaky.registerWebhooks(receiver.url, 'podflow-secret')).rejects.toMatchObject({
      status: 500,
    });
    expect(posts).toBe(2);
    expect(sandbox.webhooks()).toEqual([]);
  });

  it('verifies a delivery signed with the secret PodFlow set, naming the order, its change and the event', async () => {
    const ids = await register(source(), receiver.url, 'podflow-secret');
    receiver.received.length = 0;
    const id = await sandbox.addOrder({ lines: [line()] });
    const [delivery] = receiver.received;
    const event = source().verifyWebhook(delivery!, 'podflow-secret');
    expect(event).toEqual({
      eventKey: expect.stringMatching(
        new RegExp(`^${String(delivery!.headers['x-wc-webhook-delivery-id'])}:`),
      ),
      topic: 'order.created',
      providerOrderId: String(id),
      occurredAt: (await source().get(String(id)))!.updatedAt,
    });
    expect(source().verifyWebhook(delivery!, 'another-secret')).toBeNull();
    const tampered = Buffer.from(delivery!.rawBody.toString().replace('"processing"', '"cancelled"'));
    expect(source().verifyWebhook({ ...delivery!, rawBody: tampered }, 'podflow-secret')).toBeNull();

    // Two changes in the same second share WooCommerce's delivery id; their event keys differ.
    receiver.received.length = 0;
    await sandbox.updateOrder(id, { status: 'completed' });
    await sandbox.updateOrder(id, { status: 'refunded' });
    const keys = receiver.received.map((d) => source().verifyWebhook(d, 'podflow-secret')?.eventKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    await source().removeWebhooks(ids);
  });

  it('a webhook delivered twice carries one event key; the store disables it after 5 failures in a row', async () => {
    const ids = await register(source(), receiver.url, 'podflow-secret');
    const id = await sandbox.addOrder({ lines: [line()] });
    receiver.received.length = 0;
    sandbox.webhookFault('twice');
    await sandbox.updateOrder(id, { status: 'completed' });
    const [first, second] = receiver.received.map(
      (d) => source().verifyWebhook(d, 'podflow-secret')?.eventKey,
    );
    expect(first).toBeDefined();
    expect(second).toBe(first);

    receiver.answer(500);
    for (let n = 0; n < 4; n += 1)
      await sandbox.updateOrder(id, { status: n % 2 ? 'completed' : 'processing' });
    expect(sandbox.webhooks().find((hook) => hook.topic === 'order.updated')).toMatchObject({
      status: 'active',
      failures: 4,
    });
    await sandbox.updateOrder(id, { status: 'on-hold' });
    expect(sandbox.webhooks().find((hook) => hook.topic === 'order.updated')).toMatchObject({
      status: 'disabled',
    });
    receiver.received.length = 0;
    await sandbox.updateOrder(id, { status: 'processing' });
    expect(receiver.received).toHaveLength(0);
    await source().removeWebhooks(ids);
  });
});
