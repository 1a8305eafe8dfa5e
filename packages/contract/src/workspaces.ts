import { z } from 'zod';
import { idField, text } from './fields.ts';

/** SPEC.md section 7 "Workspaces and designs": the workspace calls. */

export const workspace = z
  .object({ workspace_id: z.string(), workspace_name: z.string() })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspace>;

/** What a workspace holds and how far its workflow went, as the tiles and the step bar show it. */
export const workspaceProgress = z
  .object({
    /** Designs in the workspace. */
    designs: z.number().int(),
    /** Templates chosen for it. */
    templates: z.number().int(),
    /** Mockup images made, and how many designs have at least one. */
    mockups: z.number().int(),
    designs_with_mockups: z.number().int(),
    /** Designs whose title is written. */
    designs_with_metadata: z.number().int(),
    /** Designs with a listing created or updated on a provider (designs still present). */
    designs_listed: z.number().int(),
    /** Designs synced to the store (updated or unchanged). */
    designs_synced: z.number().int(),
  })
  .meta({ id: 'WorkspaceProgress' });
export type WorkspaceProgress = z.infer<typeof workspaceProgress>;

/** A workspace in the list: its progress, a few design thumbnails (newest first) and its last activity. */
export const workspaceSummary = workspace
  .extend({
    progress: workspaceProgress,
    thumbnails: z.array(z.object({ url: z.string(), file_name: z.string() })).max(4),
    /** Epoch milliseconds of the last change in it (created, upload, mockup, metadata run, listing, sync). */
    last_activity_at: z.number(),
  })
  .meta({ id: 'WorkspaceSummary' });
export type WorkspaceSummary = z.infer<typeof workspaceSummary>;
export const workspaceList = z.array(workspaceSummary);

/** The header a client sends with a create so that a repeat of it makes nothing new. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, { error: 'Idempotency-Key must be 8 to 100 characters.' })
    .max(100, { error: 'Idempotency-Key must be 8 to 100 characters.' })
    .optional(),
});

export const WORKSPACE_NAME_MAX = 100;
export const createWorkspaceRequest = z.object({
  workspace_name: text('Workspace name')
    .trim()
    .min(1, { error: 'Give the workspace a name.' })
    .max(WORKSPACE_NAME_MAX, { error: `A workspace name has at most ${WORKSPACE_NAME_MAX} characters.` }),
});
export type CreateWorkspaceRequest = z.input<typeof createWorkspaceRequest>;

export const workspaceParams = z.object({ workspace_id: idField('workspace_id') });
/** `?workspace_id=` of the workspace-scoped GET calls. */
export const workspaceQuery = z.object({ workspace_id: idField('workspace_id') });

export const workspaceMessages = {
  notFound: 'Workspace not found. It may have been deleted; choose another one.',
  deleted: 'The workspace and all its data have been deleted.',
  keyReused: 'This Idempotency-Key was already used to create a workspace with another name.',
} as const;
