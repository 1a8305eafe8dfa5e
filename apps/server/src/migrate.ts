/**
 * `node apps/server/src/migrate.ts`: brings the configured database to the latest schema and
 * exits (compose.yaml's migrate step, before the api and workers start). Every process also
 * migrates at start; running this first keeps that a no-op.
 */
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './platform/db/db.ts';

const config = loadConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  console.log(`The ${config.database.kind} database is at the latest schema.`);
} finally {
  await db.destroy();
}
