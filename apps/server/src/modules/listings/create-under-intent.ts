import { ProviderError } from '@podflow/providers/http';
import type { IntentKey, IntentRow, ProviderIntentsRepo } from './provider-intents.repo.ts';

/** How one create is made exactly once, whatever process dies when. */
export type IntentfulCreate<T> = {
  key: IntentKey;
  /** What the provider will keep on what the create makes, to know it again. */
  marker: string;
  /** What was made under an open intent (its marker, since its time), oldest first. */
  findMade(intent: IntentRow): Promise<(T & { id: string })[]>;
  /** Sends the create (the provider may act even when its answer is lost). */
  create(): Promise<T & { id: string }>;
  /** Records what was made or adopted as the design's, closing the intent in the same transaction. */
  record(made: T & { id: string }, intentId: string): Promise<void>;
};

/**
 * Creates under a durable intent: the intent is written before the create is sent and closed with
 * the provider's id once it is recorded. An intent left open (the process died, or the answer was
 * lost) is looked for first: what was made under it that no other design holds is adopted instead
 * of creating again; only when nothing was made is the intent closed empty and a new one made.
 */
export async function createUnderIntent<T>(
  intents: Pick<ProviderIntentsRepo, 'openIntent' | 'startIntent' | 'closeIntent' | 'alreadyTaken'>,
  work: IntentfulCreate<T>,
): Promise<{ made: T & { id: string }; adopted: boolean }> {
  const open = await intents.openIntent(work.key);
  if (open) {
    const candidates = await work.findMade(open);
    const taken = await intents.alreadyTaken(
      work.key,
      candidates.map((made) => made.id),
    );
    const made = candidates.find((candidate) => !taken.has(candidate.id));
    if (made) {
      await work.record(made, open.id);
      return { made, adopted: true };
    }
    await intents.closeIntent(open.id, null);
  }
  const intent = await intents.startIntent(work.key, work.marker);
  let made: T & { id: string };
  try {
    made = await work.create();
  } catch (error) {
    // Refused (4xx): the provider made nothing, the next try needs no search.
    const refused = error instanceof ProviderError && error.status >= 400 && error.status < 500;
    if (refused) await intents.closeIntent(intent.id, null);
    throw error;
  }
  await work.record(made, intent.id);
  return { made, adopted: false };
}
