import { z } from 'zod';
import { errorBody } from './errors.ts';
import { idField } from './fields.ts';

/** SPEC.md section 7 "Workspaces and designs": uploading, listing and deleting designs. */

/** A design line item (SPEC.md section 3) plus what the grid needs to show it well. */
export const designLineItem = z
  .object({
    lineitem_id: z.string(),
    /** A signed URL that expires (an <img> cannot send a bearer token); refetch the list to renew it. */
    image_thumbnail_path: z.string(),
    /** A signed URL of the full-size file. */
    image_path: z.string(),
    image_file_name: z.string(),
    product_title: z.string(),
    product_description: z.string(),
    seo_keywords: z.string(),
    printify_product_id: z.string().nullable(),
    gelato_product_id: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
    has_alpha: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'DesignLineItem' });
export type DesignLineItem = z.infer<typeof designLineItem>;
export const designList = z.array(designLineItem);

/** What happened to one file of an upload. */
export const uploadedFile = z.object({
  file_name: z.string(),
  status: z.enum(['stored', 'rejected']),
  lineitem_id: z.string().optional(),
  /** Stored, but something to know (e.g. no transparent background). */
  warning: z.string().optional(),
  /** Why it was rejected, in a sentence naming the file. */
  reason: z.string().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** 201 when at least one file was stored; every file is listed either way. */
export const uploadDesignsResponse = z.object({
  message: z.string(),
  stored: z.number().int(),
  rejected: z.number().int(),
  files: z.array(uploadedFile),
});
export type UploadDesignsResponse = z.infer<typeof uploadDesignsResponse>;

export const deleteDesignsRequest = z.object({
  lineitem_ids: z
    .array(idField('lineitem_id'), { error: 'lineitem_ids must be a list of design ids.' })
    .min(1, { error: 'Select at least one design to delete.' })
    .max(1000, { error: 'Delete at most 1000 designs at once.' }),
});
export type DeleteDesignsRequest = z.infer<typeof deleteDesignsRequest>;
export const deleteDesignsResponse = z.object({ message: z.string(), deleted: z.number().int() });

/** The exact 403 texts the web app maps to SPEC.md section 8's alerts. */
export const quotaErrors = {
  designs: 'Designs quota exceeded',
  space: 'Space quota exceeded',
  aiTokens: 'AI tokens quota exceeded',
} as const;

export const designMessages = {
  notFound: 'Design not found. It may have been deleted; refresh the list.',
  noFiles: 'Please select files to upload.',
  noneStored: 'None of the files could be stored.',
} as const;

/** An upload that stored nothing (400, 403 quota) still says what happened to each file. */
export const uploadErrorBody = errorBody.extend({ files: z.array(uploadedFile).optional() });
