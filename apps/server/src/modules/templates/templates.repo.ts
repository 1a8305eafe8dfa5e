import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import type { TemplatesTable } from '../../platform/db/schema.ts';
import { releaseRowBytes, reserveStorageBytes } from '../../platform/db/storage-quota.ts';

export type TemplateRow = Selectable<TemplatesTable>;
export type NewTemplateRow = Insertable<TemplatesTable>;

/** Sorts the starter library before a user's own templates on SQLite and PostgreSQL alike. */
const libraryFirst = sql<boolean>`templates.user_id is null`;

/** The only place with the SQL of templates and of workspaces' template selections. */
export function templatesRepo(db: Db) {
  /** Templates a user may see: the starter library and their own. */
  const visible = (userId: string) =>
    db
      .selectFrom('templates')
      .selectAll('templates')
      .where((eb) => eb.or([eb('templates.user_id', 'is', null), eb('templates.user_id', '=', userId)]));

  const selectedIds = (workspaceId: string) =>
    db.selectFrom('workspace_templates').select('template_id').where('workspace_id', '=', workspaceId);

  return {
    listVisible(userId: string): Promise<TemplateRow[]> {
      return visible(userId)
        .orderBy(libraryFirst, 'desc')
        .orderBy('templates.created_at')
        .orderBy('templates.id')
        .execute();
    },

    listSelected(userId: string, workspaceId: string): Promise<TemplateRow[]> {
      return visible(userId)
        .innerJoin('workspace_templates', 'workspace_templates.template_id', 'templates.id')
        .where('workspace_templates.workspace_id', '=', workspaceId)
        .orderBy('workspace_templates.created_at')
        .orderBy('templates.id')
        .execute();
    },

    listRemaining(userId: string, workspaceId: string): Promise<TemplateRow[]> {
      return visible(userId)
        .where('templates.id', 'not in', selectedIds(workspaceId))
        .orderBy(libraryFirst, 'desc')
        .orderBy('templates.created_at')
        .orderBy('templates.id')
        .execute();
    },

    findByIds(ids: string[]): Promise<TemplateRow[]> {
      return db.selectFrom('templates').selectAll().where('id', 'in', ids).execute();
    },

    findVisible(userId: string, ids: string[]): Promise<TemplateRow[]> {
      return visible(userId).where('templates.id', 'in', ids).execute();
    },

    findByKey(key: string): Promise<TemplateRow | undefined> {
      return db
        .selectFrom('templates')
        .selectAll()
        .where((eb) => eb.or([eb('storage_key', '=', key), eb('thumbnail_key', '=', key)]))
        .executeTakeFirst();
    },

    /** Inserts a user's template if its bytes fit in their storage quota; false (nothing written) otherwise. */
    async insertWithinQuota(
      row: NewTemplateRow & { user_id: string },
      storageLimit: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await reserveStorageBytes(trx, row.user_id, Number(row.bytes), storageLimit))) return false;
        await trx.insertInto('templates').values(row).execute();
        return true;
      });
    },

    /** Adds templates to a workspace's selection (already selected ones stay as they are). */
    async select(workspaceId: string, ids: string[], now: number): Promise<void> {
      await db
        .insertInto('workspace_templates')
        .values(
          ids.map((template_id, i) => ({ workspace_id: workspaceId, template_id, created_at: now + i })),
        )
        .onConflict((oc) => oc.columns(['workspace_id', 'template_id']).doNothing())
        .execute();
    },

    async unselect(workspaceId: string, ids: string[]): Promise<void> {
      await db
        .deleteFrom('workspace_templates')
        .where('workspace_id', '=', workspaceId)
        .where('template_id', 'in', ids)
        .execute();
    },

    /**
     * Deletes the user's own templates (and so their selections) and gives back their bytes.
     * Answers the rows, or undefined (nothing deleted) when any id is not one of the user's own.
     */
    async deleteOwn(userId: string, ids: string[]): Promise<TemplateRow[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('templates')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', ids)
          .execute();
        if (rows.length !== new Set(ids).size) return undefined;
        await trx.deleteFrom('workspace_templates').where('template_id', 'in', ids).execute();
        await trx.deleteFrom('templates').where('user_id', '=', userId).where('id', 'in', ids).execute();
        await releaseRowBytes(trx, userId, rows);
        return rows;
      });
    },

    /** Writes the starter library's rows, updating any that changed. */
    async upsertLibrary(rows: NewTemplateRow[]): Promise<void> {
      for (const row of rows) {
        await db
          .insertInto('templates')
          .values(row)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              name: row.name,
              width: row.width,
              height: row.height,
              placement: row.placement,
            }),
          )
          .execute();
      }
    },
  };
}

export type TemplatesRepo = ReturnType<typeof templatesRepo>;
