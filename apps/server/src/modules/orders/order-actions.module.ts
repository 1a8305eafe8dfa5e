import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/db.ts';
import { UserError } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail/mail.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import { manualOrders } from './manual-order.ts';
import { orderActionsRepo } from './order-actions.repo.ts';
import { orderActionsService } from './order-actions.service.ts';
import { orderDigest } from './order-digest.job.ts';
import { ORDER_RUN_JOB, orderRunJob } from './order-run.job.ts';
import { orderRunsRepo } from './order-runs.repo.ts';
import { orderRunsService } from './order-runs.service.ts';
import { orderSubmissions } from './order-submissions.ts';
import type { OrderSourcesService } from './order-sources.service.ts';
import { ordersRepo } from './orders.repo.ts';
import type { OrdersService } from './orders.service.ts';

export type OrderActionsModuleDeps = {
  db: Db;
  queue: JobQueue;
  orders: Pick<OrdersService, 'detail' | 'attentionOrders'>;
  sources: Pick<OrderSourcesService, 'adapterOf'>;
  mail: Mail;
  publicOrigin: () => string;
  /** A design's print file at an address the provider can fetch. */
  printFileUrl?: (storageKey: string) => string;
  /** Each provider call's timeout: a submission is held longer than a send can take. */
  timeoutMs: number;
  log: FastifyBaseLogger;
};

/**
 * The order actions put together (the app registers `runJob` and `digest.job` on the queue, and
 * the routes with `actions` and `runs`).
 */
export function orderActionsModule(deps: OrderActionsModuleDeps) {
  const { db, queue, orders, sources } = deps;
  const repo = orderActionsRepo(db);
  const adapterFor = async (source: Parameters<OrderSourcesService['adapterOf']>[0]) => {
    const opened = await sources.adapterOf(source);
    if ('problem' in opened) throw new UserError(409, opened.problem, { code: 'disconnected' });
    return opened.adapter;
  };
  const submissions = orderSubmissions({
    db,
    leaseMs: Math.max(5_000, deps.timeoutMs * 3),
    refreshAttention: (orderId) => ordersRepo(db).refreshAttention(orderId, Date.now()),
  });
  const actions = orderActionsService({
    db,
    core: { repo: ordersRepo, detail: orders.detail },
    repo,
    submissions,
    manual: manualOrders({ repo, adapterFor, printFileUrl: deps.printFileUrl }),
    adapterFor,
  });
  const runsData = orderRunsRepo(db);
  const digest = orderDigest({
    db,
    mail: deps.mail,
    queue,
    attentionOrders: orders.attentionOrders,
    attentionCount: (userId, at) => ordersRepo(db).attentionCount(userId, at),
    publicOrigin: deps.publicOrigin,
    log: deps.log,
  });
  return {
    actions,
    runs: orderRunsService({ repo: runsData, queue }),
    runJob: orderRunJob({ repo: runsData, actions }),
    digest,
    /** The run reconciler's source: an unfinished run whose job was lost is queued again. */
    runSource: { table: 'order_runs' as const, job: ORDER_RUN_JOB, payload: (runId: string) => ({ runId }) },
  };
}
