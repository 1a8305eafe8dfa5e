import type { Storage, StoredFile } from './storage.ts';

/** An upload in flight has its file before its row: files younger than this are never swept. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** How often the sweep runs after the one at start. */
export const ORPHAN_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

export type SweepResult = { removed: number; bytes: number; young: number; referenced: number };

type Deps = {
  storage: Storage;
  /** The keys among these that a row refers to. */
  referenced: (keys: string[]) => Promise<Set<string>>;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  graceMs?: number;
  now?: () => number;
};

/**
 * Removes stored files no row refers to: what a crash between a delete's rows and its files, or a
 * write that lost its row, left behind. Files younger than the grace period are kept.
 */
export function orphanSweep({ storage, referenced, log, graceMs = ORPHAN_GRACE_MS, now = Date.now }: Deps) {
  let running: Promise<SweepResult> | undefined;

  async function sweep(): Promise<SweepResult> {
    const result: SweepResult = { removed: 0, bytes: 0, young: 0, referenced: 0 };
    const cutoff = now() - graceMs;
    let batch: StoredFile[] = [];
    const check = async () => {
      const kept = await referenced(batch.map((file) => file.key));
      for (const file of batch) {
        if (kept.has(file.key)) {
          result.referenced += 1;
          continue;
        }
        await storage.delete(file.key);
        result.removed += 1;
        result.bytes += file.bytes;
      }
      batch = [];
    };
    for await (const file of storage.list()) {
      if (file.modifiedAt > cutoff) result.young += 1;
      else batch.push(file);
      if (batch.length >= BATCH) await check();
    }
    await check();
    log.info(result, `orphan sweep: ${result.removed} files (${result.bytes} bytes) removed`);
    return result;
  }

  return {
    /** One sweep (a sweep already running is joined, not doubled). */
    run(): Promise<SweepResult> {
      running ??= sweep().finally(() => {
        running = undefined;
      });
      return running;
    },

    /** Sweeps now and then every interval; the answer stops it and waits for a sweep under way. */
    schedule(intervalMs = ORPHAN_SWEEP_INTERVAL_MS): () => Promise<void> {
      const runLogged = () =>
        this.run().catch((error: unknown) => {
          log.error({ err: error }, 'orphan sweep failed');
        });
      void runLogged();
      const timer = setInterval(() => void runLogged(), intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => undefined);
      };
    },
  };
}

export type OrphanSweep = ReturnType<typeof orphanSweep>;
