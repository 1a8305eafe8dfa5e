import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../../config.ts';
import * as accounts from './migrations/0001-accounts.ts';
import * as workspacesDesigns from './migrations/0002-workspaces-designs.ts';
import * as templates from './migrations/0003-templates.ts';
import * as jobQueue from './migrations/0004-job-queue.ts';
import * as mockups from './migrations/0005-mockups.ts';
import * as metadata from './migrations/0006-metadata.ts';
import * as listings from './migrations/0007-listings.ts';
import * as stores from './migrations/0008-stores.ts';
import * as billing from './migrations/0009-billing.ts';
import * as refreshGrace from './migrations/0010-refresh-grace.ts';
import * as contactPasswordReset from './migrations/0011-contact-password-reset.ts';
import * as sessionHardening from './migrations/0012-session-hardening.ts';
import * as productsPerShop from './migrations/0013-products-per-shop.ts';
import * as mockupAdjustments from './migrations/0014-mockup-adjustments.ts';
import * as createRequests from './migrations/0015-create-requests.ts';
import * as unfinishedRuns from './migrations/0020-unfinished-runs.ts';
import * as providerIntents from './migrations/0021-provider-intents.ts';
import * as orders from './migrations/0022-orders.ts';
import * as ordersCore from './migrations/0023-orders-core.ts';
import * as shopifyApiSecret from './migrations/0024-shopify-api-secret.ts';
import * as orderActions from './migrations/0025-order-actions.ts';
import * as ordersAttentionCovering from './migrations/0026-orders-attention-covering.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Migrations in the order they run; a new one is appended here. */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-workspaces-designs': workspacesDesigns,
  '0003-templates': templates,
  '0004-job-queue': jobQueue,
  '0005-mockups': mockups,
  '0006-metadata': metadata,
  '0007-listings': listings,
  '0008-stores': stores,
  '0009-billing': billing,
  '0010-refresh-grace': refreshGrace,
  '0011-contact-password-reset': contactPasswordReset,
  '0012-session-hardening': sessionHardening,
  '0013-products-per-shop': productsPerShop,
  '0014-mockup-adjustments': mockupAdjustments,
  '0015-create-requests': createRequests,
  '0020-unfinished-runs': unfinishedRuns,
  '0021-provider-intents': providerIntents,
  '0022-orders': orders,
  '0023-orders-core': ordersCore,
  '0024-shopify-api-secret': shopifyApiSecret,
  '0025-order-actions': orderActions,
  '0026-orders-attention-covering': ordersAttentionCovering,
};

// PostgreSQL answers bigint (int8) columns as strings; our bigints are epoch milliseconds.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** How many connections a database pool holds, lends out and has callers waiting for. */
export type PoolUse = { size: number; max: number; inUse: number; waiting: number };

const poolUse = new WeakMap<Db, () => PoolUse>();

/** The pool's use now: PostgreSQL's pool, or SQLite's one connection (always lent). */
export function poolUseOf(db: Db): PoolUse {
  return poolUse.get(db)?.() ?? { size: 1, max: 1, inUse: 0, waiting: 0 };
}

/** Where a connection's failure is told; the default writes one line to stderr. */
export type DatabaseErrorLog = (error: Error) => void;

const logToStderr: DatabaseErrorLog = (error) =>
  console.error(`database connection error (the pool reconnects): ${error.message}`);

/**
 * Opens the configured database: a SQLite file (WAL, busy timeout) or a PostgreSQL pool. The pool
 * and each of its connections handle 'error': a PostgreSQL restart ("Connection terminated
 * unexpectedly") fails the queries under way and is logged, and later queries get new connections;
 * an 'error' event without a listener would end the process.
 */
export function openDatabase(database: Config['database'], onError: DatabaseErrorLog = logToStderr): Db {
  if (database.kind === 'postgres') {
    const max = 10;
    const pool = new pg.Pool({ connectionString: database.url, max, connectionTimeoutMillis: 5000 });
    pool.on('error', onError);
    // A lent connection has no listener of the pool's: its own one, for the whole life of the client.
    pool.on('connect', (client) => client.on('error', onError));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolUse.set(db, () => ({
      size: pool.totalCount,
      max,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return db;
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  poolUse.set(db, () => ({ size: 1, max: 1, inUse: 0, waiting: 0 }));
  return db;
}

/** Brings the schema up to date; run on every start. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/** True when the database answers a trivial query. */
export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
