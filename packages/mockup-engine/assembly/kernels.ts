/**
 * The engine's per-pixel kernels, in AssemblyScript with 128-bit SIMD, compiled to
 * src/kernels.wasm (`npm run build:kernels -w @podflow/mockup-engine`; a test checks the committed
 * file is what this source compiles to). They work on the memory the module exports, laid out by
 * src/kernels.ts: every argument is a byte offset into it or a plain number.
 *
 * Pixels are RGBA bytes; "premultiplied" means colour already times alpha / 255.
 */

const ALPHA = i32x4.splat(0xff000000);

/**
 * Byte indexes for relaxed_swizzle that pair two pixels' 16-bit channels: (r0 r1 g0 g1 b0 b1 a0 a1).
 * Constants live in memory and are loaded before a loop: as literals the engine rebuilds each on
 * every use (several instructions each); relaxed_swizzle (every index in range, so exact on every
 * engine) is one instruction where swizzle is three.
 */
const PAIRING = memory.data<u8>([0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15], 16);

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

/**
 * Premultiplies `count` straight RGBA pixels from `source` into `target` (may be the same place),
 * sixteen at a time: a run that is all opaque is copied as it is and one all transparent is
 * cleared (its colour is nothing), so most of a design costs one test per sixteen pixels.
 */
export function premultiply(source: usize, target: usize, count: i32): void {
  const end = source + ((<usize>count) << 2);
  let from = source;
  let to = target;
  for (; from + 64 <= end; from += 64, to += 64) {
    const v0 = v128.load(from);
    const v1 = v128.load(from, 16);
    const v2 = v128.load(from, 32);
    const v3 = v128.load(from, 48);
    const every = v128.and(v128.and(v0, v1), v128.and(v2, v3));
    const some = v128.or(v128.or(v0, v1), v128.or(v2, v3));
    if (i32x4.all_true(i32x4.eq(v128.and(every, ALPHA), ALPHA))) {
      v128.store(to, v0);
      v128.store(to, v1, 16);
      v128.store(to, v2, 32);
      v128.store(to, v3, 48);
    } else if (!v128.any_true(v128.and(some, ALPHA))) {
      const zero = i32x4.splat(0);
      v128.store(to, zero);
      v128.store(to, zero, 16);
      v128.store(to, zero, 32);
      v128.store(to, zero, 48);
    } else {
      v128.store(to, premultiply4(v0));
      v128.store(to, premultiply4(v1), 16);
      v128.store(to, premultiply4(v2), 32);
      v128.store(to, premultiply4(v3), 48);
    }
  }
  for (; from + 16 <= end; from += 16, to += 16) v128.store(to, premultiply4(v128.load(from)));
  for (; from < end; from += 4, to += 4) {
    const word = load<u32>(from);
    const a = word >>> 24;
    const r = ((word & 255) * a + 127) / 255;
    const g = (((word >>> 8) & 255) * a + 127) / 255;
    const b = (((word >>> 16) & 255) * a + 127) / 255;
    store<u32>(to, r | (g << 8) | (b << 16) | (a << 24));
  }
}

/** 1 in every byte. */
const ONES = memory.data<u8>([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 16);

/** The mean of two byte vectors rounded down (avgr_u rounds up); `ones` is 1 in every byte. */
function averageDown(x: v128, y: v128, ones: v128): v128 {
  return i8x16.sub(i8x16.avgr_u(x, y), v128.and(v128.xor(x, y), ones));
}

/**
 * (a + 3b + 3c + d) / 8 per byte, by means of two: the roundings up and down alternate, so the
 * result is off by at most one level and not biased.
 */
function tent(a: v128, b: v128, c: v128, d: v128, ones: v128): v128 {
  const inner = i8x16.avgr_u(b, c);
  return averageDown(i8x16.avgr_u(averageDown(a, d, ones), inner), inner, ones);
}

/**
 * One row of a 2:1 reduction by the tent filter (1 3 3 1) / 8 across and down, premultiplied
 * RGBA bytes in and out: rows r0 to r3 (`width` pixels each) are source rows 2j - 1 to 2j + 2 of
 * output row j, and output pixel i comes from source pixels 2i - 1 to 2i + 2 (the edge pixel
 * repeated past either end). Unlike a 2 x 2 box it leaves nothing near the new size's limit to
 * alias. `count` pixels (rounded up to four) go to `target`; `row` holds the row summed down,
 * with room for (width + 16) pixels. A kernel may read 16 bytes past a row.
 */
export function halveRow(
  r0: usize,
  r1: usize,
  r2: usize,
  r3: usize,
  width: i32,
  count: i32,
  target: usize,
  row: usize,
): void {
  const ones = v128.load(ONES);
  // Down, into row from its second pixel on.
  const length = (<usize>width) << 2;
  for (let i: usize = 0; i < length; i += 16) {
    v128.store(
      row + 4 + i,
      tent(v128.load(r0 + i), v128.load(r1 + i), v128.load(r2 + i), v128.load(r3 + i), ones),
    );
  }
  store<u32>(row, load<u32>(row, 4));
  store<u32>(row + 4 + length, load<u32>(row + length));
  // Across, four output pixels at a time: pixel 2i - 1 of the source is at row + 8i.
  for (let j: usize = 0; j < <usize>count; j += 4) {
    const at = row + (j << 3);
    const x = v128.load(at);
    const y = v128.load(at, 16);
    const odd = v128.load(at, 8);
    const next = v128.load(at, 24);
    const a = v128.shuffle<i32>(x, y, 0, 2, 4, 6);
    const b = v128.shuffle<i32>(x, y, 1, 3, 5, 7);
    const c = v128.shuffle<i32>(odd, next, 0, 2, 4, 6);
    const d = v128.shuffle<i32>(odd, next, 1, 3, 5, 7);
    v128.store(target + (j << 2), tent(a, b, c, d, ones));
  }
}

/**
 * One output row of a vertical filter over rows of bytes: the sum of `taps` rows (an even number;
 * their offsets are i32s at `rows`) times their weights (i16s at `weights`), shifted right by
 * `shift` with rounding, `bytes` bytes (a multiple of 16) into 16-bit lanes at `target`. Taps go
 * in pairs: two rows' bytes interleaved, each pair weighed by one dot product.
 */
export function filterRows(
  rows: usize,
  weights: usize,
  taps: i32,
  shift: i32,
  bytes: i32,
  target: usize,
): void {
  const half = i32x4.splat(1 << (shift - 1));
  for (let i: usize = 0; i < <usize>bytes; i += 16) {
    let s0 = i32x4.splat(0);
    let s1 = i32x4.splat(0);
    let s2 = i32x4.splat(0);
    let s3 = i32x4.splat(0);
    for (let t = 0; t < taps; t += 2) {
      const a = v128.load(<usize>load<i32>(rows + ((<usize>t) << 2)) + i);
      const b = v128.load(<usize>load<i32>(rows + ((<usize>t) << 2), 4) + i);
      const w = v128.load32_splat(weights + ((<usize>t) << 1));
      const low = v128.shuffle<u8>(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
      const high = v128.shuffle<u8>(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
      s0 = i32x4.add(s0, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_u(low), w));
      s1 = i32x4.add(s1, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_u(low), w));
      s2 = i32x4.add(s2, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_u(high), w));
      s3 = i32x4.add(s3, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_u(high), w));
    }
    s0 = i32x4.shr_s(i32x4.add(s0, half), shift);
    s1 = i32x4.shr_s(i32x4.add(s1, half), shift);
    s2 = i32x4.shr_s(i32x4.add(s2, half), shift);
    s3 = i32x4.shr_s(i32x4.add(s3, half), shift);
    v128.store(target + (i << 1), i16x8.narrow_i32x4_s(s0, s1));
    v128.store(target + (i << 1), i16x8.narrow_i32x4_s(s2, s3), 16);
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
  // Two pixels' 16-bit channels paired: (r0 r1 g0 g1 b0 b1 a0 a1).
  const pairing = v128.load(PAIRING);
  let w = weights;
  for (let j = 0; j < count; j++) {
    let from = source + ((<usize>load<i32>(starts + ((<usize>j) << 2))) << 3);
    let sum = i32x4.splat(0);
    for (let t = 0; t < taps; t += 2, from += 16, w += 4) {
      const pair = i8x16.relaxed_swizzle(v128.load(from), pairing);
      sum = i32x4.add(sum, i32x4.dot_i16x8_s(pair, v128.load32_splat(w)));
    }
    sum = i32x4.shr_s(i32x4.add(sum, half), shift);
    // Colour at most alpha, then bytes (the narrowing clamps to 0..255).
    sum = i32x4.min_s(sum, v128.shuffle<i32>(sum, sum, 3, 3, 3, 3));
    const words = i16x8.narrow_i32x4_s(sum, sum);
    store<u32>(target + ((<usize>j) << 2), i32x4.extract_lane(i8x16.narrow_i16x8_u(words, words), 0));
  }
}

/** The warp's vector constants (read from memory once per row, as PAIRING says). */
const WARP_CONSTANTS = memory.data<u8>(
  [
    // four RGB canvas pixels spread to RGBx (x: a byte of no use; every index in range, for
    // relaxed_swizzle)
    0, 1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11,
    // four RGBx pixels packed to RGB (the last four bytes unused)
    0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15, 15, 15, 15,
    // 128 in each 16-bit lane
    128, 0, 128, 0, 128, 0, 128, 0, 128, 0, 128, 0, 128, 0, 128, 0,
    // 255 in each 16-bit lane
    255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0,
    // 0, 1, 2, 3 in the 32-bit lanes (a group's pixels)
    0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
  ],
  16,
);

/** The warp's positions are exact at every EXACT_EVERY-th pixel of a row and linear in between. */
const EXACT_EVERY = 8;

/** A group's integer positions (x0 then y0, four i32s each), kept for borderTaps. */
const BORDER = memory.data(32, 16);

/**
 * The taps of the group's pixel `lane` (its position in BORDER) near or past the design's border,
 * as (p00 p10 p01 p11): taps outside the design are transparent (which anti-aliases its border),
 * and so is all of a pixel past the row's end (`inRow` false).
 */
function borderTaps(design: usize, stride: i32, lastX: i32, lastY: i32, lane: i32, inRow: bool): v128 {
  const x0 = load<i32>(BORDER + ((<usize>lane) << 2));
  const y0 = load<i32>(BORDER + ((<usize>lane) << 2), 16);
  if (!inRow || x0 < -1 || y0 < -1 || x0 > lastX || y0 > lastY) return i32x4.splat(0);
  const at = design + <usize>(y0 * stride + x0) * 4;
  const rowBytes = (<usize>stride) << 2;
  const inX = x0 >= 0;
  const inY = y0 >= 0;
  const inRight = x0 < lastX;
  const inBelow = y0 < lastY;
  const p00: u64 = inX && inY ? load<u32>(at) : 0;
  const p10: u64 = inRight && inY ? load<u32>(at, 4) : 0;
  const p01: u64 = inX && inBelow ? load<u32>(at + rowBytes) : 0;
  const p11: u64 = inRight && inBelow ? load<u32>(at + rowBytes, 4) : 0;
  return i64x2.replace_lane(i64x2.splat(p00 | (p10 << 32)), 1, p01 | (p11 << 32));
}

/**
 * Bilinear in 16-bit lanes for the two pixels of a half group (four channels each, weights in
 * 1/32768ths), then shaded (`s`: 256 = 1) and blended over the canvas's `under` (RGBx, x unused):
 * colour x s + under x (255 - alpha) / 255.
 */
function blendHalf(
  t00: v128,
  t10: v128,
  t01: v128,
  t11: v128,
  fx: v128,
  fy: v128,
  s: v128,
  under: v128,
  half: v128,
  full: v128,
): v128 {
  const top = i16x8.add(t00, i16x8.relaxed_q15mulr_s(i16x8.sub(t10, t00), fx));
  const bottom = i16x8.add(t01, i16x8.relaxed_q15mulr_s(i16x8.sub(t11, t01), fx));
  const colour = i16x8.add(top, i16x8.relaxed_q15mulr_s(i16x8.sub(bottom, top), fy));
  const alpha = v128.shuffle<i16>(colour, colour, 3, 3, 3, 3, 7, 7, 7, 7);
  const shaded = i16x8.shr_u(i16x8.add(i16x8.mul(colour, s), half), 8);
  const t = i16x8.add(i16x8.mul(under, i16x8.sub(full, alpha)), half);
  return i16x8.add(shaded, i16x8.shr_u(i16x8.add(t, i16x8.shr_u(t, 8)), 8));
}

/**
 * A group's four 32-bit values (each below 32768) twice over in 16-bit lanes: (v0 v0 v1 v1 v2 v2
 * v3 v3); its 32-bit lanes 0, 0, 1, 1 (or 2, 2, 3, 3) give them per channel of pixels 0 and 1 (2 and 3).
 */
function twice(v: v128): v128 {
  const words = i16x8.narrow_i32x4_s(v, v);
  return v128.shuffle<i16>(words, words, 0, 0, 1, 1, 2, 2, 3, 3);
}

/**
 * One group of four pixels of a warp row: their taps at design positions (x0, y0) plus fractions
 * (fx, fy: 1/32768ths), of which `n` lie in the row, sampled, shaded by the four shade bytes at
 * `shade` and blended over the canvas at `pixel`.
 */
function drawGroup(
  x0: v128,
  y0: v128,
  fx: v128,
  fy: v128,
  n: i32,
  pixel: usize,
  shade: usize,
  design: usize,
  stride: i32,
  lastX: i32,
  lastY: i32,
  lastXs: v128,
  lastYs: v128,
  strides: v128,
  designs: v128,
  slopes: v128,
  bases: v128,
  spread: v128,
  pack: v128,
  half: v128,
  full: v128,
): void {
  const rowBytes = (<usize>stride) << 2;
  let p0: v128, p1: v128, p2: v128, p3: v128;
  const inside = v128.and(i32x4.lt_u(x0, lastXs), i32x4.lt_u(y0, lastYs));
  if (n >= 4 && i32x4.all_true(inside)) {
    const at = i32x4.add(i32x4.shl(i32x4.add(i32x4.mul(y0, strides), x0), 2), designs);
    const at0 = <usize>i32x4.extract_lane(at, 0);
    const at1 = <usize>i32x4.extract_lane(at, 1);
    const at2 = <usize>i32x4.extract_lane(at, 2);
    const at3 = <usize>i32x4.extract_lane(at, 3);
    p0 = v128.load64_lane(at0 + rowBytes, v128.load64_zero(at0), 1);
    p1 = v128.load64_lane(at1 + rowBytes, v128.load64_zero(at1), 1);
    p2 = v128.load64_lane(at2 + rowBytes, v128.load64_zero(at2), 1);
    p3 = v128.load64_lane(at3 + rowBytes, v128.load64_zero(at3), 1);
  } else {
    v128.store(BORDER, x0);
    v128.store(BORDER, y0, 16);
    p0 = borderTaps(design, stride, lastX, lastY, 0, true);
    p1 = borderTaps(design, stride, lastX, lastY, 1, n > 1);
    p2 = borderTaps(design, stride, lastX, lastY, 2, n > 2);
    p3 = borderTaps(design, stride, lastX, lastY, 3, n > 3);
  }
  if (!v128.any_true(v128.or(v128.or(p0, p1), v128.or(p2, p3)))) return;
  // Tap by tap, the four pixels side by side.
  const q0 = v128.shuffle<i32>(p0, p1, 0, 4, 1, 5);
  const q1 = v128.shuffle<i32>(p0, p1, 2, 6, 3, 7);
  const q2 = v128.shuffle<i32>(p2, p3, 0, 4, 1, 5);
  const q3 = v128.shuffle<i32>(p2, p3, 2, 6, 3, 7);
  const t00 = v128.shuffle<i64>(q0, q2, 0, 2);
  const t10 = v128.shuffle<i64>(q0, q2, 1, 3);
  const t01 = v128.shuffle<i64>(q1, q3, 0, 2);
  const t11 = v128.shuffle<i64>(q1, q3, 1, 3);
  const level = i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(shade)));
  const s = i32x4.shr_u(i32x4.add(i32x4.mul(level, slopes), bases), 16);
  const under = i8x16.relaxed_swizzle(v128.load(pixel), spread);
  const fxs = twice(fx);
  const fys = twice(fy);
  const ss = twice(s);
  const low = blendHalf(
    i16x8.extend_low_i8x16_u(t00),
    i16x8.extend_low_i8x16_u(t10),
    i16x8.extend_low_i8x16_u(t01),
    i16x8.extend_low_i8x16_u(t11),
    v128.shuffle<i32>(fxs, fxs, 0, 0, 1, 1),
    v128.shuffle<i32>(fys, fys, 0, 0, 1, 1),
    v128.shuffle<i32>(ss, ss, 0, 0, 1, 1),
    i16x8.extend_low_i8x16_u(under),
    half,
    full,
  );
  const high = blendHalf(
    i16x8.extend_high_i8x16_u(t00),
    i16x8.extend_high_i8x16_u(t10),
    i16x8.extend_high_i8x16_u(t01),
    i16x8.extend_high_i8x16_u(t11),
    v128.shuffle<i32>(fxs, fxs, 2, 2, 3, 3),
    v128.shuffle<i32>(fys, fys, 2, 2, 3, 3),
    v128.shuffle<i32>(ss, ss, 2, 2, 3, 3),
    i16x8.extend_high_i8x16_u(under),
    half,
    full,
  );
  const rgb = i8x16.relaxed_swizzle(i8x16.narrow_i16x8_u(low, high), pack);
  v128.store64_lane(pixel, rgb, 0);
  v128.store32_lane(pixel, rgb, 2, 8);
}

/**
 * One row of the warp of a premultiplied design over an RGB template: for output columns `from`
 * to `to` of the row (`o`: the byte offset of `from` in the canvas), map the pixel centre into the
 * design through the homography's row terms (u = (a x + rowU) / (g x + rowW), v likewise), sample
 * bilinearly (taps outside the design are transparent, which anti-aliases its border), darken by
 * the shade byte at shade[mapRow + x] (the factor (shadeBase + shade x shadeSlope) / 2^16 + 0.5
 * rounded down, 256 = 1) and blend over the canvas. Four pixels at a time, their channels side by
 * side in 16-bit lanes; a group that is all transparent is skipped, and one past the row's end
 * writes back what the canvas holds. The design's pixel (0, 0) is at `design`, rows `stride`
 * pixels apart, the shown part `lastX` + 1 by `lastY` + 1 pixels.
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
  shadeBase: i32,
  shadeSlope: i32,
): void {
  const spread = v128.load(WARP_CONSTANTS);
  const pack = v128.load(WARP_CONSTANTS, 16);
  const half = v128.load(WARP_CONSTANTS, 32);
  const full = v128.load(WARP_CONSTANTS, 48);
  const lanes = v128.load(WARP_CONSTANTS, 64);
  // Splats made once here: the engine would make them again on every use in the loop.
  const lastXs = i32x4.splat(lastX);
  const lastYs = i32x4.splat(lastY);
  const strides = i32x4.splat(stride);
  const designs = i32x4.splat(<i32>design);
  const fractions = i32x4.splat(0xffff);
  const slopes = i32x4.splat(shadeSlope);
  const bases = i32x4.splat(shadeBase);
  // Positions in 1/65536ths of a design pixel, less half a pixel (bilinear taps sit on centres).
  let cx = <f64>from + 0.5;
  let scale = 65536.0 / (g * cx + rowW);
  let nextU = <i32>((a * cx + rowU) * scale - 32768.0);
  let nextV = <i32>((d * cx + rowV) * scale - 32768.0);
  let pixel = canvas + <usize>o;
  for (let x = from; x < to;) {
    const end = min(to, x + EXACT_EVERY);
    const steps = end - x;
    const u = nextU;
    const v = nextV;
    cx = <f64>end + 0.5;
    scale = 65536.0 / (g * cx + rowW);
    nextU = <i32>((a * cx + rowU) * scale - 32768.0);
    nextV = <i32>((d * cx + rowV) * scale - 32768.0);
    // A whole stretch divides by a shift (an integer division costs as much as several pixels).
    const du = steps == EXACT_EVERY ? (nextU - u) >> 3 : (nextU - u) / steps;
    const dv = steps == EXACT_EVERY ? (nextV - v) >> 3 : (nextV - v) / steps;
    let groupU = i32x4.add(i32x4.splat(u), i32x4.mul(i32x4.splat(du), lanes));
    let groupV = i32x4.add(i32x4.splat(v), i32x4.mul(i32x4.splat(dv), lanes));
    const stepU = i32x4.splat(du << 2);
    const stepV = i32x4.splat(dv << 2);
    for (; x < end; x += 4, pixel += 12) {
      const x0 = i32x4.shr_s(groupU, 16);
      const y0 = i32x4.shr_s(groupV, 16);
      const fx = i32x4.shr_u(v128.and(groupU, fractions), 1);
      const fy = i32x4.shr_u(v128.and(groupV, fractions), 1);
      groupU = i32x4.add(groupU, stepU);
      groupV = i32x4.add(groupV, stepV);
      drawGroup(
        x0,
        y0,
        fx,
        fy,
        end - x,
        pixel,
        shade + <usize>(mapRow + x),
        design,
        stride,
        lastX,
        lastY,
        lastXs,
        lastYs,
        strides,
        designs,
        slopes,
        bases,
        spread,
        pack,
        half,
        full,
      );
    }
  }
}

/**
 * warpRow for a print area that is not flat (a cylinder, the photo's folds): each output pixel's
 * place in the print area's box is looked up, not computed, in `coords` (two i16s per pixel, x
 * then y, in fixed point, from column `from` on; a place far outside the box shows nothing), and
 * taken into the design by the design's fit: u = x * su + ou, v = y * sv + ov (the fixed point's
 * scale folded into su and sv), in 1/65536ths of a design pixel less half a pixel. The rest is
 * warpRow's.
 */
export function warpRowMapped(
  design: usize,
  stride: i32,
  lastX: i32,
  lastY: i32,
  from: i32,
  to: i32,
  coords: usize,
  su: f32,
  ou: f32,
  sv: f32,
  ov: f32,
  canvas: usize,
  o: i32,
  shade: usize,
  mapRow: i32,
  shadeBase: i32,
  shadeSlope: i32,
): void {
  const spread = v128.load(WARP_CONSTANTS);
  const pack = v128.load(WARP_CONSTANTS, 16);
  const half = v128.load(WARP_CONSTANTS, 32);
  const full = v128.load(WARP_CONSTANTS, 48);
  const lastXs = i32x4.splat(lastX);
  const lastYs = i32x4.splat(lastY);
  const strides = i32x4.splat(stride);
  const designs = i32x4.splat(<i32>design);
  const fractions = i32x4.splat(0xffff);
  const slopes = i32x4.splat(shadeSlope);
  const bases = i32x4.splat(shadeBase);
  const sus = f32x4.splat(su);
  const ous = f32x4.splat(ou);
  const svs = f32x4.splat(sv);
  const ovs = f32x4.splat(ov);
  let pixel = canvas + <usize>o;
  let at = coords;
  for (let x = from; x < to; x += 4, pixel += 12, at += 16) {
    const pairs = v128.load(at);
    const split = v128.shuffle<i16>(pairs, pairs, 0, 2, 4, 6, 1, 3, 5, 7);
    const xs = f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(split));
    const ys = f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(split));
    const groupU = i32x4.trunc_sat_f32x4_s(f32x4.add(f32x4.mul(xs, sus), ous));
    const groupV = i32x4.trunc_sat_f32x4_s(f32x4.add(f32x4.mul(ys, svs), ovs));
    drawGroup(
      i32x4.shr_s(groupU, 16),
      i32x4.shr_s(groupV, 16),
      i32x4.shr_u(v128.and(groupU, fractions), 1),
      i32x4.shr_u(v128.and(groupV, fractions), 1),
      to - x,
      pixel,
      shade + <usize>(mapRow + x),
      design,
      stride,
      lastX,
      lastY,
      lastXs,
      lastYs,
      strides,
      designs,
      slopes,
      bases,
      spread,
      pack,
      half,
      full,
    );
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
