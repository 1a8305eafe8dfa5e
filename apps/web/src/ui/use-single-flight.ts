import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time for a button: `run` ignores calls while the previous one is in flight (a
 * double click lands before React has re-rendered the button disabled), and `busy` says when to
 * show it disabled.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } catch {
      // The work reports its own failure (its onError); the button only has to come back.
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
