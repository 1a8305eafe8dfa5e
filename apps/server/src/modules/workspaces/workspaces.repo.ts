import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import type { WorkspacesTable } from '../../platform/db/schema.ts';
import { deleteWorkspaceFiles } from '../../platform/db/storage-quota.ts';

export type WorkspaceRow = Selectable<WorkspacesTable>;

/** The only place with the SQL of workspaces. */
export function workspacesRepo(db: Db) {
  return {
    listByUser(userId: string): Promise<WorkspaceRow[]> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The workspace when it belongs to the user; undefined for anyone else's or a missing one. */
    findOwned(userId: string, workspaceId: string): Promise<WorkspaceRow | undefined> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async insert(row: { id: string; user_id: string; name: string; created_at: number }): Promise<void> {
      await db.insertInto('workspaces').values(row).execute();
    },

    /**
     * Deletes the workspace with every row in it, giving the bytes of its designs and mockups back,
     * in one transaction. The workspace row is locked first (a no-op UPDATE, on SQLite and
     * PostgreSQL alike), and every writer of a stored file in it locks it too before adding a row:
     * a mockup a render finishes meanwhile is either counted and deleted here, or refused there.
     */
    async delete(userId: string, workspaceId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('workspaces')
          .set({ design_count: sql`design_count` })
          .where('id', '=', workspaceId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (locked.numUpdatedRows !== 1n) return false;
        await deleteWorkspaceFiles(trx, 'mockups', userId, workspaceId);
        await deleteWorkspaceFiles(trx, 'designs', userId, workspaceId);
        await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
        return true;
      });
    },
  };
}

export type WorkspacesRepo = ReturnType<typeof workspacesRepo>;
