import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eachLimited } from './each-limited.ts';

describe('eachLimited', () => {
  it('runs every item, never more than `limit` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await sleep(5);
      running -= 1;
      done.push(item);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('once the signal fires, finishes the items in hand, starts no other, then throws its reason', async () => {
    const stop = new AbortController();
    const started: number[] = [];
    const finished: number[] = [];
    const running = eachLimited(
      [1, 2, 3, 4, 5, 6],
      2,
      async (item) => {
        started.push(item);
        if (item === 3) stop.abort(new Error('stopping'));
        await sleep(20);
        finished.push(item);
      },
      stop.signal,
    );
    await expect(running).rejects.toThrow('stopping');
    expect(started).toEqual([1, 2, 3]); // 3 started as 1 ended, with 2 still in hand
    expect(finished.sort()).toEqual([1, 2, 3]);
  });

  it('does not throw when the signal fires after the last item started', async () => {
    const stop = new AbortController();
    const finished: number[] = [];
    await eachLimited(
      [1, 2],
      2,
      async (item) => {
        if (item === 2) stop.abort(new Error('stopping'));
        await sleep(5);
        finished.push(item);
      },
      stop.signal,
    );
    expect(finished.sort()).toEqual([1, 2]);
  });

  it('throws the first error only after every other lane has settled', async () => {
    const finished: number[] = [];
    const running = eachLimited([1, 2, 3], 3, async (item) => {
      if (item === 1) throw new Error('item 1 failed');
      await sleep(30);
      finished.push(item);
    });
    await expect(running).rejects.toThrow('item 1 failed');
    expect(finished.sort()).toEqual([2, 3]);
  });
});
