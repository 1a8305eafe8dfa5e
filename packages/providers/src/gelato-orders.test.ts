import { gelatoSandboxAddress, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { describe, expect, it } from 'vitest';
import {
  type GelatoCreateOrder,
  type GelatoOrderSummary,
  type GelatoSearchCursor,
  gelatoCancelRefused,
  gelatoCents,
  gelatoOrderByReference,
  gelatoOrdersClient,
  gelatoSearchPage,
} from './gelato-orders.ts';
import { sellerFailure } from './seller-sentence.ts';
import { providerFailure, useSandbox } from './test-kit.ts';

// Search pages of at most 4 orders, whatever the client asks: Gelato's cap is undocumented.
const env = useSandbox(() => startGelatoSandbox({ searchMaxLimit: 4, slowMs: 1_000 }));

function client(timeoutMs?: number) {
  return gelatoOrdersClient({
    apiKey: env.sandbox.apiKey,
    baseUrl: env.sandbox.url,
    timeoutMs,
    ...env.transport,
  });
}

const tee = 'apparel_product_gca_t-shirt_gsc_crewneck_gcu_unisex_gqa_classic_gsi_m_gco_white_gpr_4-0';
const address = gelatoSandboxAddress;
const order = (ref: string, change: Partial<GelatoCreateOrder> = {}): GelatoCreateOrder => ({
  orderReferenceId: ref,
  customerReferenceId: 'podflow:test',
  currency: 'USD',
  items: [
    {
      itemReferenceId: 'line-1',
      productUid: tee,
      quantity: 3,
      files: [{ type: 'default', url: 'https://files.example.com/cat.png' }],
    },
  ],
  shipmentMethodUid: 'express',
  shippingAddress: address,
  ...change,
});

describe('gelatoOrdersClient against the Gelato sandbox', () => {
  it('pages a search newest first to its end though Gelato gives fewer orders than asked', async () => {
    const gelato = client();
    // A search changes nothing: a 500 is retried like a read.
    env.sandbox.failNext('server_error');
    const seen: GelatoOrderSummary[] = [];
    let cursor: GelatoSearchCursor | null = { offset: 0, previous: 0 };
    while (cursor) {
      const page = await gelatoSearchPage(gelato, { storeIds: [env.sandbox.storeId] }, cursor, 50);
      seen.push(...page.orders);
      cursor = page.next;
    }
    const storeOrders = [...env.sandbox.orders.orders.values()].filter(
      (o) => o.storeId === env.sandbox.storeId,
    );
    expect(seen.map((o) => o.id).sort()).toEqual(storeOrders.map((o) => o.id).sort());
    const times = seen.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // 11 store orders in pages of 4: three pages, the last one short, and no more requests (and the retry).
    expect(env.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      Array(4).fill('POST /v4/orders:search'),
    );
    expect(env.sleeps).toHaveLength(1);
    expect(env.sandbox.requests[0]!.headers['x-api-key']).toBe(env.sandbox.apiKey);
  });

  it('creates an order under its reference, reads it back and finds it by that reference', async () => {
    const gelato = client();
    const made = await gelato.createOrder(order('pf-create-1'));
    expect(made).toMatchObject({
      orderReferenceId: 'pf-create-1',
      channel: 'api',
      storeId: null,
      fulfillmentStatus: 'created',
    });
    expect((await gelato.getOrder(made.id)).shipment?.shipmentMethodUid).toBe('courier_express');
    const found = await gelato.searchOrders({ orderReferenceId: 'pf-create-1' });
    expect(found.orders.map((o) => o.id)).toEqual([made.id]);
  });

  it("shows Gelato's reason when it refuses an address, and never sends a create twice after a 500", async () => {
    const gelato = client();
    const noState = await providerFailure(
      gelato.createOrder(order('pf-refused', { shippingAddress: { ...address, state: undefined } })),
    );
    expect(noState.status).toBe(400);
    expect(noState.message).toContain('shippingAddress.state is required for addresses in US.');
    const longLine = await providerFailure(
      gelato.createOrder(
        order('pf-refused', { shippingAddress: { ...address, addressLine1: 'x'.repeat(36) } }),
      ),
    );
    expect(longLine.message).toContain('addressLine1 must be at most 35 characters long.');
    env.sandbox.failNext('server_error');
    const failed = await providerFailure(gelato.createOrder(order('pf-500')));
    expect(failed.status).toBe(500);
    expect(env.sandbox.requests.filter((r) => r.path === '/v4/orders')).toHaveLength(3);
    expect(env.sandbox.orders.creates.get('pf-500')).toBeUndefined();
  });

  it('waits out a 429 as Gelato asks, then creates once', async () => {
    env.sandbox.failNext('rate_limit');
    await client().createOrder(order('pf-429'));
    expect(env.sleeps).toEqual([20]);
    expect(env.sandbox.orders.creates.get('pf-429')).toBe(1);
  });

  it('gives up on a create whose answer never comes, and does not send it again', async () => {
    env.sandbox.orders.timeoutNextCreate();
    const lost = await providerFailure(client(150).createOrder(order('pf-lost')));
    expect(lost.status).toBe(0);
    expect(env.sandbox.orders.creates.get('pf-lost')).toBe(1);
  });

  it("cancels an order before printing, and once printed says Gelato's refusal as a sentence", async () => {
    const gelato = client();
    const open = await gelato.createOrder(order('pf-cancel'));
    await gelato.cancelOrder(open.id);
    expect((await gelato.getOrder(open.id)).fulfillmentStatus).toBe('canceled');
    const printed = env.sandbox.orders.addOrder({ fulfillmentStatus: 'printed' });
    const refused = await providerFailure(gelato.cancelOrder(printed.id));
    expect(refused).toMatchObject({ status: 409, code: gelatoCancelRefused, retryable: false });
    expect(sellerFailure(refused).sentence).toBe(
      'Gelato has started printing this order, so it can no longer be canceled. Gelato says: The order cannot be canceled: one or more of its items are already printed.',
    );
    env.sandbox.failNext('server_error');
    await providerFailure(gelato.cancelOrder(open.id));
    // The first cancel and the one that met a 500: not sent again, Gelato may have acted on it.
    expect(env.sandbox.requests.filter((r) => r.path === `/v4/orders/${open.id}:cancel`)).toHaveLength(2);
  });

  it('quotes the items and the normal and express shipping to an address', async () => {
    const quote = await client().quoteOrder({
      orderReferenceId: 'pf-quote',
      customerReferenceId: 'podflow:test',
      currency: 'USD',
      recipient: address,
      products: [{ itemReferenceId: 'line-1', productUid: tee, quantity: 3 }],
    });
    expect(quote.quotes).toHaveLength(1);
    const [first] = quote.quotes;
    expect(first!.products[0]!.price).toBe(59.97);
    expect(first!.shipmentMethods.map((m) => [m.shipmentMethodUid, m.price])).toEqual([
      ['post_standard', 5.99],
      ['courier_express', 15.49],
    ]);
  });
});

describe('gelatoOrderByReference', () => {
  const summary = {
    id: 'o-1',
    orderReferenceId: 'someone-else',
    fulfillmentStatus: 'created',
    financialStatus: 'pending',
    channel: 'api',
    storeId: null,
    createdAt: '',
    updatedAt: '',
  };
  it('never passes another order off as the one a lost create made, nor one Gelato no longer has', async () => {
    const ignoringFilter = {
      searchOrders: async () => ({ orders: [summary] }),
      getOrder: async () => {
        throw new Error('not read');
      },
    };
    expect(await gelatoOrderByReference(ignoringFilter, 'pf-1', Date.now())).toBeUndefined();
    const gone = client();
    const made = await gone.createOrder(order('pf-gone'));
    expect((await gelatoOrderByReference(gone, 'pf-gone', Date.now()))?.id).toBe(made.id);
    expect(await gelatoOrderByReference(gone, 'pf-gone', Date.now(), () => false)).toBeUndefined();
    env.sandbox.orders.orders.delete(made.id);
    const deleted = {
      searchOrders: async () => ({ orders: [{ ...summary, id: made.id, orderReferenceId: 'pf-gone' }] }),
      getOrder: gone.getOrder,
    };
    expect(await gelatoOrderByReference(deleted, 'pf-gone', Date.now())).toBeUndefined();
  });
});

describe('gelatoCents', () => {
  it('reads amounts to cents exactly, whether strings or numbers', () => {
    expect(gelatoCents('49.12')).toBe(4912);
    expect(gelatoCents(59.97)).toBe(5997);
    expect(gelatoCents(0.1 + 0.2)).toBe(30);
    expect(gelatoCents('7')).toBe(700);
    expect(gelatoCents('7.5')).toBe(750);
    expect(gelatoCents('1.005')).toBe(101);
    expect(gelatoCents(1.005)).toBe(101);
    expect(gelatoCents('1.004')).toBe(100);
    expect(gelatoCents('-2.50')).toBe(-250);
    expect(gelatoCents('12,50')).toBeUndefined();
    expect(gelatoCents(null)).toBeUndefined();
    expect(gelatoCents(Number.NaN)).toBeUndefined();
  });
});
