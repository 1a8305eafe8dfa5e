import { z } from 'zod';
import { idField } from './fields.ts';
import { listingLimits } from './metadata.ts';

/**
 * The zod schemas of the metadata calls (SPEC.md section 7), for the server's validation and
 * OpenAPI document. The web app imports their types through metadata.ts, which stays free of zod
 * so the live checks do not bring it into the browser.
 */

/**
 * The multipart fields of save_metadata and generate_textfields_openai (SPEC.md section 7): each
 * field repeated once per design, in the same order. Parsed by the server into this shape.
 */
export const metadataRow = z.object({
  lineitem_id: idField('lineitem_id'),
  product_title: z.string().max(2000, { error: 'A title may have 2000 characters at most.' }),
  seo_keywords: z.string().max(2000, { error: 'Keywords may have 2000 characters at most.' }),
  product_description: z.string().max(listingLimits.descriptionMaxChars, {
    error: `A description may have ${listingLimits.descriptionMaxChars} characters at most.`,
  }),
});
export type MetadataRow = z.infer<typeof metadataRow>;

export const metadataRows = z
  .array(metadataRow)
  .min(1, { error: 'Send at least one design.' })
  .max(1000, { error: 'Send at most 1000 designs at once.' });

export const workspaceQuery = z.object({ workspace_id: idField('workspace_id') });

/** What a save answered: how many designs changed, and what still breaks a store's limits. */
export const saveMetadataResponse = z.object({
  message: z.string(),
  saved: z.number().int(),
  warnings: z.array(
    z.object({
      lineitem_id: z.string(),
      image_file_name: z.string(),
      issues: z.array(z.object({ field: z.enum(['title', 'keywords', 'description']), message: z.string() })),
    }),
  ),
});
export type SaveMetadataResponse = z.infer<typeof saveMetadataResponse>;

/** generate_textfields_openai answers at once; the tasks run in the background. */
export const generateMetadataResponse = z.object({
  message: z.string(),
  queued: z.number().int(),
  /** AI tokens left this month after this run was charged. */
  tokens_remaining: z.number().int(),
});
export type GenerateMetadataResponse = z.infer<typeof generateMetadataResponse>;

/** GET task-status-summary: the workspace's latest AI run, status name to count. */
export const taskStatusSummary = z.object({
  status_summary: z.object({
    Pending: z.number().int(),
    'In Progress': z.number().int(),
    Completed: z.number().int(),
    Failed: z.number().int(),
  }),
  /** Why tasks failed, one line per design (beyond the spec). */
  failures: z.array(z.object({ image_file_name: z.string(), reason: z.string() })),
});
export type TaskStatusSummary = z.infer<typeof taskStatusSummary>;

/** One design an import would change, field by field (only the fields that differ). */
export const csvChange = z.object({
  lineitem_id: z.string(),
  image_file_name: z.string(),
  changes: z.array(
    z.object({ field: z.enum(['title', 'keywords', 'description']), from: z.string(), to: z.string() }),
  ),
});

/** POST import_metadata_csv: with apply=false a preview, with apply=true the same report after saving. */
export const importMetadataResponse = z.object({
  message: z.string(),
  applied: z.boolean(),
  changed: z.array(csvChange),
  unchanged: z.number().int(),
  /** Rows whose file name matches no design of the workspace (row numbers count the header as 1). */
  unmatched: z.array(z.object({ row: z.number().int(), file_name: z.string() })),
  /** Rows that could not be read, with why. */
  invalid: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type ImportMetadataResponse = z.infer<typeof importMetadataResponse>;

/** GET /openai_app/ai_tokens/ (beyond the spec): this month's AI tokens, one per design written. */
export const aiTokensResponse = z.object({
  allowance: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** The month the count is for, 'YYYY-MM' (UTC); it starts again at 0 each month. */
  period: z.string(),
});
export type AiTokensResponse = z.infer<typeof aiTokensResponse>;
