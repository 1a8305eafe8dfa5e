import { z } from 'zod';
import { idField, keyField, text } from './fields.ts';

/**
 * The zod schemas of the provider listing calls (SPEC.md section 7 "Listings and stores"), for
 * the server's validation and OpenAPI document. The web app uses the plain types of listings.ts.
 */

export const workspaceQuery = z.object({ workspace_id: idField('workspace_id') });

export const printifyShop = z.object({
  id: z.number().int(),
  title: z.string(),
  sales_channel: z.string().optional(),
});

export const printifyInfo = z.object({
  api_key: z.string(),
  shop_id: z.string(),
  product_id: z.string(),
  shop_title: z.string(),
  sales_channel: z.string(),
  publishes_to_store: z.boolean(),
});
export const gelatoInfo = z.object({
  api_key: z.string(),
  store_id: z.string(),
  template_id: z.string(),
  template_title: z.string(),
});

export const fetchShopsRequest = z.object({
  apiKey: keyField('apiKey'),
  /** With the masked key, the workspace whose stored key to use. */
  workspace_id: idField('workspace_id').optional(),
});
export const fetchShopsResponse = z.object({ shops: z.array(printifyShop) });

export const savePrintifyTemplateRequest = z.object({
  workspace_id: idField('workspace_id'),
  shop_id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().min(1, { error: 'Choose a shop.' })),
  apiKey: keyField('apiKey'),
  printify_product_id: text('printify_product_id')
    .trim()
    .min(1, { error: 'Enter the template product id.' })
    .max(64),
});
export const savePrintifyTemplateResponse = z.object({ message: z.string(), info: printifyInfo });

export const saveGelatoRequest = z.object({
  workspace_id: idField('workspace_id'),
  api_key: keyField('api_key'),
  store_id: text('store_id').trim().min(1, { error: 'Enter the store id.' }).max(200),
  template_id: text('template_id').trim().min(1, { error: 'Enter the template id.' }).max(200),
});
export const saveGelatoResponse = z.object({ message: z.string(), info: gelatoInfo });

export const listingResult = z.object({
  lineitem_id: z.string(),
  image_file_name: z.string(),
  status: z.enum(['pending', 'created', 'updated', 'skipped', 'failed']),
  product_id: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  published: z.boolean().nullable(),
});
export const listingRun = z
  .object({
    id: z.string(),
    provider: z.enum(['printify', 'gelato']),
    status: z.enum(['Pending', 'In Progress', 'Completed', 'Failed']),
    publish: z.boolean(),
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    published: z.number().int(),
    publish_failed: z.number().int(),
    results: z.array(listingResult),
    reason: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'ListingRun' });

export const createPrintifyListingsRequest = z.object({
  workspace_id: idField('workspace_id'),
  /** Publish each product to the shop's sales channel after creating it. */
  publish: z.boolean().default(false),
});
export const createListingsResponse = z.object({ message: z.string(), run: listingRun });
export const createGelatoListingsRequest = z.object({ workspace_id: idField('workspace_id') });
export const createGelatoListingsResponse = z.object({
  message: z.string(),
  created_product_ids: z.array(z.string()),
  run: listingRun,
});

export const listingRunQuery = workspaceQuery.extend({ provider: z.enum(['printify', 'gelato']) });
export const listingRunResponse = z.object({ run: listingRun.nullable() });
