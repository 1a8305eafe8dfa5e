import { z } from 'zod';
import { idField, text } from './fields.ts';

/** SPEC.md section 7 "Workspaces and designs": the workspace calls. */

export const workspace = z
  .object({ workspace_id: z.string(), workspace_name: z.string() })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspace>;
export const workspaceList = z.array(workspace);

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
} as const;
