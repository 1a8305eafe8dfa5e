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
  halveRow(
    r0: number,
    r1: number,
    r2: number,
    r3: number,
    width: number,
    count: number,
    target: number,
    row: number,
  ): void;
  filterRows(rows: number, weights: number, taps: number, shift: number, bytes: number, target: number): void;
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
    shadeBase: number,
    shadeSlope: number,
  ): void;
  warpRowMapped(
    design: number,
    stride: number,
    lastX: number,
    lastY: number,
    from: number,
    to: number,
    coords: number,
    su: number,
    ou: number,
    sv: number,
    ov: number,
    canvas: number,
    o: number,
    shade: number,
    mapRow: number,
    shadeBase: number,
    shadeSlope: number,
  ): void;
};

const compiled = new WebAssembly.Module(readFileSync(new URL('./kernels.wasm', import.meta.url)));

type Region = { offset: number; capacity: number; holds: string | undefined };

const PAGE = 65_536;

class Kernels {
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
 * The taps of a one-dimensional reduction to `count` pixels, each output pixel's
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

/**
 * Reduces `window` of an RGBA image (`stride` pixels a row, straight unless `premultiplied`) to
 * width x height, premultiplied, so that no detail finer than an output pixel survives to alias
 * (no moiré on fine lines): by three or more, first halved by a tent filter (cheap, and clean
 * where a box average would alias); then the Mitchell-Netravali filter, stretched to the rest of
 * the reduction. Rows stream through the kernels' memory a few at a time: source rows in, one
 * first-stage row into a ring of them, one output row out of the ring.
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
  const halve = Math.min(scaleX, scaleY) >= 3;
  const n = halve ? 2 : 1; // source pixels per first-stage pixel
  const firstWidth = Math.floor(window.width / n);
  const firstHeight = Math.floor(window.height / n);
  const firstBytes = Math.ceil((firstWidth * 4) / 16) * 16; // a first-stage row, rounded up to vectors
  const inputBytes = window.width * 4;
  /** Source row `row` of the window, copied to `at` in the kernels' memory and premultiplied. */
  const copyRow = (row: number, at: number) => {
    const from = ((window.top + row) * stride + window.left) * 4;
    k.bytes.set(source.subarray(from, from + inputBytes), at);
    if (!premultiplied) exports.premultiply(at, at, window.width);
  };
  // Halving, source rows go through a ring of four, each copied and premultiplied once (a tent
  // reads each row for two first-stage rows).
  const rowSlots = [-1, -1, -1, -1];
  const sourceRow = (y: number) => {
    const row = Math.min(window.height - 1, Math.max(0, y)); // the edge row repeated
    const slot = input + (row & 3) * inputBytes;
    if (rowSlots[row & 3] !== row) {
      copyRow(row, slot);
      rowSlots[row & 3] = row;
    }
    return slot;
  };

  const across = filterTaps(width, scaleX, n);
  const down = filterTaps(height, scaleY, n);

  // Columns: a row of the vertical pass is value x 64 in 16 bits; 16-bit weights summing to 2^14
  // and a shift of 20 give bytes. The row is padded with its edge pixel on both sides, so every
  // tap of filterColumns lies inside it.
  const pad = across.taps;
  const starts = new Int32Array(width);
  for (let j = 0; j < width; j += 1) starts[j] = across.first[j]! + pad;
  const columnWeights = Int16Array.from(quantise(across.real, across.taps, 2 ** 14));
  // Rows: first-stage pixels are bytes; weights summing to 64 x 2^shift and `shift` give value x
  // 64, the shift as large as 16-bit weights allow.
  let rowShift = 1;
  while (rowShift < 20 && down.largest * 64 * 2 ** (rowShift + 1) < 32_000) rowShift += 1;
  const rowWeights = Int16Array.from(quantise(down.real, down.taps, 64 * 2 ** rowShift));

  const slots = down.taps + 1;
  const [input, summed, ring, middle, rows, startsAt, columnsAt, rowsWeightsAt, output] = k.scratch([
    inputBytes * 4,
    inputBytes + 64,
    slots * firstBytes,
    (firstWidth + 2 * pad) * 8,
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

  let made = 0; // first-stage rows made so far
  const firstStageRow = (r: number) => {
    const target = ring + (r % slots) * firstBytes;
    if (!halve) {
      copyRow(r, target); // the first stage is the source row itself
      return;
    }
    const [a, b, c, d] = [-1, 0, 1, 2].map((dy) => sourceRow(2 * r + dy)) as [number, number, number, number];
    exports.halveRow(a, b, c, d, window.width, firstWidth, target, summed);
  };
  const rowAddresses = new Int32Array(down.taps);
  for (let i = 0; i < height; i += 1) {
    for (let t = 0; t < down.taps; t += 1) {
      const r = Math.min(firstHeight - 1, Math.max(0, down.first[i]! + t));
      while (made <= r) firstStageRow(made++);
      rowAddresses[t] = ring + (r % slots) * firstBytes;
    }
    k.bytes.set(new Uint8Array(rowAddresses.buffer), rows);
    const row = middle + pad * 8;
    exports.filterRows(rows, rowsWeightsAt + i * down.taps * 2, down.taps, rowShift, firstBytes, row);
    const bytes = k.bytes;
    for (let p = 0; p < pad; p += 1) {
      bytes.copyWithin(middle + p * 8, row, row + 8);
      bytes.copyWithin(row + (firstWidth + p) * 8, row + (firstWidth - 1) * 8, row + firstWidth * 8);
    }
    exports.filterColumns(middle, startsAt, columnsAt, across.taps, 20, width, output);
    out.set(bytes.subarray(output, output + width * 4), i * width * 4);
  }
  return out;
}

/** Runs `work` over `source` a megabyte (whole pixels) at a time: each part and where it starts. */
function inParts(source: Uint8Array, work: (part: Uint8Array, start: number) => void): void {
  const size = 1 << 20;
  for (let start = 0; start < source.length; start += size) {
    work(source.subarray(start, Math.min(source.length, start + size)), start);
  }
}

/** Straight RGBA premultiplied into a new shared array, a megabyte at a time through the kernels' memory. */
export function premultiplyAll(source: Uint8Array): Uint8Array {
  const k = kernels();
  const out = new Uint8Array(new SharedArrayBuffer(source.length));
  const [at] = k.scratch([1 << 20]) as [number];
  inParts(source, (part, start) => {
    k.bytes.set(part, at);
    k.exports.premultiply(at, at, part.length >> 2);
    out.set(k.bytes.subarray(at, at + part.length), start);
  });
  return out;
}

/** RGBA flattened on white into `target` (RGB), a megabyte at a time; whether any pixel was not opaque. */
export function flattenAll(source: Uint8Array, target: Uint8Array): boolean {
  const k = kernels();
  const [from, to] = k.scratch([1 << 20, 3 << 18]) as [number, number];
  let any = false;
  inParts(source, (part, start) => {
    k.bytes.set(part, from);
    if (k.exports.flatten(from, to, part.length >> 2) !== 0) any = true;
    target.set(k.bytes.subarray(to, to + (part.length / 4) * 3), (start / 4) * 3);
  });
  return any;
}
