import { describe, expect, it } from 'vitest';
import type { PrintifySandbox } from './printify-sandbox.ts';
import { usePrintifySandboxes } from './printify-sandbox-test-kit.ts';

const etsyShop = 8_123_401;
const start = usePrintifySandboxes();

async function call(sandbox: PrintifySandbox, path: string, init: { method?: string; body?: string } = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: init.body,
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, headers: response.headers };
}

const order = (sandbox: PrintifySandbox, status: string) =>
  [...sandbox.orders.values()].find((o) => sandbox.shopOfOrder(o.id) === etsyShop && o.status === status)!;

describe('Printify sandbox orders', () => {
  it('seeds thousands of orders in a shop at once, paged newest first', async () => {
    const began = performance.now();
    const sandbox = await start({ bulkOrders: { [etsyShop]: 5_000 } });
    expect(performance.now() - began).toBeLessThan(2_000);
    const last = await call(sandbox, `/v1/shops/${etsyShop}/orders.json?page=101&limit=50`);
    expect(last.body).toMatchObject({ total: 5_012, last_page: 101, per_page: 50 });
    expect(last.body.data).toHaveLength(12);
  });

  it('moves an order sent to production on by itself, but not the stuck one', async () => {
    const sandbox = await start({ productionDelayMs: 20 });
    const stuck = order(sandbox, 'sending-to-production');
    const onHold = sandbox.addOrder(etsyShop);
    const sent = await call(sandbox, `/v1/shops/${etsyShop}/orders/${onHold.id}/send_to_production.json`, {
      method: 'POST',
    });
    expect(sent.body.status).toBe('sending-to-production');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sandbox.orders.get(onHold.id)!.status).toBe('in-production');
    sandbox.tickOrders();
    expect(stuck.status).toBe('sending-to-production');
  });

  it("answers an order's calls over HTTP, for tests running the sandbox out of process", async () => {
    const sandbox = await start({ seedOrders: false });
    const onHold = sandbox.addOrder(etsyShop);
    const path = `/v1/shops/${etsyShop}/orders/${onHold.id}`;
    await call(sandbox, `${path}/send_to_production.json`, { method: 'POST' });
    await call(sandbox, `${path}/cancel.json`, { method: 'POST' });
    expect((await call(sandbox, `/sandbox/orders/${onHold.id}/calls`)).body).toEqual({
      send_to_production: 1,
      cancel: 1,
    });
    expect((await call(sandbox, '/sandbox/orders/unknown/calls')).body).toEqual({});
  });

  it('lets new orders arrive over time and ships them in parcels', async () => {
    const sandbox = await start({ seedOrders: false, newOrderEveryMs: 15 });
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(sandbox.orders.size).toBeGreaterThanOrEqual(3);
    const arrived = [...sandbox.orders.values()][0]!;
    expect(arrived.status).toBe('on-hold');
    sandbox.addShipment(arrived.id, true);
    expect(arrived.status).toBe('partially-fulfilled');
    sandbox.addShipment(arrived.id);
    sandbox.deliverShipments(arrived.id);
    expect(arrived).toMatchObject({ status: 'fulfilled', shipments: [{}, {}] });
    expect(arrived.shipments.every((shipment) => shipment.delivered_at !== null)).toBe(true);
  });

  it('makes an arriving order of the product asked for, which must be the shop’s', async () => {
    const sandbox = await start({ seedOrders: false });
    const shopifyShop = sandbox.shops.find((shop) => shop.sales_channel === 'shopify')!.id;
    const productId = [...sandbox.products.values()].find((p) => p.shop_id === shopifyShop)!.id;
    const arrived = sandbox.addOrder(shopifyShop, { productId, shopOrderId: 5_001 });
    expect(arrived.line_items[0]!.product_id).toBe(productId);
    expect(arrived.metadata).toMatchObject({ order_type: 'external', shop_order_id: 5_001 });
    expect(() => sandbox.addOrder(shopifyShop, { productId: sandbox.templateProductId })).toThrow(
      /no product/,
    );
  });

  it('makes an order of several lines with shipping once, on its first line', async () => {
    const sandbox = await start();
    const line = { product_id: sandbox.templateProductId, variant_id: 12_100, quantity: 1 };
    const made = await call(sandbox, `/v1/shops/${etsyShop}/orders.json`, {
      method: 'POST',
      body: JSON.stringify({
        external_id: 'multi-1',
        line_items: [line, { ...line, variant_id: 12_113, quantity: 2 }],
        address_to: { first_name: 'A', last_name: 'B', country: 'BE', address1: 'x', city: 'y', zip: '1' },
      }),
    });
    const created = sandbox.orders.get(String(made.body.id))!;
    expect(created.line_items.map((l) => [l.cost, l.shipping_cost])).toEqual([
      [929, 1_800],
      [2 * 1_129, 0],
    ]);
    expect(created.total_price).toBe(
      created.line_items.reduce((s, l) => s + l.metadata.price * l.quantity, 0),
    );
  });

  it('applies auth, faults, the shared rate limit and Printify’s error bodies to the order routes', async () => {
    const sandbox = await start();
    sandbox.failNext('server_error');
    expect((await call(sandbox, `/v1/shops/${etsyShop}/orders.json`)).status).toBe(500);
    expect((await call(sandbox, `/v1/shops/1/orders.json`)).status).toBe(401);
    const badJson = await call(sandbox, `/v1/shops/${etsyShop}/orders.json`, { method: 'POST', body: '{' });
    expect(badJson).toMatchObject({ status: 400, body: { code: 8150, errors: { code: 8150 } } });
    const tooMany = await call(sandbox, `/v1/shops/${etsyShop}/orders.json?limit=51`);
    expect(tooMany.status).toBe(400);
    const missing = await call(sandbox, `/v1/shops/${etsyShop}/orders/${'f'.repeat(24)}.json`);
    expect(missing).toMatchObject({ status: 404, body: { error: 'Not found' } });
    const counted = await call(sandbox, `/v1/shops/${etsyShop}/orders.json`);
    expect(counted.headers.get('x-ratelimit-limit')).toBe('600');
    // Every answered call but the faulted and unparsable ones counts against the account's 600.
    expect(counted.headers.get('x-ratelimit-remaining')).toBe(String(600 - 4));
  });
});
