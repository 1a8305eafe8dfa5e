import type { Page, Route } from '@playwright/test';
import type { OrderDetail, OrderSource, OrderSummary, OrderSummaryCounts } from '@podflow/contract/orders';

/**
 * Answers of the Orders calls for screens that must look a certain way (several orders needing
 * attention, a negative margin, a Gelato webhook to paste), whatever the demo's shops hold.
 */
const blockedNone = {
  send_to_production: null,
  cancel: null,
  retry: 'Nothing failed to send.',
  edit_address: null,
};

function order(number: string, overrides: Partial<OrderSummary>): OrderSummary {
  return {
    id: `o${number}`,
    provider: 'printify',
    source_id: 's1',
    shop_title: 'Cat Tees',
    number: `#${number}`,
    provider_order_id: `pf${number}`,
    customer: 'Grace Hopper',
    email: 'grace@example.com',
    country: 'US',
    items: [
      {
        title: 'Sleepy cat tee',
        variant: 'Black / M',
        sku: 'CAT-M',
        quantity: 1,
        design_id: 'd1',
        design_thumbnail_url: null,
        mockup_url: null,
        status: null,
      },
    ],
    status: 'in_production',
    provider_status: 'in-production',
    attention: null,
    money: { currency: 'USD', retail_cents: 2800, cost_cents: 1150, shipping_cents: 475, margin_cents: 1175 },
    tracking: [],
    store: null,
    blocked: {
      ...blockedNone,
      send_to_production: 'Already in production.',
      cancel: 'Printify cancels only orders on hold.',
    },
    created_at: '2026-11-25T09:00:00Z',
    updated_at: '2026-11-25T09:00:00Z',
    shipped_at: null,
    ...overrides,
  };
}

const orders: OrderSummary[] = [
  order('1048', {
    status: 'awaiting_approval',
    provider_status: 'on-hold',
    blocked: blockedNone,
    attention: {
      reason: 'awaiting_approval',
      sentence: 'Waiting for your approval: send it to production or cancel it.',
      since: '2026-11-25T09:00:00Z',
    },
  }),
  order('1046', {
    provider: 'gelato',
    source_id: 's2',
    shop_title: 'Whisker Prints',
    status: 'has_issues',
    provider_status: 'failed',
    money: {
      currency: 'EUR',
      retail_cents: 2400,
      cost_cents: 1990,
      shipping_cents: 1260,
      margin_cents: -850,
    },
    attention: {
      reason: 'address_issue',
      sentence: 'Gelato could not validate the address: correct it, then retry.',
      since: '2026-11-24T09:00:00Z',
    },
  }),
  order('1043', {
    status: 'shipped',
    provider_status: 'fulfilled',
    shipped_at: '2026-11-19T08:00:00Z',
    tracking: [
      {
        carrier: 'USPS',
        number: '9400111899223197428490',
        url: 'https://tools.usps.com/go/TrackConfirmAction',
      },
    ],
  }),
];

const summary: OrderSummaryCounts = {
  attention: 2,
  by_status: { awaiting_approval: 1, has_issues: 1, shipped: 1 },
  days: Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10),
    orders: index % 4,
    margin_cents: index === 5 ? -850 : (index % 4) * 900,
  })),
  currency: 'USD',
};

const sources: OrderSource[] = [
  {
    id: 's1',
    provider: 'printify',
    shop_title: 'Cat Tees',
    connected: true,
    importing: false,
    last_synced_at: '2026-11-26T07:00:00Z',
    problem: null,
    webhooks: 'registered',
    webhook_url: null,
  },
  {
    id: 's2',
    provider: 'gelato',
    shop_title: 'Whisker Prints',
    connected: true,
    importing: false,
    last_synced_at: '2026-11-26T07:00:00Z',
    problem: null,
    webhooks: 'manual',
    webhook_url: 'https://podflow.example/webhooks/gelato/7c1f3e9a0b4d/',
  },
];

function detail(summaryOf: OrderSummary): OrderDetail {
  return {
    ...summaryOf,
    address: {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: summaryOf.email,
      phone: null,
      country: 'US',
      region: 'VA',
      address1: '1 Navy Way',
      address2: null,
      city: 'Arlington',
      zip: '22202',
      company: null,
    },
    shipments: [],
    timeline: [{ at: summaryOf.created_at, text: 'Order placed in Cat Tees', origin: 'import' }],
    provider_url: 'https://printify.com/app/orders',
    store_url: null,
  };
}

/** Answers /orders_app/* from the fixtures above (the list honours the attention filter). */
export async function routeOrderFixtures(page: Page): Promise<void> {
  await page.route('**/orders_app/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const json = (body: unknown) => route.fulfill({ json: body });
    if (url.pathname === '/orders_app/summary/') return json(summary);
    if (url.pathname === '/orders_app/sources/') return json({ sources });
    if (url.pathname === '/orders_app/settings/') return json({ digest: false, no_tracking_days: 7 });
    if (url.pathname === '/orders_app/orders/') {
      const attention = url.searchParams.get('attention') === 'true';
      return json({ orders: orders.filter((entry) => !attention || entry.attention), next_cursor: null });
    }
    const one = /^\/orders_app\/orders\/([^/]+)\/$/.exec(url.pathname);
    const found = orders.find((entry) => entry.id === one?.[1]);
    if (found) return json(detail(found));
    return route.fulfill({
      status: 404,
      json: { detail: 'Not found', message: 'Not found', error: 'Not found', code: 'not_found' },
    });
  });
}
