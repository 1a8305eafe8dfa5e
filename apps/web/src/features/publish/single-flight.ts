import { useRef } from 'react';

/**
 * Sends a request unless the one it sent last is still out: a double click (two clicks before the
 * button shows its loader) sends one request. `send` calls `done` once its answer is in.
 */
export function useSingleFlight() {
  const out = useRef(false);
  return (send: (done: () => void) => void) => {
    if (out.current) return;
    out.current = true;
    send(() => {
      out.current = false;
    });
  };
}
