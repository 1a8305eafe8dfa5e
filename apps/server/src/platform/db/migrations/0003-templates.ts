import type { Kysely } from 'kysely';

/**
 * Mockup templates (a user's own, or the starter library's with no user) and each workspace's
 * selection of them. `placement` is JSON (corners, rotation, dimensions, fit, behindPhoto) or
 * null for a template without a design placeholder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('placement', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('templates_user_idx')
    .on('templates')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('workspace_templates')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_templates_pk', ['workspace_id', 'template_id'])
    .execute();
  await db.schema
    .createIndex('workspace_templates_template_idx')
    .on('workspace_templates')
    .column('template_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_templates').execute();
  await db.schema.dropTable('templates').execute();
}
