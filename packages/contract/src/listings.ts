/**
 * SPEC.md section 7 "Listings and stores", the provider part: connecting Printify (provider A) and
 * Gelato (provider B) per workspace and creating listings there. Plain data and types (no zod), so
 * the web app may import it; the server's schemas are in listings-calls.ts.
 */

/** Stored keys come back like this from every GET; sending it back unchanged keeps the stored key. */
export const maskedKeyPrefix = '••••••••';

/** The masked form of a stored key: the prefix and its last four characters. */
export function maskKey(key: string): string {
  return key === '' ? '' : `${maskedKeyPrefix}${key.slice(-4)}`;
}

export const isMaskedKey = (value: string) => value.startsWith(maskedKeyPrefix);

/** A Printify product id: 24 hexadecimal characters (SPEC: '24-character alphanumeric string'). */
export const printifyProductIdPattern = /^[0-9a-f]{24}$/i;

export type PrintifyShop = { id: number; title: string; sales_channel?: string };

/** GET fetch_workspace_printify_info: a list whose first item is the workspace's connection. */
export type PrintifyInfo = {
  /** Masked. */
  api_key: string;
  shop_id: string;
  product_id: string;
  shop_title: string;
  /** Where the shop sells ('shopify', 'woocommerce', 'etsy', 'disconnected'...); '' when not known. */
  sales_channel: string;
  /** Whether publishing lists the products in a store: the Publish option's default. */
  publishes_to_store: boolean;
};

/** GET fetch_workspace_gelato_info. */
export type GelatoInfo = {
  /** Masked. */
  api_key: string;
  store_id: string;
  template_id: string;
  template_title: string;
};

export type ListingProvider = 'printify' | 'gelato';
export type ListingResultStatus = 'pending' | 'created' | 'updated' | 'skipped' | 'failed';
export type ListingRunStatus = 'Pending' | 'In Progress' | 'Completed' | 'Failed';

/** One design's outcome in a listing run. */
export type ListingResult = {
  lineitem_id: string;
  image_file_name: string;
  status: ListingResultStatus;
  /** The provider's product id once created or updated. */
  product_id: string | null;
  /** What happened and what to do, in the seller's words (also why a publish failed). */
  reason: string | null;
  /** The provider's own words and code behind `reason`, for an expandable details. */
  detail: string | null;
  /** Whether it was published to the shop's sales channel; null when publishing was not asked. */
  published: boolean | null;
};

/** The workspace's latest listing run (beyond the spec: live progress per design). */
export type ListingRun = {
  id: string;
  provider: ListingProvider;
  status: ListingRunStatus;
  publish: boolean;
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Designs published to the sales channel, and those whose publish was refused. */
  published: number;
  publish_failed: number;
  results: ListingResult[];
  /** Why the run stopped, when it Failed. */
  reason: string | null;
  created_at: string;
  finished_at: string | null;
};

/** SPEC.md section 8's texts and the other sentences of the step. */
export const listingMessages = {
  printifyProductInvalid: 'Unable to validate the product, Check if the Product ID is Correct.',
  gelatoCredentialsInvalid: 'Failed to save Gelato credentials. Please check the values and try again.',
  gelatoListingsFailed: 'Failed to create Gelato listings.',
  printifyKeyRejected:
    'Printify did not accept this API key. Copy it again from Printify: My account → Connections.',
  gelatoKeyRejected: 'Gelato did not accept this API key.',
  unreachable: (provider: string) =>
    `${provider} could not be reached. Check your connection and try again in a minute.`,
  notConnectedPrintify: 'Connect a Printify shop and save the template product first (step 1).',
  notConnectedGelato: 'Connect a Gelato store and template first (step 1).',
  gelatoStoreUnknown:
    'Gelato has no store with this ID for this API key. Copy the store ID from your Gelato dashboard (Stores), then save again.',
  creatingOnGelato: 'Creating on Gelato…',
  gelatoStillMaking:
    'Gelato accepted this product and is still making it: it appears in your store when Gelato is done.',
  gelatoProductGone: 'Gelato no longer has this product (it was deleted there): create the listings again.',
  printifyFileTooLarge:
    "This design is larger than the 5 MB Printify takes as an upload: set PUBLIC_URL to PodFlow's address on the internet so Printify can fetch it, or upload a smaller file.",
  printifyBlueprintChanged: (oldProductId: string) =>
    `The template product is now another product type, so this design got a new Printify product; its old one (${oldProductId}) is still in your shop.`,
  noDesigns: 'This workspace has no designs yet. Upload designs first.',
  running: 'Listings are still being created for this workspace. Wait for this run to finish.',
  alreadyRunning: 'Listings are already being created for this workspace: this is that run.',
} as const;
