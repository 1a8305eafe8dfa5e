import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@podflow/contract/orders';
import { startActionsWorld } from './order-actions-world.ts';
import { buildDesignRow } from '../../test/factories.ts';

type World = Awaited<ReturnType<typeof startActionsWorld>>;
type Seller = Awaited<ReturnType<World['newSeller']>>;

let world: World;
let seller: Seller;
let designId: string;

const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  country: 'DE',
  region: null,
  address1: 'Hauptstraße 1',
  address2: null,
  city: 'Berlin',
  zip: '10115',
  company: null,
};

/** A design of the seller with a product in its Printify shop (and none in its Gelato store). */
async function designWithProduct(who: Seller, productId: string | null) {
  const product = productId
    ? { provider: 'printify' as const, shopId: who.sources.printify.shop_id, productId }
    : undefined;
  return buildDesignRow(world.t.db, who, product);
}

const manual = (overrides: object = {}) => ({
  source_id: seller.sources.printify.id,
  design_id: designId,
  product_id: 'prod-1',
  variant_id: '101',
  quantity: 2,
  address,
  shipping_method: 'standard',
  ...overrides,
});

beforeAll(async () => {
  world = await startActionsWorld();
  seller = await world.newSeller();
  world.fake.products.set('prod-1', {
    productId: 'prod-1',
    title: 'Classic tee',
    variants: [{ id: '101', title: 'M / Black', costCents: 1050 }],
  });
  designId = await designWithProduct(seller, 'prod-1');
});
afterAll(async () => world?.close());

describe('manual orders', () => {
  it("lists the design's products with their variants; another seller's design is not found", async () => {
    const reply = await seller.call('GET', `/orders_app/manual/products/?design_id=${designId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.products).toEqual([
      {
        provider: 'printify',
        source_id: seller.sources.printify.id,
        shop_title: 'My printify shop',
        product_id: 'prod-1',
        title: 'Classic tee',
        variants: [{ id: '101', title: 'M / Black', cost_cents: 1050 }],
      },
    ]);
    const bare = await designWithProduct(seller, null);
    const none = await seller.call('GET', `/orders_app/manual/products/?design_id=${bare}`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(orderMessages.noProduct);
    const other = await world.newSeller();
    const theirs = await other.call('GET', `/orders_app/manual/products/?design_id=${designId}`);
    expect(theirs.status).toBe(404);
  });

  it('quotes the shipping options before sending', async () => {
    const { shipping_method: _, ...fields } = manual();
    const reply = await seller.call('POST', '/orders_app/manual/quote/', fields);
    expect(reply.status).toBe(200);
    expect(reply.body.items_cents).toBe(2400);
    expect(reply.body.options.map((o: { method: string }) => o.method)).toEqual(['standard', 'express']);
  });

  it('says which address field is wrong, with Gelato’s shorter limits for a Gelato store', async () => {
    const country = await seller.call(
      'POST',
      '/orders_app/manual/',
      manual({ address: { ...address, country: 'USA' } }),
    );
    expect(country.status).toBe(400);
    expect(country.body.fields['address.country']).toBe(
      'Country must be a two-letter ISO code, like US or DE.',
    );
    const state = await seller.call(
      'POST',
      '/orders_app/manual/',
      manual({ address: { ...address, country: 'US' } }),
    );
    expect(state.body.fields['address.region']).toBe('State or region is required for an address in US.');
    const gelato = await seller.call(
      'POST',
      '/orders_app/manual/quote/',
      manual({
        source_id: seller.sources.gelato.id,
        address: { ...address, first_name: 'A'.repeat(26), city: 'C'.repeat(31) },
      }),
    );
    expect(gelato.status).toBe(400);
    expect(gelato.body.fields).toEqual({
      'address.first_name': 'First name must be at most 25 characters for Gelato.',
      'address.city': 'City must be at most 30 characters for Gelato.',
    });
    expect(world.fake.writes.createOrder).toBe(0);
  });

  it('creates the order once, keeping PodFlow’s order id; a repeat with the same key answers it', async () => {
    const first = await seller.call('POST', '/orders_app/manual/', manual(), 'manual-key-1');
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(orderMessages.manualCreated);
    expect(first.body.order.status).toBe('awaiting_approval');
    expect(first.body.order.provider_order_id).toMatch(/^made-/);
    const again = await seller.call('POST', '/orders_app/manual/', manual(), 'manual-key-1');
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(world.fake.writes.createOrder).toBe(1);
    const rows = await world.t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', seller.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('adopts the order made when the answer was lost: a retry finds it and creates nothing', async () => {
    const writes = world.fake.writes.createOrder;
    world.fake.fail('after');
    const lost = await seller.call('POST', '/orders_app/manual/', manual());
    expect(lost.status).toBe(502);
    expect(lost.body.order.provider_order_id).toMatch(/^pending:/);
    expect(lost.body.order.attention.reason).toBe('submission_failed');
    const retried = await seller.call('POST', `/orders_app/orders/${lost.body.order.id}/retry/`);
    expect(retried.status).toBe(200);
    expect(retried.body.order.id).toBe(lost.body.order.id);
    expect(retried.body.order.provider_order_id).toMatch(/^made-/);
    expect(world.fake.writes.createOrder).toBe(writes + 1);
  });

  it('lets the seller correct the address the provider refused, then sends it again', async () => {
    const refused = await seller.call(
      'POST',
      '/orders_app/manual/',
      manual({ address: { ...address, zip: '00000' } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Printify refused to create this order (Address is not deliverable): correct the order, then create it again.',
    );
    const id = refused.body.order.id;
    expect(refused.body.order.blocked.edit_address).toBeNull();
    const edited = await seller.call('PUT', `/orders_app/orders/${id}/address/`, {
      address: { ...address, zip: '10117' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(orderMessages.addressSaved);
    expect(edited.body.order.address.zip).toBe('10117');
    const retried = await seller.call('POST', `/orders_app/orders/${id}/retry/`);
    expect(retried.status).toBe(200);
    expect(retried.body.order.address.zip).toBe('10117');
    expect(retried.body.order.provider_order_id).toMatch(/^made-/);
    const sent = await seller.call('PUT', `/orders_app/orders/${id}/address/`, { address });
    expect(sent.status).toBe(409);
  });
});
