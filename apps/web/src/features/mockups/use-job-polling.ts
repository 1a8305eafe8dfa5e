import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** SPEC.md sections 4 and 9: mockup job logs are polled every 10 s, at most 10 times. */
export const jobPollIntervalMs = 10_000;
export const jobPollMaxTimes = 10;

interface PollingState {
  /** Bumped by restart(), so a restart with the count already full starts a new timer. */
  round: number;
  left: number;
}

/**
 * Calls `poll` every 10 s while `active`, at most 10 times; `restart` gives it 10 more (after a
 * load, a Refresh Logs or a generate). Live events move the list in between; polling makes sure
 * it settles even when they do not arrive.
 */
export function useJobPolling(active: boolean, poll: () => void): { restart: () => void; pollsLeft: number } {
  const [state, setState] = useState<PollingState>({ round: 0, left: jobPollMaxTimes });
  const onPoll = useEffectEvent(poll);

  useEffect(() => {
    if (!active || state.left <= 0) return;
    const round = state.round;
    const timer = setTimeout(() => {
      onPoll();
      setState((current) => (current.round === round ? { round, left: current.left - 1 } : current));
    }, jobPollIntervalMs);
    return () => clearTimeout(timer);
  }, [active, state]);

  const restart = useCallback(
    () => setState((current) => ({ round: current.round + 1, left: jobPollMaxTimes })),
    [],
  );
  return { restart, pollsLeft: state.left };
}
