import { storeMessages, storeNames } from '@podflow/contract/stores';
import type { StoreSyncChange, StoreSyncResultStatus, TargetStore } from '@podflow/contract/stores';
import type { SyncSummaryFacts } from './sync-summary';

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** 'title', 'title and tags', 'title, tags and mockups'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** How a design's outcome in a sync reads. */
export const resultLabels: Record<StoreSyncResultStatus, string> = {
  pending: 'Waiting',
  updated: 'Updated',
  unchanged: 'Up to date',
  skipped: 'Skipped',
  failed: 'Failed',
};

/** What a sync changed on a product, as sellers say it. */
export const changeLabels: Record<StoreSyncChange, string> = {
  title: 'title',
  description: 'description',
  tags: 'tags',
  seo: 'SEO',
  mockups: 'mockups',
};

/**
 * The texts of the Publish Listings screen: SPEC.md sections 2, 4 and 8 word for word where it has
 * them (the server's sentences come from the contract's `storeMessages`).
 */
export const publishText = {
  ...storeMessages,
  title: 'Publish Listings',
  intro:
    'Bring your listings to your own store: PodFlow gives the products Printify created there their titles, descriptions, tags, SEO and mockups. Connect the store once (step 1), then sync (step 2).',
  noWorkspaceText:
    'Listings are published per workspace. Pick one (or create one) on the Select Workspace step.',
  toolbarLabel: 'Publish actions',
  designCount: (designs: number) => plural(designs, 'design', 'designs'),
  onPrintify: (designs: number) => `${count(designs)} on Printify`,
  back: 'Back',
  // The last step: no Next, and Done goes back to the workspaces.
  done: 'Done',

  // The target store.
  targetLabel: 'Target store',
  targetHint: 'Where your listings are sold. PodFlow remembers your choice for this workspace.',
  targetAbout: {
    shopify: 'A Shopify store connected to Printify as its sales channel.',
    woocommerce: 'A WordPress site with WooCommerce, connected to Printify as its sales channel.',
  } satisfies Record<TargetStore, string>,
  targetSaveFailed: 'Your choice of store could not be saved. It is used on this page until you leave it.',

  // The store's card.
  storeAbout: {
    shopify:
      'Printify publishes each product to Shopify; PodFlow then writes its title, description, tags, SEO and mockups.',
    woocommerce:
      'Printify publishes each product to WooCommerce; PodFlow then writes its title, description, tags, SEO and mockups.',
  } satisfies Record<TargetStore, string>,
  checkingConnection: (store: TargetStore) => `Checking the ${storeNames[store]} connection…`,
  shopLabel: 'Shop',
  tokenLabel: 'Access token',
  storeUrlDetail: 'Store',
  consumerKeyDetail: 'Consumer key',
  consumerSecretDetail: 'Consumer secret',
  // The numbered steps: '1. Connect Shopify store', '2. Sync to WooCommerce'.
  connectStep: (store: TargetStore) => `1. Connect ${storeNames[store]} store`,
  syncStep: (store: TargetStore) => `2. Sync to ${storeNames[store]}`,
  keepImages: "Keep the store's images (sync metadata only)",
  keepImagesHint: 'Off: the product images are replaced with your mockups.',
  loadingDesigns: 'Loading designs…',
  noDesigns: 'This workspace has no designs yet. Upload designs first.',
  noPrintifyProducts: 'Create the Printify listings first (step 7).',
  starting: (store: TargetStore) => `Starting the sync to ${storeNames[store]}…`,

  // The confirmation (SPEC.md section 2: the question, Cancel and Proceed).
  confirmTitle: (store: TargetStore) => `Sync to ${storeNames[store]}`,
  confirmWhat: (store: TargetStore, products: number, keepImages: boolean) =>
    keepImages
      ? `PodFlow writes the title, description, tags and SEO of ${plural(products, 'product', 'products')} in your ${storeNames[store]} store, keeping its images.`
      : `PodFlow writes the title, description, tags, SEO and mockups of ${plural(products, 'product', 'products')} in your ${storeNames[store]} store.`,
  proceed: 'Proceed',
  cancel: 'Cancel',

  // Connect Shopify.
  shopifyModalTitle: 'Connect Shopify store',
  shopifyModalIntro:
    'PodFlow uses the Admin API access token of a custom app in your Shopify store to update the products Printify published there.',
  shopNameLabel: 'Shop name',
  shopNameHint: 'The part of your store address before .myshopify.com.',
  shopNameSuffix: '.myshopify.com',
  tokenFieldLabel: 'Admin API access token',
  tokenHint:
    'In Shopify admin: Settings → Apps and sales channels → Develop apps → your app → API credentials. It starts with shpat_.',
  tokenLink: 'How to create a custom app',
  // 'Your custom app needs the Admin API scopes write_products and write_product_listings (…).'
  scopesLead: 'Your custom app needs the Admin API scopes',
  scopesTail: '(the read scopes come with them).',
  ordersScopeLead: 'For your orders to show in PodFlow, add',
  ordersScopeTail: 'too.',
  shopifySaveMissing: 'Fill in the shop name and the Admin API access token.',
  apiSecretFieldLabel: 'API secret key (optional)',
  apiSecretHint:
    'Needed for live order updates: Shopify admin → Apps → your app → API credentials → API secret key. Without it PodFlow checks orders every few minutes.',
  apiSecretLabel: 'API secret key',

  // Connect WooCommerce.
  wooModalTitle: 'Connect WooCommerce store',
  wooModalIntro:
    'PodFlow uses a WooCommerce REST API key of your store to update the products Printify published there.',
  storeUrlLabel: 'Store URL',
  storeUrlHint: 'The address of your WordPress site.',
  consumerKeyLabel: 'Consumer key',
  consumerKeyHint:
    'In WordPress: WooCommerce → Settings → Advanced → REST API → Add key, with Read/Write permissions. It starts with ck_.',
  consumerKeyLink: 'How to create a REST API key',
  consumerSecretLabel: 'Consumer secret',
  consumerSecretHint: 'Shown with the key, once. It starts with cs_.',
  wooSaveMissing: 'Fill in the store URL, the consumer key and the consumer secret.',

  keepSavedSecret: 'The saved value is used unless you type a new one.',
  saveFailed: 'The connection could not be saved. Please try again.',

  // The latest sync.
  runProgressLabel: (store: TargetStore) => `${storeNames[store]} sync progress`,
  runCounts: { updated: 'updated', unchanged: 'unchanged', skipped: 'skipped', failed: 'failed' },
  runFinished: (when: string) => `Last sync finished ${when}`,
  runKeptImages: "The store's images were kept",
  summaryTitle: (store: TargetStore, s: SyncSummaryFacts) => {
    const name = storeNames[store];
    switch (s.state) {
      case 'running':
        return `Syncing to ${name}`;
      case 'failed':
        return 'The sync stopped before it finished';
      case 'nothing':
        return `Nothing was synced to ${name}`;
      case 'partly':
        return `Synced ${count(s.synced)} of ${plural(s.total, 'design', 'designs')} to ${name}`;
      default:
        return `${name} is up to date: ${plural(s.synced, 'design', 'designs')} synced`;
    }
  },
  summaryCounts: (s: SyncSummaryFacts) =>
    `${count(s.synced)} synced (${count(s.updated)} updated, ${count(s.unchanged)} already up to date) · ${count(s.skipped)} skipped · ${count(s.failed)} failed`,
  summaryToast: (store: TargetStore, s: SyncSummaryFacts) =>
    s.synced === 0
      ? `Nothing was synced to ${storeNames[store]}: ${count(s.skipped)} skipped, ${count(s.failed)} failed. See why under step 2.`
      : `Synced ${count(s.synced)} of ${plural(s.total, 'design', 'designs')} to ${storeNames[store]}: ${count(s.updated)} updated, ${count(s.unchanged)} already up to date${s.skipped ? `, ${count(s.skipped)} skipped` : ''}${s.failed ? `, ${count(s.failed)} failed` : ''}.`,
  fromShop: (shop: string) => `From the products of your Printify shop "${shop}", which sells on this store.`,
  reasonsLabel: 'Why designs were skipped or failed',
  reasonCount: (designs: number, status: 'skipped' | 'failed') =>
    `${plural(designs, 'design', 'designs')} ${status}:`,
  fixInStep7: 'Go to step 7: Create Listings',
  noReason: 'No reason was given.',
  details: 'Details',
  syncFailed: (store: TargetStore) =>
    store === 'shopify' ? storeMessages.shopifySyncFailed : storeMessages.wooSyncFailed,

  // The designs list.
  listLabel: 'Designs and their store products',
  printifyProductId: (id: string) => `Printify Product ID: ${id}`,
  storeProductId: (store: TargetStore, id: string) => `${storeNames[store]} product ID: ${id}`,
  notOnPrintify: 'Not on Printify yet',
  notSynced: (store: TargetStore) => `${storeNames[store]}: not synced yet`,
  resultBadge: (store: TargetStore, status: StoreSyncResultStatus) =>
    `${storeNames[store]}: ${resultLabels[status]}`,
  changed: (changes: readonly StoreSyncChange[]) =>
    `Changed ${listOf(changes.map((change) => changeLabels[change]))}`,
  emptyTitle: 'No designs yet',
  emptyText: 'Listings are made from designs: upload PNG files with a transparent background first.',
  goToDesigns: 'Go to Prepare Designs',
} as const;
