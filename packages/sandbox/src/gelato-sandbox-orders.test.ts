import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GelatoSandbox, startGelatoSandbox } from './gelato-sandbox.ts';

let sandbox: GelatoSandbox;
beforeAll(async () => {
  sandbox = await startGelatoSandbox();
});
afterAll(() => sandbox.close());

async function call(method: string, path: string, body?: unknown, key: string | null = sandbox.apiKey) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      ...(key ? { 'x-api-key': key } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const tee = 'apparel_product_gca_t-shirt_gsc_crewneck_gcu_unisex_gqa_classic_gsi_m_gco_white_gpr_4-0';
const address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '1 Main St',
  city: 'Toronto',
  postCode: 'M5V 2T6',
  state: 'ON',
  country: 'CA',
  email: 'ada@example.com',
};
const line = {
  itemReferenceId: 'l1',
  productUid: tee,
  quantity: 1,
  files: [{ url: 'https://f.example.com/a.png' }],
};
const create = (change: Record<string, unknown> = {}) => ({
  orderReferenceId: 'ref-1',
  customerReferenceId: 'cust-1',
  currency: 'USD',
  items: [
    { itemReferenceId: 'l1', productUid: tee, quantity: 1, files: [{ url: 'https://f.example.com/a.png' }] },
  ],
  shippingAddress: address,
  ...change,
});

describe("the Gelato sandbox's order API", () => {
  it('asks for the API key, as Gelato does', async () => {
    expect((await call('POST', '/v4/orders:search', {}, null)).status).toBe(401);
    expect((await call('GET', '/v4/orders/x', undefined, 'wrong')).status).toBe(403);
  });

  it('searches by status, channel, words and dates, newest first', async () => {
    const byStatus = await call('POST', '/v4/orders:search', { fulfillmentStatuses: ['failed'] });
    expect((byStatus.body.orders as { fulfillmentStatus: string }[]).map((o) => o.fulfillmentStatus)).toEqual(
      ['failed', 'failed'],
    );
    const api = await call('POST', '/v4/orders:search', { channels: ['api'], storeIds: [null] });
    expect((api.body.orders as unknown[]).length).toBe(2);
    const words = await call('POST', '/v4/orders:search', { search: 'LOVELACE', limit: 3 });
    expect((words.body.orders as unknown[]).length).toBe(3);
    const old = await call('POST', '/v4/orders:search', {
      endDate: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    });
    expect((old.body.orders as unknown[]).length).toBe(1);
    expect((await call('POST', '/v4/orders:search', { limit: 0 })).status).toBe(400);
  });

  it('refuses a create Gelato would refuse, with its reason', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ customerReferenceId: undefined }, 'customerReferenceId is required.'],
      [{ currency: 'dollars' }, 'currency must be an ISO 4217 code such as USD.'],
      [{ items: [] }, 'items must hold at least one item.'],
      [
        { items: [{ itemReferenceId: 'l1', productUid: 'mug', quantity: 1 }] },
        'items[0].productUid "mug" is not a Gelato product.',
      ],
      [
        { items: [{ itemReferenceId: 'l1', productUid: tee, quantity: 1 }] },
        'items[0].files is required for a printable product.',
      ],
      [
        { shippingAddress: { ...address, state: '' } },
        'shippingAddress.state is required for addresses in CA.',
      ],
      [
        { shippingAddress: { ...address, lastName: 'x'.repeat(26) } },
        'shippingAddress.lastName must be at most 25 characters long.',
      ],
      [
        { shippingAddress: { ...address, postCode: '1'.repeat(16) } },
        'shippingAddress.postCode must be at most 15 characters long.',
      ],
      [{ shipmentMethodUid: 'teleport' }, 'shipmentMethodUid "teleport" is not available for this order.'],
      [
        { metadata: Array(21).fill({ key: 'k', value: 'v' }) },
        'metadata must be an array of at most 20 entries.',
      ],
      [{ orderType: 'sample' }, 'orderType must be "order" or "draft".'],
      [
        { shippingAddress: { ...address, country: 'Canada' } },
        'shippingAddress.country must be a two-letter ISO 3166-1 code.',
      ],
      [{ items: [{ ...line, quantity: 0 }] }, 'items[0].quantity must be an integer of at least 1.'],
      [{ items: [line, line] }, 'items[1].itemReferenceId must be unique within the order.'],
      [
        { items: [{ ...line, files: [{ type: 'front', url: 'https://f.example.com/a.png' }] }] },
        'items[0].files[0].type "front" is not a file type Gelato knows.',
      ],
    ];
    for (const [change, message] of refusals) {
      expect(await call('POST', '/v4/orders', create(change))).toEqual({ status: 400, body: { message } });
    }
    expect(sandbox.orders.creates.size).toBe(0);
    const made = await call('POST', '/v4/orders', create({ orderReferenceId: 42, orderType: 'draft' }));
    expect(made.body).toMatchObject({
      orderReferenceId: '42',
      orderType: 'draft',
      fulfillmentStatus: 'draft',
    });
  });

  it('cancels until an item is printed, and says so after', async () => {
    const order = sandbox.orders.addOrder({ fulfillmentStatus: 'in_production' });
    expect((await call('POST', `/v4/orders/${order.id}:cancel`)).status).toBe(200);
    sandbox.orders.setStatus(order.id, 'printed');
    expect(await call('POST', `/v4/orders/${order.id}:cancel`)).toMatchObject({ status: 409 });
    expect((await call('POST', '/v4/orders/nope:cancel')).status).toBe(404);
    expect((await call('POST', `/v4/orders/${order.id}:approve`)).status).toBe(404);
  });

  it('makes new orders over time, of the store products the listing flow made when there are some', async () => {
    const arriving = await startGelatoSandbox({ seedOrders: false, newOrderEveryMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    arriving.orders.generateEvery(null);
    await arriving.close();
    const made = [...arriving.orders.orders.values()];
    expect(made.length).toBeGreaterThan(1);
    expect(
      made.every((order) => order.storeId === arriving.storeId && order.fulfillmentStatus === 'created'),
    ).toBe(true);
  });

  it("takes the dashboard's webhook URL over HTTP", async () => {
    expect((await call('PUT', '/sandbox/webhook-url', { url: 'ftp://x' })).status).toBe(400);
    expect(await call('PUT', '/sandbox/webhook-url', { url: null })).toEqual({
      status: 200,
      body: { url: null },
    });
  });
});
