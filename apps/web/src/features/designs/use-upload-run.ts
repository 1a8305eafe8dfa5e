import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadedFile } from '@podflow/contract/designs';
import { ApiError } from '../../api/client';
import { designMessages as text } from './design-messages';
import { uploadDesigns } from './upload-designs.api';
import { filesOfFailure, isJudgedBatch, uploadFailureMessage } from './upload-failure';
import { fileFractions, planBatches, sentPerFile } from './upload-plan';

export type ItemStatus = 'queued' | 'sending' | 'stored' | 'rejected' | 'not-sent';

/** One chosen file and what happened to it. */
export interface UploadItem {
  key: string;
  file: File;
  status: ItemStatus;
  /** Share of the file's bytes sent (0..1). */
  fraction: number;
  warning?: string;
  reason?: string;
}

export type RunPhase = 'picking' | 'uploading' | 'done';

export interface UploadRun {
  phase: RunPhase;
  items: UploadItem[];
  /** File bytes sent across the run, and the total. */
  sentBytes: number;
  totalBytes: number;
  /** Why the run stopped early, when it did. */
  notice: string | null;
}

const initialRun: UploadRun = { phase: 'picking', items: [], sentBytes: 0, totalBytes: 0, notice: null };

function keyOf(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Pairs a batch's files with the server's per-file results: by position, else by name. */
export function matchResults(
  files: readonly File[],
  results: readonly UploadedFile[],
): (UploadedFile | undefined)[] {
  const sameOrder =
    results.length === files.length &&
    results.every((result, index) => result.file_name === files[index]?.name);
  if (sameOrder) return [...results];
  const unused = [...results];
  return files.map((file) => {
    const at = unused.findIndex((result) => result.file_name === file.name);
    return at >= 0 ? unused.splice(at, 1)[0] : undefined;
  });
}

function applyResult(item: UploadItem, result: UploadedFile | undefined, fallbackReason: string): UploadItem {
  if (result?.status === 'stored') {
    return { ...item, status: 'stored', fraction: 1, warning: result.warning, reason: undefined };
  }
  return { ...item, status: 'rejected', fraction: 1, reason: result?.reason || fallbackReason };
}

interface UseUploadRunOptions {
  workspaceId: string;
  /** Called after every batch so the design grid fills as the run goes. */
  onBatchDone: () => void;
}

/**
 * A batched upload run: files go in sequential requests (at most 10 files or 150 MB each), with
 * per-file and overall progress from the bytes each request has sent.
 */
export function useUploadRun({ workspaceId, onBatchDone }: UseUploadRunOptions) {
  const [run, setRun] = useState<UploadRun>(initialRun);
  const controllerRef = useRef<AbortController | null>(null);
  /** Bumped by every start and reset, so a stopped run cannot write over a newer one. */
  const runIdRef = useRef(0);
  const onBatchDoneRef = useRef(onBatchDone);
  useEffect(() => {
    onBatchDoneRef.current = onBatchDone;
  }, [onBatchDone]);

  // Leaving the screen stops the upload; closing or reloading the tab asks first.
  useEffect(() => () => controllerRef.current?.abort(), []);
  useEffect(() => {
    if (run.phase !== 'uploading') return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [run.phase]);

  const addFiles = useCallback((files: readonly File[]) => {
    setRun((current) => {
      if (current.phase !== 'picking') return current;
      const known = new Set(current.items.map((item) => item.key));
      const added: UploadItem[] = [];
      for (const file of files) {
        const key = keyOf(file);
        if (known.has(key)) continue;
        known.add(key);
        added.push({ key, file, status: 'queued', fraction: 0 });
      }
      return { ...current, items: [...current.items, ...added] };
    });
  }, []);

  const removeFile = useCallback((key: string) => {
    setRun((current) =>
      current.phase === 'picking'
        ? { ...current, items: current.items.filter((item) => item.key !== key) }
        : current,
    );
  }, []);

  const reset = useCallback(() => {
    runIdRef.current += 1;
    controllerRef.current?.abort();
    controllerRef.current = null;
    setRun(initialRun);
  }, []);

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const start = useCallback(async () => {
    const items = run.items;
    if (run.phase !== 'picking') return;
    if (items.length === 0) {
      window.alert(text.noFiles);
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    runIdRef.current += 1;
    const runId = runIdRef.current;
    const update = (change: (current: UploadRun) => UploadRun) =>
      setRun((current) => (runIdRef.current === runId ? change(current) : current));
    const sizes = items.map((item) => item.file.size);
    const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
    update(() => ({ phase: 'uploading', items, sentBytes: 0, totalBytes, notice: null }));

    const patch = (indexes: readonly number[], change: (item: UploadItem, position: number) => UploadItem) =>
      update((current) => {
        const next = [...current.items];
        indexes.forEach((index, position) => {
          const item = next[index];
          if (item) next[index] = change(item, position);
        });
        return { ...current, items: next };
      });

    const batches = planBatches(sizes);
    let doneBytes = 0;
    let storedInRun = 0;
    let failure: string | null = null;

    for (const [batchNumber, batch] of batches.entries()) {
      const files = batch.map((index) => items[index]!.file);
      const batchSizes = batch.map((index) => sizes[index]!);
      const batchBytes = batchSizes.reduce((sum, size) => sum + size, 0);
      patch(batch, (item) => ({ ...item, status: 'sending', fraction: 0 }));
      try {
        const reply = await uploadDesigns(workspaceId, files, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => {
            const fractions = fileFractions(batchSizes, loaded, total);
            const sent = sentPerFile(batchSizes, loaded, total).reduce((sum, bytes) => sum + bytes, 0);
            update((current) => {
              const next = [...current.items];
              batch.forEach((index, position) => {
                const item = next[index];
                if (item) next[index] = { ...item, fraction: fractions[position] ?? 0 };
              });
              return { ...current, items: next, sentBytes: doneBytes + sent };
            });
          },
        });
        const results = matchResults(files, reply.files);
        patch(batch, (item, position) => applyResult(item, results[position], reply.message));
        storedInRun += reply.stored;
      } catch (error) {
        if (isJudgedBatch(error)) {
          // Every file of the batch was refused (for example none was a PNG): go on with the next.
          const results = matchResults(files, filesOfFailure(error) ?? []);
          patch(batch, (item, position) => applyResult(item, results[position], (error as Error).message));
        } else {
          const stopped = isAbort(error);
          failure = stopped ? text.stopped : uploadFailureMessage(error);
          if (!stopped) {
            const reason = failure;
            const results = matchResults(files, filesOfFailure(error) ?? []);
            patch(batch, (item, position) => applyResult(item, results[position], reason));
          }
          // A failed refresh has already sent the seller to sign in: nothing more to say.
          if (error instanceof ApiError && error.status === 401) failure = null;
          const unsent = batches.slice(stopped ? batchNumber : batchNumber + 1).flat();
          const reason = stopped ? text.stopped : text.notSentAfterError;
          patch(unsent, (item) => ({ ...item, status: 'not-sent', fraction: 0, reason }));
          onBatchDoneRef.current();
          break;
        }
      }
      doneBytes += batchBytes;
      update((current) => ({ ...current, sentBytes: doneBytes }));
      onBatchDoneRef.current();
    }

    if (runIdRef.current !== runId) return; // reset while it ran
    controllerRef.current = null;
    update((current) => ({ ...current, phase: 'done', notice: failure }));
    // SPEC.md section 8 alerts when the upload as a whole failed; when some files did get in,
    // the same sentence heads the result summary instead.
    if (failure && failure !== text.stopped && storedInRun === 0) window.alert(failure);
  }, [run.items, run.phase, workspaceId]);

  return { run, addFiles, removeFile, start, stop, reset };
}
