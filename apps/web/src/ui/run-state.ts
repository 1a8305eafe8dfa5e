import type { ListingRunStatus } from '@podflow/contract/listings';

/** How a background run (listings being created, a store being synced) stands: under way, or how it ended. */
export type RunState = 'running' | 'done' | 'doneWithFailures' | 'allFailed' | 'failed';

/** What a run's state is read from. */
export interface RunSummary {
  status: ListingRunStatus;
  total: number;
  failed: number;
}

/** Whether a run is still to finish. */
export function isRunActive(run: Pick<RunSummary, 'status'> | null | undefined): boolean {
  return run?.status === 'Pending' || run?.status === 'In Progress';
}

/** How a run stands. */
export function runState(run: RunSummary): RunState {
  if (isRunActive(run)) return 'running';
  if (run.status === 'Failed') return 'failed';
  if (run.failed === 0) return 'done';
  return run.failed >= run.total ? 'allFailed' : 'doneWithFailures';
}
