import { randomUUID } from 'node:crypto';
import { type Workspace, type WorkspaceSummary, workspaceMessages } from '@podflow/contract/workspaces';
import { UserError } from '../../platform/errors.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { WorkspaceContents, WorkspaceRow, WorkspacesRepo } from './workspaces.repo.ts';

export type WorkspacesServiceDeps = {
  repo: WorkspacesRepo;
  storage: Storage;
  signer: UrlSigner;
  now?: () => number;
};

/** How long a create's Idempotency-Key is remembered. */
export const CREATE_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const toWorkspace = (row: WorkspaceRow): Workspace => ({ workspace_id: row.id, workspace_name: row.name });

/** The storage prefix of everything a workspace holds. */
export const workspacePrefix = (userId: string, workspaceId: string) => `u/${userId}/w/${workspaceId}/`;

/** Workspaces: a seller's folders of designs. Every call is scoped to the signed-in user. */
export function workspacesService(deps: WorkspacesServiceDeps) {
  const { repo, storage, signer } = deps;
  const now = deps.now ?? Date.now;

  const toSummary = (row: WorkspaceRow, contents: WorkspaceContents | undefined): WorkspaceSummary => ({
    ...toWorkspace(row),
    progress: {
      designs: contents?.designs ?? 0,
      templates: contents?.templates ?? 0,
      mockups: contents?.mockups ?? 0,
      designs_with_mockups: contents?.designsWithMockups ?? 0,
      designs_with_metadata: contents?.designsWithMetadata ?? 0,
      designs_listed: contents?.designsListed ?? 0,
      designs_synced: contents?.designsSynced ?? 0,
    },
    thumbnails: (contents?.thumbnails ?? []).map((thumb) => ({
      url: signer.sign(thumb.thumbnail_key),
      file_name: thumb.file_name,
    })),
    last_activity_at: Math.max(
      Number(row.created_at),
      contents?.lastDesignAt ?? 0,
      contents?.lastMockupAt ?? 0,
      contents?.lastRunAt ?? 0,
    ),
  });

  return {
    /** The user's workspaces, newest first, each with what it holds and how far it went. */
    async list(userId: string): Promise<WorkspaceSummary[]> {
      const [rows, contents] = await Promise.all([repo.listByUser(userId), repo.contentsByUser(userId)]);
      return rows.map((row) => toSummary(row, contents.get(row.id)));
    },

    /**
     * Creates a workspace. With a key (the client's Idempotency-Key), a repeat of the same create
     * within a day answers the workspace the first one made instead of making another; the same
     * key with another name is a 409.
     */
    async create(
      userId: string,
      name: string,
      key?: string,
    ): Promise<{ workspace: Workspace; repeated: boolean }> {
      const row = { id: randomUUID(), user_id: userId, name, created_at: now() };
      if (!key) {
        await repo.insert(row);
        return { workspace: toWorkspace({ ...row, design_count: 0, target_store: null }), repeated: false };
      }
      const createdId = await repo.insertOnce(row, key, row.created_at - CREATE_KEY_TTL_MS);
      if (createdId === row.id) {
        return { workspace: toWorkspace({ ...row, design_count: 0, target_store: null }), repeated: false };
      }
      const earlier = await this.requireOwned(userId, createdId);
      if (earlier.name !== name)
        throw new UserError(409, workspaceMessages.keyReused, { code: 'idempotency_key_reused' });
      return { workspace: toWorkspace(earlier), repeated: true };
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
