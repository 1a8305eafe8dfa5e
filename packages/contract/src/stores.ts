/**
 * SPEC.md section 7 "Listings and stores", the store part (step 8, /publishListings): each
 * workspace's Shopify and WooCommerce connection, its target store, and syncing the Printify
 * listings' metadata and PodFlow's mockups to the store. Plain data and types (no zod), so the web
 * app may import it; the server's schemas are in stores-calls.ts.
 */
import type { ListingRunStatus } from './listings.ts';

export const targetStores = ['shopify', 'woocommerce'] as const;
export type TargetStore = (typeof targetStores)[number];

/** SPEC.md section 4: shopify when nothing is saved or loading fails. */
export const defaultTargetStore: TargetStore = 'shopify';

/** A shop name as sellers type it: the part before .myshopify.com. */
export const shopifyShopNamePattern = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** The scopes SPEC.md asks for (a write_ scope grants its read_ one too). */
export const shopifyRequiredScopes = ['write_products', 'write_product_listings'] as const;

/** GET get_shopify_shop_info: a list whose first item is the connection. */
export type ShopifyInfo = {
  /** Masked (see maskKey in listings.ts); sending it back unchanged keeps the stored token. */
  shopify_admin_api_token: string;
  shopify_shop_name: string;
  /**
   * The custom app's API secret key (it signs the app's webhooks, so orders arrive live), masked;
   * '' when none was given. Sending it back masked keeps it; '' removes it.
   */
  shopify_api_secret: string;
};

/** GET get_woocommerce_shop_info: a list whose first item is the connection. */
export type WooCommerceInfo = {
  woocommerce_store_url: string;
  /** Masked. */
  woocommerce_consumer_key: string;
  /** Masked. */
  woocommerce_consumer_secret: string;
};

export type StoreSyncResultStatus = 'pending' | 'updated' | 'unchanged' | 'skipped' | 'failed';

/** What a sync changed on a product. */
export type StoreSyncChange = 'title' | 'description' | 'tags' | 'seo' | 'mockups';

/** One design's outcome in a store sync. */
export type StoreSyncResult = {
  lineitem_id: string;
  image_file_name: string;
  status: StoreSyncResultStatus;
  printify_product_id: string | null;
  /** The product's id in the store once found. */
  store_product_id: string | null;
  changes: StoreSyncChange[];
  /** Why it was skipped or failed, in words a seller can act on. */
  reason: string | null;
  /** The provider's or store's own words and code behind `reason`, for an expandable details. */
  detail: string | null;
};

/** The workspace's latest sync to a store, with live progress per design (beyond the spec). */
export type StoreSyncRun = {
  id: string;
  store: TargetStore;
  status: ListingRunStatus;
  skip_mockups: boolean;
  /** The Printify shop whose products were synced (the one selling on the store), once known. */
  printify_shop: string | null;
  total: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
  results: StoreSyncResult[];
  /** Why the run stopped, when it Failed. */
  reason: string | null;
  created_at: string;
  finished_at: string | null;
};

export const storeNames: Record<TargetStore, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce' };

/** SPEC.md section 8's texts and the other sentences of the step. */
export const storeMessages = {
  confirmSync: 'Are you sure you want to sync the metadata? ',
  shopifySaveFailed: 'Unable to save, validate if the information is correct.',
  wooSaveFailed: 'Unable to save. Please check your credentials.',
  wooSyncFailed: 'WooCommerce sync failed. See console for details.',
  shopifySyncFailed: 'Shopify sync failed. See console for details.',
  shopNameInvalid:
    'Enter the shop name without .myshopify.com: lowercase letters, digits and hyphens (e.g. my-shop).',
  storeUrlInvalid: 'Enter the store address starting with https://, e.g. https://shop.example.com.',
  notConnected: (store: TargetStore) => `Connect your ${storeNames[store]} store first.`,
  notConnectedPrintify: 'Connect your Printify shop and create the listings first (step 7).',
  noListings: 'No design in this workspace has a Printify product yet. Create the listings first (step 7).',
  alreadyRunning: (store: TargetStore) =>
    `A sync to ${storeNames[store]} is already running for this workspace: this is that sync.`,
  noShopFor: (store: TargetStore, shops: string) =>
    `None of your Printify shops sells on ${storeNames[store]}${shops ? ` (${shops})` : ''}: in Printify, link a shop to your ${storeNames[store]} store, then connect that shop in step 7 and create the listings.`,
  notInShop: (store: TargetStore, shop: string) =>
    `Not in your Printify shop "${shop}", which sells on ${storeNames[store]}: connect that shop in step 7 and create the listings there.`,
  notPublished: (store: TargetStore) =>
    `Not on ${storeNames[store]} yet: tick 'Publish' in step 7 and create the listings again (or publish it from Printify), then sync.`,
  running: (store: TargetStore) =>
    `A sync to ${storeNames[store]} is still running for this workspace. Wait for it to finish.`,
} as const;
