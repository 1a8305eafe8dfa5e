import type { MockupJobLog, MockupJobStatus } from '@podflow/contract/mockups';

const statusRank: Record<MockupJobStatus, number> = {
  Pending: 0,
  'In Progress': 1,
  Completed: 2,
  Failed: 2,
};

/** A job that has not ended yet. */
export function isActive(job: MockupJobLog): boolean {
  return job.status === 'Pending' || job.status === 'In Progress';
}

/** Of two versions of one job, the one further along; the incoming one when neither is behind. */
export function furtherJob(current: MockupJobLog, incoming: MockupJobLog): MockupJobLog {
  const rankDelta = statusRank[incoming.status] - statusRank[current.status];
  if (rankDelta !== 0) return rankDelta > 0 ? incoming : current;
  const progressDelta = incoming.done + incoming.failed - (current.done + current.failed);
  return progressDelta < 0 ? current : incoming;
}

/**
 * A fetched list of jobs, each kept at the cached version when that one is further along (a live
 * event can overtake a poll's answer). The fetched list decides which jobs there are and their order.
 */
export function mergeJobLogs(
  fetched: readonly MockupJobLog[],
  cached: readonly MockupJobLog[] | undefined,
): MockupJobLog[] {
  if (!cached?.length) return [...fetched];
  const byId = new Map(cached.map((job) => [job.id, job]));
  return fetched.map((job) => {
    const known = byId.get(job.id);
    return known ? furtherJob(known, job) : job;
  });
}

/**
 * A live event applied to the cached list: the job replaced in place (unless the list already
 * shows it further along). Null when the job is not in the list: a new run started elsewhere, so
 * the caller refetches the list.
 */
export function applyJobEvent(
  list: readonly MockupJobLog[] | undefined,
  event: MockupJobLog,
): MockupJobLog[] | null {
  if (!list) return null;
  const index = list.findIndex((job) => job.id === event.id);
  if (index === -1) return null;
  const next = furtherJob(list[index]!, event);
  if (next === list[index]) return [...list];
  return list.map((job, at) => (at === index ? next : job));
}

/** Designs of a job that will not be rendered: its failed ones, or all the rest once the job failed. */
export function notRendered(job: MockupJobLog): number {
  return job.status === 'Failed' ? Math.max(job.total - job.done, job.failed) : job.failed;
}

/** What the whole run amounts to, in mockups (one per design and template). */
export interface RunSummary {
  /** Mockups the run makes. */
  total: number;
  /** Mockups rendered. */
  done: number;
  /** Mockups that could not be rendered: failed designs, and the unrendered rest of failed jobs. */
  failed: number;
  jobs: number;
  finishedJobs: number;
  state: 'idle' | 'running' | 'done' | 'doneWithFailures' | 'allFailed';
}

/** The run's totals and where it stands. */
export function runSummary(jobs: readonly MockupJobLog[]): RunSummary {
  let total = 0;
  let done = 0;
  let failed = 0;
  let finishedJobs = 0;
  for (const job of jobs) {
    total += job.total;
    done += job.done;
    failed += notRendered(job);
    if (!isActive(job)) finishedJobs += 1;
  }
  let state: RunSummary['state'];
  if (jobs.length === 0) state = 'idle';
  else if (finishedJobs < jobs.length) state = 'running';
  else if (failed === 0) state = 'done';
  else if (done === 0) state = 'allFailed';
  else state = 'doneWithFailures';
  return { total, done, failed, jobs: jobs.length, finishedJobs, state };
}
