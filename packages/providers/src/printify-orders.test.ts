import { startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { describe, expect, it } from 'vitest';
import {
  type PrintifyNewOrder,
  printifyOrdersClient,
  printifySignature,
  printifyTimeMs,
  verifyPrintifySignature,
} from './printify-orders.ts';
import { limiterFor } from './rate-limiter.ts';
import { providerFailure, useLocalServer, useSandbox } from './test-kit.ts';

const env = useSandbox(() => startPrintifySandbox({ productionDelayMs: 0, slowMs: 300, webhookLateMs: 40 }));
const receiver = useLocalServer();

function client(timeoutMs?: number) {
  return printifyOrdersClient({
    apiKey: env.sandbox.token,
    baseUrl: env.sandbox.url,
    timeoutMs,
    ...env.transport,
  });
}

const etsyShop = () => env.sandbox.shops.find((shop) => shop.sales_channel === 'etsy')!.id;

/** An order body for the Etsy shop's template tee (Black / S is enabled, Navy is not). */
function newOrder(change: Partial<PrintifyNewOrder> = {}): PrintifyNewOrder {
  return {
    external_id: `podflow-${Math.random().toString(36).slice(2)}`,
    line_items: [{ product_id: env.sandbox.templateProductId, variant_id: 12_100, quantity: 2 }],
    shipping_method: 1,
    address_to: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      country: 'US',
      region: 'NY',
      address1: '1 Main St',
      city: 'New York',
      zip: '10001',
    },
    ...change,
  };
}

/** The id of a seeded order of the Etsy shop in `status`. */
async function seeded(status: string, matches: (lineStatus: string | undefined) => boolean = () => true) {
  const page = await client().listOrders(etsyShop(), 1);
  return page.data.find((o) => o.status === status && matches(o.line_items[0]?.status))!;
}

describe('Printify orders client against the sandbox', () => {
  it('lists the shop’s orders newest first, in every status, with Printify’s timestamps and store order ids', async () => {
    const page = await client().listOrders(etsyShop(), 1);
    expect(env.sandbox.requests[0]!.path).toBe(`/v1/shops/${etsyShop()}/orders.json?page=1&limit=50`);
    const created = page.data.map((order) => order.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(page.data.map((order) => order.status))).toEqual(
      new Set([
        'on-hold',
        'payment-not-received',
        'had-issues',
        'sending-to-production',
        'in-production',
        'fulfilled',
        'partially-fulfilled',
        'canceled',
        'pending',
      ]),
    );
    const order = page.data[0]!;
    expect(order.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/);
    expect(order.metadata).toMatchObject({
      order_type: 'external',
      shop_fulfilled_at: '1970-01-01 00:00:00+00:00',
    });
    expect(typeof order.metadata.shop_order_id).toBe('number');
    expect(order.line_items[0]!.product_id).toBe(env.sandbox.templateProductId);
    expect(order.line_items[0]!.metadata!.price).toBeGreaterThan(order.line_items[0]!.cost! / 2);
  });

  it('pages through a server that gives 10 orders a page although 50 were asked for', async () => {
    const capped = await startPrintifySandbox({ ordersPageMax: 10, bulkOrders: { 8_123_401: 13 } });
    try {
      const orders = printifyOrdersClient({ apiKey: capped.token, baseUrl: capped.url });
      const first = await orders.listOrders(8_123_401, 1);
      expect(first).toMatchObject({ per_page: 10, last_page: 3, total: 25 });
      const ids = new Set<string>();
      for (let page = 1; page <= first.last_page!; page += 1) {
        for (const order of (await orders.listOrders(8_123_401, page)).data) ids.add(order.id);
      }
      expect(ids.size).toBe(25);
    } finally {
      await capped.close();
    }
  });

  it('asks again for 10 when a server refuses a limit of 50', async () => {
    env.sandbox.failNext({
      status: 400,
      body: {
        code: 8150,
        message: 'Validation failed.',
        errors: { reason: 'limit: The limit may not be greater than 10.' },
      },
    });
    const orders = client();
    await orders.listOrders(etsyShop(), 1);
    await orders.listOrders(etsyShop(), 2);
    expect(env.sandbox.requests.map((r) => r.path.replace(/.*\?/, ''))).toEqual([
      'page=1&limit=50',
      'page=1&limit=10',
      'page=2&limit=10',
    ]);
  });

  it('creates an API order that starts on hold, carrying the external id back as the store order id', async () => {
    const body = newOrder();
    const { id } = await client().createOrder(etsyShop(), body);
    const order = await client().getOrder(etsyShop(), id);
    expect(order).toMatchObject({
      status: 'on-hold',
      metadata: { order_type: 'api', shop_order_id: body.external_id },
      line_items: [{ variant_id: 12_100, quantity: 2, cost: 929 * 2, shipping_cost: 475 + 240 }],
    });
    expect(env.sandbox.orderCalls(id)).toEqual({ create: 1, get: 1 });
  });

  it('is refused a missing address field or a variant the product does not sell, in Printify’s words', async () => {
    const noZip = newOrder();
    delete (noZip.address_to as Partial<PrintifyNewOrder['address_to']>).zip;
    const missing = await providerFailure(client().createOrder(etsyShop(), noZip));
    expect(missing).toMatchObject({ status: 400, code: 8150, retryable: false });
    expect(missing.message).toContain('address_to.zip: The address to.zip field is required.');
    const navy = newOrder({
      line_items: [{ product_id: env.sandbox.templateProductId, variant_id: 12_120, quantity: 1 }],
    });
    expect((await providerFailure(client().createOrder(etsyShop(), navy))).message).toContain(
      'line_items.0.variant_id',
    );
    const before = env.sandbox.orders.size;
    const stranger = newOrder({
      line_items: [{ product_id: 'f'.repeat(24), variant_id: 12_100, quantity: 1 }],
    });
    expect((await providerFailure(client().createOrder(etsyShop(), stranger))).status).toBe(400);
    expect(env.sandbox.orders.size).toBe(before);
  });

  it('never repeats a create after a 500, but does after a 429', async () => {
    env.sandbox.failNext('server_error');
    expect((await providerFailure(client().createOrder(etsyShop(), newOrder()))).status).toBe(500);
    expect(env.sandbox.requests).toHaveLength(1);
    env.sandbox.failNext('rate_limit');
    await client().createOrder(etsyShop(), newOrder());
    expect(env.sandbox.requests).toHaveLength(3);
  });

  it('sends an on-hold order to production once; a second send is refused with the reason', async () => {
    const { id } = await client().createOrder(etsyShop(), newOrder());
    const sent = await client().sendToProduction(etsyShop(), id);
    expect(sent.status).toBe('sending-to-production');
    expect(printifyTimeMs(sent.sent_to_production_at)).toBeGreaterThan(Date.now() - 60_000);
    env.sandbox.tickOrders();
    expect((await client().getOrder(etsyShop(), id)).status).toBe('in-production');
    const again = await providerFailure(client().sendToProduction(etsyShop(), id));
    expect(again.status).toBe(400);
    expect(again.message).toContain('has already been sent to production (in-production)');
    expect(env.sandbox.orderCalls(id).send_to_production).toBe(2);
  });

  it('does not send again when the answer to a send is lost after Printify acted', async () => {
    const { id } = await client().createOrder(etsyShop(), newOrder());
    env.sandbox.loseNextAnswers('send_to_production');
    const lost = await providerFailure(client(100).sendToProduction(etsyShop(), id));
    expect(lost.status).toBe(0);
    expect(env.sandbox.orderCalls(id).send_to_production).toBe(1);
    expect(env.sandbox.orders.get(id)!.status).toBe('sending-to-production');
  });

  it('does not send again when Printify answers 500 after it acted', async () => {
    const { id } = await client().createOrder(etsyShop(), newOrder());
    env.sandbox.loseNextAnswers('send_to_production', 1, 'server_error');
    expect((await providerFailure(client().sendToProduction(etsyShop(), id))).status).toBe(500);
    expect(env.sandbox.orderCalls(id).send_to_production).toBe(1);
    expect(env.sandbox.orders.get(id)!.status).toBe('sending-to-production');
  });

  it('refuses to send an order with an out-of-stock item', async () => {
    const order = await seeded('on-hold', (line) => line === 'out-of-stock');
    const refused = await providerFailure(client().sendToProduction(etsyShop(), order.id));
    expect(refused.message).toContain('has an out-of-stock item');
  });

  it('cancels an order on hold (its cost drops to 0) and is refused one in production with the reason', async () => {
    const { id } = await client().createOrder(etsyShop(), newOrder());
    const canceled = await client().cancelOrder(etsyShop(), id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.line_items.map((line) => line.cost)).toEqual([0]);
    const inProduction = await seeded('in-production');
    const refused = await providerFailure(client().cancelOrder(etsyShop(), inProduction.id));
    expect(refused).toMatchObject({ status: 400, retryable: false });
    expect(refused.message).toContain('Only orders on hold or awaiting payment can be canceled');
    expect(env.sandbox.orders.get(inProduction.id)!.status).toBe('in-production');
  });

  it('quotes shipping by method: every method in the US, fewer abroad, an incomplete address refused', async () => {
    const { line_items, address_to } = newOrder();
    expect(await client().shippingCosts(etsyShop(), { line_items, address_to })).toEqual({
      standard: 715,
      express: 1_500,
      priority: 1_500,
      printify_express: 799,
      economy: 399,
    });
    const abroad = await client().shippingCosts(etsyShop(), {
      line_items,
      address_to: { ...address_to, country: 'BE' },
    });
    expect(Object.keys(abroad).sort()).toEqual(['express', 'priority', 'standard']);
    const refused = await providerFailure(
      client().shippingCosts(etsyShop(), { line_items, address_to: { ...address_to, city: '' } }),
    );
    expect(refused.message).toContain('address_to.city');
  });

  it('shares the account’s 600 requests a minute with the product calls', async () => {
    const limiter = limiterFor('printify requests account shared-test', 600, 60_000);
    for (let i = 0; i < 600; i += 1) await limiter.take();
    const orders = printifyOrdersClient({
      apiKey: env.sandbox.token,
      baseUrl: env.sandbox.url,
      account: 'shared-test',
    });
    const outcome = await Promise.race([
      orders.listOrders(etsyShop(), 1).then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 50)),
    ]);
    expect(outcome).toBe('waiting');
    expect(env.sandbox.requests).toHaveLength(0);
  });
});

describe('Printify order webhooks', () => {
  it('registers, lists and deletes one topic per webhook; the secret is never shown', async () => {
    const orders = client();
    const hook = await orders.createWebhook(etsyShop(), {
      topic: 'order:updated',
      url: `${receiver.baseUrl}/hook`,
      secret: 's3cret',
    });
    expect(hook).toMatchObject({ topic: 'order:updated', shop_id: etsyShop() });
    expect(JSON.stringify(await orders.listWebhooks(etsyShop()))).not.toContain('s3cret');
    await orders.deleteWebhook(etsyShop(), hook.id);
    expect(await orders.listWebhooks(etsyShop())).toEqual([]);
    expect((await providerFailure(orders.deleteWebhook(etsyShop(), hook.id))).status).toBe(404);
  });

  it('delivers each change signed over the raw body; twice, never and late on request', async () => {
    const orders = client();
    const hook = await orders.createWebhook(etsyShop(), {
      topic: 'order:updated',
      url: `${receiver.baseUrl}/hook`,
      secret: 's3cret',
    });
    const { id } = await orders.createOrder(etsyShop(), newOrder());
    env.sandbox.setOrderStatus(id, 'payment-not-received');
    await env.sandbox.webhooksSettled();
    const [delivery] = receiver.received;
    const event = JSON.parse(delivery!.body) as { id: string; type: string; resource: object };
    expect(event).toMatchObject({
      type: 'order:updated',
      resource: { id, type: 'order', data: { shop_id: etsyShop(), status: 'payment-not-received' } },
    });
    const signature = delivery!.headers['x-pfy-signature'];
    expect(verifyPrintifySignature(Buffer.from(delivery!.body), signature, 's3cret')).toBe(true);
    expect(verifyPrintifySignature(Buffer.from(delivery!.body), signature, 'other')).toBe(false);
    expect(verifyPrintifySignature(delivery!.body.replace('payment', 'pay'), signature, 's3cret')).toBe(
      false,
    );

    receiver.received = [];
    env.sandbox.failNextDelivery('twice');
    env.sandbox.setOrderStatus(id, 'on-hold');
    await env.sandbox.webhooksSettled();
    env.sandbox.failNextDelivery('never');
    env.sandbox.setOrderStatus(id, 'payment-not-received');
    env.sandbox.failNextDelivery('late');
    env.sandbox.setOrderStatus(id, 'on-hold');
    env.sandbox.setOrderStatus(id, 'canceled');
    await env.sandbox.webhooksSettled();
    const seen = receiver.received.map(
      (r) => JSON.parse(r.body) as { id: string; resource: { data: { status: string } } },
    );
    expect(seen.map((e) => e.resource.data.status)).toEqual(['on-hold', 'on-hold', 'canceled', 'on-hold']);
    expect(seen[0]!.id).toBe(seen[1]!.id);
    await orders.deleteWebhook(etsyShop(), hook.id);
  });
});

describe('verifyPrintifySignature', () => {
  const body = Buffer.from('{"id":"1","type":"order:created"}');
  it('accepts only sha256=<64 hex> of these bytes with this secret', () => {
    const header = printifySignature(body, 'key');
    expect(verifyPrintifySignature(body, header, 'key')).toBe(true);
    expect(verifyPrintifySignature(body, [header.toUpperCase().replace('SHA256', 'sha256')], 'key')).toBe(
      true,
    );
    expect(verifyPrintifySignature(body, header.slice(0, -2), 'key')).toBe(false);
    expect(verifyPrintifySignature(body, header.replace('sha256=', 'sha1='), 'key')).toBe(false);
    expect(verifyPrintifySignature(body, header.replace('sha256=', ''), 'key')).toBe(false);
    expect(verifyPrintifySignature(body, undefined, 'key')).toBe(false);
    expect(verifyPrintifySignature(body, printifySignature(body, ''), '')).toBe(false);
  });
});

describe('printifyTimeMs', () => {
  it('reads Printify’s spaced timestamps; the 1970 epoch and nonsense are "not set"', () => {
    expect(printifyTimeMs('2017-04-18 13:24:28+00:00')).toBe(Date.UTC(2017, 3, 18, 13, 24, 28));
    expect(printifyTimeMs('2017-04-18T13:24:28Z')).toBe(Date.UTC(2017, 3, 18, 13, 24, 28));
    expect(printifyTimeMs('1970-01-01 00:00:00+00:00')).toBeNull();
    expect(printifyTimeMs('soon')).toBeNull();
    expect(printifyTimeMs(null)).toBeNull();
  });
});
