import { describe, expect, it } from 'vitest';
import { fileFractions, formatBytes, overallFraction, planBatches, sentPerFile } from './upload-plan';

const MB = 1024 * 1024;

describe('planBatches', () => {
  it('sends at most 10 files per request, in order', () => {
    const batches = planBatches(Array.from({ length: 23 }, () => MB));
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 3]);
    expect(batches.flat()).toEqual(Array.from({ length: 23 }, (_, index) => index));
  });

  it('starts a new request before the files would pass 150 MB', () => {
    expect(planBatches([60 * MB, 60 * MB, 40 * MB, 10 * MB])).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('sends a file larger than the byte limit on its own', () => {
    expect(planBatches([MB, 200 * MB, MB])).toEqual([[0], [1], [2]]);
  });

  it('plans nothing for no files', () => {
    expect(planBatches([])).toEqual([]);
  });
});

describe('per-file progress of a batch', () => {
  // Three files of 100, 200 and 100 bytes; the multipart body adds 100 bytes of boundaries.
  const sizes = [100, 200, 100];
  const total = 500;

  it('fills the files in order as the body goes out', () => {
    // 250 of 500 body bytes = half the file bytes (200 of 400): all of the first, half of the second.
    expect(sentPerFile(sizes, 250, total)).toEqual([100, 100, 0]);
    expect(fileFractions(sizes, 250, total)).toEqual([1, 0.5, 0]);
  });

  it('is zero before anything is sent and complete when the body is', () => {
    expect(fileFractions(sizes, 0, 0)).toEqual([0, 0, 0]);
    expect(fileFractions(sizes, 0, total)).toEqual([0, 0, 0]);
    expect(fileFractions(sizes, total, total)).toEqual([1, 1, 1]);
    // A progress event may overshoot the total: it never counts more than the file.
    expect(sentPerFile(sizes, total + 50, total)).toEqual([100, 200, 100]);
  });

  it('counts an empty file as sent once the body has started', () => {
    expect(fileFractions([0, 100], 10, 200)).toEqual([1, 0.05]);
  });

  it('adds the finished batches to the overall share', () => {
    // 400 bytes done in earlier batches, 200 file bytes of this one sent, 1000 in all.
    expect(overallFraction(400, 200, 1000)).toBe(0.6);
    expect(overallFraction(0, 0, 0)).toBe(0);
    expect(overallFraction(900, 200, 1000)).toBe(1);
  });
});

describe('formatBytes', () => {
  it('reads like people write sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(150 * MB)).toBe('150 MB');
  });
});
