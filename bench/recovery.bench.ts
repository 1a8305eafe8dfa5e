import { startPrintifySandbox } from '../packages/sandbox/src/printify-sandbox.ts';
import {
  designCount,
  killMidMockupRun,
  killTargetMs,
  mockupRunCompleted,
  postgresTargetMs,
  restartPostgresMidRun,
  templateCount,
} from '../apps/server/src/test/topology/recovery.ts';
import { newSeller } from '../apps/server/src/test/topology/seller.ts';
import { leaseSeconds, startTopology } from '../apps/server/src/test/topology/topology.ts';
import { waitFor } from '../apps/server/src/test/outages.ts';

const rounds = 3;

/**
 * Recovery times of the scale-out topology (one api, two workers on PostgreSQL, Redis and S3, the
 * fault suite's harness): a worker killed with kill -9 halfway through a 100-mockup run, to the
 * run completed (target: the lease plus 10 s), and PostgreSQL restarted mid-run, from its return to
 * the first mockup rendered after (target: 5 s). Each over a few rounds, worst and median.
 */
export async function benchRecovery(): Promise<void> {
  const printify = await startPrintifySandbox();
  const topology = await startTopology(printify.url);
  try {
    const seller = await newSeller(topology.api.url, designCount);
    await seller.selectTemplates(templateCount);
    const kills: number[] = [];
    const resumes: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const killed = await killMidMockupRun(topology, seller, 'all');
      kills.push(killed.recoveryMs);
      await topology.fleet.restart(killed.victim);
      resumes.push((await restartPostgresMidRun(topology, seller)).resumeMs);
      await waitFor('the run to complete', seller.mockupJobs, mockupRunCompleted, 60_000);
    }
    const line = (what: string, values: number[], targetMs: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      const worst = sorted.at(-1)!;
      console.log(
        `  ${what.padEnd(52)} median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(1)} s  worst ${(worst / 1000).toFixed(1)} s  target ${(targetMs / 1000).toFixed(0)} s  ${worst <= targetMs ? 'met' : 'MISSED'}`,
      );
    };
    console.log(
      `\nRecovery (one api, two workers; lease ${leaseSeconds} s; ${rounds} rounds of ${designCount * templateCount} mockups)`,
    );
    line('kill -9 of a worker halfway -> run completed', kills, killTargetMs);
    line('PostgreSQL back -> first mockup rendered', resumes, postgresTargetMs);
  } finally {
    await topology.close();
    await printify.close();
  }
}

if (import.meta.main) await benchRecovery();
