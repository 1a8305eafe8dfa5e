import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from '../test-app.ts';

export type StateDigest = { tables: Record<string, string>; files: Record<string, string> };

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Tables that record attempts, not anyone's data: a refused call may add to them. */
const attemptTables = /^(login_|kysely_)/;

/**
 * A digest of the app's state other than what belongs to `others` (rows or files naming one of
 * their ids): every row of every table, and every file under DATA_DIR with its bytes' hash.
 */
export async function stateDigest(t: TestApp, others: string[]): Promise<StateDigest> {
  const tables: Record<string, string> = {};
  const names = (await t.db.introspection.getTables()).map((table) => table.name).sort();
  for (const name of names) {
    if (attemptTables.test(name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db);
    const kept = rows
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
      )
      .filter((text) => !others.some((id) => text.includes(id)))
      .sort();
    tables[name] = sha(kept.join('\n'));
  }
  const files: Record<string, string> = {};
  const root = t.config.dataDir;
  const database = t.config.database as { kind: string; file?: string };
  const databaseFile = database.file ? path.resolve(database.file) : '\0';
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full);
    // The database's own files are digested as rows above.
    if (path.resolve(full).startsWith(databaseFile) || others.some((id) => relative.includes(id))) continue;
    files[relative] = sha(await readFile(full));
  }
  return { tables, files };
}

/** What differs between two digests, one line each ("table designs", "file u/…/x.png added"). */
export function digestChanges(before: StateDigest, after: StateDigest): string[] {
  const changes: string[] = [];
  for (const name of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    if (before.tables[name] !== after.tables[name]) changes.push(`table ${name} changed`);
  }
  for (const file of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    const [was, now] = [before.files[file], after.files[file]];
    if (was === now) continue;
    changes.push(`file ${file} ${was === undefined ? 'added' : now === undefined ? 'removed' : 'changed'}`);
  }
  return changes;
}
