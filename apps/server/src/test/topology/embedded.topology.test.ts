import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { waitFor } from '../outages.ts';
import {
  designCount,
  killTargetMs,
  mockupRunCompleted,
  rendered,
  reportRecovery,
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
import { newSeller } from './seller.ts';
import { startEmbedded } from './topology.ts';

/**
 * The same kill test on the embedded default (SQLite, the database queue, the local disk) with a
 * single process: killed with kill -9 mid run, started again on the same data folder.
 * mockups-durability.int.test.ts kills a smaller run on each queue and database; here the 100-mockup
 * run and the Printify listing run.
 */
describe('the embedded default in one process, killed with kill -9 and restarted', () => {
  let printify: PrintifySandbox;
  let embedded: Awaited<ReturnType<typeof startEmbedded>>;

  beforeAll(async () => {
    printify = await startPrintifySandbox({ seed: 23, slowMs: 800 });
    embedded = await startEmbedded(printify.url);
  }, 60_000);

  afterAll(async () => {
    await embedded?.close();
    await printify?.close();
  });

  afterEach(() => {
    expect(embedded.fleet.takeUnexpectedExits()).toEqual([]);
  });

  /** Kills the process with SIGKILL and starts it again; answers when it was killed. */
  const killAndRestart = async () => {
    const exit = await embedded.fleet.stop('server', 'SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    const killedAt = performance.now();
    await embedded.fleet.restart('server');
    return killedAt;
  };

  it('finishes a 100-mockup run and a Printify listing run after kill -9 and a restart, everything once', async () => {
    const seller = await newSeller(embedded.server.url, designCount);
    // The restarted process listens on another port: every call after it goes there.
    const sellerAt = () => seller.at(embedded.fleet.get('server').url);
    await seller.selectTemplates(templateCount);
    expect((await seller.generateMockups()).status).toBe(200);
    const before = await waitFor(
      'the first mockups',
      seller.mockupJobs,
      (jobs) => rendered(jobs) >= 5,
      60_000,
    );
    let killedAt = await killAndRestart();
    expect(rendered(before)).toBeLessThan(designCount * templateCount);
    const restarted = sellerAt();
    await waitFor('every mockup job to complete', restarted.mockupJobs, mockupRunCompleted, 60_000);
    reportRecovery(
      'embedded: kill -9 mid mockup run -> restarted, run completed',
      performance.now() - killedAt,
      killTargetMs,
    );
    await expectEveryMockupOnce(restarted);
    await expectNewMockupRunAccepted(restarted);

    await readyToList(restarted, printify);
    const products = shopProducts(printify).length;
    printify.failNext('slow', 16);
    expect((await restarted.createPrintifyListings()).status).toBe(200);
    await waitFor('the first product', restarted.listingRun, (run) => (run?.created ?? 0) >= 1, 30_000);
    killedAt = await killAndRestart();
    const again = sellerAt();
    const run = await listingRunDone(again);
    reportRecovery(
      'embedded: kill -9 mid listing run -> restarted, run completed',
      performance.now() - killedAt,
      killTargetMs,
    );
    expect(run.status).toBe('Completed');
    await expectListedOnce(again, printify, products);
    await expectNewListingRunAccepted(again, printify);
  }, 150_000);
});
