import type { DesignLineItem } from '@podflow/contract/designs';
import type { GelatoInfo, ListingResult, ListingRun, PrintifyInfo } from '@podflow/contract/listings';
import type { MockupJobLog } from '@podflow/contract/mockups';
import type {
  OrderDetail,
  OrderRun,
  OrderRunItem,
  OrderSource,
  OrderSummary,
  OrderSummaryCounts,
} from '@podflow/contract/orders';
import type { StoreSyncResult, StoreSyncRun } from '@podflow/contract/stores';

/** A mockup job of template `${id}.png`: pending, 10 designs, none rendered yet. */
export function buildJobLog(id: string, overrides: Partial<MockupJobLog> = {}): MockupJobLog {
  return {
    id,
    status: 'Pending',
    template_file_name: `${id}.png`,
    template_id: `t-${id}`,
    total: 10,
    done: 0,
    failed: 0,
    errors: [],
    reason: null,
    created_at: '2026-01-01T00:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

/** A design line item `${id}.png` of a workspace, with no metadata yet. */
export function buildDesign(id: string, overrides: Partial<DesignLineItem> = {}): DesignLineItem {
  return {
    lineitem_id: id,
    image_thumbnail_path: `/files/${id}.webp`,
    image_path: `/files/${id}.png`,
    image_file_name: `${id}.png`,
    product_title: '',
    product_description: '',
    seo_keywords: '',
    printify_product_id: null,
    gelato_product_id: null,
    width: 4500,
    height: 5400,
    bytes: 1_200_000,
    has_alpha: true,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A Printify connection as the server shows it: key masked, shop 'Cat Tees', a template product. */
export function buildPrintifyInfo(overrides: Partial<PrintifyInfo> = {}): PrintifyInfo {
  return {
    api_key: '••••••••ab12',
    shop_id: '101',
    product_id: '5f1c0e2a9b3d4c5e6f7a8b9c',
    shop_title: 'Cat Tees',
    sales_channel: 'custom_integration',
    publishes_to_store: false,
    ...overrides,
  };
}

/** A Gelato connection as the server shows it: key masked, a store and a template. */
export function buildGelatoInfo(overrides: Partial<GelatoInfo> = {}): GelatoInfo {
  return {
    api_key: '••••••••cd34',
    store_id: 'store-7',
    template_id: 'tmpl-9',
    template_title: 'Classic tee',
    ...overrides,
  };
}

/** A listing run on Printify of the given outcomes, counted from them; In Progress while any waits. */
export function buildListingRun(results: ListingResult[], overrides: Partial<ListingRun> = {}): ListingRun {
  const counted = (status: ListingResult['status']) =>
    results.filter((result) => result.status === status).length;
  const open = counted('pending') > 0;
  return {
    id: 'run-1',
    provider: 'printify',
    status: open ? 'In Progress' : 'Completed',
    publish: false,
    total: results.length,
    created: counted('created'),
    updated: counted('updated'),
    skipped: counted('skipped'),
    failed: counted('failed'),
    published: results.filter((result) => result.published === true).length,
    publish_failed: results.filter((result) => result.published === false).length,
    results,
    reason: null,
    created_at: '2026-01-01T00:00:00.000Z',
    finished_at: open ? null : '2026-01-01T00:05:00.000Z',
    ...overrides,
  };
}

/** The outcome of design `${id}` in a run: waiting unless told. */
export function buildListingResult(id: string, overrides: Partial<ListingResult> = {}): ListingResult {
  return {
    lineitem_id: id,
    image_file_name: `${id}.png`,
    status: 'pending',
    product_id: null,
    reason: null,
    detail: null,
    published: null,
    ...overrides,
  };
}

/** The outcome of design `${id}` in a sync: waiting unless told. */
export function buildSyncResult(id: string, overrides: Partial<StoreSyncResult> = {}): StoreSyncResult {
  return {
    lineitem_id: id,
    image_file_name: `${id}.png`,
    status: 'pending',
    printify_product_id: null,
    store_product_id: null,
    changes: [],
    reason: null,
    detail: null,
    ...overrides,
  };
}

/** A sync to Shopify of the given outcomes, counted from them; In Progress while any waits. */
export function buildSyncRun(
  results: StoreSyncResult[],
  overrides: Partial<StoreSyncRun> = {},
): StoreSyncRun {
  const counted = (status: StoreSyncResult['status']) =>
    results.filter((result) => result.status === status).length;
  const open = counted('pending') > 0;
  return {
    id: 'sync-1',
    store: 'shopify',
    status: open ? 'In Progress' : 'Completed',
    skip_mockups: false,
    printify_shop: 'Cat Tees',
    total: results.length,
    updated: counted('updated'),
    unchanged: counted('unchanged'),
    skipped: counted('skipped'),
    failed: counted('failed'),
    results,
    reason: null,
    created_at: '2026-01-01T00:00:00.000Z',
    finished_at: open ? null : '2026-01-01T00:05:00.000Z',
    ...overrides,
  };
}

/** An order on Printify of shop 'Cat Tees': in production, one cat tee, $25 retail, $14 cost. */
export function buildOrder(id: string, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    provider: 'printify',
    source_id: 'src-printify',
    shop_title: 'Cat Tees',
    number: `#${id}`,
    provider_order_id: `pf-${id}`,
    customer: 'Ada Lovelace',
    email: 'ada@example.com',
    country: 'GB',
    items: [
      {
        title: 'Cat tee',
        variant: 'Black / M',
        sku: 'CAT-M',
        quantity: 1,
        design_id: 'cat',
        design_thumbnail_url: '/files/cat.webp',
        mockup_url: '/files/cat-mockup.jpg',
        status: null,
      },
    ],
    status: 'in_production',
    provider_status: 'in-production',
    attention: null,
    money: { currency: 'USD', retail_cents: 2500, cost_cents: 1050, shipping_cents: 400, margin_cents: 1050 },
    tracking: [],
    store: null,
    blocked: {
      send_to_production: 'This order is already in production.',
      cancel: 'Printify cancels only orders on hold or waiting for payment.',
      retry: 'Nothing failed to send.',
      edit_address: 'Printify no longer changes the address once production started.',
    },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    shipped_at: null,
    ...overrides,
  };
}

/** An order on hold waiting for approval: it can be sent to production or canceled. */
export function buildOnHoldOrder(id: string, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return buildOrder(id, {
    status: 'awaiting_approval',
    provider_status: 'on-hold',
    attention: {
      reason: 'awaiting_approval',
      sentence: 'Waiting for your approval: send it to production or cancel it.',
      since: '2026-11-20T10:00:00.000Z',
    },
    blocked: {
      send_to_production: null,
      cancel: null,
      retry: 'Nothing failed to send.',
      edit_address: null,
    },
    ...overrides,
  });
}

/** The detail of an order summary: an address, no shipments, one timeline entry. */
export function buildOrderDetail(order: OrderSummary, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...order,
    address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: order.email,
      phone: null,
      country: 'GB',
      region: null,
      address1: '12 St James Square',
      address2: null,
      city: 'London',
      zip: 'SW1Y 4JH',
      company: null,
    },
    shipments: [],
    timeline: [{ at: order.created_at, text: 'Order placed in Cat Tees', origin: 'import' }],
    provider_url: `https://printify.com/app/orders/${order.provider_order_id}`,
    store_url: null,
    ...overrides,
  };
}

/** A bulk run over the given items, counted from them; In Progress while any waits. */
export function buildOrderRun(items: OrderRunItem[], overrides: Partial<OrderRun> = {}): OrderRun {
  const counted = (status: OrderRunItem['status']) => items.filter((item) => item.status === status).length;
  const open = counted('pending') > 0;
  return {
    id: 'run-1',
    action: 'send_to_production',
    status: open ? 'In Progress' : 'Completed',
    total: items.length,
    done: counted('done'),
    refused: counted('refused'),
    failed: counted('failed'),
    items,
    created_at: '2026-11-20T10:00:00.000Z',
    finished_at: open ? null : '2026-11-20T10:01:00.000Z',
    ...overrides,
  };
}

/** A connected Printify shop 'Cat Tees', its webhooks registered, checked a minute ago. */
export function buildOrderSource(id: string, overrides: Partial<OrderSource> = {}): OrderSource {
  return {
    id,
    provider: 'printify',
    shop_title: 'Cat Tees',
    connected: true,
    importing: false,
    last_synced_at: '2026-11-20T10:00:00.000Z',
    problem: null,
    webhooks: 'registered',
    webhook_url: null,
    ...overrides,
  };
}

/** The order counts: `attention` needing the seller, 30 quiet days. */
export function buildOrderCounts(
  attention: number,
  overrides: Partial<OrderSummaryCounts> = {},
): OrderSummaryCounts {
  return {
    attention,
    by_status: { awaiting_approval: attention, in_production: 3 },
    days: Array.from({ length: 30 }, (_, index) => ({
      date: new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10),
      orders: index % 3,
      margin_cents: (index % 3) * 900,
    })),
    currency: 'USD',
    ...overrides,
  };
}
