import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { type Worker, OEM, PSM, createWorker } from 'tesseract.js';
import { type DesignWords, type SeenWord, assemble, worth } from './design-words.ts';

/**
 * Reads the words printed on a design (OCR, fully offline): tesseract.js with the English
 * traineddata of @tesseract.js-data/eng, read from node_modules (no download, no cache file).
 * Each recogniser is a worker thread, started on first use and reused for every design after.
 */
export interface DesignTextReader {
  /** The design's words; no words (never an error) when it has none or cannot be read. */
  read(image: Buffer, signal?: AbortSignal): Promise<DesignWords & { ms: number }>;
  /** Ends the recognisers' threads. */
  close(): Promise<void>;
}

/** The recognisers see the design's lettering about this wide, as tesseract reads best. */
const workingWidth = 1000;
/** …and at most this high. */
const workingHeight = 300;
/** Clear margin around the lettering, in working pixels. */
const margin = 80;
/** Designs are read from a copy at most this many pixels on its longest side, for the bounds. */
const boundsSide = 800;

const require = createRequire(import.meta.url);
/** The LSTM model (best, integer): the one tesseract.js picks for its default engine, 3 MB. */
const langPath = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** A reader with `threads` recognisers; a design waits for a free one. */
export function designTextReader({ threads = 2, maxPixels = 100_000_000 } = {}): DesignTextReader {
  // A recogniser is held as its start-up promise, so a failed start fails only the reads that wait for it.
  type Lease = { worker: Promise<Worker>; broken?: boolean };
  const idle: Lease[] = [];
  const waiting: ((lease: Lease) => void)[] = [];
  let started = 0;

  function startWorker(): Promise<Worker> {
    return createWorker('eng', OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      // Never read or write a cached copy in the working directory.
      cacheMethod: 'none',
    }).then(async (worker) => {
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '300' });
      return worker;
    });
  }

  /** A recogniser that failed to start is not handed out again; a later read starts another. */
  function watched(worker: Promise<Worker>): Lease {
    const lease: Lease = { worker };
    worker.catch(() => {
      lease.broken = true;
    });
    return lease;
  }

  async function withWorker<T>(work: (worker: Worker) => Promise<T>): Promise<T> {
    let lease = idle.pop();
    if (!lease && started < threads) {
      started += 1;
      lease = watched(startWorker());
    }
    lease ??= await new Promise<Lease>((resolve) => waiting.push(resolve));
    try {
      return await work(await lease.worker);
    } finally {
      const next = waiting.shift();
      if (lease.broken) {
        started -= 1;
        if (next) {
          started += 1;
          next(watched(startWorker()));
        }
      } else if (next) next(lease);
      else idle.push(lease);
    }
  }

  async function recognise(png: Buffer): Promise<SeenWord[][]> {
    return withWorker(async (worker) => {
      const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
      return (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) =>
          paragraph.lines.map((line) =>
            line.words.map((word) => ({ text: word.text, confidence: word.confidence, ...word.bbox })),
          ),
        ),
      );
    });
  }

  return {
    async read(image, signal) {
      const started = performance.now();
      try {
        const views = await lettering(image, maxPixels);
        const readings: SeenWord[][][] = [];
        for (const view of views) {
          signal?.throwIfAborted();
          readings.push(await recognise(view));
        }
        const best = readings.reduce<SeenWord[][]>((a, b) => (worth(b) > worth(a) ? b : a), []);
        return { ...assemble(best), ms: Math.round(performance.now() - started) };
      } catch (error) {
        if (signal?.aborted) throw error;
        return { phrase: '', smallPrint: [], ms: Math.round(performance.now() - started) };
      }
    },
    async close() {
      const workers = await Promise.allSettled(idle.splice(0).map((lease) => lease.worker));
      await Promise.all(
        workers.flatMap((result) => (result.status === 'fulfilled' ? [result.value.terminate()] : [])),
      );
    },
  };
}

/**
 * The design's art cut to its visible bounds, scaled to the working width and flattened on the
 * background that contrasts with it most (and on the other one too when the art has both light
 * and dark parts: lettering may be either, outlines are both): PNGs for the recogniser.
 */
async function lettering(image: Buffer, maxPixels: number): Promise<Buffer[]> {
  const source = sharp(image, { limitInputPixels: maxPixels });
  const { width = 0, height = 0 } = await source.metadata();
  if (width === 0 || height === 0) return [];
  const scale = Math.min(1, boundsSide / Math.max(width, height));
  const small = await sharp(image, { limitInputPixels: maxPixels })
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { bounds, light, dark } = measure(small.data, small.info.width, small.info.height);
  if (!bounds) return [];
  const box = {
    left: Math.floor(bounds.left / scale),
    top: Math.floor(bounds.top / scale),
    width: Math.min(width, Math.ceil((bounds.right + 1) / scale)) - Math.floor(bounds.left / scale),
    height: Math.min(height, Math.ceil((bounds.bottom + 1) / scale)) - Math.floor(bounds.top / scale),
  };
  const cut = await sharp(image, { limitInputPixels: maxPixels })
    .extract(box)
    // Letters much taller than 150 px read worse: two short lines are not scaled to the full width.
    .resize({ width: workingWidth, height: workingHeight, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const backgrounds = light >= dark ? ['#000000', '#ffffff'] : ['#ffffff', '#000000'];
  const both = Math.min(light, dark) >= 0.1 * (light + dark);
  return Promise.all(
    backgrounds
      .slice(0, both ? 2 : 1)
      .map((background) =>
        sharp(cut.data, { raw: cut.info })
          .flatten({ background })
          .extend({ top: margin, bottom: margin, left: margin, right: margin, background })
          .png({ compressionLevel: 1 })
          .toBuffer(),
      ),
  );
}

/** The visible pixels' bounds (alpha of at least 64) and how many of them are light and dark. */
function measure(data: Buffer, width: number, height: number) {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  let light = 0;
  let dark = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      if (data[i + 3]! < 64) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      const luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      if (luma >= 128) light += 1;
      else dark += 1;
    }
  }
  return { bounds: right < 0 ? undefined : { left, top, right, bottom }, light, dark };
}
