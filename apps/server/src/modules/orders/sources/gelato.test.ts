import { type GelatoOrder, gelatoCancelRefused } from '@podflow/providers/gelato-orders';
import { gelatoClient, gelatoProductInput } from '@podflow/providers/gelato';
import { sellerFailure } from '@podflow/providers/seller-sentence';
import { eventually, json, providerFailure, useLocalServer, useSandbox } from '@podflow/providers/test-kit';
import { gelatoSandboxAddress, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { gelatoOrderSource, gelatoShippingQuote, readGelatoWebhook } from './gelato.ts';
import { gelatoSnapshot, gelatoStatus, podflowCustomerReference } from './gelato-snapshot.ts';
import { gelatoSandboxShipTo, listAll } from './adapter.test-kit.ts';

// Search pages of at most 4 orders (Gelato's cap is undocumented); webhook retries 10 ms apart.
const env = useSandbox(() =>
  startGelatoSandbox({ searchMaxLimit: 4, publishDelayMs: 5, slowMs: 2_000, webhookRetryMs: 10 }),
);
const receiver = useLocalServer();

function source(timeoutMs = 2_000) {
  const url = env.sandbox.url;
  return gelatoOrderSource({
    shopId: env.sandbox.storeId,
    credential: env.sandbox.apiKey,
    settings: {
      printifyBaseUrl: 'http://127.0.0.1:9',
      gelatoBaseUrl: url,
      gelatoOrderBaseUrl: url,
      shopifyBaseUrl: 'http://127.0.0.1:9/{shop}',
      shopifyApiVersion: '2026-07',
      timeoutMs,
    },
  });
}

const address = gelatoSandboxShipTo;

/** A store product made as the listing flow makes it, published. */
let product: { id: string; variantId: string };
beforeAll(async () => {
  const gelato = gelatoClient({ apiKey: env.sandbox.apiKey, baseUrl: env.sandbox.url });
  const template = await gelato.getTemplate(env.sandbox.templateId);
  const made = await gelato.createProductFromTemplate(
    env.sandbox.storeId,
    gelatoProductInput(template, {
      fileUrl: `${env.sandbox.url}/previews/design.png`,
      title: 'Cat tee',
      description: 'A cat.',
      tags: [],
    }),
  );
  await eventually(
    () => gelato.getProduct(env.sandbox.storeId, made.id),
    (read) => read.status === 'active',
  );
  product = { id: made.id, variantId: made.variants![1]!.id };
});

describe('gelatoOrderSource against the Gelato sandbox', () => {
  it("lists the store's orders and the API orders PodFlow placed for it, newest first, with what needs the seller", async () => {
    const orders = await listAll(source(), Date.now() - 60 * 86_400_000);
    const expected = [...env.sandbox.orders.orders.values()].filter(
      (order) =>
        order.storeId === env.sandbox.storeId ||
        order.customerReferenceId === podflowCustomerReference(env.sandbox.storeId),
    );
    expect(orders.map((order) => order.providerOrderId).sort()).toEqual(
      expected.map((order) => order.id).sort(),
    );
    expect(orders.map((order) => order.createdAt)).toEqual(
      orders.map((order) => order.createdAt).sort((a, b) => b - a),
    );
    const by = (status: string) => orders.filter((order) => order.providerStatus === status);
    expect(by('failed').map((order) => [order.status, order.problem])).toEqual([
      ['has_issues', 'out_of_stock'],
      ['has_issues', 'address_issue'],
    ]);
    expect(
      orders.filter((order) => order.problem === 'unpaid').map((order) => order.financialStatus),
    ).toEqual(['refused']);
    const [shipped] = by('shipped');
    expect(shipped!.shipments).toEqual([
      expect.objectContaining({
        carrier: 'Standard',
        number: expect.stringMatching(/^1Z/),
        url: expect.any(String),
      }),
    ]);
    expect(shipped!.storeOrder).toEqual({ store: 'shopify', id: shipped!.number });
    expect(shipped!.shippedAt).toBe(shipped!.updatedAt);
    // Three tees at $19.99 and $3.99 + 2 × $1.00 shipping, from Gelato's receipt: exact cents.
    expect(shipped).toMatchObject({
      costCents: 5997,
      shippingCents: 599,
      retailCents: null,
      currency: 'USD',
    });
    expect(shipped!.items[0]).toMatchObject({
      title: 'Classic Unisex Crewneck T-shirt',
      variant: 'Black / L',
      quantity: 3,
      costCents: 5997,
    });
    const ours = orders.find((order) => order.externalRef !== null)!;
    expect(ours).toMatchObject({ status: 'in_production', storeOrder: null, externalRef: ours.number });
  });

  it('lists only orders made since the date asked, and reads nothing of the account it does not show', async () => {
    const recent = await listAll(source(), Date.now() - 4 * 86_400_000);
    // The seed's last two orders are that recent: PodFlow's API order, and another tool's (not shown).
    expect(recent.map((order) => [order.providerStatus, order.externalRef !== null])).toEqual([
      ['in_production', true],
    ]);
    const theirs = [...env.sandbox.orders.orders.values()].find(
      (order) => order.customerReferenceId === 'wholesale-7',
    )!;
    expect(await source().get(theirs.id)).toBeNull();
    expect(await source().get('00000000-0000-4000-8000-000000000000')).toBeNull();
    const otherStore = env.sandbox.orders.addOrder({ storeId: 'another-store-of-the-account' });
    expect(await source().get(otherStore.id)).toBeNull();
    // Nothing since a moment from now: one empty page ends the listing.
    expect(await source().list(null, { since: Date.now() + 60_000 })).toEqual({ orders: [], next: null });
    expect((await source().list('-4.0', { since: 0 })).orders[0]?.providerOrderId).toBeDefined();
    const listed = await source().list('not-a-cursor', { since: Date.now() - 60_000 });
    expect(listed.orders.map((order) => order.providerOrderId)).not.toContain(otherStore.id);
    env.sandbox.orders.orders.delete(otherStore.id);
  });
});

describe('manual orders on Gelato', () => {
  it("offers the store product's variants, quotes its shipping, and places the order once under PodFlow's reference", async () => {
    const gelato = source();
    const options = await gelato.productOptions!(product.id);
    expect(options).toMatchObject({ productId: product.id, title: 'Cat tee' });
    expect(options!.variants.map((variant) => variant.title)).toEqual([
      'White - M',
      'White - L',
      'Black - L',
    ]);
    expect(await gelato.productOptions!('no-such-product')).toBeNull();
    await expect(
      gelato.quote!({ productId: product.id, variantId: 'gone', quantity: 1, address }),
    ).rejects.toThrow('This size or colour is no longer offered by the Gelato product: choose another one.');
    const wanted = { productId: product.id, variantId: product.variantId, quantity: 2, address };
    expect(await gelato.quote!(wanted)).toEqual({
      itemsCents: 3998,
      options: [
        {
          method: 'post_standard',
          name: 'Standard',
          price_cents: 499,
          currency: 'USD',
          min_days: 3,
          max_days: 6,
        },
        {
          method: 'courier_express',
          name: 'Express',
          price_cents: 1399,
          currency: 'USD',
          min_days: 1,
          max_days: 2,
        },
      ],
    });
    const made = await gelato.createOrder!({
      ...wanted,
      externalRef: 'pf-manual-1',
      // The quote's own uid for Express.
      shippingMethod: 'courier_express',
      printFileUrl: `${env.sandbox.url}/previews/design.png`,
    });
    expect(made).toMatchObject({
      externalRef: 'pf-manual-1',
      number: 'pf-manual-1',
      status: 'pending',
      customerName: 'Ada Lovelace',
    });
    expect(made.items[0]).toMatchObject({
      productId: product.id,
      variantId: product.variantId,
      variant: 'White / L',
      quantity: 2,
    });
    const sent = env.sandbox.requests.find((request) => request.path === '/v4/orders')!.body as Record<
      string,
      unknown
    >;
    // The seller's address in Gelato's words: nothing empty sent for what was not given.
    expect(sent.shippingAddress).toEqual(gelatoSandboxAddress);
    expect(sent).toMatchObject({
      orderReferenceId: 'pf-manual-1',
      customerReferenceId: podflowCustomerReference(env.sandbox.storeId),
      shipmentMethodUid: 'courier_express',
      items: [
        expect.objectContaining({
          productUid: expect.stringContaining('gsi_l_gco_white'),
          files: [{ type: 'default', url: expect.any(String) }],
        }),
      ],
    });
    expect((await gelato.findByExternalRef!('pf-manual-1', Date.now() - 60_000))?.providerOrderId).toBe(
      made.providerOrderId,
    );
    expect(await gelato.findByExternalRef!('pf-never-sent', Date.now() - 60_000)).toBeNull();
    expect(env.sandbox.orders.creates.get('pf-manual-1')).toBe(1);
  });

  it('answers the order Gelato made when the answer to the create was lost or a 500, without creating it again', async () => {
    const order = (externalRef: string) => ({
      productId: product.id,
      variantId: product.variantId,
      quantity: 1,
      address,
      externalRef,
      shippingMethod: 'normal',
      printFileUrl: `${env.sandbox.url}/previews/design.png`,
    });
    env.sandbox.orders.timeoutNextCreate();
    const timedOut = await source(300).createOrder!(order('pf-lost-answer'));
    expect(timedOut.externalRef).toBe('pf-lost-answer');
    env.sandbox.orders.failNextCreate(1, 'after');
    const failed = await source().createOrder!(order('pf-made-then-500'));
    expect(failed.externalRef).toBe('pf-made-then-500');
    expect([
      env.sandbox.orders.creates.get('pf-lost-answer'),
      env.sandbox.orders.creates.get('pf-made-then-500'),
    ]).toEqual([1, 1]);
  });

  it("keeps Gelato's refusal, and creates nothing after a 500", async () => {
    const order = {
      productId: product.id,
      variantId: product.variantId,
      quantity: 1,
      externalRef: 'pf-refused',
      shippingMethod: 'normal',
      printFileUrl: `${env.sandbox.url}/previews/design.png`,
    };
    const refused = await providerFailure(
      source().createOrder!({ ...order, address: { ...address, region: null } }),
    );
    expect(refused.message).toContain('shippingAddress.state is required for addresses in US.');
    // What was not given is not sent as an empty field.
    const sent = env.sandbox.requests.filter((request) => request.path === '/v4/orders').at(-1)!.body;
    expect((sent as { shippingAddress: object }).shippingAddress).not.toHaveProperty('state');
    env.sandbox.orders.failNextCreate();
    const failed = await providerFailure(source().createOrder!({ ...order, address }));
    expect(failed.status).toBe(500);
    expect(env.sandbox.orders.creates.get('pf-refused')).toBeUndefined();
  });
});

describe('Gelato order actions and events', () => {
  it("cancels an order until printing starts, then says Gelato's refusal", async () => {
    const open = env.sandbox.orders.addOrder({ fulfillmentStatus: 'passed' });
    expect(await source().cancel!(open.id)).toMatchObject({ status: 'canceled', providerStatus: 'canceled' });
    const printed = env.sandbox.orders.addOrder({ fulfillmentStatus: 'printed' });
    const refused = await providerFailure(source().cancel!(printed.id));
    expect(refused.code).toBe(gelatoCancelRefused);
    expect(sellerFailure(refused).sentence).toMatch(
      /^Gelato has started printing this order, so it can no longer be canceled\. Gelato says: /,
    );
    expect(env.sandbox.orders.cancels.get(printed.id)).toBe(1);
  });

  it('hears of every change at the pasted URL, each event once by its id, even delivered twice or out of order', async () => {
    const sandbox = env.sandbox.orders;
    sandbox.setWebhookUrl(`${receiver.baseUrl}/webhooks/gelato/token/`);
    try {
      const order = sandbox.addOrder();
      await sandbox.webhooksSettled();
      sandbox.webhookFault('twice');
      sandbox.setStatus(order.id, 'in_production');
      sandbox.webhookFault('out_of_order');
      sandbox.setStatus(order.id, 'printed');
      sandbox.addPackage(order.id, { trackingCode: 'TRACK-1' });
      await sandbox.webhooksSettled();
      const events = receiver.received.map((delivery) => readGelatoWebhook(Buffer.from(delivery.body))!);
      const statuses = receiver.received.map(
        (delivery) =>
          (JSON.parse(delivery.body) as { fulfillmentStatus?: string }).fulfillmentStatus ?? 'tracking',
      );
      expect(statuses).toEqual([
        'created',
        'in_production',
        'in_production',
        'tracking',
        'printed',
        'shipped',
      ]);
      expect(events.every((event) => event.providerOrderId === order.id)).toBe(true);
      expect(new Set(events.map((event) => event.eventKey)).size).toBe(5);
      expect(events.map((event) => event.topic)).toContain('order_item_tracking_code_updated');
      // Whatever arrived last, the order read again is the present state.
      expect(await source().get(order.id)).toMatchObject({
        status: 'shipped',
        shipments: [expect.objectContaining({ number: 'TRACK-1' })],
      });
    } finally {
      sandbox.setWebhookUrl(null);
    }
  });

  it('tries a refused delivery three times, and a lost one never arrives', async () => {
    const sandbox = env.sandbox.orders;
    sandbox.setWebhookUrl(`${receiver.baseUrl}/hook`);
    try {
      receiver.handlers = [json(500, {}), json(500, {}), json(200, {})];
      const order = sandbox.addOrder();
      sandbox.webhookFault('never');
      sandbox.setStatus(order.id, 'passed');
      await sandbox.webhooksSettled();
      expect(receiver.received.map((delivery) => JSON.parse(delivery.body).fulfillmentStatus)).toEqual([
        'created',
        'created',
        'created',
      ]);
    } finally {
      sandbox.setWebhookUrl(null);
    }
  });
});

describe('reading Gelato orders and events', () => {
  it('puts every fulfilment status in plain words, an unknown one "In progress"', () => {
    const statuses =
      'created uploading passed pending_approval in_production printed digitizing shipped in_transit delivered failed canceled draft returned on_hold brand_new';
    expect(statuses.split(' ').map(gelatoStatus).join(' ')).toBe(
      'pending pending pending pending in_production in_production in_production shipped shipped delivered has_issues canceled draft returned action_required in_progress',
    );
  });

  it('says a refused payment needs the seller only while the order is still to be made or shipped', () => {
    const order = (
      fulfillmentStatus: string,
      financialStatus: string,
      failureReason?: string,
    ): GelatoOrder => ({
      id: 'o1',
      orderType: 'order',
      orderReferenceId: 'r1',
      customerReferenceId: 'c1',
      fulfillmentStatus,
      financialStatus,
      currency: 'EUR',
      channel: 'api',
      storeId: null,
      createdAt: '2026-11-01T10:00:00+0000',
      updatedAt: '2026-11-02T10:00:00+0000',
      items: [],
      receipts: [
        {
          id: 'r',
          currency: 'EUR',
          productsPriceInclVat: '49.12',
          packagingPriceInclVat: '0.10',
          shippingPriceInclVat: 0.2 + 0.1,
        },
      ],
      failureReason: failureReason ?? null,
    });
    const problem = (...args: Parameters<typeof order>) => gelatoSnapshot(order(...args), 'store').problem;
    expect(problem('passed', 'refused')).toBe('unpaid');
    expect(problem('in_production', 'refused')).toBe('unpaid');
    expect(problem('passed', 'pending')).toBeNull();
    expect(problem('delivered', 'refused')).toBeNull();
    expect(problem('canceled', 'refused')).toBeNull();
    expect(problem('failed', 'refused', 'Payment failed')).toBe('unpaid');
    expect(problem('failed', 'pending', 'Invalid ZIP code for the city')).toBe('address_issue');
    expect(problem('failed', 'pending', 'Variant discontinued')).toBe('out_of_stock');
    expect(problem('failed', 'pending')).toBe('has_issues');
    expect(problem('on_hold', 'paid')).toBe('has_issues');
    // PodFlow's reference on a store's own order is no PodFlow order.
    const storeOrder = {
      ...order('passed', 'paid'),
      storeId: 'store',
      customerReferenceId: podflowCustomerReference('store'),
    };
    expect(gelatoSnapshot(storeOrder, 'store').externalRef).toBeNull();
    expect(gelatoSnapshot({ ...storeOrder, storeId: null }, 'store').externalRef).toBe('r1');
    const snapshot = gelatoSnapshot(order('delivered', 'paid'), 'store');
    expect(snapshot).toMatchObject({
      costCents: 4922,
      shippingCents: 30,
      currency: 'EUR',
      deliveredAt: Date.parse('2026-11-02T10:00:00Z'),
      shippedAt: null,
    });
    // A refund is not a cost; no receipt, or an amount that cannot be read, is no figure at all.
    const refunded = order('canceled', 'refunded');
    refunded.receipts!.push({
      id: 'x',
      transactionType: 'refund',
      currency: 'EUR',
      productsPriceInclVat: '49.12',
    });
    expect(gelatoSnapshot(refunded, 'store').costCents).toBe(4922);
    expect(gelatoSnapshot({ ...refunded, receipts: [] }, 'store')).toMatchObject({
      costCents: null,
      shippingCents: null,
    });
    const unreadable = { ...refunded, receipts: [{ id: 'y', currency: 'EUR', productsPriceInclVat: 'n/a' }] };
    expect(gelatoSnapshot(unreadable, 'store').costCents).toBeNull();
  });

  it("takes both event shapes, keys one without an id by its bytes, and refuses what is not Gelato's", () => {
    const older = Buffer.from(
      JSON.stringify({ object: 'orderStatus', orderId: 'o-9', fulfillmentStatus: 'shipped' }),
    );
    const event = readGelatoWebhook(older)!;
    expect(event).toMatchObject({
      topic: 'order_status_updated',
      providerOrderId: 'o-9',
      eventKey: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(readGelatoWebhook(Buffer.from(older))!.eventKey).toBe(event.eventKey);
    const product = Buffer.from(
      JSON.stringify({ id: 'spu_1', event: 'store_product_updated', storeProductId: 'p' }),
    );
    expect(readGelatoWebhook(product)).toMatchObject({ eventKey: 'spu_1', providerOrderId: null });
    expect(readGelatoWebhook(Buffer.from('not json'))).toBeNull();
    expect(readGelatoWebhook(Buffer.from('{"orderId":"o-9"}'))).toBeNull();
    expect(readGelatoWebhook(Buffer.from('[1]'))).toBeNull();
  });

  it('adds up a split quote: a method every part offers, at the sum of its prices', () => {
    const part = (id: string, price: number, methods: [string, string][]) => ({
      id,
      itemReferenceIds: [id],
      products: [{ itemReferenceId: id, productUid: 'u', quantity: 1, price, currency: 'USD' }],
      shipmentMethods: methods.map(([uid, cost]) => ({
        name: uid,
        shipmentMethodUid: uid,
        price: cost,
        currency: 'USD',
      })),
    });
    const quote = gelatoShippingQuote({
      orderReferenceId: 'q',
      quotes: [
        part('a', 10.1, [
          ['normal', '3.30'],
          ['express', '9.90'],
        ]),
        part('b', 20.2, [['normal', '4.40']]),
      ],
    });
    expect(quote).toEqual({
      itemsCents: 3030,
      options: [
        {
          method: 'normal',
          name: 'normal',
          price_cents: 770,
          currency: 'USD',
          min_days: null,
          max_days: null,
        },
      ],
    });
  });
});
