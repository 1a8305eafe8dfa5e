import type {
  MockupEngine,
  Placement,
  PreparedDesign,
  PreparedTemplate,
} from '@podflow/mockup-engine/engine';
import type { Storage } from '../../platform/storage/storage.ts';

/**
 * The templates a process renders on at once: every template job of a run (up to this many) walks
 * the designs together, so each design is decoded once for all of them, and the cache keeps each
 * of their templates decoded (about 16 MB for a 2000 x 2000 photo).
 */
export const templatesAtOnce = 16;

/**
 * Decoded templates and designs, shared by the jobs of a run in this process: the template jobs
 * of a run walk the designs in the same order, so each design is decoded once and reused by
 * every template while it is fresh. Bounded by bytes (designs) and count (templates), so memory
 * stays flat however many designs a run has. Concurrent asks for the same file share one decode.
 * What is not used for half a minute is let go, so an idle server holds no pixels.
 */
export function renderCache(
  engine: MockupEngine,
  storage: Storage,
  /** Makes a derived file that is not there yet (the starter library draws its images on demand). */
  produce: (key: string) => Promise<boolean> = async () => false,
  designBudgetBytes = 256 * 1024 * 1024,
) {
  const designs = new Map<string, { promise: Promise<PreparedDesign>; bytes: number }>();
  const templates = new Map<string, Promise<PreparedTemplate>>();
  const idleMs = 30_000;
  const lastUsed = new Map<string, number>();
  let sweeper: NodeJS.Timeout | undefined;

  function sweep(): void {
    const cutoff = Date.now() - idleMs;
    for (const [key, used] of lastUsed) {
      if (used >= cutoff) continue;
      lastUsed.delete(key);
      designs.delete(key);
      templates.delete(key);
    }
    if (lastUsed.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  /** The file's path when the engine's threads can open it themselves, else its bytes. */
  async function read(key: string): Promise<Uint8Array | string> {
    const file = await storage.localFile?.(key);
    if (file) return file;
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function touch<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
    lastUsed.set(key, Date.now());
    sweeper ??= setInterval(sweep, idleMs / 3).unref();
  }

  function evictDesigns(): void {
    let total = 0;
    for (const entry of designs.values()) total += entry.bytes;
    for (const [key, entry] of designs) {
      if (total <= designBudgetBytes || designs.size <= 2) break;
      designs.delete(key);
      total -= entry.bytes;
    }
  }

  return {
    /** The template decoded with its placement. */
    template(storageKey: string, placement: Placement | null): Promise<PreparedTemplate> {
      const key = `${storageKey}|${JSON.stringify(placement)}`;
      let promise = templates.get(key);
      if (!promise) {
        promise = (async () => {
          if ((await storage.size(storageKey)) === undefined) await produce(storageKey);
          return engine.prepareTemplate(await read(storageKey), placement);
        })();
        promise.catch(() => templates.delete(key));
        if (templates.size >= templatesAtOnce) templates.delete(templates.keys().next().value!);
      }
      touch(templates, key, promise);
      return promise;
    },

    /** The design decoded and reduced so its longest side is `side`. */
    design(storageKey: string, side: number): Promise<PreparedDesign> {
      const key = `${storageKey}@${side}`;
      let entry = designs.get(key);
      if (!entry) {
        const promise = read(storageKey).then((bytes) => engine.prepareDesign(bytes, side));
        entry = { promise, bytes: side * side * 4 };
        promise.catch(() => designs.delete(key));
      }
      touch(designs, key, entry);
      evictDesigns();
      return entry.promise;
    },
  };
}

export type RenderCache = ReturnType<typeof renderCache>;
