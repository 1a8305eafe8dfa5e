import type { Kysely } from 'kysely';

/**
 * Review Mockups, issue 19: the seller's adjustment of a design on a template (kept for the pair
 * and used by every later render), the pairs whose mockup the seller deleted (a "Generate new
 * only" run leaves them alone), the cut-off flag found when a mockup is rendered, and the designs
 * a job renders (null: every design of the workspace, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mockup_adjustments')
    .addColumn('design_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fit', 'text')
    .addColumn('scale', 'double precision', (c) => c.notNull())
    .addColumn('offset_x', 'double precision', (c) => c.notNull())
    .addColumn('offset_y', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mockup_adjustments_pk', ['design_id', 'template_id'])
    .execute();
  await db.schema
    .createIndex('mockup_adjustments_workspace_idx')
    .on('mockup_adjustments')
    .column('workspace_id')
    .execute();

  await db.schema
    .createTable('mockup_deletions')
    .addColumn('design_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mockup_deletions_pk', ['design_id', 'template_id'])
    .execute();
  await db.schema
    .createIndex('mockup_deletions_workspace_idx')
    .on('mockup_deletions')
    .column('workspace_id')
    .execute();

  await db.schema
    .alterTable('mockups')
    .addColumn('cut_off', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mockup_jobs').addColumn('design_ids', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mockup_jobs').dropColumn('design_ids').execute();
  await db.schema.alterTable('mockups').dropColumn('cut_off').execute();
  await db.schema.dropTable('mockup_deletions').execute();
  await db.schema.dropTable('mockup_adjustments').execute();
}
