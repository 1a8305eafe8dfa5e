import type { DesignLineItem } from '@podflow/contract/designs';
import type { GelatoInfo, ListingResult, ListingRun, PrintifyInfo } from '@podflow/contract/listings';
import type { MockupJobLog } from '@podflow/contract/mockups';
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
