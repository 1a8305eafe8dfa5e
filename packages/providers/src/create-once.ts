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

/** One page of a provider's listing, newest first; `last` when no page follows. */
export type NewestPage<T> = { items: T[]; last: boolean };

/** How many pages a search for what a create made reads at most (50-100 products each). */
const maxPagesRead = 40;

/**
 * The items a create sent at `since` may have made that `matches` takes, oldest first: pages of
 * the newest-first listing are read one by one until a page reaches an item made before `since`
 * (less the clock skew), the last page, or `maxPagesRead` pages.
 */
export async function madeSince<T>(
  page: (index: number) => Promise<NewestPage<T>>,
  createdAt: (item: T) => string | undefined,
  since: number,
  matches: (item: T) => boolean,
): Promise<T[]> {
  const found: T[] = [];
  for (let index = 0; index < maxPagesRead; index += 1) {
    const { items, last } = await page(index);
    const recent = items.filter((item) => createdSince(createdAt(item), since));
    found.push(...recent.filter(matches));
    if (last || items.length === 0 || recent.length < items.length) break;
  }
  return found.reverse();
}
