/**
 * The arithmetic of a batched upload: how files are grouped into requests and how the bytes a
 * request has sent map onto its files (multipart sends them in order, one after the other).
 */

/** At most this many files per request. */
export const maxFilesPerBatch = 10;
/** At most this many bytes of files per request (a larger single file goes alone). */
export const maxBytesPerBatch = 150 * 1024 * 1024;

export interface BatchLimits {
  maxFiles: number;
  maxBytes: number;
}

/** Groups files, in order, into batches of indexes within both limits. */
export function planBatches(
  sizes: readonly number[],
  limits: BatchLimits = { maxFiles: maxFilesPerBatch, maxBytes: maxBytesPerBatch },
): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let currentBytes = 0;
  sizes.forEach((size, index) => {
    const full =
      current.length >= limits.maxFiles || (current.length > 0 && currentBytes + size > limits.maxBytes);
    if (full) {
      batches.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(index);
    currentBytes += size;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Bytes of each file sent so far, from the request's progress. The request body also carries the
 * multipart boundaries and the workspace_id field, so the loaded bytes are scaled down to file
 * bytes in proportion; the files then fill up in order.
 */
export function sentPerFile(sizes: readonly number[], loaded: number, total: number): number[] {
  const fileBytes = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0 || loaded <= 0) return sizes.map(() => 0);
  const sent = Math.min(fileBytes, (Math.min(loaded, total) / total) * fileBytes);
  let before = 0;
  return sizes.map((size) => {
    const mine = Math.max(0, Math.min(size, sent - before));
    before += size;
    return mine;
  });
}

/** The share (0..1) of each file sent so far; an empty file counts as sent once the body started. */
export function fileFractions(sizes: readonly number[], loaded: number, total: number): number[] {
  const sent = sentPerFile(sizes, loaded, total);
  return sizes.map((size, index) => {
    if (size === 0) return loaded > 0 ? 1 : 0;
    return (sent[index] ?? 0) / size;
  });
}

/** The share (0..1) of the whole run sent: finished batches plus the file bytes of the current one. */
export function overallFraction(doneBytes: number, currentBatchSent: number, totalBytes: number): number {
  if (totalBytes <= 0) return 0;
  return Math.min(1, (doneBytes + currentBatchSent) / totalBytes);
}

const units = ['B', 'KB', 'MB', 'GB'] as const;

/** A byte count as people read it: 512 B, 1.4 MB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
