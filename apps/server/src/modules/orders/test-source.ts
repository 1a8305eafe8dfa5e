import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrderProvider } from '@podflow/contract/orders';
import {
  type OrderSnapshot,
  type OrderSourceAdapter,
  type SourceInput,
  type WebhookEvent,
  pageSince,
} from './order-source.ts';

/**
 * An in-memory order provider for the orders module's tests: shops of orders a test changes at
 * will, newest-first pages, webhooks signed with a plain HMAC (X-Test-Signature: hex of the raw
 * body), and counts of every call, so a test sees what was asked of the provider.
 */
export type FakeShop = {
  orders: Map<string, OrderSnapshot>;
  webhooks: Map<string, { url: string; secret: string }>;
};

export function fakeOrderProvider(options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 3;
  const shops = new Map<string, FakeShop>();
  const calls = { list: 0, get: 0, registerWebhooks: 0, removeWebhooks: 0 };
  /** Throws from list() once this many more calls were made (a killed import); null never. */
  let failListAfter: number | null = null;
  let nextWebhook = 1;
  /** registerWebhooks() throws while this is set (the provider refusing). */
  let refuseWebhooks = false;

  const shop = (shopId: string): FakeShop => {
    let found = shops.get(shopId);
    if (!found) {
      found = { orders: new Map(), webhooks: new Map() };
      shops.set(shopId, found);
    }
    return found;
  };

  function adapter(provider: OrderProvider, input: SourceInput): OrderSourceAdapter {
    const here = shop(input.shopId);
    return {
      provider,
      async list(cursor, { since }) {
        calls.list += 1;
        if (failListAfter !== null) {
          if (failListAfter === 0) throw new Error('the connection was reset');
          failListAfter -= 1;
        }
        const sorted = [...here.orders.values()].sort(
          (a, b) => b.createdAt - a.createdAt || (a.providerOrderId < b.providerOrderId ? 1 : -1),
        );
        const start = cursor ? Number(cursor) : 0;
        const next = start + pageSize < sorted.length ? String(start + pageSize) : null;
        const page = sorted.slice(start, start + pageSize).map((o) => structuredClone(o));
        return pageSince(page, next, since, 'newest_created');
      },
      async get(id) {
        calls.get += 1;
        const order = here.orders.get(id);
        return order ? structuredClone(order) : null;
      },
      async registerWebhooks(url, secret) {
        calls.registerWebhooks += 1;
        if (refuseWebhooks) throw new Error('500 Internal Server Error');
        if (provider === 'gelato') return 'manual';
        const id = `wh-${nextWebhook++}`;
        here.webhooks.set(id, { url, secret });
        return [id];
      },
      async removeWebhooks(ids) {
        calls.removeWebhooks += 1;
        for (const id of ids) here.webhooks.delete(id);
      },
      verifyWebhook(delivery, secret): WebhookEvent | null {
        if (provider !== 'gelato') {
          const given = delivery.headers['x-test-signature'];
          if (typeof given !== 'string') return null;
          const expected = Buffer.from(createHmac('sha256', secret).update(delivery.rawBody).digest('hex'));
          const actual = Buffer.from(given);
          if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
        }
        const body = JSON.parse(delivery.rawBody.toString('utf8')) as {
          id: string;
          type: string;
          order_id?: string;
          at?: number;
        };
        return {
          eventKey: body.id,
          topic: body.type,
          providerOrderId: body.order_id ?? null,
          occurredAt: body.at ?? null,
        };
      },
    };
  }

  return {
    adapter,
    shop,
    calls,
    failListAfter: (count: number | null) => {
      failListAfter = count;
    },
    refuseWebhooks: (refuse: boolean) => {
      refuseWebhooks = refuse;
    },
    /** Signs a body as the fake provider does. */
    sign: (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex'),
  };
}

export type FakeOrderProvider = ReturnType<typeof fakeOrderProvider>;

/** A snapshot with sensible defaults, for tests. */
export function buildSnapshot(
  overrides: Partial<OrderSnapshot> & { providerOrderId: string },
): OrderSnapshot {
  const at = overrides.createdAt ?? Date.now();
  return {
    number: `#${overrides.providerOrderId}`,
    providerStatus: 'pending',
    status: 'pending',
    problem: null,
    financialStatus: null,
    fulfillmentStatus: null,
    customerName: 'Jane Doe',
    email: 'jane@example.com',
    country: 'US',
    address: null,
    items: [
      {
        productId: 'p1',
        variantId: 'v1',
        title: 'Tee',
        variant: 'M',
        sku: 'SKU1',
        quantity: 1,
        costCents: 1000,
        shippingCents: 400,
        retailCents: 2500,
        status: null,
      },
    ],
    currency: 'USD',
    retailCents: 2500,
    costCents: 1000,
    shippingCents: 400,
    shipments: [],
    storeOrder: null,
    externalRef: null,
    createdAt: at,
    updatedAt: at,
    sentToProductionAt: null,
    shippedAt: null,
    deliveredAt: null,
    providerUrl: null,
    ...overrides,
  };
}
