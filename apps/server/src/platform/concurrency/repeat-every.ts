/**
 * Runs `work` now and every `intervalMs` until the answered stop is called; a pass never starts
 * while the last one still runs (a slow database), a failure goes to `onError` and the next pass
 * comes as planned. The timer does not keep the process alive; stop waits for a pass under way.
 */
export function repeatEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = work()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
