import { ProviderError } from '@podflow/providers/http';
import {
  type ShopifySandbox,
  defaultShopifyShops,
  startShopifySandbox,
} from '@podflow/sandbox/shopify-sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SourceInput } from '../order-source.ts';
import { shopifyOrderSource } from './shopify.ts';
import { listAll, register, startReceiver } from './adapter.test-kit.ts';

const shop = 'podflow-demo';
const { token, apiSecret } = defaultShopifyShops[shop];
const scopes = defaultShopifyShops[shop].scopes;

let sandbox: ShopifySandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let listed: string;
let seeded: string[];

const inputOf = (shopId = shop): SourceInput => ({
  shopId,
  credential: token,
  settings: {
    printifyBaseUrl: '',
    gelatoBaseUrl: '',
    gelatoOrderBaseUrl: '',
    shopifyBaseUrl: sandbox.baseUrlTemplate,
    shopifyApiVersion: '2026-07',
    timeoutMs: 2_000,
  },
});
const source = () => shopifyOrderSource(inputOf());

beforeAll(async () => {
  sandbox = await startShopifySandbox({
    shops: {
      [shop]: { token, scopes, apiSecret },
      'no-orders': { token: 'shpat_no_orders', scopes: ['read_products'] },
      archive: { token, scopes: [...scopes, 'read_all_orders'] },
    },
  });
  receiver = await startReceiver();
  listed = sandbox.createProduct(shop, { title: 'Cat tee' });
  // Two listed products: 10 orders, one of them 70 days old; plus one of a product PodFlow did not list.
  seeded = sandbox.seedOrders(shop, [listed, sandbox.createProduct(shop, { title: 'Dog tee' })], {
    otherProduct: true,
  });
});
afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});
afterEach(() => receiver.reset());

describe('reading orders', () => {
  it('pages through the last 60 days newest update first; older orders are absent without read_all_orders', async () => {
    const orders = await listAll(source(), Date.now() - 90 * 86_400_000);
    expect(orders).toHaveLength(seeded.length - 2);
    const updates = orders.map((order) => order.updatedAt);
    expect(updates).toEqual([...updates].sort((a, b) => b - a));
    expect(orders.every((order) => order.createdAt >= Date.now() - 60 * 86_400_000)).toBe(true);
    expect(orders.some((order) => order.items[0]?.title === 'Gift card')).toBe(true);
  });

  it('leaves out orders not changed since `since`', async () => {
    const recent = await listAll(source(), Date.now() - 3 * 86_400_000);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((order) => order.updatedAt > Date.now() - 3 * 86_400_000)).toBe(true);
    expect(recent.length).toBeLessThan(seeded.length - 2);
  });

  it('reads every order created since `since` although an older order changed lately comes first', async () => {
    // Shopify pages by last update: the older order, changed now, leads the first page of 10.
    const since = Date.now() - 2 * 86_400_000;
    const made: string[] = [];
    for (let n = 0; n < 11; n += 1) {
      made.push(
        await sandbox.addOrder(shop, {
          lines: [{ productId: listed, title: 'Cat tee', quantity: 1, priceCents: 2500 }],
          createdAt: new Date(since + 3_600_000 + n * 60_000),
        }),
      );
    }
    const older = await sandbox.addOrder(shop, {
      lines: [{ productId: listed, title: 'Cat tee', quantity: 1, priceCents: 2500 }],
      createdAt: new Date(since - 86_400_000),
    });
    await sandbox.updateOrder(shop, older, { financial: 'REFUNDED' });
    const read = (await listAll(source(), since)).map((order) => order.providerOrderId);
    expect(read).toEqual(expect.arrayContaining(made));
    expect(read).not.toContain(older);
  });

  it("maps the store's payment and fulfilment to a status, in the store's words beside it", async () => {
    const id = await sandbox.addOrder(shop, {
      lines: [
        { productId: listed, title: 'Cat tee', variantTitle: 'M / Black', quantity: 2, priceCents: 2500 },
      ],
      customer: { firstName: 'Ada', lastName: 'Lane', country: 'GB' },
      shippingCents: 500,
    });
    const paid = await source().get(id);
    expect(paid).toMatchObject({
      providerOrderId: id,
      number: expect.stringMatching(/^#\d+$/),
      status: 'pending',
      problem: null,
      financialStatus: 'Paid',
      fulfillmentStatus: 'Unfulfilled',
      customerName: 'Ada Lane',
      country: 'GB',
      currency: 'USD',
      retailCents: 5500,
      storeOrder: null,
      providerUrl: `https://admin.shopify.com/store/${shop}/orders/${id}`,
    });
    expect(paid?.items).toEqual([
      expect.objectContaining({ productId: listed, title: 'Cat tee', variant: 'M / Black', quantity: 2 }),
    ]);

    await sandbox.updateOrder(shop, id, { tracking: { company: 'USPS', number: '9400111', url: null } });
    expect(await source().get(id)).toMatchObject({
      status: 'shipped',
      fulfillmentStatus: 'Fulfilled',
      shipments: [{ carrier: 'USPS', number: '9400111' }],
      shippedAt: expect.any(Number),
    });
    await sandbox.updateOrder(shop, id, { delivered: true });
    const delivered = await source().get(id);
    expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Number) });
    expect(delivered!.deliveredAt!).toBeGreaterThan(delivered!.shippedAt!);
    await sandbox.updateOrder(shop, id, { financial: 'REFUNDED' });
    expect(await source().get(id)).toMatchObject({
      status: 'canceled',
      financialStatus: 'Refunded',
      problem: null,
    });
  });

  it("says 'unpaid' while payment is pending, and canceled once the store cancels it", async () => {
    const id = await sandbox.addOrder(shop, {
      lines: [{ productId: listed, title: 'Cat tee', quantity: 1, priceCents: 2500 }],
      financial: 'PENDING',
    });
    expect(await source().get(id)).toMatchObject({
      status: 'pending',
      problem: 'unpaid',
      financialStatus: 'Pending',
    });
    await sandbox.updateOrder(shop, id, { cancelled: true, financial: 'VOIDED' });
    expect(await source().get(id)).toMatchObject({
      status: 'canceled',
      problem: null,
      providerStatus: 'cancelled',
    });
  });

  it('answers null for an order the shop does not have or the token may not see', async () => {
    expect(await source().get('123')).toBeNull();
    expect(await source().get('not-a-number')).toBeNull();
    const old = seeded[0]!;
    expect(await source().get(old)).toBeNull();
  });

  it('sees older orders with read_all_orders', async () => {
    const [old] = sandbox.seedOrders('archive', [listed]);
    const order = await shopifyOrderSource(inputOf('archive')).get(old!);
    expect(order?.createdAt).toBeLessThan(Date.now() - 60 * 86_400_000);
  });

  it("refuses with Shopify's access-denied sentence when the token lacks read_orders", async () => {
    const denied = shopifyOrderSource({ ...inputOf('no-orders'), credential: 'shpat_no_orders' });
    const error = await denied.list(null, { since: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'ACCESS_DENIED', retryable: false });
    expect((error as Error).message).toContain('`read_orders` access scope');
  });

  it('waits out a 500 on a read and answers the page', async () => {
    sandbox.failNext('server_error');
    const page = await source().list(null, { since: Date.now() - 86_400_000 });
    expect(page.orders.length).toBeGreaterThan(0);
  });
});

describe('webhooks', () => {
  it('subscribes orders/create and orders/updated once, however often it is asked, and removes them', async () => {
    const ids = await register(source(), receiver.url, 'unused');
    expect(sandbox.webhooks(shop).map((hook) => [hook.topic, hook.uri])).toEqual([
      ['ORDERS_CREATE', receiver.url],
      ['ORDERS_UPDATED', receiver.url],
    ]);
    // A second registration (a save whose answer was lost) finds them instead of adding more.
    expect(await register(source(), receiver.url, 'unused')).toEqual(ids);
    expect(sandbox.webhooks(shop)).toHaveLength(2);
    await source().removeWebhooks(ids);
    expect(sandbox.webhooks(shop)).toEqual([]);
    await expect(source().removeWebhooks(ids)).resolves.toBeUndefined();
  });

  it('does not repeat a subscription create after a 500 (Shopify may have made it)', async () => {
    sandbox.requests.length = 0;
    sandbox.failNext({ status: 200, body: { data: { webhookSubscriptions: { nodes: [] } } } });
    sandbox.failNext('server_error');
    await expect(source().registerWebhooks(receiver.url, 'unused')).rejects.toMatchObject({ status: 500 });
    const creates = sandbox.requests.filter((request) =>
      String((request.body as { query?: string })?.query).includes('PodFlowWebhookCreate'),
    );
    expect(creates).toHaveLength(1);
  });

  it("verifies a real delivery with the app's API secret key and names the order and event", async () => {
    const ids = await register(source(), receiver.url, 'unused');
    const id = await sandbox.addOrder(shop, {
      lines: [{ productId: listed, title: 'Cat tee', quantity: 1, priceCents: 2500 }],
    });
    const [delivery] = receiver.received;
    const event = source().verifyWebhook(delivery!, apiSecret);
    expect(event).toEqual({
      eventKey: delivery!.headers['x-shopify-webhook-id'],
      topic: 'orders/create',
      providerOrderId: id,
      occurredAt: Date.parse(String(delivery!.headers['x-shopify-triggered-at'])),
    });
    expect(source().verifyWebhook(delivery!, 'another-secret')).toBeNull();
    const tampered = Buffer.from(delivery!.rawBody.toString().replace(`"id":${id}`, '"id":1'));
    expect(source().verifyWebhook({ ...delivery!, rawBody: tampered }, apiSecret)).toBeNull();
    const unsigned = { ...delivery!.headers, 'x-shopify-hmac-sha256': undefined };
    expect(source().verifyWebhook({ ...delivery!, headers: unsigned }, apiSecret)).toBeNull();
    // The newer event deliveries name the same headers in lower case without X-.
    const lower = Object.fromEntries(
      Object.entries(delivery!.headers).map(([name, value]) => [
        name.replace(/^x-shopify-/, 'shopify-'),
        value,
      ]),
    );
    expect(source().verifyWebhook({ ...delivery!, headers: lower }, apiSecret)?.providerOrderId).toBe(id);
    await source().removeWebhooks(ids);
  });

  it('delivers twice under one event key, and out of order when switched to', async () => {
    const ids = await register(source(), receiver.url, 'unused');
    const id = await sandbox.addOrder(shop, {
      lines: [{ productId: listed, title: 'Cat tee', quantity: 1, priceCents: 2500 }],
    });
    receiver.received.length = 0;
    sandbox.webhookFault('twice');
    await sandbox.updateOrder(shop, id, { fulfillment: 'IN_PROGRESS' });
    const keys = receiver.received.map((delivery) => source().verifyWebhook(delivery, apiSecret)?.eventKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    receiver.received.length = 0;
    sandbox.webhookFault('out_of_order');
    await sandbox.updateOrder(shop, id, { tracking: { company: 'UPS', number: '1Z1', url: null } });
    expect(receiver.received).toHaveLength(0);
    await sandbox.updateOrder(shop, id, { financial: 'PARTIALLY_REFUNDED' });
    const bodies = receiver.received.map(
      (delivery) => JSON.parse(delivery.rawBody.toString()) as { financial_status: string },
    );
    expect(bodies.map((body) => body.financial_status)).toEqual(['partially_refunded', 'paid']);

    sandbox.webhookFault('never');
    await sandbox.updateOrder(shop, id, { fulfillment: 'FULFILLED' });
    expect(receiver.received).toHaveLength(2);
    await source().removeWebhooks(ids);
  });
});
