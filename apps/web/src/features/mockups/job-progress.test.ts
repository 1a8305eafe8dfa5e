import { describe, expect, it } from 'vitest';
import { buildJobLog as job } from '../../test/factories';
import { applyJobEvent, mergeJobLogs, runSummary } from './job-progress';
import { reconnectDelay } from './mockup-job-events.api';

describe('job progress', () => {
  it('an event replaces its job but never moves it back', () => {
    const list = [job('a', { status: 'In Progress', done: 5 }), job('b')];
    expect(applyJobEvent(list, job('a', { status: 'In Progress', done: 6 }))?.[0]?.done).toBe(6);
    expect(applyJobEvent(list, job('a', { status: 'In Progress', done: 3 }))?.[0]?.done).toBe(5);
    expect(applyJobEvent(list, job('a', { status: 'Pending' }))?.[0]?.status).toBe('In Progress');
    expect(applyJobEvent(list, job('c'))).toBeNull();
    expect(applyJobEvent(undefined, job('a'))).toBeNull();
  });

  it('a poll answer keeps what a faster event showed, in the answer’s order and jobs', () => {
    const cached = [
      job('a', { status: 'Completed', done: 10 }),
      job('b', { status: 'In Progress', done: 2 }),
    ];
    const fetched = [
      job('b', { status: 'In Progress', done: 4 }),
      job('a', { status: 'In Progress', done: 8 }),
      job('c'),
    ];
    expect(mergeJobLogs(fetched, cached).map((j) => [j.id, j.status, j.done])).toEqual([
      ['b', 'In Progress', 4],
      ['a', 'Completed', 10],
      ['c', 'Pending', 0],
    ]);
  });

  it('sums the run in mockups and says where it stands', () => {
    expect(runSummary([]).state).toBe('idle');
    expect(runSummary([job('a', { status: 'In Progress', done: 3 }), job('b')])).toMatchObject({
      total: 20,
      done: 3,
      failed: 0,
      finishedJobs: 0,
      state: 'running',
    });
    expect(runSummary([job('a', { status: 'Completed', done: 10 })]).state).toBe('done');
    // A failed job's unrendered designs count as not rendered.
    expect(
      runSummary([
        job('a', { status: 'Completed', done: 9, failed: 1 }),
        job('b', { status: 'Failed', done: 2 }),
      ]),
    ).toMatchObject({ done: 11, failed: 9, finishedJobs: 2, state: 'doneWithFailures' });
    expect(runSummary([job('a', { status: 'Failed', reason: 'x' })]).state).toBe('allFailed');
  });

  it('waits longer after each failed reconnection, up to 30 s', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 9].map((attempt) => reconnectDelay(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(1, () => 1)).toBe(1_200);
  });
});
