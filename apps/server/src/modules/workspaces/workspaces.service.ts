import { randomUUID } from 'node:crypto';
import { type Workspace, workspaceMessages } from '@podflow/contract/workspaces';
import { UserError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { WorkspaceRow, WorkspacesRepo } from './workspaces.repo.ts';

export type WorkspacesServiceDeps = {
  repo: WorkspacesRepo;
  storage: Storage;
};

const toWorkspace = (row: WorkspaceRow): Workspace => ({ workspace_id: row.id, workspace_name: row.name });

/** The storage prefix of everything a workspace holds. */
export const workspacePrefix = (userId: string, workspaceId: string) => `u/${userId}/w/${workspaceId}/`;

/** Workspaces: a seller's folders of designs. Every call is scoped to the signed-in user. */
export function workspacesService(deps: WorkspacesServiceDeps) {
  const { repo, storage } = deps;

  return {
    async list(userId: string): Promise<Workspace[]> {
      return (await repo.listByUser(userId)).map(toWorkspace);
    },

    async create(userId: string, name: string): Promise<Workspace> {
      const row = { id: randomUUID(), user_id: userId, name, created_at: Date.now() };
      await repo.insert(row);
      return toWorkspace({ ...row, design_count: 0, target_store: null });
    },

    /** The caller's workspace, or a 404 that looks the same for someone else's and a missing one. */
    async requireOwned(userId: string, workspaceId: string): Promise<WorkspaceRow> {
      const row = await repo.findOwned(userId, workspaceId);
      if (!row) throw new UserError(404, workspaceMessages.notFound, { code: 'workspace_not_found' });
      return row;
    },

    /** Deletes the workspace, every row in it (their bytes given back) and then its files. */
    async delete(userId: string, workspaceId: string): Promise<void> {
      if (!(await repo.delete(userId, workspaceId))) {
        throw new UserError(404, workspaceMessages.notFound, { code: 'workspace_not_found' });
      }
      // Rows first, files after: a crash in between leaves unreferenced files (the orphan sweep
      // removes them), never rows without files. A render still running removes what it wrote.
      await storage.deletePrefix(workspacePrefix(userId, workspaceId));
    },
  };
}

export type WorkspacesService = ReturnType<typeof workspacesService>;
