import type { StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import { publishText as text } from './publish-messages';
import { syncSummaryOf } from './sync-summary';

export { syncSummaryOf, type SyncSummaryState } from './sync-summary';

/** A sync's four outcomes, in the bar's order and colours. */
export const syncOutcomes = [
  { key: 'updated', color: 'green', label: text.runCounts.updated },
  { key: 'unchanged', color: 'teal.3', label: text.runCounts.unchanged },
  { key: 'skipped', color: 'gray.5', label: text.runCounts.skipped },
  { key: 'failed', color: 'red', label: text.runCounts.failed },
] as const;

/** The toast of a finished sync: 'Synced 2 of 3 designs to Shopify: 1 updated, 1 already up to date, 1 skipped.' */
export function syncedText(run: StoreSyncRun): string {
  return text.summaryToast(run.store, syncSummaryOf(run));
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
