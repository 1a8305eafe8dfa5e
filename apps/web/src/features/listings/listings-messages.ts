import { listingMessages } from '@podflow/contract/listings';
import type { ListingProvider, ListingResultStatus } from '@podflow/contract/listings';
import type { RunState } from '../../ui/run-state';

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** A Printify shop's sales channel as sellers say it. */
export function channelName(channel: string): string {
  const names: Record<string, string> = {
    shopify: 'your Shopify store',
    woocommerce: 'your WooCommerce store',
    etsy: 'your Etsy shop',
  };
  return names[channel] ?? 'your sales channel';
}

/** The providers' names as sellers know them. */
export const providerNames: Record<ListingProvider, string> = { printify: 'Printify', gelato: 'Gelato' };

/** How a design's outcome in a run reads. */
export const resultLabels: Record<ListingResultStatus, string> = {
  pending: 'Waiting',
  created: 'Created',
  updated: 'Updated',
  skipped: 'Skipped',
  failed: 'Failed',
};

/**
 * The texts of the Create listings screen: SPEC.md sections 2, 5 and 8 word for word where it has
 * them (the server's sentences come from the contract's `listingMessages`).
 */
export const listingsText = {
  ...listingMessages,
  title: 'Create Listings',
  intro:
    'Create a product on your print provider for every design of this workspace, with its title, keywords, description and mockups. Connect a store once (step 1), then create the listings (step 2).',
  noWorkspaceText:
    'Listings are created per workspace. Pick one (or create one) on the Select Workspace step.',
  toolbarLabel: 'Listing actions',
  designCount: (designs: number) => plural(designs, 'design', 'designs'),
  onProvider: (designs: number, provider: string) => `${count(designs)} on ${provider}`,

  // Provider cards.
  printifyAbout:
    'Each listing is a copy of your template product in your Printify shop, with the design on it.',
  gelatoAbout: 'Each listing is a copy of your Gelato template in your Gelato store, with the design on it.',
  checkingConnection: (provider: string) => `Checking the ${provider} connection…`,
  shopLabel: 'Shop',
  storeLabel: 'Store',
  apiKeyLabel: 'API key',
  productLabel: 'Template product',
  templateLabel: 'Template',
  // The numbered steps: '1. Connect Printify store', '2. Create Gelato listings'.
  connectStep: (provider: string) => `1. Connect ${provider} store`,
  createStep: (provider: string) => `2. Create ${provider} listings`,
  publish: 'Publish to my sales channel after creating',
  publishOnHint: (channel: string) =>
    `On: Printify lists each product in ${channelName(channel)} as soon as it is made.`,
  publishOffHint: (channel: string) =>
    channel === 'disconnected' || channel === 'custom_integration'
      ? `Off: the products wait in Printify (this shop ${channel === 'disconnected' ? 'is not linked to a store' : 'sells through an API integration'}).`
      : 'Off: the products wait in Printify until you publish them.',
  loadingDesigns: 'Loading designs',
  creating: (provider: string) => `Creating ${provider} listings…`,
  createFailed: (provider: string) => `The ${provider} listings could not be created. Please try again.`,

  // Connect Printify.
  printifyModalTitle: 'Connect Printify store',
  printifyModalIntro:
    'PodFlow uses your Printify API key to copy your template product once for every design, in the shop you choose.',
  printifyKeyLabel: 'Printify API key',
  printifyKeyHint: 'Create one in Printify under My account → Connections.',
  printifyKeyLink: 'Open Printify connections',
  keepSavedKey: 'The saved key is used unless you type a new one.',
  fetchShops: 'Fetch Shops',
  fetchShopsNoKey: 'Enter your Printify API key first.',
  shopSelectLabel: 'Printify shop',
  shopPlaceholderEmpty: 'Fetch Shops to list your shops',
  shopPlaceholder: 'Choose a shop',
  shopsFound: (shops: number) => `${plural(shops, 'shop', 'shops')} found for this key.`,
  noShops: 'This Printify account has no shops yet. Add one in Printify first.',
  productIdLabel: 'Template product ID',
  productIdHint: "A 24-character alphanumeric string: the last part of the product's address in Printify.",
  productIdLength: (length: number) => `A product ID has 24 characters; this one has ${count(length)}.`,
  productIdCharacters: 'A product ID has only the digits 0–9 and the letters a–f.',
  shopsFailed: 'The shops could not be fetched. Please try again.',
  saveNoKey: 'Enter your Printify API key.',
  saveNoShop: 'Fetch your shops and choose one.',
  saveNoProduct: 'Enter the template product ID (24 characters).',
  printifySaveFailed: 'The Printify connection could not be saved. Please try again.',

  // Connect Gelato.
  gelatoModalTitle: 'Connect Gelato store',
  gelatoModalIntro:
    'PodFlow uses your Gelato API key to copy your template product once for every design, in the store you name.',
  gelatoKeyLabel: 'Gelato API key',
  gelatoKeyHint: 'Create one in the Gelato dashboard under Developer → API keys.',
  gelatoKeyLink: 'Open the Gelato dashboard',
  storeIdLabel: 'Store ID',
  storeIdHint: 'In Gelato, open Stores and your store: the ID is in its address.',
  templateIdLabel: 'Template ID',
  templateIdHint: 'In Gelato, open Templates and the product to copy: the ID is in its address.',
  templateSaved: (title: string) => `Saved: ${title}.`,
  gelatoSaveMissing: 'Fill in the API key, the store ID and the template ID.',
  gelatoSaveFailedSpec: 'Failed to save Gelato credentials. Please check the values and try again.',
  gelatoListingsFailedConsole: 'Error creating Gelato listings. See console for details.',
  createdIds: (products: number) => `${plural(products, 'Gelato product', 'Gelato products')} created`,

  // The latest run.
  runTitles: (provider: string): Record<RunState, string> => ({
    running: `Creating ${provider} listings`,
    done: `${provider} listings are ready`,
    doneWithFailures: 'Finished, but some designs failed',
    allFailed: 'No listing could be created',
    failed: 'The run stopped before it finished',
  }),
  runProgressLabel: (provider: string) => `${provider} listing progress`,
  runCounts: { created: 'created', updated: 'updated', skipped: 'skipped', failed: 'failed' },
  runFinished: (when: string) => `Last run finished ${when}`,
  runPublished: 'Published to your sales channel',
  runPublishedSome: (published: number, total: number) =>
    `${count(published)} of ${count(total)} published to your sales channel`,
  runPublishFailed: 'Not published: Printify refused every publish (see each design)',
  details: 'Details',

  // The designs grid.
  gridLabel: 'Designs and their listings',
  printifyProductId: (id: string) => `Printify Product ID: ${id}`,
  gelatoProductId: (id: string) => `Gelato Product ID: ${id}`,
  resultBadge: (provider: string, status: ListingResultStatus) => `${provider}: ${resultLabels[status]}`,
  emptyTitle: 'No designs yet',
  emptyText: 'Listings are made from designs: upload PNG files with a transparent background first.',
  goToDesigns: 'Go to Prepare Designs',
} as const;
