import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../db/db.ts';
import { bullmqJobQueue } from './bullmq-queue.ts';
import { embeddedJobQueue } from './embedded-queue.ts';
import type { JobQueue } from './job-queue.ts';

export type OpenJobQueueDeps = {
  config: Pick<Config, 'queue' | 'database'>;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

/**
 * The configured job queue: BullMQ when REDIS_URL is set, else the embedded one in the database.
 * Register every job, then start() it in processes whose role runs jobs (config.role 'all' or
 * 'worker'); an 'api' process only enqueues. Close it before destroying the database.
 */
export function openJobQueue({ config, db, log }: OpenJobQueueDeps): JobQueue {
  const { redisUrl, leaseSeconds, prefix } = config.queue;
  if (redisUrl) return bullmqJobQueue({ redisUrl, prefix, leaseSeconds, log });
  return embeddedJobQueue({ db, dialect: config.database.kind, leaseSeconds, log });
}

/** True when a process of this role takes jobs (calls start()). */
export function runsJobs(role: Config['role']): boolean {
  return role === 'all' || role === 'worker';
}
