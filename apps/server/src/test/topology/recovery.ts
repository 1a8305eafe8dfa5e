import type { MockupJobLog } from '@podflow/contract/mockups';
import { waitFor } from '../outages.ts';
import type { Seller } from './seller.ts';
import { type Topology, leaseSeconds } from './topology.ts';

/**
 * The timed faults of the topology suite, shared with bench/recovery.bench.ts: each does the fault
 * and answers its figures; the suite asserts on what the seller then sees.
 */

/** The fault tests' run size: 10 designs × 10 templates = 100 mockups (the Starter plan's 10 slots). */
export const designCount = 10;
export const templateCount = 10;

/** The targets: a killed worker's jobs finish within its lease plus 10 s; work resumes 5 s after PostgreSQL is back. */
export const killTargetMs = (leaseSeconds + 10) * 1000;
export const postgresTargetMs = 5000;

/** Mockups rendered so far in the latest run. */
export const rendered = (jobs: MockupJobLog[]) => jobs.reduce((sum, job) => sum + job.done, 0);

/** Every job of the latest run Completed (none Pending, In Progress or Failed). */
export const mockupRunCompleted = (jobs: MockupJobLog[]) =>
  jobs.length === templateCount && jobs.every((job) => job.status === 'Completed');

/** Prints one recovery figure as the suite's and the bench's "recovery: ..." line. */
export function reportRecovery(what: string, ms: number, targetMs: number): string {
  const line = `recovery: ${what} ${(ms / 1000).toFixed(1)} s (target ${(targetMs / 1000).toFixed(0)} s)`;
  console.log(line);
  return line;
}

/** The worker running a job of this kind now (read from each worker's podflow_jobs_active). */
export async function busyWorker(topology: Topology, type: string): Promise<string> {
  const name = await waitFor(
    `a worker running a ${type} job`,
    async () => {
      for (const worker of topology.workers) {
        if ((await topology.fleet.metric(worker, 'podflow_jobs_active', { type })) > 0) return worker;
      }
      return undefined;
    },
    (found) => found !== undefined,
    30_000,
  );
  return name!;
}

/**
 * Starts a mockup run (`mode` new by default), kills with SIGKILL a worker running its jobs once half the
 * mockups are made (what is left is then mostly the killed worker's share: the time is the
 * takeover), and waits for the run to complete. Answers the start's answer, the victim, the
 * mockups made at the kill and the ms from the kill to the run completed.
 */
export async function killMidMockupRun(topology: Topology, seller: Seller, mode: 'new' | 'all' = 'new') {
  const started = await seller.generateMockups(mode);
  if (started.status !== 200) throw new Error(`generate_mockups: ${started.status}`);
  const victim = await busyWorker(topology, 'render-mockups');
  const before = await waitFor('half the mockups', seller.mockupJobs, (jobs) => rendered(jobs) >= 50, 60_000);
  const exit = await topology.fleet.stop(victim, 'SIGKILL');
  const killedAt = performance.now();
  await waitFor('every mockup job to complete', seller.mockupJobs, mockupRunCompleted, 60_000);
  const recoveryMs = performance.now() - killedAt;
  reportRecovery('kill -9 of a worker mid mockup run -> run completed', recoveryMs, killTargetMs);
  return { started, victim, signal: exit.signal, renderedAtKill: rendered(before), recoveryMs };
}

/**
 * Starts a mockup run of every pair (mode all), restarts PostgreSQL (stopped at once, 2 s down)
 * once a few mockups are made, and times from its return to the first mockup rendered after (the
 * first answer the API gives after the restart is the baseline). Answers the start's answer and
 * that time; the run goes on.
 */
export async function restartPostgresMidRun(topology: Topology, seller: Seller) {
  const started = await seller.generateMockups('all');
  if (started.status !== 200) throw new Error(`generate_mockups: ${started.status}`);
  await waitFor('the first mockups', seller.mockupJobs, (jobs) => rendered(jobs) >= 5, 60_000);
  topology.outages.postgres.stop();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await topology.outages.postgres.start();
  const backAt = performance.now();
  const readable = () => seller.mockupJobs().catch(() => undefined);
  const baseline = await waitFor('the API to read the jobs again', readable, (jobs) => !!jobs, 20_000);
  await waitFor(
    'a mockup rendered after PostgreSQL came back',
    readable,
    (jobs) => !!jobs && (rendered(jobs) > rendered(baseline!) || mockupRunCompleted(jobs)),
    20_000,
  );
  const resumeMs = performance.now() - backAt;
  reportRecovery('PostgreSQL back -> first mockup rendered', resumeMs, postgresTargetMs);
  return { started, resumeMs };
}
