import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Service, startPostgres, startRedis, startS3 } from '../../../../../scripts/services.ts';
import { type Outage, postgresOutage, redisOutage } from '../outages.ts';
import { createTestBucket } from '../s3.ts';
import { Fleet, fleetEnv } from './fleet.ts';

/** A job's lease in the fleets: short, so a killed worker's jobs are taken again within seconds. */
export const leaseSeconds = 5;

/**
 * The scale-out topology of ARCHITECTURE.md on loopback, every part started here: its own
 * PostgreSQL, Redis and S3 server (s3rver), one ROLE=api process and two ROLE=worker processes
 * ("worker-1", "worker-2") sharing APP_SECRET, the bucket and the Printify API at `printifyUrl`.
 * Its own services, as the tests stop and start them (`postgres`, `redis` outages).
 */
export async function startTopology(printifyUrl: string) {
  const services: Service[] = [];
  const fleet = new Fleet(fleetEnv());
  const stopServices = () => {
    for (const service of services.reverse()) service.stop();
  };
  try {
    const [postgres, redis, s3] = await Promise.all([startPostgres(), startRedis(), startS3()]);
    services.push(postgres, redis, s3);
    const bucket = await createTestBucket(s3.url);
    const shared = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      ...bucket.env,
      JOB_LEASE_SECONDS: String(leaseSeconds),
      PRINTIFY_BASE_URL: printifyUrl,
    };
    // The api first: it migrates the database the workers then find ready.
    const api = await fleet.start('api', { ...shared, ROLE: 'api' });
    await Promise.all(
      ['worker-1', 'worker-2'].map((name) => fleet.start(name, { ...shared, ROLE: 'worker' })),
    );
    const database = new pg.Pool({ connectionString: postgres.url, max: 2 });
    // A restarted PostgreSQL drops the pool's idle connections: their errors are expected here.
    database.on('error', () => undefined);
    const outages: { postgres: Outage; redis: Outage } = {
      postgres: await postgresOutage(postgres),
      redis: redisOutage(redis),
    };
    return {
      fleet,
      api,
      workers: ['worker-1', 'worker-2'] as const,
      outages,
      /** One number from the shared database (e.g. a count), read directly, not through the API. */
      count: async (sql: string, values: unknown[]) =>
        Number((await database.query<{ n: string }>(sql, values)).rows[0]?.n),
      close: async () => {
        await fleet.close();
        await database.end().catch(() => undefined);
        stopServices();
      },
    };
  } catch (error) {
    await fleet.close();
    stopServices();
    throw error;
  }
}

export type Topology = Awaited<ReturnType<typeof startTopology>>;

/**
 * The embedded default: one ROLE=all process on SQLite, the database queue and the local disk, in a
 * data folder of its own that a restart keeps (`fleet.restart('server')`).
 */
export async function startEmbedded(printifyUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-embedded-'));
  const fleet = new Fleet(fleetEnv());
  try {
    const server = await fleet.start('server', {
      DATA_DIR: dataDir,
      JOB_LEASE_SECONDS: String(leaseSeconds),
      PRINTIFY_BASE_URL: printifyUrl,
    });
    return {
      fleet,
      server,
      close: async () => {
        await fleet.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fleet.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
