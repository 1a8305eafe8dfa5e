import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTemplateProductIds } from '@podflow/sandbox/printify-sandbox';
import { testDbKind } from '../../test/test-app.ts';
import { type SandboxOrdersWorld, startSandboxOrdersWorld } from './orders-sandbox-world.ts';
import { gelatoSandboxShipTo } from './sources/adapter.test-kit.ts';
import { buildDesignRow } from '../../test/factories.ts';

let world: SandboxOrdersWorld;
let sourceId: string;

beforeAll(async () => {
  world = await startSandboxOrdersWorld();
  await world.connectPrintify();
  sourceId = (await world.source('printify')).id;
});
afterAll(async () => world?.close());

/** The events PodFlow stored for one order of the sandbox. */
const eventsOf = (providerOrderId: string) =>
  world.t.db
    .selectFrom('order_events')
    .select(['event_key', 'outcome'])
    .where('provider_order_id', '=', providerOrderId)
    .execute();

describe(`orders against the Printify sandbox's webhooks on ${testDbKind}`, () => {
  it('registers signed webhooks, and shows a new order and its change as they are delivered', async () => {
    expect(await world.source('printify')).toMatchObject({ webhooks: 'registered' });
    const order = world.printify.addOrder(world.shopId);
    await world.settled();
    expect((await world.orderOf(order.id))?.status).toBe('awaiting_approval');

    world.printify.addShipment(order.id);
    await world.settled();
    const detail = await world.call('GET', `/orders_app/orders/${(await world.orderOf(order.id))!.id}/`);
    expect(detail.body.status).toBe('shipped');
    expect(detail.body.tracking[0].number).toBe(world.printify.orders.get(order.id)!.shipments[0]!.number);
  });

  it('refuses a delivery with a bad signature with 401 and stores nothing', async () => {
    world.printify.failNextDelivery('never');
    const order = world.printify.addOrder(world.shopId);
    const { webhook_url: url } = (await world.call('GET', '/orders_app/sources/')).body.sources[0];
    const raw = JSON.stringify({
      id: 'forged-1',
      type: 'order:created',
      created_at: new Date().toISOString(),
      resource: { id: order.id, type: 'order', data: { shop_id: world.shopId } },
    });
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-pfy-signature': `sha256=${createHmac('sha256', 'not the secret').update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(forged.status).toBe(401);
    await world.t.app.background.jobsIdle();
    expect(await eventsOf(order.id)).toEqual([]);
    expect(await world.orderOf(order.id)).toBeUndefined();
  });

  it('stores an event delivered twice once', async () => {
    const order = world.printify.addOrder(world.shopId);
    await world.settled();
    world.printify.failNextDelivery('twice');
    world.printify.setOrderStatus(order.id, 'canceled');
    await world.settled();
    const twice = world.printify.webhookDeliveries.filter(
      (delivery) => delivery.orderId === order.id && delivery.topic === 'order:updated',
    );
    expect(twice.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(twice[0]!.eventId).toBe(twice[1]!.eventId);
    const stored = (await eventsOf(order.id)).filter((event) => event.event_key.endsWith(twice[0]!.eventId));
    expect(stored).toHaveLength(1);
    expect((await world.orderOf(order.id))?.status).toBe('canceled');
  });

  it("ends at the provider's present state when an older event arrives after a newer one", async () => {
    const order = world.printify.addOrder(world.shopId);
    await world.settled();
    world.printify.failNextDelivery('late');
    world.printify.setOrderStatus(order.id, 'in-production');
    world.printify.addShipment(order.id);
    await world.settled();
    const [shipped, late] = world.printify.webhookDeliveries.filter(
      (delivery) => delivery.orderId === order.id && delivery.topic !== 'order:created',
    );
    // The shipment was delivered first, the status change after it.
    expect([shipped?.topic, late?.topic]).toEqual(['order:shipment:created', 'order:updated']);
    expect((await world.orderOf(order.id))?.status).toBe('shipped');
  });

  it('catches a change whose webhook never came on a reconcile', async () => {
    const order = world.printify.addOrder(world.shopId);
    await world.settled();
    world.printify.failNextDelivery('never');
    world.printify.setOrderStatus(order.id, 'canceled');
    await world.settled();
    expect((await world.orderOf(order.id))?.status).toBe('awaiting_approval');
    const synced = await world.call('POST', `/orders_app/sources/${sourceId}/sync/`);
    expect(synced.status).toBe(200);
    await world.t.app.background.jobsIdle();
    expect((await world.orderOf(order.id))?.status).toBe('canceled');
  });
});

describe(`actions refused by the Printify sandbox on ${testDbKind}`, () => {
  it('answers a cancel the provider refuses with its reason and the order as Printify has it now', async () => {
    const order = world.printify.addOrder(world.shopId);
    await world.settled();
    const stored = (await world.orderOf(order.id))!;
    // Printify moves it on and no webhook tells PodFlow: its copy still says on hold.
    world.printify.failNextDelivery('never');
    world.printify.setOrderStatus(order.id, 'in-production');
    const canceled = await world.call('POST', `/orders_app/orders/${stored.id}/cancel/`);
    expect(canceled.status).toBe(409);
    expect(canceled.body.message).toMatch(/^Printify refused to cancel this order \(.+\): it may already/);
    expect(canceled.body.message).toContain(
      `Only orders on hold or awaiting payment can be canceled; order ${order.id} is in-production`,
    );
    expect(canceled.body.order.status).toBe('in_production');
    // In the order it happened, though Printify's times of the first two fall in one second.
    expect(canceled.body.order.timeline.map((entry: { text: string }) => entry.text)).toEqual([
      'Order placed',
      'On hold: waiting for approval',
      'In production',
      expect.stringMatching(/^Printify refused to cancel this order/),
    ]);
    expect(world.printify.orderCalls(order.id).cancel).toBe(1);
    expect(world.printify.orders.get(order.id)!.status).toBe('in-production');
  });
});

describe(`a manual order on the Gelato sandbox on ${testDbKind}`, () => {
  const address = gelatoSandboxShipTo;

  /** A design of the seller with a product in the Gelato sandbox's store, as the listing flow leaves it. */
  async function designWithGelatoProduct() {
    const made = await fetch(
      `${world.gelato.url}/v1/stores/${world.gelato.storeId}/products:create-from-template`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': world.gelato.apiKey },
        body: JSON.stringify({ templateId: world.gelato.templateId, title: 'Tee', description: 'A tee' }),
      },
    );
    expect(made.status).toBe(200);
    const productId = ((await made.json()) as { id: string }).id;
    const { id: userId } = await world.t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', world.email)
      .executeTakeFirstOrThrow();
    return buildDesignRow(
      world.t.db,
      { workspaceId: world.workspaceId, userId },
      { provider: 'gelato', shopId: world.gelato.storeId, productId },
    );
  }

  it('quotes, then creates the order once although its answer is lost, adopting it by its reference', async () => {
    await world.connectGelato();
    const designId = await designWithGelatoProduct();
    const listed = await world.call('GET', `/orders_app/manual/products/?design_id=${designId}`);
    expect(listed.status).toBe(200);
    const product = listed.body.products.find((p: { provider: string }) => p.provider === 'gelato');
    const fields = {
      source_id: product.source_id,
      design_id: designId,
      product_id: product.product_id,
      variant_id: product.variants[0].id,
      quantity: 2,
      address,
    };
    const quote = await world.call('POST', '/orders_app/manual/quote/', fields);
    expect(quote.status).toBe(200);
    expect(quote.body.options.length).toBeGreaterThan(0);
    const method = quote.body.options[0].method;

    world.gelato.orders.timeoutNextCreate();
    const body = { ...fields, shipping_method: method };
    const created = await world.call('POST', '/orders_app/manual/', body, 'manual-gelato-1');
    expect(created.status).toBe(200);
    const providerOrderId = created.body.order.provider_order_id;
    const made = world.gelato.orders.orders.get(providerOrderId);
    expect(made?.orderReferenceId).toBeDefined();
    expect(world.gelato.orders.creates.get(made!.orderReferenceId)).toBe(1);
    expect(made!.items[0]!.quantity).toBe(2);

    // The same click again answers the same order; Gelato is not asked to create another.
    const repeated = await world.call('POST', '/orders_app/manual/', body, 'manual-gelato-1');
    expect(repeated.body.order.id).toBe(created.body.order.id);
    expect([...world.gelato.orders.creates.values()].reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await world.orderOf(providerOrderId))?.id).toBe(created.body.order.id);

    // The URL the seller pastes in Gelato's dashboard: its events (unsigned, a hint) are re-read.
    const source = (await world.call('GET', '/orders_app/sources/')).body.sources.find(
      (s: { provider: string }) => s.provider === 'gelato',
    );
    expect(source.webhooks).toBe('manual');
    world.gelato.orders.setWebhookUrl(source.webhook_url);
    world.gelato.orders.setStatus(providerOrderId, 'printed');
    await world.gelato.orders.webhooksSettled();
    await world.t.app.background.jobsIdle();
    expect((await world.orderOf(providerOrderId))?.status).toBe('in_production');
    const canceled = await world.call('POST', `/orders_app/orders/${created.body.order.id}/cancel/`);
    expect(canceled.status).toBe(409);
    // Told by the webhook, PodFlow refuses in the rules' words and asks nothing of Gelato.
    expect(canceled.body.message).toBe(
      'Gelato cancels only before printing starts; this one is in production.',
    );
    expect(world.gelato.orders.cancels.get(providerOrderId)).toBeUndefined();
    expect(world.gelato.orders.orders.get(providerOrderId)!.fulfillmentStatus).toBe('printed');
  });
});

describe(`a Shopify store order beside its Printify order on ${testDbKind}`, () => {
  it("links the store order its signed webhook brings to the Printify order naming it, with the store's number and payment", async () => {
    const workspace = await world.newWorkspace('Shopify shop');
    const printifyShop = world.printify.shops.find((shop) => shop.sales_channel === 'shopify')!;
    await world.connectPrintify({
      id: printifyShop.id,
      productId: channelTemplateProductIds.shopify,
      workspaceId: workspace,
    });
    const shop = await world.connectShopify(workspace);
    const sources = (await world.call('GET', '/orders_app/sources/')).body.sources;
    expect(sources.find((s: { provider: string }) => s.provider === 'shopify')).toMatchObject({
      webhooks: 'registered',
    });

    const storeOrderId = await world.shopify.addOrder(shop, {
      lines: [{ title: 'Classic Tee', quantity: 1, priceCents: 2500 }],
      financial: 'PENDING',
    });
    const order = world.printify.addOrder(printifyShop.id, { shopOrderId: Number(storeOrderId) });
    await world.settled();
    await world.shopify.updateOrder(shop, storeOrderId, { financial: 'PAID' });
    await world.t.app.background.jobsIdle();
    const signed = world.shopify.deliveries.filter((delivery) => delivery.url.includes('/webhooks/shopify/'));
    expect(signed.at(-1)?.status).toBe(200);

    const stored = (await world.orderOf(order.id))!;
    const detail = await world.call('GET', `/orders_app/orders/${stored.id}/`);
    expect(detail.body.store).toMatchObject({
      store: 'shopify',
      financial_status: expect.stringMatching(/paid/i),
    });
  });
});

describe(`a WooCommerce store order beside its Printify order on ${testDbKind}`, () => {
  it("takes the store's signed webhooks and shows the store order's payment on the Printify order naming it", async () => {
    const workspace = await world.newWorkspace('WooCommerce store');
    const printifyShop = world.printify.shops.find((shop) => shop.sales_channel === 'woocommerce')!;
    await world.connectPrintify({
      id: printifyShop.id,
      productId: channelTemplateProductIds.woocommerce,
      workspaceId: workspace,
    });
    await world.connectWoo(workspace);
    const sources = (await world.call('GET', '/orders_app/sources/')).body.sources;
    expect(sources.find((s: { provider: string }) => s.provider === 'woocommerce')).toMatchObject({
      webhooks: 'registered',
    });

    const storeOrderId = await world.woo.addOrder({
      lines: [{ name: 'Classic Tee', quantity: 1, priceCents: 2500 }],
      status: 'pending',
    });
    const order = world.printify.addOrder(printifyShop.id, { shopOrderId: storeOrderId });
    await world.settled();
    await world.woo.updateOrder(storeOrderId, { status: 'processing' });
    await world.t.app.background.jobsIdle();
    const delivered = world.woo.deliveries.filter((delivery) =>
      delivery.url.includes('/webhooks/woocommerce/'),
    );
    expect(delivered.length).toBeGreaterThanOrEqual(2);
    expect(delivered.map((delivery) => delivery.status)).toEqual(delivered.map(() => 200));

    const stored = (await world.orderOf(order.id))!;
    const detail = await world.call('GET', `/orders_app/orders/${stored.id}/`);
    expect(detail.body.store).toMatchObject({
      store: 'woocommerce',
      financial_status: expect.stringMatching(/paid/i),
    });
  });
});
