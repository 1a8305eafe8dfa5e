import { listingsText as text } from './listings-messages';

/** A run's outcomes, in the bar's order and colours. */
export const runOutcomes = [
  { key: 'created', color: 'green', label: text.runCounts.created },
  { key: 'updated', color: 'teal.4', label: text.runCounts.updated },
  { key: 'skipped', color: 'gray.5', label: text.runCounts.skipped },
  { key: 'failed', color: 'red', label: text.runCounts.failed },
] as const;

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
