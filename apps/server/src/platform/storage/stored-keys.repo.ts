import type { Db } from '../db/db.ts';

/**
 * Which storage keys rows refer to: every column that holds one (designs, templates and mockups,
 * each a file and its thumbnail or preview). A new table of stored files adds its columns here.
 */
export function storedKeysRepo(db: Db) {
  return {
    /** The keys among these that some row refers to. */
    async referenced(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('designs')
        .select('storage_key as key')
        .where('storage_key', 'in', keys)
        .unionAll(db.selectFrom('designs').select('thumbnail_key as key').where('thumbnail_key', 'in', keys))
        .unionAll(db.selectFrom('templates').select('storage_key as key').where('storage_key', 'in', keys))
        .unionAll(
          db.selectFrom('templates').select('thumbnail_key as key').where('thumbnail_key', 'in', keys),
        )
        .unionAll(db.selectFrom('mockups').select('storage_key as key').where('storage_key', 'in', keys))
        .unionAll(db.selectFrom('mockups').select('thumbnail_key as key').where('thumbnail_key', 'in', keys))
        .execute();
      return new Set(rows.map((row) => row.key));
    },
  };
}
