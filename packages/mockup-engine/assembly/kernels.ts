/**
 * The engine's per-pixel kernels, in AssemblyScript with 128-bit SIMD, compiled to
 * src/kernels.wasm (`npm run build:kernels -w @podflow/mockup-engine`; a test checks the committed
 * file is what this source compiles to). They work on the memory the module exports, laid out by
 * src/kernels.ts: every argument is a byte offset into it or a plain number.
 *
 * Pixels are RGBA bytes; "premultiplied" means colour already times alpha / 255.
 */

const ALPHA = i32x4.splat(0xff000000);

/** Round(x / 255) for x in 0..255 * 255 + 127, per 16-bit lane. */
function divide255(x: v128): v128 {
  const t = i16x8.add(x, i16x8.splat(128));
  return i16x8.shr_u(i16x8.add(t, i16x8.shr_u(t, 8)), 8);
}

/** Straight RGBA bytes times their alpha (alpha lanes times 255 / 255, so unchanged): 4 pixels. */
function premultiply4(v: v128): v128 {
  // Each pixel's alpha in all four of its lanes, 255 in the alpha lane itself.
  const alpha = v128.or(
    v128.shuffle<u8>(v, i8x16.splat(0), 3, 3, 3, 16, 7, 7, 7, 16, 11, 11, 11, 16, 15, 15, 15, 16),
    ALPHA,
  );
  const low = divide255(i16x8.mul(i16x8.extend_low_i8x16_u(v), i16x8.extend_low_i8x16_u(alpha)));
  const high = divide255(i16x8.mul(i16x8.extend_high_i8x16_u(v), i16x8.extend_high_i8x16_u(alpha)));
  return i8x16.narrow_i16x8_u(low, high);
}

/** Premultiplies `count` straight RGBA pixels from `source` into `target` (may be the same place). */
export function premultiply(source: usize, target: usize, count: i32): void {
  const end = source + ((<usize>count) << 2);
  let from = source;
  let to = target;
  for (; from + 16 <= end; from += 16, to += 16) {
    const v = v128.load(from);
    const alpha = v128.and(v, ALPHA);
    if (i32x4.all_true(i32x4.eq(alpha, ALPHA))) {
      v128.store(to, v); // opaque: as it is
    } else if (!v128.any_true(alpha)) {
      v128.store(to, i32x4.splat(0)); // transparent: its colour is nothing
    } else {
      v128.store(to, premultiply4(v));
    }
  }
  for (; from < end; from += 4, to += 4) {
    const word = load<u32>(from);
    const a = word >>> 24;
    const r = ((word & 255) * a + 127) / 255;
    const g = (((word >>> 8) & 255) * a + 127) / 255;
    const b = (((word >>> 16) & 255) * a + 127) / 255;
    store<u32>(to, r | (g << 8) | (b << 16) | (a << 24));
  }
}

/**
 * One row of the first, cheap stage of a reduction, into pixels of four 16-bit lanes at `target`
 * (`count` of them), from rows of premultiplied RGBA bytes (`rowBytes` long) at `r0` to `r3`.
 * With `halve`, a 2:1 reduction by the tent filter (1 3 3 1) / 8 across and down: rows r0 to r3
 * are source rows 2j - 1 to 2j + 2 of output row j, and output pixel i comes from source pixels
 * 2i - 1 to 2i + 2 (the edge pixel repeated past either end), value x 64; unlike a 2 x 2 box it
 * leaves nothing near the new size's limit to alias. Without, row r0 as it is, value x 1. `sums`
 * holds a row of 16-bit lanes (the row rounded up to 16 bytes, twice over). A kernel may read 16
 * bytes past a row.
 */
export function firstStage(
  r0: usize,
  r1: usize,
  r2: usize,
  r3: usize,
  rowBytes: i32,
  halve: bool,
  count: i32,
  target: usize,
  sums: usize,
): void {
  const length = <usize>rowBytes;
  if (!halve) {
    for (let i: usize = 0; i < (<usize>count) << 2; i += 16) {
      const v = v128.load(r0 + i);
      v128.store(target + (i << 1), i16x8.extend_low_i8x16_u(v));
      v128.store(target + (i << 1), i16x8.extend_high_i8x16_u(v), 16);
    }
    return;
  }
  // Down: rows 0 and 3 once, rows 1 and 2 three times.
  for (let i: usize = 0; i < length; i += 16) {
    const a = v128.load(r0 + i);
    const b = v128.load(r1 + i);
    const c = v128.load(r2 + i);
    const d = v128.load(r3 + i);
    const innerLow = i16x8.add(i16x8.extend_low_i8x16_u(b), i16x8.extend_low_i8x16_u(c));
    const innerHigh = i16x8.add(i16x8.extend_high_i8x16_u(b), i16x8.extend_high_i8x16_u(c));
    const low = i16x8.add(
      i16x8.add(i16x8.extend_low_i8x16_u(a), i16x8.extend_low_i8x16_u(d)),
      i16x8.add(innerLow, i16x8.shl(innerLow, 1)),
    );
    const high = i16x8.add(
      i16x8.add(i16x8.extend_high_i8x16_u(a), i16x8.extend_high_i8x16_u(d)),
      i16x8.add(innerHigh, i16x8.shl(innerHigh, 1)),
    );
    v128.store(sums + (i << 1), low);
    v128.store(sums + (i << 1), high, 16);
  }
  // Across: pixels 2i - 1 and 2i + 2 once, 2i and 2i + 1 three times.
  const last = <usize>(rowBytes >> 2) - 1; // the last source pixel of the row
  for (let j = 0; j < count; j++) {
    const centre = (<usize>j) << 1;
    const inner = v128.load(sums + (centre << 3)); // pixels 2i and 2i + 1
    const before = v128.load64_zero(sums + ((centre == 0 ? 0 : centre - 1) << 3));
    const after = v128.load64_zero(sums + (min(centre + 2, last) << 3));
    const sum = i16x8.add(i16x8.add(before, after), i16x8.mul(foldPixels(inner), i16x8.splat(3)));
    v128.store64_lane(target + ((<usize>j) << 3), sum, 0);
  }
}

/** The four 16-bit lanes of the upper pixel pair added to the lower's (lanes 0..3). */
function foldPixels(v: v128): v128 {
  return i16x8.add(v, v128.shuffle<i16>(v, v, 4, 5, 6, 7, 0, 1, 2, 3));
}

/**
 * One output row of a vertical filter over rows of 16-bit lanes: the sum of `taps` rows (an even
 * number; their offsets are i32s at `rows`) times their weights (i16s at `weights`), shifted right
 * by `shift` with rounding, `lanes` lanes (a multiple of 8) into `target`. Taps go in pairs: two
 * rows' lanes interleaved, each pair weighed by one dot product.
 */
export function filterRows(
  rows: usize,
  weights: usize,
  taps: i32,
  shift: i32,
  lanes: i32,
  target: usize,
): void {
  const half = i32x4.splat(1 << (shift - 1));
  const bytes = (<usize>lanes) << 1;
  for (let i: usize = 0; i < bytes; i += 16) {
    let low = i32x4.splat(0);
    let high = i32x4.splat(0);
    for (let t = 0; t < taps; t += 2) {
      const a = v128.load(<usize>load<i32>(rows + ((<usize>t) << 2)) + i);
      const b = v128.load(<usize>load<i32>(rows + ((<usize>t) << 2), 4) + i);
      const w = i32x4.splat(load<i32>(weights + ((<usize>t) << 1)));
      low = i32x4.add(low, i32x4.dot_i16x8_s(v128.shuffle<i16>(a, b, 0, 8, 1, 9, 2, 10, 3, 11), w));
      high = i32x4.add(high, i32x4.dot_i16x8_s(v128.shuffle<i16>(a, b, 4, 12, 5, 13, 6, 14, 7, 15), w));
    }
    low = i32x4.shr_s(i32x4.add(low, half), shift);
    high = i32x4.shr_s(i32x4.add(high, half), shift);
    v128.store(target + i, i16x8.narrow_i32x4_s(low, high));
  }
}

/**
 * One output row of a horizontal filter: pixel j of `count` is the sum of `taps` (even) pixels
 * (four 16-bit lanes each) of `source` from pixel starts[j] (i32s) times weights[j * taps + t]
 * (i16s), shifted right by `shift` with rounding, clamped to bytes with colour at most alpha (a
 * filter's ringing must not make premultiplied colour exceed its alpha), into RGBA bytes at
 * `target`. Taps go in pairs: one 16-byte read, channels interleaved, one dot product.
 */
export function filterColumns(
  source: usize,
  starts: usize,
  weights: usize,
  taps: i32,
  shift: i32,
  count: i32,
  target: usize,
): void {
  const half = i32x4.splat(1 << (shift - 1));
  let w = weights;
  for (let j = 0; j < count; j++) {
    let from = source + ((<usize>load<i32>(starts + ((<usize>j) << 2))) << 3);
    let sum = i32x4.splat(0);
    for (let t = 0; t < taps; t += 2, from += 16, w += 4) {
      const pair = v128.shuffle<i16>(v128.load(from), v128.load(from), 0, 4, 1, 5, 2, 6, 3, 7);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(pair, i32x4.splat(load<i32>(w))));
    }
    sum = i32x4.max_s(i32x4.shr_s(i32x4.add(sum, half), shift), i32x4.splat(0));
    sum = i32x4.min_s(sum, i32x4.splat(255));
    sum = i32x4.min_s(sum, v128.shuffle<i32>(sum, sum, 3, 3, 3, 3));
    const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(sum, sum), sum);
    store<u32>(target + ((<usize>j) << 2), i32x4.extract_lane(bytes, 0));
  }
}

/**
 * The warp's vector constants, read from memory once per row: as literals the engine rebuilds
 * each on every pixel (several instructions each).
 */
const WARP_CONSTANTS = memory.data<u8>(
  [
    // the taps' channels paired: (r00 r10 g00 g10 b00 b10 a00 a10), then the row below
    0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15,
    // 1 << 13 in each 32-bit lane (rounding of the bilinear sum)
    0, 32, 0, 0, 0, 32, 0, 0, 0, 32, 0, 0, 0, 32, 0, 0,
    // 128 in each 16-bit lane
    128, 0, 128, 0, 128, 0, 128, 0, 128, 0, 128, 0, 128, 0, 128, 0,
  ],
  16,
);

/** The warp's positions are exact at every EXACT_EVERY-th pixel of a row and linear in between. */
const EXACT_EVERY = 8;

/**
 * One row of the warp of a premultiplied design over an RGB template: for output columns `from`
 * to `to` of the row (`o`: the byte offset of `from` in the canvas), map the pixel centre into the
 * design through the homography's row terms (u = (a x + rowU) / (g x + rowW), v likewise), sample
 * bilinearly (taps outside the design are transparent, which anti-aliases its border), darken by
 * the shading factor (u16s at `factor`, 256 = 1) of the shade byte at shade[mapRow + x] and blend
 * over the canvas. The design's pixel (0, 0) is at `design`, rows `stride` pixels apart, the
 * shown part `lastX` + 1 by `lastY` + 1 pixels.
 */
export function warpRow(
  design: usize,
  stride: i32,
  lastX: i32,
  lastY: i32,
  from: i32,
  to: i32,
  a: f64,
  d: f64,
  g: f64,
  rowU: f64,
  rowV: f64,
  rowW: f64,
  canvas: usize,
  o: i32,
  shade: usize,
  mapRow: i32,
  factor: usize,
): void {
  const rowBytes = (<usize>stride) << 2;
  const pairing = v128.load(WARP_CONSTANTS);
  const round14 = v128.load(WARP_CONSTANTS, 16);
  const half = v128.load(WARP_CONSTANTS, 32);
  // Positions in 1/65536ths of a design pixel, less half a pixel (bilinear taps sit on centres).
  let cx = <f64>from + 0.5;
  let scale = 65536.0 / (g * cx + rowW);
  let nextU = <i32>((a * cx + rowU) * scale - 32768.0);
  let nextV = <i32>((d * cx + rowV) * scale - 32768.0);
  for (let x = from; x < to;) {
    const end = min(to, x + EXACT_EVERY);
    const steps = end - x;
    let u = nextU;
    let v = nextV;
    cx = <f64>end + 0.5;
    scale = 65536.0 / (g * cx + rowW);
    nextU = <i32>((a * cx + rowU) * scale - 32768.0);
    nextV = <i32>((d * cx + rowV) * scale - 32768.0);
    // A whole stretch divides by a shift (an integer division costs as much as several pixels).
    const du = steps == EXACT_EVERY ? (nextU - u) >> 3 : (nextU - u) / steps;
    const dv = steps == EXACT_EVERY ? (nextV - v) >> 3 : (nextV - v) / steps;
    for (; x < end; x++, u += du, v += dv, o += 3) {
      const x0 = u >> 16;
      const y0 = v >> 16;
      const at = design + <usize>(y0 * stride + x0) * 4;
      let taps: v128;
      if (<u32>x0 < <u32>lastX && <u32>y0 < <u32>lastY) {
        taps = v128.load64_lane(at + rowBytes, v128.load64_zero(at), 1);
      } else {
        if (x0 < -1 || y0 < -1 || x0 > lastX || y0 > lastY) continue;
        const inX = x0 >= 0;
        const inY = y0 >= 0;
        const inRight = x0 < lastX;
        const inBelow = y0 < lastY;
        const p00: u64 = inX && inY ? load<u32>(at) : 0;
        const p10: u64 = inRight && inY ? load<u32>(at, 4) : 0;
        const p01: u64 = inX && inBelow ? load<u32>(at + rowBytes) : 0;
        const p11: u64 = inRight && inBelow ? load<u32>(at + rowBytes, 4) : 0;
        taps = i64x2.replace_lane(i64x2.splat(p00 | (p10 << 32)), 1, p01 | (p11 << 32));
      }
      if (!v128.any_true(taps)) continue;
      // Weights in 1/16384ths: the fractions in 1/128ths, multiplied.
      const fx = ((u & 0xffff) + 256) >> 9;
      const fy = ((v & 0xffff) + 256) >> 9;
      const gx = 128 - fx;
      const gy = 128 - fy;
      // Channel by channel, the left tap beside the right one: (r00 r10 g00 g10 ...), then the row below.
      const paired = i8x16.swizzle(taps, pairing);
      const sum = i32x4.add(
        i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_u(paired), i32x4.splat((gx * gy) | ((fx * gy) << 16))),
        i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_u(paired), i32x4.splat((gx * fy) | ((fx * fy) << 16))),
      );
      // Premultiplied r g b a (0..255) in the first four 16-bit lanes.
      const colour32 = i32x4.shr_u(i32x4.add(sum, round14), 14);
      const colour = i16x8.narrow_i32x4_u(colour32, colour32);
      const alpha = i16x8.extract_lane_u(colour, 3);
      if (alpha == 0) continue;
      const s = load<u16>(factor + ((<usize>load<u8>(shade + <usize>(mapRow + x))) << 1));
      // Colour times shading (256 = 1); then what shows through: the canvas times (255 - alpha) / 255.
      let out = i16x8.shr_u(i16x8.add(i16x8.mul(colour, i16x8.splat(s)), half), 8);
      const pixel = canvas + <usize>o;
      if (alpha != 255) {
        const under = i16x8.extend_low_i8x16_u(v128.load32_zero(pixel));
        const t = i16x8.add(i16x8.mul(under, i16x8.splat(<i16>(255 - alpha))), half);
        out = i16x8.add(out, i16x8.shr_u(i16x8.add(t, i16x8.shr_u(t, 8)), 8));
      }
      const bytes = i8x16.narrow_i16x8_u(out, out);
      v128.store16_lane(pixel, bytes, 0);
      v128.store8_lane(pixel, bytes, 2, 2);
    }
  }
}

/**
 * RGBA flattened on white into RGB: `count` pixels from `source` to `target` (which may be 4 bytes
 * short of a vector at its end: the kernels' regions have room). Returns 1 when any pixel was not
 * opaque.
 */
export function flatten(source: usize, target: usize, count: i32): i32 {
  let seen = i32x4.splat(0);
  let j = 0;
  for (; j + 4 <= count; j += 4) {
    const v = v128.load(source + ((<usize>j) << 2));
    const alpha = v128.and(v, ALPHA);
    let out = v;
    if (!i32x4.all_true(i32x4.eq(alpha, ALPHA))) {
      seen = v128.or(seen, v128.xor(alpha, ALPHA));
      // colour x alpha + 255 x (255 - alpha), over 255
      const a = v128.shuffle<u8>(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
      const white = v128.not(a);
      const low = divide255(
        i16x8.add(
          i16x8.mul(i16x8.extend_low_i8x16_u(v), i16x8.extend_low_i8x16_u(a)),
          i16x8.mul(i16x8.extend_low_i8x16_u(white), i16x8.splat(255)),
        ),
      );
      const high = divide255(
        i16x8.add(
          i16x8.mul(i16x8.extend_high_i8x16_u(v), i16x8.extend_high_i8x16_u(a)),
          i16x8.mul(i16x8.extend_high_i8x16_u(white), i16x8.splat(255)),
        ),
      );
      out = i8x16.narrow_i16x8_u(low, high);
    }
    v128.store(
      target + <usize>j * 3,
      v128.shuffle<u8>(out, out, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15, 15, 15, 15),
    );
  }
  let any = v128.any_true(seen) ? 1 : 0;
  for (; j < count; j++) {
    const word = load<u32>(source + ((<usize>j) << 2));
    const a = word >>> 24;
    const at = target + <usize>j * 3;
    for (let c: u32 = 0; c < 3; c++)
      store<u8>(at + c, (((word >>> (c * 8)) & 255) * a + (255 - a) * 255 + 127) / 255);
    if (a != 255) any = 1;
  }
  return any;
}

/**
 * The photo's brightness over a window (`width` x `height` pixels of RGBA rows `stride` pixels
 * apart at `rgba`), lightly blurred (the 3x3 mean, a neighbour outside the window left out), as
 * f32s at `target`; `scratch` holds as many f32s.
 */
export function brightness(
  rgba: usize,
  stride: i32,
  width: i32,
  height: i32,
  target: usize,
  scratch: usize,
): void {
  for (let y = 0; y < height; y++) {
    let p = rgba + ((<usize>(y * stride)) << 2);
    let k = target + ((<usize>(y * width)) << 2);
    for (let x = 0; x < width; x++, p += 4, k += 4) {
      store<f32>(k, 0.2126 * <f32>load<u8>(p) + 0.7152 * <f32>load<u8>(p, 1) + 0.0722 * <f32>load<u8>(p, 2));
    }
  }
  // Across into scratch, then down back into target.
  for (let y = 0; y < height; y++) {
    const row = (<usize>(y * width)) << 2;
    for (let x = 0; x < width; x++) {
      const k = row + ((<usize>x) << 2);
      let sum = load<f32>(target + k);
      let n: f32 = 1;
      if (x > 0) {
        sum += load<f32>(target + k - 4);
        n += 1;
      }
      if (x < width - 1) {
        sum += load<f32>(target + k + 4);
        n += 1;
      }
      store<f32>(scratch + k, sum / n);
    }
  }
  const rowBytes = (<usize>width) << 2;
  for (let y = 0; y < height; y++) {
    const row = (<usize>(y * width)) << 2;
    for (let x = 0; x < width; x++) {
      const k = row + ((<usize>x) << 2);
      let sum = load<f32>(scratch + k);
      let n: f32 = 1;
      if (y > 0) {
        sum += load<f32>(scratch + k - rowBytes);
        n += 1;
      }
      if (y < height - 1) {
        sum += load<f32>(scratch + k + rowBytes);
        n += 1;
      }
      store<f32>(target + k, sum / n);
    }
  }
}

/**
 * Counts `count` f32 brightness levels from `levels` (rounded, at most 255) into 256 u32s at
 * `histogram`, skipping those whose byte at `alpha` is 127 or less (when `alpha` is not 0).
 */
export function countLevels(levels: usize, alpha: usize, count: i32, histogram: usize): void {
  for (let k = 0; k < count; k++) {
    if (alpha != 0 && load<u8>(alpha + <usize>k) <= 127) continue;
    const level = min<i32>(255, <i32>nearest(load<f32>(levels + ((<usize>k) << 2))));
    const at = histogram + ((<usize>level) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
}

/** Brightness levels times `scale`, rounded and at most 255, as bytes: `count` of them. */
export function scaleLevels(levels: usize, count: i32, scale: f32, target: usize): void {
  for (let k = 0; k < count; k++) {
    store<u8>(target + <usize>k, <u32>min<f32>(255, nearest(load<f32>(levels + ((<usize>k) << 2)) * scale)));
  }
}
