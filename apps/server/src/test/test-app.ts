import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase } from '../platform/db/db.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  url: string;
  close: () => Promise<void>;
};

/**
 * Which database integration tests run on: TEST_DB=sqlite (default) or TEST_DB=postgres with
 * TEST_DATABASE_URL pointing at a server where databases may be created. scripts/test.ts runs
 * the suite once for each.
 */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh app on a fresh, migrated database of its own; close() removes every trace. */
export async function startTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'orderSources' | 'ordersClock'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-test-'));
  const database = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    APP_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '10000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    // The Gelato sandbox serves the order API beside the product API: a test never reaches Gelato.
    ...(env.GELATO_BASE_URL ? { GELATO_ORDER_BASE_URL: env.GELATO_BASE_URL } : {}),
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, ...deps });
  await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0) });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  return {
    app,
    db,
    config,
    url,
    close: async () => {
      await app.background.idle();
      await app.close();
      await db.destroy();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The folder of a test app's files, for tests that look at the local disk adapter's files themselves. */
export function filesRoot(t: TestApp): string {
  if (t.config.storage.kind !== 'local')
    throw new Error('This test looks at files on disk: it needs STORAGE=local');
  return t.config.storage.root;
}

export type TestDatabase = {
  db: Db;
  database: Config['database'];
  /** Environment that opens the same database through loadConfig (e.g. in a child process). */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  close: () => Promise<void>;
};

/** A fresh, migrated database of TEST_DB's kind without the app; close() removes every trace. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-test-'));
  const postgres = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  const { database } = loadConfig({ NODE_ENV: 'test', APP_SECRET: randomBytes(32).toString('hex'), ...env });
  const db = openDatabase(database);
  await migrateToLatest(db);
  return {
    db,
    database,
    env,
    close: async () => {
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (scripts/test.ts sets it).');
  const name = `podflow_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A pool's end() resolves before its connections have said goodbye; forcing one that is
      // still closing makes its client emit an unhandled error, so give them a moment first.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
