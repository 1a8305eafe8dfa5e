import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { OrderSummary } from '@podflow/contract/orders';
import { repeatEvery } from '../../platform/concurrency/repeat-every.ts';
import type { Db } from '../../platform/db/db.ts';
import { escapeHtml } from '../../platform/http/html.ts';
import type { Mail, MailMessage } from '../../platform/mail/mail.ts';
import type { JobDefinition, JobOutcome, JobQueue } from '../../platform/queue/job-queue.ts';
import { orderDigestRepo } from './order-digest.repo.ts';

export const ORDER_DIGEST_JOB = 'orders.digest';
const DAY = 24 * 60 * 60 * 1000;
/** Orders listed in one mail; the rest are counted. */
export const DIGEST_LIMIT = 20;

export type OrderDigestDeps = {
  db: Db;
  mail: Mail;
  queue: JobQueue;
  /** The core's orders needing the seller now, longest waiting first. */
  attentionOrders: (userId: string, at: number, limit: number) => Promise<OrderSummary[]>;
  /** How many orders need the seller now. */
  attentionCount: (userId: string, at: number) => Promise<number>;
  publicOrigin: () => string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
};

const payload = z.object({ userId: z.string() });

/** The digest e-mail: each order with why it needs the seller and a link to it. */
export function digestMail(input: {
  to: string;
  firstName: string;
  orders: OrderSummary[];
  more: number;
  origin: string;
}): MailMessage {
  const { orders, more, origin } = input;
  const count = orders.length + more;
  const subject = `${count} order${count === 1 ? ' needs' : 's need'} your attention`;
  const link = (order: OrderSummary) => `${origin}/orders/${order.id}`;
  const line = (order: OrderSummary) =>
    `${order.number} (${order.customer}): ${order.attention?.sentence ?? ''}\n${link(order)}`;
  const moreLine = more > 0 ? `…and ${more} more: ${origin}/orders?attention=true` : '';
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `${subject} in PodFlow:`,
    '',
    ...orders.flatMap((order) => [line(order), '']),
    ...(moreLine ? [moreLine, ''] : []),
    'You get this at most once a day while orders need you. Switch it off in Account > Settings.',
    '',
    '-- PodFlow',
  ].join('\n');
  const items = orders
    .map(
      (order) =>
        `<li style="margin-bottom:10px"><a href="${escapeHtml(link(order))}">${escapeHtml(order.number)}</a> (${escapeHtml(order.customer)}): ${escapeHtml(order.attention?.sentence ?? '')}</li>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Inter,Arial,sans-serif;color:#1f2330;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(subject)} in PodFlow:</p>
<ul>
${items}
</ul>
${more > 0 ? `<p><a href="${escapeHtml(`${origin}/orders?attention=true`)}">…and ${more} more</a></p>` : ''}
<p style="font-size:13px;color:#5c6070">You get this at most once a day while orders need you. Switch it off in Account &gt; Settings.</p>
<p>PodFlow</p>
</body></html>`;
  return { to: input.to, subject: `PodFlow: ${subject}`, text, html };
}

/**
 * The optional daily e-mail of orders needing the seller (order_settings.digest). A check each
 * hour queues one job per seller whose last digest is a day old; the job claims the day first
 * (digest_sent_at), so two workers or a repeated job never send two, and gives the day back when
 * nothing needs the seller or the mail could not go.
 */
export function orderDigest(deps: OrderDigestDeps) {
  const { mail, queue } = deps;
  const repo = orderDigestRepo(deps.db);
  const now = deps.now ?? Date.now;

  /** Sends the seller's digest if one is due and something needs them; answers whether it went. */
  async function sendDigest(userId: string): Promise<boolean> {
    const at = now();
    const claim = await repo.claimDay(userId, at);
    if (!claim) return false;
    try {
      const orders = await deps.attentionOrders(userId, at, DIGEST_LIMIT);
      const user = await repo.recipient(userId);
      if (orders.length === 0 || !user) {
        await repo.giveBack(userId, at, claim.previous);
        return false;
      }
      // A page not full holds them all: counting is needed only beyond it.
      const more =
        orders.length < DIGEST_LIMIT
          ? 0
          : Math.max(0, (await deps.attentionCount(userId, at)) - orders.length);
      const origin = deps.publicOrigin().replace(/\/$/, '');
      await mail.send(digestMail({ to: user.email, firstName: user.first_name, orders, more, origin }));
      return true;
    } catch (error) {
      await repo.giveBack(userId, at, claim.previous);
      throw error;
    }
  }

  /** Queues a digest for each seller whose last one is a day old (or who never had one). */
  async function queueDue(): Promise<number> {
    const at = now();
    const due = await repo.due(at);
    const day = Math.floor(at / DAY);
    for (const userId of due) {
      await queue.enqueue(ORDER_DIGEST_JOB, `${ORDER_DIGEST_JOB}:${userId}:${day}`, { userId });
    }
    return due.length;
  }

  const job: JobDefinition<z.infer<typeof payload>> = {
    name: ORDER_DIGEST_JOB,
    payload,
    async handle({ userId }): Promise<JobOutcome> {
      return (await sendDigest(userId))
        ? { status: 'completed' }
        : { status: 'skipped', reason: 'no digest due, or nothing needs the seller' };
    },
  };

  return {
    job,
    sendDigest,
    queueDue,
    /** Checks now and every `intervalMs` until the answer is called; a failure is logged, not thrown. */
    schedule(intervalMs: number): () => Promise<void> {
      return repeatEvery(intervalMs, queueDue, (error) =>
        deps.log.warn({ err: error }, 'orders: could not queue the digests'),
      );
    },
  };
}

export type OrderDigest = ReturnType<typeof orderDigest>;
