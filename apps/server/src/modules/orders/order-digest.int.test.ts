import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListPage, OrderSummaryCounts } from '@podflow/contract/orders';
import { outboxMail } from '../../platform/mail/outbox-mail.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import { ORDER_DIGEST_JOB, orderDigest } from './order-digest.job.ts';
import { startActionsWorld } from './order-actions-world.ts';

type World = Awaited<ReturnType<typeof startActionsWorld>>;
type Seller = Awaited<ReturnType<World['newSeller']>>;

const DAY = 24 * 60 * 60 * 1000;
let world: World;
let outbox: string;

beforeAll(async () => {
  world = await startActionsWorld();
  outbox = mkdtempSync(path.join(tmpdir(), 'podflow-digest-'));
});
afterAll(async () => {
  await world?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const silent = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
const mails = () =>
  readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'));

/** The digest on the app's data, at a clock the test moves; what needs attention is read through the API. */
function digestFor(who: Seller, clock: { now: number }, queued: string[] = []) {
  const call = async <T>(url: string) => (await who.call('GET', url)).body as T;
  return orderDigest({
    db: world.t.db,
    mail: outboxMail({ dir: outbox, from: 'PodFlow <orders@podflow.test>', log: silent }),
    queue: { enqueue: async (_name: string, id: string) => void queued.push(id) } as unknown as JobQueue,
    attentionOrders: async (_userId, _at, limit) =>
      (await call<OrderListPage>(`/orders_app/orders/?attention=true&limit=${limit}`)).orders,
    attentionCount: async () => (await call<OrderSummaryCounts>('/orders_app/summary/')).attention,
    publicOrigin: () => 'https://podflow.example/',
    log: silent,
    now: () => clock.now,
  });
}

describe('the attention digest', () => {
  it('mails the orders needing the seller at most once a day, with a sentence and a link each', async () => {
    const seller = await world.newSeller();
    const clock = { now: Date.now() };
    const digest = digestFor(seller, clock);
    const settings = await seller.call('PUT', '/orders_app/settings/', { digest: true, no_tracking_days: 5 });
    expect(settings.status).toBe(200);

    expect(await digest.sendDigest(seller.userId)).toBe(false); // nothing needs the seller: nothing sent
    expect(mails()).toHaveLength(0);

    const held = await seller.order('printify');
    await seller.order('printify', { status: 'shipped', providerStatus: 'fulfilled' });
    expect(await digest.sendDigest(seller.userId)).toBe(true);
    expect(await digest.sendDigest(seller.userId)).toBe(false);
    clock.now += DAY - 60_000;
    expect(await digest.sendDigest(seller.userId)).toBe(false);
    const [mail] = mails();
    expect(mails()).toHaveLength(1);
    expect(mail).toMatch(/Subject: PodFlow: 1 order needs your attention/);
    expect(mail).toContain(`https://podflow.example/orders/${held.id}`);
    expect(mail).toContain('Printify is holding it for your approval');

    clock.now += 60_000;
    expect(await digest.sendDigest(seller.userId)).toBe(true);
    expect(mails()).toHaveLength(2);
  });

  it('sends nothing to a seller who left it off, and queues one check per seller whose digest is due', async () => {
    const off = await world.newSeller();
    await off.order('printify');
    const clock = { now: Date.now() };
    const queued: string[] = [];
    const before = mails().length;
    expect(await digestFor(off, clock, queued).sendDigest(off.userId)).toBe(false);
    expect(mails()).toHaveLength(before);

    const on = await world.newSeller();
    await on.call('PUT', '/orders_app/settings/', { digest: true, no_tracking_days: 5 });
    await digestFor(on, clock, queued).queueDue();
    const day = Math.floor(clock.now / DAY);
    expect(queued).toContain(`${ORDER_DIGEST_JOB}:${on.userId}:${day}`);
    expect(queued.some((id) => id.includes(off.userId))).toBe(false);
  });
});
