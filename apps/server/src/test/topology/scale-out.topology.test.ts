import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { waitFor } from '../outages.ts';
import {
  busyWorker,
  designCount,
  killMidMockupRun,
  killTargetMs,
  mockupRunCompleted,
  reportRecovery,
  restartPostgresMidRun,
  templateCount,
} from './recovery.ts';
import {
  expectEveryMockupOnce,
  expectListedOnce,
  expectNewListingRunAccepted,
  expectNewMockupRunAccepted,
  listingRunDone,
  readyToList,
  shopProducts,
} from './scenarios.ts';
import { type Seller, newSeller } from './seller.ts';
import { type Topology, startTopology } from './topology.ts';

/** How long a worker told SIGTERM may take to hand its jobs back and exit (the default grace). */
const shutdownGraceSeconds = 10;

describe('one api and two workers on PostgreSQL, Redis and S3, through faults', () => {
  let printify: PrintifySandbox;
  let topology: Topology;
  let mockups: Seller;

  beforeAll(async () => {
    printify = await startPrintifySandbox({ seed: 22, slowMs: 800 });
    topology = await startTopology(printify.url);
    mockups = await newSeller(topology.api.url, designCount);
    await mockups.selectTemplates(templateCount);
  }, 120_000);

  afterAll(async () => {
    await topology?.close();
    await printify?.close();
  });

  afterEach(async () => {
    const unexpected = topology.fleet.takeUnexpectedExits();
    await topology.fleet.restartStopped(); // a failed scenario leaves the next a whole fleet
    expect(unexpected).toEqual([]);
  });

  /** Kills `worker` with SIGKILL; answers when, to time the recovery from. */
  const killWorker = async (worker: string) => {
    const exit = await topology.fleet.stop(worker, 'SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    return performance.now();
  };

  /** The mockup run made every pair once (grid and `mockups` rows), and a new run is accepted. */
  const expectMockupsOnceAndNewRunAccepted = async () => {
    await expectEveryMockupOnce(mockups);
    expect(
      await topology.count('select count(*) as n from mockups where workspace_id = $1', [
        mockups.workspaceId,
      ]),
    ).toBe(designCount * templateCount);
    await expectNewMockupRunAccepted(mockups);
  };

  /**
   * A new seller's Printify listing run of 10 designs, its next `slowCalls` calls held by the
   * sandbox, once its first product is made: the seller, the shop's products before, and the worker
   * running it.
   */
  const listingRunUnderway = async (slowCalls: number) => {
    const seller = await newSeller(topology.api.url, designCount);
    await readyToList(seller, printify);
    const before = shopProducts(printify).length;
    printify.failNext('slow', slowCalls);
    expect((await seller.createPrintifyListings()).status).toBe(200);
    const victim = await busyWorker(topology, 'create-listings');
    await waitFor('the first product', seller.listingRun, (run) => (run?.created ?? 0) >= 1, 30_000);
    return { seller, before, victim };
  };

  it('finishes a 100-mockup run whose worker was killed with kill -9, each mockup once', async () => {
    const killed = await killMidMockupRun(topology, mockups);
    expect(killed.started.body).toMatchObject({
      already_running: false,
      queued: designCount * templateCount,
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.renderedAtKill).toBeLessThan(designCount * templateCount);
    await topology.fleet.restart(killed.victim);
    await expectMockupsOnceAndNewRunAccepted();
  }, 120_000);

  it('resumes a mockup run once PostgreSQL comes back from a restart, each mockup once', async () => {
    const restarted = await restartPostgresMidRun(topology, mockups);
    expect(restarted.started.body).toMatchObject({
      already_running: false,
      queued: designCount * templateCount,
    });

    await waitFor('every mockup job to complete', mockups.mockupJobs, mockupRunCompleted, 60_000);
    await expectMockupsOnceAndNewRunAccepted();
  }, 120_000);

  it('finishes a run whose queued jobs Redis lost in a restart (the reconciler queues them again), each mockup once', async () => {
    // No worker takes the jobs meanwhile: they wait in Redis when it goes.
    for (const worker of topology.workers)
      expect((await topology.fleet.stop(worker, 'SIGTERM')).code).toBe(0);
    const started = await mockups.generateMockups('all');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ already_running: false, queued: designCount * templateCount });
    const waiting = () =>
      topology.fleet.metric('api', 'podflow_queue_waiting_jobs', { type: 'render-mockups' });
    expect(await waiting()).toBe(templateCount);
    topology.outages.redis.stop();
    await topology.outages.redis.start();
    const backAt = performance.now();
    await waitFor('Redis to have lost the queued jobs', waiting, (n) => n === 0, 5000);
    await Promise.all(topology.workers.map((worker) => topology.fleet.restart(worker)));

    await waitFor('every mockup job to complete', mockups.mockupJobs, mockupRunCompleted, 60_000);
    // The reconciler leaves a run alone for a lease, then looks every lease: two leases, plus the work.
    reportRecovery('Redis restarted empty -> run completed', performance.now() - backAt, killTargetMs);
    await expectMockupsOnceAndNewRunAccepted();
  }, 120_000);

  it('finishes an AI run whose worker was killed with kill -9: one listing and one token per design', async () => {
    const seller = await newSeller(topology.api.url, designCount);
    const queued = await seller.generateMetadata();
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ queued: designCount });
    const victim = await busyWorker(topology, 'write-listing');
    const killedAt = await killWorker(victim);
    expect((await seller.aiSummary()).status_summary.Completed).toBeLessThan(designCount);

    const summary = await waitFor(
      'every AI task to finish',
      seller.aiSummary,
      (s) => s.status_summary.Completed + s.status_summary.Failed === designCount,
      60_000,
    );
    const recoveryMs = performance.now() - killedAt;
    reportRecovery('kill -9 of a worker mid AI run -> run completed', recoveryMs, killTargetMs);
    expect(summary.status_summary).toEqual({
      Pending: 0,
      'In Progress': 0,
      Completed: designCount,
      Failed: 0,
    });
    for (const design of await seller.designs()) expect(design.product_title).not.toBe('');
    expect(
      await topology.count('select count(*) as n from ai_tasks where workspace_id = $1', [
        seller.workspaceId,
      ]),
    ).toBe(designCount);
    expect(await seller.aiTokens()).toMatchObject({ used: designCount });

    await topology.fleet.restart(victim);
    const [first] = await seller.designs();
    const again = await seller.generateMetadata([first!]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ queued: 1 });
    await waitFor('the new AI run', seller.aiSummary, (s) => s.status_summary.Completed === 1, 30_000);
    expect(await seller.aiTokens()).toMatchObject({ used: designCount + 1 });
  }, 120_000);

  it('finishes a Printify listing run whose worker was killed with kill -9: one product per design', async () => {
    // Slow calls are in flight when the worker dies: Printify acts on them after the caller is gone.
    const { seller, before, victim } = await listingRunUnderway(16);
    const killedAt = await killWorker(victim);

    const run = await listingRunDone(seller);
    const recoveryMs = performance.now() - killedAt;
    reportRecovery('kill -9 of a worker mid Printify listing run -> run completed', recoveryMs, killTargetMs);
    expect(run.status).toBe('Completed');
    await expectListedOnce(seller, printify, before);
    await topology.fleet.restart(victim);
    await expectNewListingRunAccepted(seller, printify);
  }, 120_000);

  it('lets a worker told SIGTERM mid listing exit within its grace period, the run finished elsewhere once', async () => {
    // Slow enough that finishing the run would outlast the grace period: the worker must hand it back.
    const { seller, before, victim } = await listingRunUnderway(60);
    const exit = await topology.fleet.stop(victim, 'SIGTERM');
    console.log(
      `recovery: SIGTERM of a worker mid listing run -> exited in ${(exit.ms / 1000).toFixed(1)} s`,
    );
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan((shutdownGraceSeconds + 2) * 1000);

    const run = await listingRunDone(seller, 90_000);
    expect(run.status).toBe('Completed');
    await expectListedOnce(seller, printify, before);
    await topology.fleet.restart(victim);
    await expectNewListingRunAccepted(seller, printify);
  }, 150_000);
});
