import type { OrderAddress } from '@podflow/contract/orders';
import { ProviderError, limiterFor } from '@podflow/providers/http';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSourceAdapter } from '../order-source.ts';
import { printifyOrderSource } from './printify.ts';
import { printifySnapshot, printifyStatusOf } from './printify-snapshot.ts';
import { listAll, register, startReceiver } from './adapter.test-kit.ts';

const etsyShop = 8_123_401;
let sandbox: PrintifySandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  sandbox = await startPrintifySandbox({
    ordersPageMax: 10,
    productionDelayMs: 0,
    slowMs: 300,
    otherTokens: ['limit-test-token', 'retry-test-token'],
  });
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
  await sandbox.close();
});

function source(timeoutMs = 5_000, credential = sandbox.token, shopId = etsyShop): OrderSourceAdapter {
  return printifyOrderSource({
    shopId: String(shopId),
    credential,
    settings: {
      printifyBaseUrl: sandbox.url,
      gelatoBaseUrl: 'http://127.0.0.1:1',
      gelatoOrderBaseUrl: 'http://127.0.0.1:1',
      shopifyBaseUrl: 'http://127.0.0.1:1',
      shopifyApiVersion: '2026-07',
      timeoutMs,
    },
  });
}

const address: OrderAddress = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  phone: null,
  country: 'US',
  region: 'VA',
  address1: '1 Navy Way',
  address2: null,
  city: 'Arlington',
  zip: '22201',
  company: null,
};

const manual = (externalRef: string, change: { shippingMethod?: string; variantId?: string } = {}) => ({
  externalRef,
  productId: sandbox.templateProductId,
  variantId: '12100',
  quantity: 2,
  address,
  shippingMethod: 'standard',
  ...change,
});

/** Every order of the shop created in the last 60 days, page by page as a first import reads them. */
const importAll = (adapter: OrderSourceAdapter, since = Date.now() - 60 * 86_400_000) =>
  listAll(adapter, since);

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

describe('printifyOrderSource against the Printify sandbox', () => {
  it('imports every seeded order through pages of 10, each in plain status words with why it is held', async () => {
    const orders = await importAll(source());
    expect(orders).toHaveLength(12);
    const seen = orders.map((order) => `${order.providerStatus} -> ${order.status}/${order.problem ?? '-'}`);
    expect(new Set(seen)).toEqual(
      new Set([
        'on-hold -> awaiting_approval/-',
        'on-hold -> action_required/out_of_stock',
        'pending -> pending/-',
        'payment-not-received -> action_required/payment_not_received',
        'sending-to-production -> sending_to_production/-',
        'had-issues -> has_issues/has_issues',
        'in-production -> in_production/-',
        'fulfilled -> shipped/-',
        'partially-fulfilled -> shipped/-',
        'canceled -> canceled/-',
        'fulfilled -> delivered/-',
      ]),
    );
    expect(orders.map((order) => order.createdAt)).toEqual(
      orders.map((o) => o.createdAt).sort((a, b) => b - a),
    );
  });

  it('stops paging once a page reaches orders older than the import window', async () => {
    sandbox.requests.length = 0;
    const since = Date.now() - 26 * 3_600_000;
    const orders = await importAll(source(), since);
    expect(orders.map((order) => order.providerStatus).sort()).toEqual([
      'on-hold',
      'on-hold',
      'payment-not-received',
      'pending',
    ]);
    const listed = sandbox.requests.filter((request) => request.path.includes('/orders.json?'));
    expect(listed).toHaveLength(1);
  });

  it('computes totals from the lines and ties the order to its store order and product', async () => {
    const orders = await importAll(source());
    const delivered = orders.find((order) => order.status === 'delivered')!;
    const raw = sandbox.orders.get(delivered.providerOrderId)!;
    const line = raw.line_items[0]!;
    expect(delivered).toMatchObject({
      number: raw.metadata.shop_order_label,
      storeOrder: { store: 'other', id: String(raw.metadata.shop_order_id) },
      externalRef: null,
      retailCents: line.metadata.price * line.quantity,
      costCents: line.cost,
      shippingCents: line.shipping_cost,
      customerName: `${raw.address_to.first_name} ${raw.address_to.last_name}`,
      country: raw.address_to.country,
      providerUrl: `https://printify.com/app/store/${etsyShop}/orders/${raw.id}`,
      items: [
        { productId: sandbox.templateProductId, variantId: String(line.variant_id), quantity: line.quantity },
      ],
    });
    expect(delivered.shipments[0]).toMatchObject({
      carrier: 'usps',
      url: expect.stringContaining('usps.com'),
    });
    expect(delivered.deliveredAt).toBe(delivered.shipments[0]!.deliveredAt);
    expect(delivered.shippedAt).toBeLessThan(delivered.deliveredAt!);
    const canceled = orders.find((order) => order.status === 'canceled')!;
    expect(canceled.costCents).toBe(0);
    const noTracking = orders.find((o) => o.providerStatus === 'fulfilled' && o.shipments.length === 0)!;
    expect(noTracking).toMatchObject({ status: 'shipped', deliveredAt: null });
    expect(noTracking.shippedAt).not.toBeNull();
  });

  it('names the store order of a shop connected to Shopify or WooCommerce, so PodFlow links the two', async () => {
    const [shopifyShop, wooShop] = [8_123_403, 8_123_404];
    const fromShopify = sandbox.addOrder(shopifyShop, { shopOrderId: 5_500_000_000_101 });
    const fromWoo = sandbox.addOrder(wooShop, { shopOrderId: 731 });
    expect((await source(5_000, sandbox.token, shopifyShop).get(fromShopify.id))?.storeOrder).toEqual({
      store: 'shopify',
      id: '5500000000101',
    });
    expect((await source(5_000, sandbox.token, wooShop).get(fromWoo.id))?.storeOrder).toEqual({
      store: 'woocommerce',
      id: '731',
    });
  });

  it('answers null for an order Printify does not have', async () => {
    expect(await source().get('f'.repeat(24))).toBeNull();
  });

  it('tries the account look-up again after it failed', async () => {
    const adapter = source(5_000, 'retry-test-token');
    sandbox.failNext('unauthorized');
    expect((await failure(adapter.get('f'.repeat(24)))).status).toBe(401);
    expect(await adapter.get('f'.repeat(24))).toBeNull();
  });

  it('registers the five order topics once, however often it is asked, and removes them', async () => {
    const adapter = source();
    await register(adapter, receiver.url, 'first');
    const ids = await register(adapter, receiver.url, 'second');
    const hooks = [...sandbox.webhooks.values()].filter((hook) => hook.url === receiver.url);
    expect(hooks.map((hook) => hook.id).sort()).toEqual([...ids].sort());
    expect(hooks.map((hook) => hook.topic).sort()).toEqual([
      'order:created',
      'order:sent-to-production',
      'order:shipment:created',
      'order:shipment:delivered',
      'order:updated',
    ]);
    expect(hooks.every((hook) => hook.secret === 'second')).toBe(true);
    await adapter.removeWebhooks(ids);
    await adapter.removeWebhooks(ids);
    expect([...sandbox.webhooks.values()].filter((hook) => hook.url === receiver.url)).toEqual([]);
  });

  it('reads a signed delivery as its event and refuses a wrong signature or secret', async () => {
    const adapter = source();
    const ids = await register(adapter, receiver.url, 'hook-secret');
    receiver.reset();
    const order = sandbox.addOrder(etsyShop);
    sandbox.addShipment(order.id);
    await sandbox.webhooksSettled();
    const [created, shipped] = receiver.received;
    const event = adapter.verifyWebhook(created!, 'hook-secret');
    expect(event).toMatchObject({ topic: 'order:created', providerOrderId: order.id });
    expect(event!.eventKey).toMatch(/^printify:[0-9a-f]{24}$/);
    expect(event!.occurredAt).toBeGreaterThan(Date.now() - 60_000);
    expect(adapter.verifyWebhook(shipped!, 'hook-secret')!.topic).toBe('order:shipment:created');
    expect(adapter.verifyWebhook(created!, 'other-secret')).toBeNull();
    const tampered = Buffer.from(created!.rawBody.toString().replace(order.id, 'f'.repeat(24)));
    expect(adapter.verifyWebhook({ ...created!, rawBody: tampered }, 'hook-secret')).toBeNull();
    expect(adapter.verifyWebhook({ ...created!, headers: {} }, 'hook-secret')).toBeNull();
    await adapter.removeWebhooks(ids);
  });

  it('sends an order awaiting approval to production, and passes on Printify’s refusals', async () => {
    const adapter = source();
    const order = sandbox.addOrder(etsyShop);
    const sent = await adapter.sendToProduction!(order.id);
    expect(sent).toMatchObject({ status: 'sending_to_production', providerOrderId: order.id });
    expect(sent.sentToProductionAt).not.toBeNull();
    const again = await failure(adapter.sendToProduction!(order.id));
    expect(again.message).toContain('has already been sent to production');
    const refused = await failure(adapter.cancel!(order.id));
    expect(refused.message).toContain('Only orders on hold or awaiting payment can be canceled');
    expect(sandbox.orderCalls(order.id)).toMatchObject({ send_to_production: 2, cancel: 1 });
  });

  it('cancels an order awaiting payment', async () => {
    const order = sandbox.addOrder(etsyShop, { status: 'payment-not-received' });
    expect(await source().cancel!(order.id)).toMatchObject({ status: 'canceled', costCents: 0 });
  });

  it('offers the product’s enabled variants with their cost, and quotes items and shipping', async () => {
    const adapter = source();
    const options = await adapter.productOptions!(sandbox.templateProductId);
    expect(options!.variants.map((v) => v.title)).not.toContain('Navy / S');
    expect(options!.variants.find((v) => v.id === '12100')).toEqual({
      id: '12100',
      title: 'Black / S',
      costCents: 929,
    });
    expect(await adapter.productOptions!('f'.repeat(24))).toBeNull();
    const quote = await adapter.quote!({
      productId: sandbox.templateProductId,
      variantId: '12100',
      quantity: 2,
      address,
    });
    expect(quote.itemsCents).toBe(929 * 2);
    expect(quote.options.map((o) => [o.method, o.price_cents])).toEqual([
      ['economy', 399],
      ['standard', 715],
      ['printify_express', 799],
      ['priority', 1_500],
    ]);
    const abroad = await adapter.quote!({
      productId: sandbox.templateProductId,
      variantId: '12100',
      quantity: 1,
      address: { ...address, country: 'BE', region: null },
    });
    expect(abroad.options.map((o) => o.method)).toEqual(['standard', 'priority']);
  });

  it('creates a manual order awaiting approval under PodFlow’s reference, and finds it again', async () => {
    const adapter = source();
    const made = await adapter.createOrder!(manual('podflow-manual-1', { shippingMethod: 'economy' }));
    expect(made).toMatchObject({
      status: 'awaiting_approval',
      externalRef: 'podflow-manual-1',
      storeOrder: null,
    });
    expect(made.items[0]).toMatchObject({
      productId: sandbox.templateProductId,
      quantity: 2,
      shippingCents: 399,
    });
    expect(sandbox.orders.get(made.providerOrderId)!.shipping_method).toBe(4);
    const found = await adapter.findByExternalRef!('podflow-manual-1', Date.now() - 60_000);
    expect(found!.providerOrderId).toBe(made.providerOrderId);
    expect(await adapter.findByExternalRef!('podflow-nothing', Date.now() - 60_000)).toBeNull();
  });

  it('makes one order when the answer to a create is lost after Printify made it', async () => {
    sandbox.loseNextAnswers('create');
    const made = await source(150).createOrder!(manual('podflow-lost-1'));
    const withRef = [...sandbox.orders.values()].filter((o) => o.metadata.shop_order_id === 'podflow-lost-1');
    expect(withRef.map((o) => o.id)).toEqual([made.providerOrderId]);
    expect(sandbox.orderCalls(made.providerOrderId).create).toBe(1);
  });

  it('gives up without an order when Printify failed before making one, and refuses an unknown method', async () => {
    sandbox.failNext('server_error');
    expect((await failure(source().createOrder!(manual('podflow-failed-1')))).status).toBe(500);
    expect(
      (await failure(source().createOrder!(manual('podflow-bad-1', { shippingMethod: 'teleport' })))).status,
    ).toBe(400);
    expect(
      (await failure(source().createOrder!(manual('podflow-bad-2', { variantId: 'navy' })))).status,
    ).toBe(400);
    const refs = [...sandbox.orders.values()].map((o) => String(o.metadata.shop_order_id));
    expect(refs.filter((ref) => /podflow-(failed|bad)/.test(ref))).toEqual([]);
  });
});

describe('the Printify order source’s rate limit', () => {
  it('counts against the account of the key’s shops, as listing runs do', async () => {
    const accountLimit = limiterFor('printify requests account shops 999', 600, 60_000);
    for (let i = 0; i < 600; i += 1) await accountLimit.take();
    sandbox.failNext({ status: 200, body: [{ id: 999, title: 'Elsewhere', sales_channel: 'etsy' }] });
    sandbox.requests.length = 0;
    const outcome = await Promise.race([
      source(5_000, 'limit-test-token')
        .get('f'.repeat(24))
        .then(
          () => 'answered',
          () => 'failed',
        ),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 100)),
    ]);
    expect(outcome).toBe('waiting');
    expect(sandbox.requests.map((request) => request.path)).toEqual(['/v1/shops.json']);
  });
});

describe('printifyStatusOf', () => {
  const of = (status: string, lineStatus?: string, shipments: { delivered_at?: string | null }[] = []) =>
    printifyStatusOf({
      status,
      line_items: [{ variant_id: 1, quantity: 1, status: lineStatus }],
      shipments: shipments.map((s) => ({ carrier: 'usps', number: '1', ...s })),
    });

  it('maps the words Printify is seen to use, and any other to in progress', () => {
    expect(of('has-issues', 'address-issue')).toEqual({ status: 'has_issues', problem: 'address_issue' });
    expect(of('had-issues', 'image-issues')).toEqual({ status: 'has_issues', problem: 'image_issue' });
    expect(of('on-hold', 'discontinued')).toEqual({ status: 'action_required', problem: 'out_of_stock' });
    expect(of('checking-quality').status).toBe('in_production');
    expect(of('quality-approved').status).toBe('in_production');
    expect(of('ready-for-production').status).toBe('in_production');
    expect(of('cost-calculation').status).toBe('pending');
    expect(of('cancelled').status).toBe('canceled');
    expect(of('teleporting')).toEqual({ status: 'in_progress', problem: null });
  });

  it('calls a fulfilled order delivered only when every parcel is', () => {
    const delivered = '2026-01-02 10:00:00+00:00';
    expect(of('fulfilled', undefined, [{ delivered_at: delivered }]).status).toBe('delivered');
    expect(of('fulfilled', undefined, [{ delivered_at: delivered }, { delivered_at: null }]).status).toBe(
      'shipped',
    );
    expect(of('fulfilled', undefined, [{ delivered_at: '1970-01-01 00:00:00+00:00' }]).status).toBe(
      'shipped',
    );
    expect(of('fulfilled').status).toBe('shipped');
  });
});

describe('printifySnapshot', () => {
  it('takes the latest time the order shows as its update when Printify gives no updated_at', () => {
    const snapshot = printifySnapshot(
      {
        id: 'a'.repeat(24),
        status: 'in-production',
        created_at: '2026-01-01 10:00:00+00:00',
        sent_to_production_at: '2026-01-02 10:00:00+00:00',
        fulfilled_at: '1970-01-01 00:00:00+00:00',
        address_to: {
          first_name: 'Jan',
          last_name: '',
          country: 'BE',
          address1: 'x',
          city: 'Retie',
          zip: '2470',
        },
        line_items: [{ variant_id: 5, quantity: 3, cost: 100, shipping_cost: 50 }],
        metadata: { order_type: 'api', shop_order_id: 'podflow-ref', shop_order_label: 'podflow-ref' },
      },
      '42',
    );
    expect(snapshot).toMatchObject({
      createdAt: Date.UTC(2026, 0, 1, 10),
      updatedAt: Date.UTC(2026, 0, 2, 10),
      sentToProductionAt: Date.UTC(2026, 0, 2, 10),
      shippedAt: null,
      customerName: 'Jan',
      email: null,
      externalRef: 'podflow-ref',
      storeOrder: null,
      retailCents: null,
      costCents: 100,
      shippingCents: 50,
    });
  });
});
