import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildWorkspace } from '../../test/factories.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { embeddedJobQueue } from './embedded-queue.ts';
import type { QueueTables } from './queue-schema.ts';
import { runReconciler } from './run-reconciler.ts';

const graceMs = 60_000;

describe(`the run reconciler on ${testDbKind}`, () => {
  let t: TestApp;
  let owner: { workspaceId: string; userId: string };
  // An api process: it queues jobs and never runs them, so the queue's rows stay as the test leaves them.
  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'api' });
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const { user_id: userId } = await t.db
      .selectFrom('workspaces')
      .select('user_id')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    owner = { workspaceId, userId };
  });
  afterAll(async () => {
    await t.db.$extendTables<QueueTables>().deleteFrom('queue_jobs').execute();
    await t.close();
  });

  const job = (id: string, status: string, ageMs: number) => ({
    id,
    run_id: `run-${id}`,
    workspace_id: owner.workspaceId,
    user_id: owner.userId,
    template_id: 'template',
    template_name: 'shirt.png',
    position: 0,
    status,
    total: 1,
    reason: null,
    created_at: Date.now() - ageMs,
    started_at: null,
    finished_at: null,
    design_ids: null,
  });

  it('queues again, once, only the unfinished runs past the grace period that have no live job', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const queue = embeddedJobQueue({ db: t.db, dialect: testDbKind, leaseSeconds: 30, log });
    queue.register({
      name: 'render-test',
      payload: z.object({ jobId: z.string() }),
      handle: async () => ({ status: 'completed' }),
    });
    const warned: unknown[] = [];
    const reconciler = runReconciler({
      db: t.db,
      queue,
      log: { warn: (details: unknown) => void warned.push(details) },
      sources: [{ table: 'mockup_jobs', job: 'render-test', payload: (jobId) => ({ jobId }) }],
      graceMs,
      intervalMs: 60_000,
    });
    await t.db
      .insertInto('mockup_jobs')
      .values([
        job('lost-pending', 'Pending', graceMs + 1000),
        job('lost-running', 'In Progress', graceMs + 1000),
        job('still-queued', 'Pending', graceMs + 1000),
        job('too-young', 'Pending', graceMs - 5000),
        job('completed', 'Completed', graceMs + 1000),
        job('failed', 'Failed', graceMs + 1000),
      ])
      .execute();
    await queue.enqueue('render-test', 'still-queued', { jobId: 'still-queued' });
    const q = t.db.$extendTables<QueueTables>();
    const queued = () =>
      q.selectFrom('queue_jobs').select(['id', 'payload', 'status']).orderBy('id').execute();
    const before = await queued();

    expect(await reconciler.runOnce()).toBe(2);
    const after = await queued();
    expect(after.map((row) => row.id)).toEqual(['lost-pending', 'lost-running', 'still-queued']);
    expect(after.find((row) => row.id === 'lost-running')).toMatchObject({
      payload: JSON.stringify({ jobId: 'lost-running' }),
      status: 'queued',
    });
    expect(after.find((row) => row.id === 'still-queued')).toEqual(before[0]);
    expect(warned).toEqual([{ job: 'render-test', ids: ['lost-pending', 'lost-running'] }]);
    // A second pass (another worker, or the next tick) finds nothing lost.
    expect(await reconciler.runOnce()).toBe(0);
    expect(warned).toHaveLength(1);

    // A job that finished (its entry done) while its row stayed unfinished is queued again too.
    await q.updateTable('queue_jobs').set({ status: 'failed' }).where('id', '=', 'lost-pending').execute();
    expect(await reconciler.runOnce()).toBe(1);
    await queue.close();
  });
});
