import type { StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import { publishText as text } from './publish-messages';

/** How a sync stands: under way, or how it ended. */
export type SyncState = 'running' | 'done' | 'doneWithFailures' | 'allFailed' | 'failed';

/** Whether a sync is still to finish. */
export function isSyncActive(run: StoreSyncRun | null | undefined): boolean {
  return run?.status === 'Pending' || run?.status === 'In Progress';
}

/** The designs a sync has dealt with, whatever the outcome. */
export function syncDone(run: StoreSyncRun): number {
  return run.updated + run.unchanged + run.skipped + run.failed;
}

/** How a sync stands. */
export function syncState(run: StoreSyncRun): SyncState {
  if (isSyncActive(run)) return 'running';
  if (run.status === 'Failed') return 'failed';
  if (run.failed === 0) return 'done';
  return run.failed >= run.total ? 'allFailed' : 'doneWithFailures';
}

/** The toast of a finished sync: 'Synced 2 designs to Shopify: 1 updated, 1 already up to date.' */
export function syncedText(run: StoreSyncRun): string {
  return text.syncedToast(
    run.store,
    run.total,
    run.updated,
    run.unchanged,
    text.syncedRest(run.skipped, run.failed),
  );
}

interface SyncStepState {
  store: TargetStore;
  /** The connection: undefined while it loads, null when there is none. */
  connection: object | null | undefined;
  /** The workspace's designs; null while they load. */
  designs: number | null;
  /** Designs with a Printify product (only those have a product in the store). */
  onPrintify: number;
  running: boolean;
}

/** Why step 2 (syncing) cannot be used now, or null. */
export function syncReason(state: SyncStepState): string | null {
  if (state.connection === undefined) return text.checkingConnection(state.store);
  if (state.connection === null) return text.notConnected(state.store);
  if (state.designs === null) return text.loadingDesigns;
  if (state.designs === 0) return text.noDesigns;
  if (state.onPrintify === 0) return text.noPrintifyProducts;
  return state.running ? text.running(state.store) : null;
}
