import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { type Worker, OEM, PSM, createWorker } from 'tesseract.js';
import {
  type Arc,
  type Plane,
  arcsOf,
  bandOrigin,
  bandPad,
  inkPieces,
  letterHeight,
  onBand,
  straighten,
} from './arc.ts';
import { type DesignWords, type SeenWord, assemble, combine, worth } from './design-words.ts';

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
/** Lettering smaller than half this height is cut again, larger, to about this height. */
const readableLetter = 90;
/** A view has at most this many pixels (the recogniser's time grows with them; it fails on huge ones). */
const maxViewPixels = 1_500_000;
/** Clear margin around the lettering, in working pixels. */
const margin = 80;
/** The design's bounds are found on a sample of about this many pixels on its longest side. */
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
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.SPARSE_TEXT,
        user_defined_dpi: '300',
        // Tesseract's own notes ('Detected 15 diacritics') would fill the server's log.
        debug_file: '/dev/null',
      });
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
        const { flat, straightened } = await views(image, maxPixels);
        const read = async (view: Buffer) => {
          signal?.throwIfAborted();
          return recognise(view);
        };
        // The flat views share one frame: each word is taken from the view that read it best.
        const flatWords = combine(await sequence(flat, read));
        // Each arc unrolled and read; its words, moved to lie as one line where the arc is, replace
        // what the flat views read on its band when they are worth more.
        let best = flatWords;
        for (const { arc, view } of straightened) {
          const origin = bandOrigin(arc);
          const [dx, dy] = [origin.x - bandPad, origin.y - bandPad];
          const onArc = (await read(view)).map((line) =>
            line.map((word) => ({
              ...word,
              x0: word.x0 + dx,
              x1: word.x1 + dx,
              y0: word.y0 + dy,
              y1: word.y1 + dy,
            })),
          );
          const onThisBand = (line: SeenWord[]) =>
            line.some((word) =>
              onBand(arc, (word.x0 + word.x1) / 2 - margin, (word.y0 + word.y1) / 2 - margin),
            );
          if (worth(onArc) > worth(best.filter(onThisBand)))
            best = [...best.filter((line) => !onThisBand(line)), ...onArc];
        }
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
 * What the recogniser is shown (PGM files, which it reads faster than PNG): the design's art cut
 * to its visible bounds, scaled to fit the working size and flattened on the background that
 * contrasts with it most, and on the other one too when the art has both light and dark parts
 * (lettering may be either, outlines are both); and when the lettering runs on an arc, the same
 * unrolled straight.
 */
export async function views(
  image: Buffer,
  maxPixels: number,
): Promise<{ flat: Buffer[]; straightened: { arc: Arc; view: Buffer }[] }> {
  const box = await visibleBox(image, maxPixels);
  if (!box) return { flat: [], straightened: [] };
  // Letters much taller than 150 px read worse: two short lines are not scaled to the full width.
  let art = await cut(image, maxPixels, box, workingWidth, workingHeight);
  let pieces = inkPieces(art.mask);
  // Lettering small beside a large drawing (a badge round a ring) is cut again, larger.
  const letter = letterHeight(pieces);
  const grow = Math.min(
    readableLetter / Math.max(letter, 1),
    Math.sqrt(maxViewPixels / (art.width * art.height)),
    box.width / art.width,
  );
  if (letter > 0 && letter < readableLetter / 2 && grow > 1.5) {
    art = await cut(image, maxPixels, box, Math.round(art.width * grow), Math.round(art.height * grow));
    pieces = inkPieces(art.mask);
  }
  const { grey, mask, width, height, light, dark } = art;
  const backgrounds = light >= dark ? [0, 255] : [255, 0];
  const both = Math.min(light, dark) >= 0.1 * (light + dark);
  const flat = backgrounds
    .slice(0, both ? 2 : 1)
    .map((background) => ({ background, plane: flatten(grey, mask.data, width, height, background) }));
  return {
    flat: flat.map(({ plane, background }) => pgm(plane, background)),
    straightened: arcsOf(mask, pieces).flatMap((arc) => {
      const straight = straighten(flat[0]!.plane, arc, backgrounds[0]!);
      // Bounded like the flat views: the recogniser fails on very large pictures.
      const fits = straight.width * straight.height <= maxViewPixels && straight.width <= 4000;
      return fits ? [{ arc, view: pgm(straight, backgrounds[0]!) }] : [];
    }),
  };
}

/**
 * The box of the design scaled to fit width × height: its grey levels, its alpha as a mask, and
 * how many of its visible pixels are light and dark. Read again from the file for each cut:
 * decoding streams, so a large design is never held whole.
 */
async function cut(image: Buffer, maxPixels: number, box: Box, width: number, height: number) {
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels })
    .extract(box)
    .resize({ width, height, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const size = info.width * info.height;
  const grey = new Uint8Array(size);
  const mask: Plane = { data: new Uint8Array(size), width: info.width, height: info.height };
  let light = 0;
  let dark = 0;
  for (let i = 0; i < size; i += 1) {
    const [r, g, b, alpha] = [data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!, data[i * 4 + 3]!];
    grey[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    mask.data[i] = alpha;
    if (alpha < 64) continue;
    if (grey[i]! >= 128) light += 1;
    else dark += 1;
  }
  return { grey, mask, width: info.width, height: info.height, light, dark };
}

/** One after the other, in order (a recogniser reads one picture at a time). */
async function sequence<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

type Box = { left: number; top: number; width: number; height: number };

/** The box around the design's visible pixels (alpha of at least 64), found on a sample of them. */
async function visibleBox(image: Buffer, maxPixels: number): Promise<Box | undefined> {
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const step = Math.max(1, Math.ceil(Math.max(width, height) / boundsSide));
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (data[y * width + x]! < 64) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return undefined;
  // A step either side: the sample may have missed the outermost pixels.
  [left, top] = [Math.max(0, left - step), Math.max(0, top - step)];
  [right, bottom] = [Math.min(width - 1, right + step), Math.min(height - 1, bottom + step)];
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The grey art laid on a plain background by its alpha. */
function flatten(
  grey: Uint8Array,
  mask: Uint8Array,
  width: number,
  height: number,
  background: number,
): Plane {
  const data = new Uint8Array(grey.length);
  for (let i = 0; i < data.length; i += 1)
    data[i] = Math.round((grey[i]! * mask[i]! + background * (255 - mask[i]!)) / 255);
  return { data, width, height };
}

/** A binary PGM (P5) of the plane with a clear margin of the background around it. */
function pgm(plane: Plane, background: number): Buffer {
  const width = plane.width + 2 * margin;
  const height = plane.height + 2 * margin;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const file = Buffer.alloc(header.length + width * height, background);
  header.copy(file);
  for (let y = 0; y < plane.height; y += 1)
    file.set(
      plane.data.subarray(y * plane.width, (y + 1) * plane.width),
      header.length + (y + margin) * width + margin,
    );
  return file;
}
