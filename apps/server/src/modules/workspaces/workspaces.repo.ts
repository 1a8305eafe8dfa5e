import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import type { WorkspacesTable } from '../../platform/db/schema.ts';

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

    async delete(userId: string, workspaceId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('workspaces')
        .where('id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type WorkspacesRepo = ReturnType<typeof workspacesRepo>;
