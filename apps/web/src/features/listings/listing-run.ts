import type { ListingRun } from '@podflow/contract/listings';
import { listingsText as text } from './listings-messages';

/** How a run stands: under way, or how it ended. */
export type RunState = 'running' | 'done' | 'doneWithFailures' | 'allFailed' | 'failed';

/** The designs a run has dealt with, whatever the outcome. */
export function runDone(run: ListingRun): number {
  return run.created + run.updated + run.skipped + run.failed;
}

/** How a run stands. */
export function runState(run: ListingRun): RunState {
  if (run.status === 'Pending' || run.status === 'In Progress') return 'running';
  if (run.status === 'Failed') return 'failed';
  if (run.failed === 0) return 'done';
  return run.failed >= run.total ? 'allFailed' : 'doneWithFailures';
}

interface StepTwoState {
  provider: string;
  /** The connection: undefined while it loads, null when there is none. */
  connection: object | null | undefined;
  /** Whether the connection has what a run needs (a shop and product, a store and template). */
  complete: boolean;
  notConnectedText: string;
  /** The workspace's designs; null while they load. */
  designs: number | null;
  running: boolean;
}

/** Why step 2 (creating listings) cannot be used now, or null. */
export function createListingsReason(state: StepTwoState): string | null {
  if (state.connection === undefined) return text.checkingConnection(state.provider);
  if (state.connection === null || !state.complete) return state.notConnectedText;
  if (state.designs === null) return text.loadingDesigns;
  if (state.designs === 0) return text.noDesigns;
  return state.running ? text.running : null;
}
