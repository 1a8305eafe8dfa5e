import type { FastifyBaseLogger } from 'fastify';
import { makeThumbnailWithAlpha } from '../../platform/images/thumbnail.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignRow, DesignsRepo } from './designs.repo.ts';

export const THUMBNAIL_SIZE = 512;

type Deps = {
  storage: Storage;
  repo: DesignsRepo;
  log: FastifyBaseLogger;
  maxPixels: number;
  concurrency?: number;
};

/**
 * Makes design thumbnails (WebP, 512 px) off the upload's hot path: uploads queue them in the
 * background, and a thumbnail asked for before it is ready is made at once, ahead of the queue.
 * At most `concurrency` are decoded at a time, so memory stays bounded however many designs
 * arrive, and background work waits while uploads stream, so the two never compete.
 */
export function designThumbnails({ storage, repo, log, maxPixels, concurrency = 1 }: Deps) {
  const inFlight = new Map<string, Promise<boolean>>();
  const waiting: { urgent: Array<() => void>; later: Array<() => void> } = { urgent: [], later: [] };
  let running = 0;
  let uploading = 0;

  function startWaiting(): void {
    while (running < concurrency) {
      const next = waiting.urgent.shift() ?? (uploading === 0 ? waiting.later.shift() : undefined);
      if (!next) return;
      running += 1;
      next();
    }
  }

  function release(): void {
    running -= 1;
    startWaiting();
  }

  function acquire(urgent: boolean): Promise<void> {
    return new Promise((resolve) => {
      (urgent ? waiting.urgent : waiting.later).push(resolve);
      startWaiting();
    });
  }

  async function make(design: DesignRow, urgent: boolean): Promise<boolean> {
    await acquire(urgent);
    try {
      if ((await storage.size(design.thumbnail_key)) !== undefined) return true;
      const { thumbnail, opaque } = await makeThumbnailWithAlpha(await storage.read(design.storage_key), {
        size: THUMBNAIL_SIZE,
        maxPixels,
      });
      await storage.write(design.thumbnail_key, [thumbnail]);
      // The design (or its workspace) may have been deleted while this was made: leave no file behind.
      if (!(await repo.findById(design.id))) {
        await storage.delete(design.thumbnail_key);
        return false;
      }
      // An alpha channel that is opaque everywhere (what many editors export) is no transparent background.
      if (opaque && design.has_alpha === 1) await repo.markOpaque(design.id);
      return true;
    } catch (error) {
      log.warn({ err: error, designId: design.id }, 'could not make a design thumbnail');
      return false;
    } finally {
      release();
    }
  }

  function ensure(design: DesignRow, urgent: boolean): Promise<boolean> {
    let pending = inFlight.get(design.id);
    if (!pending) {
      pending = make(design, urgent).finally(() => inFlight.delete(design.id));
      inFlight.set(design.id, pending);
    }
    return pending;
  }

  return {
    /** Queues a thumbnail in the background. */
    enqueue(design: DesignRow): void {
      void ensure(design, false);
    },

    /** Holds background work back while an upload streams; call the answer when it ends. */
    holdWhileUploading(): () => void {
      uploading += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        uploading -= 1;
        startWaiting();
      };
    },

    /** A FileProducer: makes the thumbnail behind a signed URL that was asked for before it existed. */
    async produce(key: string): Promise<boolean> {
      if (!key.includes('/thumbs/')) return false;
      const design = await repo.findByThumbnailKey(key);
      return design ? ensure(design, true) : false;
    },

    /** Resolves once no thumbnail is being made or waiting (for tests and benchmarks). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
  };
}

export type DesignThumbnails = ReturnType<typeof designThumbnails>;
