/**
 * Runs `work` over `items`, at most `limit` at a time, and resolves when all are done. Once
 * `signal` fires no further item starts: the items in hand finish, then the signal's reason is
 * thrown (the caller's job hands the rest back). A lane that throws stops; the others go on, and
 * the first error is thrown once every lane has settled.
 */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  };
  // Every lane settles before anything is thrown: no item is still running when the caller moves on.
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failed = lanes.find((settled) => settled.status === 'rejected');
  if (failed) throw failed.reason;
  if (next < items.length) signal?.throwIfAborted();
}
