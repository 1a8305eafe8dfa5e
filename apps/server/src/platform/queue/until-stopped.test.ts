import { describe, expect, it } from 'vitest';
import { JobStopped, untilStopped } from './job-queue.ts';

describe('untilStopped', () => {
  it("answers the work's value when the job is not asked to stop", async () => {
    await expect(untilStopped(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
  });

  it("passes the work's own failure on", async () => {
    const failure = new Error('page refused');
    await expect(untilStopped(Promise.reject(failure), new AbortController().signal)).rejects.toBe(failure);
  });

  it('stops at once when the signal fires while the work is still out, without waiting for it', async () => {
    const stop = new AbortController();
    const never = new Promise<number>(() => {});
    const waiting = untilStopped(never, stop.signal);
    stop.abort();
    await expect(waiting).rejects.toBeInstanceOf(JobStopped);
  });

  it('does not start waiting when the job was already asked to stop', () => {
    const stop = new AbortController();
    stop.abort();
    expect(() => untilStopped(Promise.resolve(1), stop.signal)).toThrow(JobStopped);
  });
});
