import { readFileSync } from 'node:fs';
import type { Rect } from './geometry.ts';

/**
 * The SIMD kernels of assembly/kernels.ts (compiled to kernels.wasm) and the memory they work in:
 * one instance per thread, its memory holding the thread's canvas, the design it warps and the
 * rows a reduction streams through. Regions are reserved by name and only grow; a region that
 * moves forgets what it held.
 */

/** The part of the WebAssembly API used here (TypeScript declares it only with the DOM's types). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
};

type Exports = {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  premultiply(source: number, target: number, count: number): void;
  boxRow(
    source: number,
    rowBytes: number,
    n: number,
    count: number,
    target: number,
    straight: boolean,
    sums: number,
  ): void;
  filterRows(rows: number, weights: number, taps: number, shift: number, lanes: number, target: number): void;
  filterColumns(
    source: number,
    starts: number,
    weights: number,
    taps: number,
    shift: number,
    count: number,
    target: number,
  ): void;
  flatten(source: number, target: number, count: number): number;
  brightness(
    rgba: number,
    stride: number,
    width: number,
    height: number,
    target: number,
    scratch: number,
  ): void;
  countLevels(levels: number, alpha: number, count: number, histogram: number): void;
  scaleLevels(levels: number, count: number, scale: number, target: number): void;
  warpRow(
    design: number,
    stride: number,
    lastX: number,
    lastY: number,
    from: number,
    to: number,
    a: number,
    d: number,
    g: number,
    rowU: number,
    rowV: number,
    rowW: number,
    canvas: number,
    o: number,
    shade: number,
    mapRow: number,
    factor: number,
  ): void;
};

const compiled = new WebAssembly.Module(readFileSync(new URL('./kernels.wasm', import.meta.url)));

type Region = { offset: number; capacity: number; holds: string | undefined };

const PAGE = 65_536;

export class Kernels {
  readonly #exports: Exports;
  readonly #regions = new Map<string, Region>();
  #top: number;
  #bytes: Uint8Array;

  constructor() {
    this.#exports = new WebAssembly.Instance(compiled, {
      env: {
        abort: () => {
          throw new Error('kernel abort');
        },
      },
    }).exports as unknown as Exports;
    this.#top = this.#exports.memory.buffer.byteLength;
    this.#bytes = new Uint8Array(this.#exports.memory.buffer);
  }

  get exports(): Exports {
    return this.#exports;
  }

  /** The whole memory as bytes (a fresh view after the memory grew). */
  get bytes(): Uint8Array {
    if (this.#bytes.byteLength === 0) this.#bytes = new Uint8Array(this.#exports.memory.buffer);
    return this.#bytes;
  }

  /**
   * The offset of a region of at least `size` bytes (16-byte aligned, with 16 bytes to spare, so a
   * kernel may read a vector past its end). `holds` tells what the region was last filled with.
   */
  region(name: string, size: number): Region {
    const existing = this.#regions.get(name);
    if (existing && existing.capacity >= size) return existing;
    const capacity = Math.max(size, Math.ceil((existing?.capacity ?? 0) * 1.25));
    const offset = this.#top;
    this.#top = offset + Math.ceil((capacity + 16) / 16) * 16;
    const memory = this.#exports.memory;
    if (this.#top > memory.buffer.byteLength) {
      memory.grow(Math.ceil((this.#top - memory.buffer.byteLength) / PAGE));
    }
    const region = { offset, capacity, holds: undefined };
    this.#regions.set(name, region);
    return region;
  }

  /**
   * Offsets of transient buffers of these sizes in one shared scratch region (16-byte aligned, 16
   * bytes to spare each), valid until the next call: for work done in one synchronous stretch.
   */
  scratch(sizes: number[]): number[] {
    const spans = sizes.map((size) => Math.ceil((size + 16) / 16) * 16);
    let at = this.region(
      'scratch',
      spans.reduce((sum, span) => sum + span, 0),
    ).offset;
    return spans.map((span) => {
      const offset = at;
      at += span;
      return offset;
    });
  }

  /** Copies `source` into the named region (unless it already holds `key`); its offset. */
  load(name: string, source: Uint8Array, key?: string): number {
    const region = this.region(name, source.length);
    if (key === undefined || region.holds !== key) {
      this.bytes.set(source, region.offset);
      region.holds = key;
    }
    return region.offset;
  }
}

let threadKernels: Kernels | undefined;

/** This thread's kernels. */
export function kernels(): Kernels {
  threadKernels ??= new Kernels();
  return threadKernels;
}

/** Mitchell-Netravali (B = C = 1/3), the filter a design is reduced with. */
function mitchell(x: number): number {
  const t = Math.abs(x);
  if (t < 1) return (7 * t ** 3 - 12 * t ** 2 + 16 / 3) / 6;
  if (t < 2) return ((-7 / 3) * t ** 3 + 12 * t ** 2 - 20 * t + 32 / 3) / 6;
  return 0;
}

/**
 * The taps of a one-dimensional reduction from `size` pixels to `count`, each output pixel's
 * centre mapped through `scale` (source pixels per output pixel) into pixels of `step` source
 * pixels each and weighed by the filter stretched to the reduction: the first input pixel of
 * each output pixel and its `taps` weights, which sum to 1.
 */
function filterTaps(count: number, scale: number, step: number) {
  const stretch = Math.max(1, scale / step);
  const support = 2 * stretch;
  // An even count: the kernels weigh taps in pairs (a last one past the filter weighs nothing).
  const taps = Math.ceil((Math.ceil(2 * support) + 1) / 2) * 2;
  const first = new Int32Array(count);
  const real = new Float64Array(count * taps);
  let largest = 0;
  for (let j = 0; j < count; j += 1) {
    const centre = ((j + 0.5) * scale) / step - 0.5;
    const start = Math.floor(centre - support) + 1;
    let total = 0;
    for (let t = 0; t < taps; t += 1) {
      const w = mitchell((start + t - centre) / stretch);
      real[j * taps + t] = w;
      total += w;
    }
    for (let t = j * taps; t < (j + 1) * taps; t += 1) {
      real[t] = real[t]! / total;
      largest = Math.max(largest, Math.abs(real[t]!));
    }
    first[j] = start;
  }
  return { first, real, taps, largest };
}

/** Weights as integers, each output pixel's summing to round(total) (the rounding error goes to its largest). */
function quantise(real: Float64Array, taps: number, total: number): Int32Array {
  const out = new Int32Array(real.length);
  const whole = Math.round(total);
  for (let j = 0; j < real.length; j += taps) {
    let sum = 0;
    let top = j;
    for (let t = j; t < j + taps; t += 1) {
      out[t] = Math.round(real[t]! * total);
      sum += out[t]!;
      if (Math.abs(real[t]!) > Math.abs(real[top]!)) top = t;
    }
    out[top]! += whole - sum;
  }
  return out;
}

/** Box sums of at most this many pixels a side (16-bit sums of 255s). */
const maxBox = 11;

/**
 * Reduces `window` of an RGBA image (`stride` pixels a row, straight unless `premultiplied`) to
 * width x height, premultiplied: an average over whole n x n blocks (n the whole part of the
 * reduction), then the Mitchell-Netravali filter for the rest, so no detail finer than an output
 * pixel survives to alias. Rows stream through the kernels' memory a few at a time: n rows in, one row of box sums
 * into a ring of them, one output row out of the ring.
 */
export function reduce(
  source: Uint8Array,
  stride: number,
  window: Rect,
  width: number,
  height: number,
  premultiplied: boolean,
): Uint8Array {
  const k = kernels();
  const { exports } = k;
  const scaleX = window.width / width;
  const scaleY = window.height / height;
  const n = Math.max(1, Math.min(maxBox, Math.floor(Math.min(scaleX, scaleY))));
  const boxWidth = Math.floor(window.width / n);
  const boxHeight = Math.floor(window.height / n);
  const lanes = Math.ceil((boxWidth * 4) / 8) * 8;
  const inputBytes = boxWidth * n * 4;
  // A block's n rows, one after another (in one copy when they are whole rows of the source).
  const wholeRows = window.left === 0 && inputBytes === stride * 4;
  const copyRows = (r: number, input: number) => {
    const bytes = k.bytes;
    const first = ((window.top + r * n) * stride + window.left) * 4;
    if (wholeRows) {
      bytes.set(source.subarray(first, first + n * inputBytes), input);
      return;
    }
    for (let dy = 0; dy < n; dy += 1) {
      const from = first + dy * stride * 4;
      bytes.set(source.subarray(from, from + inputBytes), input + dy * inputBytes);
    }
  };

  const across = filterTaps(width, scaleX, n);
  const down = filterTaps(height, scaleY, n);

  // Columns: a row of the vertical pass is value x 64 in 16 bits; 16-bit weights summing to 2^14
  // and a shift of 20 give bytes. The row is padded with its edge pixel on both sides, so every tap of
  // filterColumns lies inside it.
  const pad = across.taps;
  const starts = new Int32Array(width);
  for (let j = 0; j < width; j += 1) starts[j] = across.first[j]! + pad;
  const columnWeights = Int16Array.from(quantise(across.real, across.taps, 2 ** 14));
  // Rows: box sums are value x n^2; weights summing to 64 x 2^shift / n^2 and `shift` give value
  // x 64, the shift as large as 16-bit weights allow.
  let rowShift = 1;
  while (rowShift < 20 && (down.largest * 64 * 2 ** (rowShift + 1)) / (n * n) < 32_000) rowShift += 1;
  const rowWeights = Int16Array.from(quantise(down.real, down.taps, (64 * 2 ** rowShift) / (n * n)));

  const slots = down.taps + 1;
  const [input, sums, ring, middle, rows, startsAt, columnsAt, rowsWeightsAt, output] = k.scratch([
    inputBytes * n,
    Math.ceil(inputBytes / 16) * 32,
    slots * lanes * 2,
    (boxWidth + 2 * pad) * 8,
    down.taps * 4,
    starts.byteLength,
    columnWeights.byteLength,
    rowWeights.byteLength,
    width * 4,
  ]) as [number, number, number, number, number, number, number, number, number];
  k.bytes.set(new Uint8Array(starts.buffer), startsAt);
  k.bytes.set(new Uint8Array(columnWeights.buffer), columnsAt);
  k.bytes.set(new Uint8Array(rowWeights.buffer), rowsWeightsAt);
  const out = new Uint8Array(new SharedArrayBuffer(width * height * 4));

  let boxed = 0; // box rows made so far
  const boxRow = (r: number) => {
    copyRows(r, input);
    exports.boxRow(input, inputBytes, n, boxWidth, ring + (r % slots) * lanes * 2, !premultiplied, sums);
  };
  const rowAddresses = new Int32Array(down.taps);
  for (let i = 0; i < height; i += 1) {
    for (let t = 0; t < down.taps; t += 1) {
      const r = Math.min(boxHeight - 1, Math.max(0, down.first[i]! + t));
      while (boxed <= r) boxRow(boxed++);
      rowAddresses[t] = ring + (r % slots) * lanes * 2;
    }
    k.bytes.set(new Uint8Array(rowAddresses.buffer), rows);
    const row = middle + pad * 8;
    exports.filterRows(rows, rowsWeightsAt + i * down.taps * 2, down.taps, rowShift, lanes, row);
    const bytes = k.bytes;
    for (let p = 0; p < pad; p += 1) {
      bytes.copyWithin(middle + p * 8, row, row + 8);
      bytes.copyWithin(row + (boxWidth + p) * 8, row + (boxWidth - 1) * 8, row + boxWidth * 8);
    }
    exports.filterColumns(middle, startsAt, columnsAt, across.taps, 20, width, output);
    out.set(bytes.subarray(output, output + width * 4), i * width * 4);
  }
  return out;
}

/** Straight RGBA premultiplied into a new shared array, a megabyte at a time through the kernels' memory. */
export function premultiplyAll(source: Uint8Array): Uint8Array {
  const k = kernels();
  const out = new Uint8Array(new SharedArrayBuffer(source.length));
  const chunk = 1 << 20;
  const [at] = k.scratch([chunk]) as [number];
  for (let from = 0; from < source.length; from += chunk) {
    const part = source.subarray(from, Math.min(source.length, from + chunk));
    k.bytes.set(part, at);
    k.exports.premultiply(at, at, part.length >> 2);
    out.set(k.bytes.subarray(at, at + part.length), from);
  }
  return out;
}

/** RGBA flattened on white into `target` (RGB), a megabyte at a time; whether any pixel was not opaque. */
export function flattenAll(source: Uint8Array, target: Uint8Array): boolean {
  const k = kernels();
  const chunk = 1 << 20;
  const [from, to] = k.scratch([chunk, (chunk / 4) * 3]) as [number, number];
  let any = false;
  for (let start = 0; start < source.length; start += chunk) {
    const part = source.subarray(start, Math.min(source.length, start + chunk));
    k.bytes.set(part, from);
    if (k.exports.flatten(from, to, part.length >> 2) !== 0) any = true;
    target.set(k.bytes.subarray(to, to + (part.length / 4) * 3), (start / 4) * 3);
  }
  return any;
}
