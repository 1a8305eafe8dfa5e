import { z } from 'zod';
import { idField, keyField, text } from './fields.ts';
import { targetStores } from './stores.ts';

/**
 * The zod schemas of the store calls (SPEC.md section 7 "Listings and stores", step 8), for the
 * server's validation and OpenAPI document. The web app uses the plain types of stores.ts.
 */

export const workspaceQuery = z.object({ workspace_id: idField('workspace_id') });
export const targetStore = z.enum(targetStores, {
  error: "target_store must be 'shopify' or 'woocommerce'.",
});

export const shopifyInfo = z.object({
  shopify_admin_api_token: z.string(),
  shopify_shop_name: z.string(),
  shopify_api_secret: z.string(),
});
export const wooCommerceInfo = z.object({
  woocommerce_store_url: z.string(),
  woocommerce_consumer_key: z.string(),
  woocommerce_consumer_secret: z.string(),
});

export const saveShopifyRequest = z.object({
  workspace_id: idField('workspace_id'),
  shopify_admin_api_token: keyField('shopify_admin_api_token'),
  shopify_shop_name: text('shopify_shop_name').trim().toLowerCase().min(1).max(200),
  /** Optional: the custom app's API secret key; '' removes it, the masked value keeps the stored one. */
  shopify_api_secret: z.union([z.literal(''), keyField('shopify_api_secret')]).optional(),
});
export const saveShopifyResponse = z.object({ message: z.string(), info: shopifyInfo });

export const saveWooCommerceRequest = z.object({
  workspace_id: idField('workspace_id'),
  woocommerce_store_url: text('woocommerce_store_url').trim().min(1).max(2000),
  woocommerce_consumer_key: keyField('woocommerce_consumer_key'),
  woocommerce_consumer_secret: keyField('woocommerce_consumer_secret'),
});
export const saveWooCommerceResponse = z.object({ message: z.string(), info: wooCommerceInfo });

export const targetStoreResponse = z.object({ target_store: targetStore });
export const saveTargetStoreRequest = z.object({
  workspace_id: idField('workspace_id'),
  target_store: targetStore,
});

/** SPEC's bodies carry the Printify shop and key; the workspace's saved Printify connection is what is used. */
const printifyFields = {
  workspace_id: idField('workspace_id'),
  shop_id: z.union([z.string(), z.number()]).optional(),
  apiKey: z.string().max(2000).optional(),
};
export const syncShopifyRequest = z.object(printifyFields);
export const syncWooCommerceRequest = z.object({
  ...printifyFields,
  /** Sync the metadata only, leaving the product images as they are. */
  skip_mockups: z.boolean().default(false),
});

export const storeSyncResult = z.object({
  lineitem_id: z.string(),
  image_file_name: z.string(),
  status: z.enum(['pending', 'updated', 'unchanged', 'skipped', 'failed']),
  printify_product_id: z.string().nullable(),
  store_product_id: z.string().nullable(),
  changes: z.array(z.enum(['title', 'description', 'tags', 'seo', 'mockups'])),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
});
export const storeSyncRun = z
  .object({
    id: z.string(),
    store: targetStore,
    status: z.enum(['Pending', 'In Progress', 'Completed', 'Failed']),
    skip_mockups: z.boolean(),
    printify_shop: z.string().nullable(),
    total: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    results: z.array(storeSyncResult),
    reason: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'StoreSyncRun' });
export const syncResponse = z.object({ message: z.string(), run: storeSyncRun });

export const storeSyncRunQuery = workspaceQuery.extend({ store: targetStore });
export const storeSyncRunResponse = z.object({ run: storeSyncRun.nullable() });
