import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import type { DesignsTable } from '../../platform/db/schema.ts';
import { releaseRowBytes, reserveStorageBytes } from '../../platform/db/storage-quota.ts';

export type DesignRow = Selectable<DesignsTable>;
export type NewDesignRow = Insertable<DesignsTable>;
export type QuotaLimits = { designSlotsPerWorkspace: number; storageBytes: number };

/** The only place with the SQL of designs and of the two quota counters they move. */
export function designsRepo(db: Db) {
  return {
    listByWorkspace(workspaceId: string): Promise<DesignRow[]> {
      return db
        .selectFrom('designs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async markOpaque(id: string): Promise<void> {
      await db.updateTable('designs').set({ has_alpha: 0 }).where('id', '=', id).execute();
    },

    findById(id: string): Promise<DesignRow | undefined> {
      return db.selectFrom('designs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByThumbnailKey(key: string): Promise<DesignRow | undefined> {
      return db.selectFrom('designs').selectAll().where('thumbnail_key', '=', key).executeTakeFirst();
    },

    async userPlan(userId: string): Promise<string> {
      const row = await db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
      return row?.plan ?? 'starter';
    },

    async designCount(workspaceId: string): Promise<number> {
      const row = await db
        .selectFrom('workspaces')
        .select('design_count')
        .where('id', '=', workspaceId)
        .executeTakeFirst();
      return row?.design_count ?? 0;
    },

    /**
     * Takes a design slot in the workspace and the design's bytes of the user's storage, and inserts
     * the row, in one transaction. Each counter moves only while it stays within its limit (a
     * conditional UPDATE, atomic on SQLite and PostgreSQL alike), so parallel uploads can never
     * end above a quota. Answers which quota refused, if one did; then nothing is written.
     */
    async insertWithinQuota(row: NewDesignRow, limits: QuotaLimits): Promise<'ok' | 'designs' | 'space'> {
      return db
        .transaction()
        .execute(async (trx) => {
          const slot = await trx
            .updateTable('workspaces')
            .set({ design_count: sql`design_count + 1` })
            .where('id', '=', row.workspace_id)
            .where('user_id', '=', row.user_id)
            .where('design_count', '<', limits.designSlotsPerWorkspace)
            .executeTakeFirst();
          if (slot.numUpdatedRows !== 1n) throw new QuotaRefusal('designs');
          if (!(await reserveStorageBytes(trx, row.user_id, Number(row.bytes), limits.storageBytes))) {
            throw new QuotaRefusal('space');
          }
          await trx.insertInto('designs').values(row).execute();
          return 'ok' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof QuotaRefusal) return error.quota;
          throw error;
        });
    },

    /**
     * Deletes the user's designs with these ids and gives back their slots and bytes, atomically.
     * Answers the deleted rows, or undefined (and deletes nothing) when any id is not the user's.
     */
    async deleteOwned(userId: string, ids: string[]): Promise<DesignRow[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('designs')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', ids)
          .execute();
        if (rows.length !== new Set(ids).size) return undefined;
        await trx.deleteFrom('designs').where('user_id', '=', userId).where('id', 'in', ids).execute();
        const perWorkspace = new Map<string, number>();
        for (const r of rows) perWorkspace.set(r.workspace_id, (perWorkspace.get(r.workspace_id) ?? 0) + 1);
        for (const [workspaceId, count] of perWorkspace) {
          await trx
            .updateTable('workspaces')
            .set({ design_count: sql`design_count - ${count}` })
            .where('id', '=', workspaceId)
            .execute();
        }
        await releaseRowBytes(trx, userId, rows);
        return rows;
      });
    },
  };
}

class QuotaRefusal extends Error {
  readonly quota: 'designs' | 'space';
  constructor(quota: 'designs' | 'space') {
    super(`${quota} quota`);
    this.quota = quota;
  }
}

export type DesignsRepo = ReturnType<typeof designsRepo>;
