import type { StoreSyncResultStatus, StoreSyncRun } from '@podflow/contract/stores';

/** How a sync stands, as its summary reads: under way, all synced, some, none, or stopped. */
export type SyncSummaryState = 'running' | 'synced' | 'partly' | 'nothing' | 'failed';

/** Why some designs were skipped or failed: one reason, and how many designs it stands for. */
export interface SyncReason {
  status: Extract<StoreSyncResultStatus, 'skipped' | 'failed'>;
  text: string;
  designs: number;
}

export interface SyncSummaryFacts {
  state: SyncSummaryState;
  total: number;
  /** Updated or already up to date: the store shows the design's listing. */
  synced: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
  reasons: SyncReason[];
  /** Whether step 7 (creating or publishing the listings) is where the skips are fixed. */
  fixInStep7: boolean;
}

/** What a sync did, counted honestly: nothing synced is never a success. */
export function syncSummaryOf(run: StoreSyncRun): SyncSummaryFacts {
  const synced = run.updated + run.unchanged;
  const active = run.status === 'Pending' || run.status === 'In Progress';
  const state: SyncSummaryState = active
    ? 'running'
    : run.status === 'Failed'
      ? 'failed'
      : synced === 0
        ? 'nothing'
        : run.skipped + run.failed > 0
          ? 'partly'
          : 'synced';
  const byText = new Map<string, SyncReason>();
  for (const result of run.results) {
    if ((result.status !== 'skipped' && result.status !== 'failed') || !result.reason) continue;
    const key = `${result.status}:${result.reason}`;
    const known = byText.get(key);
    if (known) known.designs += 1;
    else byText.set(key, { status: result.status, text: result.reason, designs: 1 });
  }
  const reasons = [...byText.values()].sort((a, b) => b.designs - a.designs);
  return {
    state,
    total: run.total,
    synced,
    updated: run.updated,
    unchanged: run.unchanged,
    skipped: run.skipped,
    failed: run.failed,
    reasons,
    fixInStep7: reasons.some((reason) => reason.text.includes('step 7')),
  };
}
