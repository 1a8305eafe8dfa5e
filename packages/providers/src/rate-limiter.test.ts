import { describe, expect, it } from 'vitest';
import { RateLimiter, limiterFor } from './rate-limiter.ts';

/** A clock that only moves when the limiter sleeps. */
function fakeClock() {
  const clock = {
    now: 0,
    sleeps: [] as number[],
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.now += ms;
    },
  };
  return clock;
}

/** The most grants that fall in any window [t, t + windowMs). */
function busiestWindow(times: number[], windowMs: number): number {
  return Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length));
}

describe('RateLimiter', () => {
  it('grants at once while under the limit', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(3, 1_000, { now: () => clock.now, sleep: clock.sleep });
    await Promise.all([limiter.take(), limiter.take(), limiter.take()]);
    expect(clock.sleeps).toEqual([]);
  });

  it('never lets more than the limit through in any window, however many callers wait at once', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(10, 1_000, { now: () => clock.now, sleep: clock.sleep });
    const granted: { caller: number; at: number }[] = [];
    await Promise.all(
      Array.from({ length: 35 }, (_, caller) =>
        limiter.take().then(() => granted.push({ caller, at: clock.now })),
      ),
    );
    const times = granted.map((grant) => grant.at);
    expect(busiestWindow(times, 1_000)).toBe(10);
    // First come, first served.
    expect(granted.map((grant) => grant.caller)).toEqual(Array.from({ length: 35 }, (_, caller) => caller));
    // It waits no longer than it must: four windows' worth of callers finish at the start of the fourth.
    expect(Math.max(...times)).toBe(3_000);
  });

  it('slides: room comes back as each old grant leaves the window, not all at once', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(5, 1_000, { now: () => clock.now, sleep: clock.sleep });
    await Promise.all([limiter.take(), limiter.take(), limiter.take()]);
    clock.now = 600;
    const times: number[] = [];
    await Promise.all([1, 2, 3].map(() => limiter.take().then(() => times.push(clock.now))));
    expect(times).toEqual([600, 600, 1_000]);
  });

  it('keeps the limit when callers arrive while others are waiting', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(4, 500, { now: () => clock.now, sleep: clock.sleep });
    const times: number[] = [];
    const take = () => limiter.take().then(() => times.push(clock.now));
    const first = Array.from({ length: 6 }, take);
    await first[4];
    const late = Array.from({ length: 7 }, take);
    await Promise.all([...first, ...late]);
    expect(times).toHaveLength(13);
    expect(busiestWindow(times, 500)).toBeLessThanOrEqual(4);
  });

  it('refuses a limit that could never grant', () => {
    expect(() => new RateLimiter(0, 1_000)).toThrow(RangeError);
    expect(() => new RateLimiter(5, 0)).toThrow(RangeError);
  });
});

describe('limiterFor', () => {
  it('shares one limiter per account and group across callers, and keeps groups apart', () => {
    const requests = limiterFor('printify requests key-a', 600, 60_000);
    expect(limiterFor('printify requests key-a', 600, 60_000)).toBe(requests);
    expect(limiterFor('printify requests key-b', 600, 60_000)).not.toBe(requests);
    expect(limiterFor('printify publish key-a', 200, 1_800_000)).not.toBe(requests);
    expect(requests.limit).toBe(600);
    expect(requests.windowMs).toBe(60_000);
  });
});
