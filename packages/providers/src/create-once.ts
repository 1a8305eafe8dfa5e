import { ProviderError } from './provider-error.ts';

/** How far a provider's clock may be behind ours when matching a product to the create that made it. */
const clockSkewMs = 2 * 60_000;

/** Whether a product created at `createdAt` (the provider's timestamp) may come from a create sent at `sentAt`. */
export const createdSince = (createdAt: string | undefined, sentAt: number): boolean =>
  createdAt !== undefined && Date.parse(createdAt) >= sentAt - clockSkewMs;

/**
 * Runs a create the provider takes no idempotency key for, once: when its answer is lost (a
 * timeout or a 5xx, after which the provider may have made the thing all the same) `findMade`
 * looks for what it made since `sentAt`; only when it finds nothing does the error go on, and a
 * retry may create. A refusal (4xx) goes on at once.
 */
export async function createOnce<T>(
  create: () => Promise<T>,
  findMade: (sentAt: number) => Promise<T | undefined>,
  now: () => number = Date.now,
): Promise<T> {
  const sentAt = now();
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof ProviderError) || !(error.status === 0 || error.status >= 500)) throw error;
    const made = await findMade(sentAt);
    if (made !== undefined) return made;
    throw error;
  }
}
