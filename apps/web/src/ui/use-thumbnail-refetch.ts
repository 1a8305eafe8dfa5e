import { useCallback, useRef } from 'react';

/** A broken thumbnail refetches its list at most this often. */
const refetchGapMs = 10_000;

/**
 * The onError of a list's thumbnails: one that fails to load (its signed link expired) calls
 * `refetch` for fresh links, at most once every 10 s however many break together.
 */
export function useThumbnailRefetch(refetch: () => void): () => void {
  const lastRefetch = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastRefetch.current < refetchGapMs) return;
    lastRefetch.current = now;
    refetch();
  }, [refetch]);
}
