import { type Homography, type Point, type Quad, type Rect, ring } from './geometry.ts';

/**
 * The per-pixel heart of a render: for every template pixel the design's quad touches, map the
 * pixel centre back into the reduced design (projective), sample it bilinearly (premultiplied, so
 * the design's edges fade out over one pixel instead of stair-stepping), darken it by the
 * template's shading and blend it into the output. Plain typed-array loops: no allocation per pixel.
 */

/**
 * Premultiplied RGBA bytes of the design: rows of `stride` pixels, of which the warp shows
 * `window` (the whole design, or the part a cover fit keeps); around it is transparent.
 */
export type DesignPixels = { data: Uint8Array; stride: number; window: Rect };

/** Per-pixel maps of the template over the print area's bounds. */
export type AreaMaps = {
  bounds: Rect;
  /** Shading: the photo's brightness relative to the print area's brightest level, 255 = 1. */
  shade: Uint8Array;
  /** The template's alpha (only for a template with transparency). */
  alpha: Uint8Array | undefined;
};

export type WarpTarget = {
  /** The output image, already holding the template (RGB flattened on white, or straight RGBA). */
  pixels: Uint8Array;
  width: number;
  channels: 3 | 4;
};

/** Premultiplies straight RGBA into `target` (4-byte aligned): the warp interpolates premultiplied colour. */
export function premultiply(source: Uint8Array, target: Uint8Array): void {
  const to = new Uint32Array(target.buffer, target.byteOffset, target.length >> 2);
  if (source.byteOffset % 4 === 0) {
    // Word by word: empty and opaque pixels (most of a print file) are copied as they are.
    const from = new Uint32Array(source.buffer, source.byteOffset, source.length >> 2);
    for (let k = 0; k < from.length; k += 1) {
      const word = from[k]!;
      const a = word >>> 24;
      if (a === 255 || a === 0) {
        to[k] = a === 0 ? 0 : word;
        continue;
      }
      const r = (((word & 255) * a + 127) / 255) | 0;
      const g = ((((word >>> 8) & 255) * a + 127) / 255) | 0;
      const b = ((((word >>> 16) & 255) * a + 127) / 255) | 0;
      to[k] = (r | (g << 8) | (b << 16) | (a << 24)) >>> 0;
    }
    return;
  }
  for (let i = 0; i < source.length; i += 4) {
    const a = source[i + 3]!;
    target[i] = (source[i]! * a + 127) / 255;
    target[i + 1] = (source[i + 1]! * a + 127) / 255;
    target[i + 2] = (source[i + 2]! * a + 127) / 255;
    target[i + 3] = a;
  }
}

/** The factor a shading byte multiplies the design's colour by, at a given strength (0 = off). */
export function shadingTable(strength: number): Float32Array {
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i += 1) table[i] = 1 - strength + (strength * i) / 255;
  return table;
}

const clampByte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0);

/**
 * The columns of the row centred at `cy` that lie within a pixel of the convex quad: the x extent
 * of the quad's part inside the band [cy - 1, cy + 1], found on each edge that crosses the band.
 */
function rowSpan(corners: readonly Point[], cy: number, bounds: Rect): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (let k = 0; k < 4; k += 1) {
    const p = corners[k]!;
    const q = corners[(k + 1) & 3]!;
    if (Math.max(p.y, q.y) < cy - 1 || Math.min(p.y, q.y) > cy + 1) continue;
    for (const edgeY of [cy - 1, cy + 1]) {
      const t = q.y === p.y ? 0 : Math.min(1, Math.max(0, (edgeY - p.y) / (q.y - p.y)));
      const x = p.x + t * (q.x - p.x);
      if (x < low) low = x;
      if (x > high) high = x;
    }
    if (q.y === p.y) {
      low = Math.min(low, q.x);
      high = Math.max(high, q.x);
    }
  }
  if (low > high) return [0, 0];
  return [
    Math.max(bounds.left, Math.floor(low) - 1),
    Math.min(bounds.left + bounds.width, Math.ceil(high) + 1),
  ];
}

/**
 * Warps `design` onto `target` within `bounds` (template pixels). `behind`: draw it behind the
 * photo, seen only where the template is transparent (needs maps.alpha).
 */
export function warp(
  design: DesignPixels,
  toDesign: Homography,
  quad: Quad,
  bounds: Rect,
  target: WarpTarget,
  maps: AreaMaps,
  shading: Float32Array,
  behind: boolean,
): void {
  const [a, b, c, d, e, f, g, h, i] = toDesign;
  const { data, stride, window } = design;
  const { width: dw, height: dh } = window;
  const { pixels, width: outWidth, channels } = target;
  const area = maps.bounds;
  const shade = maps.shade;
  const alpha = maps.alpha;
  const rowStride = stride * 4;
  const origin = window.top * rowStride + window.left * 4;
  const corners = ring(quad);
  if (channels === 3 && !behind) {
    warpOverRgb(design, toDesign, corners, bounds, target, maps, shading);
    return;
  }
  for (let y = bounds.top; y < bounds.top + bounds.height; y += 1) {
    const cy = y + 0.5;
    const [from, to] = rowSpan(corners, cy, bounds);
    const mapRow = (y - area.top) * area.width - area.left;
    const cx = from + 0.5;
    let nu = a * cx + b * cy + c;
    let nv = d * cx + e * cy + f;
    let nw = g * cx + h * cy + i;
    for (let x = from; x < to; x += 1, nu += a, nv += d, nw += g) {
      const u = nu / nw - 0.5;
      const v = nv / nw - 0.5;
      if (u <= -1 || v <= -1 || u >= dw || v >= dh) continue;
      const x0 = ((u + 1) | 0) - 1;
      const y0 = ((v + 1) | 0) - 1;
      const fx = u - x0;
      const fy = v - y0;
      let r = 0;
      let gr = 0;
      let bl = 0;
      let al = 0;
      // Taps outside the design are transparent, which anti-aliases its border.
      for (let t = 0; t < 4; t += 1) {
        const tx = x0 + (t & 1);
        const ty = y0 + (t >> 1);
        if (tx < 0 || ty < 0 || tx >= dw || ty >= dh) continue;
        const wt = ((t & 1) === 1 ? fx : 1 - fx) * (t >> 1 === 1 ? fy : 1 - fy);
        const k = origin + ty * rowStride + tx * 4;
        r += data[k]! * wt;
        gr += data[k + 1]! * wt;
        bl += data[k + 2]! * wt;
        al += data[k + 3]! * wt;
      }
      if (al <= 0.001) continue;
      const m = mapRow + x;
      const o = (y * outWidth + x) * channels;
      if (behind) {
        // The photo stays in front: the design shows through its transparent part only.
        const open = 1 - alpha![m]! / 255;
        if (open <= 0) continue;
        if (channels === 3) {
          pixels[o] = clampByte(pixels[o]! + open * (r - al));
          pixels[o + 1] = clampByte(pixels[o + 1]! + open * (gr - al));
          pixels[o + 2] = clampByte(pixels[o + 2]! + open * (bl - al));
        } else {
          blendRgba(pixels, o, r * open, gr * open, bl * open, al * open, true);
        }
      } else {
        const s = shading[shade[m]!]!;
        blendRgba(pixels, o, r * s, gr * s, bl * s, al, false);
      }
    }
  }
}

/** The warp's positions are exact at every `exactEvery`-th pixel of a row and linear in between. */
const exactEvery = 8;

/**
 * The common case, kept tight because it runs for every pixel of every mockup: the design over an
 * RGB template, in integers. The design position is in 1/65536ths of a pixel, computed exactly
 * (projective) every `exactEvery` pixels and stepped linearly in between (off by under 1/100 of a
 * pixel for the strongest perspective). Each tap is one 32-bit word split into two words of two
 * channels (red and blue, green and alpha), so a bilinear step weighs two channels with one
 * multiply. Premultiplied colour never exceeds its alpha and shading never exceeds 1, so the blend
 * stays within 0..255 without clamping.
 */
function warpOverRgb(
  design: DesignPixels,
  toDesign: Homography,
  corners: readonly Point[],
  bounds: Rect,
  target: WarpTarget,
  maps: AreaMaps,
  shading: Float32Array,
): void {
  const [a, b, c, d, e, f, g, h, i] = toDesign;
  const { stride, window } = design;
  const { width: dw, height: dh } = window;
  if (Math.max(dw, dh) >= 32_000) throw new Error('The design is too large to warp; reduce it first.');
  const words = new Int32Array(design.data.buffer, design.data.byteOffset, design.data.length >> 2);
  const origin = window.top * stride + window.left;
  const { pixels, width: outWidth } = target;
  const { bounds: area, shade } = maps;
  // The shading factors in 1/256ths.
  const factor = new Uint16Array(256);
  for (let k = 0; k < 256; k += 1) factor[k] = Math.round(shading[k]! * 256);
  const lastX = dw - 1;
  const lastY = dh - 1;
  for (let y = bounds.top; y < bounds.top + bounds.height; y += 1) {
    const cy = y + 0.5;
    const [from, to] = rowSpan(corners, cy, bounds);
    const mapRow = (y - area.top) * area.width - area.left;
    const rowU = b * cy + c;
    const rowV = e * cy + f;
    const rowW = h * cy + i;
    warpRow(
      words,
      origin,
      stride,
      lastX,
      lastY,
      from,
      to,
      a,
      d,
      g,
      rowU,
      rowV,
      rowW,
      pixels,
      (y * outWidth + from) * 3,
      shade,
      mapRow,
      factor,
    );
  }
}

/**
 * One row of warpOverRgb, from column `from` to `to` (`o`: the output offset of `from`). A function
 * of its own so the engine optimises it as a whole (a long inner loop compiled on its own is
 * thrown away each time the row ends).
 */
function warpRow(
  words: Int32Array,
  origin: number,
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
  pixels: Uint8Array,
  o: number,
  shade: Uint8Array,
  mapRow: number,
  factor: Uint16Array,
): void {
  // The position of a pixel's centre, less half a pixel (bilinear taps sit on pixel centres).
  let nextW = g * (from + 0.5) + rowW;
  let nextU = (((a * (from + 0.5) + rowU) / nextW - 0.5) * 65536) | 0;
  let nextV = (((d * (from + 0.5) + rowV) / nextW - 0.5) * 65536) | 0;
  for (let x = from; x < to;) {
    const end = Math.min(to, x + exactEvery);
    const steps = end - x;
    let u = nextU;
    let v = nextV;
    const cx = end + 0.5;
    nextW = g * cx + rowW;
    nextU = (((a * cx + rowU) / nextW - 0.5) * 65536) | 0;
    nextV = (((d * cx + rowV) / nextW - 0.5) * 65536) | 0;
    const du = ((nextU - u) / steps) | 0;
    const dv = ((nextV - v) / steps) | 0;
    for (; x < end; x += 1, u += du, v += dv, o += 3) {
      const x0 = u >> 16;
      const y0 = v >> 16;
      const k = origin + y0 * stride + x0;
      let p00 = 0;
      let p10 = 0;
      let p01 = 0;
      let p11 = 0;
      if (x0 >>> 0 < lastX && y0 >>> 0 < lastY) {
        p00 = words[k]!;
        p10 = words[k + 1]!;
        p01 = words[k + stride]!;
        p11 = words[k + stride + 1]!;
      } else {
        // At the border a missing tap is transparent: a zero word.
        if (x0 < -1 || y0 < -1 || x0 > lastX || y0 > lastY) continue;
        const inX = x0 >= 0;
        const inY = y0 >= 0;
        if (inX && inY) p00 = words[k]!;
        if (x0 < lastX && inY) p10 = words[k + 1]!;
        if (inX && y0 < lastY) p01 = words[k + stride]!;
        if (x0 < lastX && y0 < lastY) p11 = words[k + stride + 1]!;
      }
      if ((p00 | p10 | p01 | p11) === 0) continue;
      const fx = ((u & 0xffff) + 128) >> 8;
      const fy = ((v & 0xffff) + 128) >> 8;
      const gx = 256 - fx;
      const gy = 256 - fy;
      const topRB = (Math.imul(p00 & 0xff00ff, gx) + Math.imul(p10 & 0xff00ff, fx)) >>> 8;
      const topGA = (Math.imul((p00 >>> 8) & 0xff00ff, gx) + Math.imul((p10 >>> 8) & 0xff00ff, fx)) >>> 8;
      const lowRB = (Math.imul(p01 & 0xff00ff, gx) + Math.imul(p11 & 0xff00ff, fx)) >>> 8;
      const lowGA = (Math.imul((p01 >>> 8) & 0xff00ff, gx) + Math.imul((p11 >>> 8) & 0xff00ff, fx)) >>> 8;
      const rb = (Math.imul(topRB & 0xff00ff, gy) + Math.imul(lowRB & 0xff00ff, fy)) >>> 8;
      const ga = (Math.imul(topGA & 0xff00ff, gy) + Math.imul(lowGA & 0xff00ff, fy)) >>> 8;
      const al = (ga >>> 16) & 255;
      if (al === 0) continue;
      const s = factor[shade[mapRow + x]!]!;
      const red = ((rb & 255) * s + 128) >> 8;
      const green = ((ga & 255) * s + 128) >> 8;
      const blue = (((rb >>> 16) & 255) * s + 128) >> 8;
      if (al === 255) {
        pixels[o] = red;
        pixels[o + 1] = green;
        pixels[o + 2] = blue;
        continue;
      }
      // Colour times shading, plus what shows through: t / 255 rounded, as (t + 1 + (t >> 8)) >> 8
      // of t + 127 (exact for t up to 255 * 255).
      const rest = 255 - al;
      let t = pixels[o]! * rest + 127;
      pixels[o] = red + ((t + 1 + (t >> 8)) >> 8);
      t = pixels[o + 1]! * rest + 127;
      pixels[o + 1] = green + ((t + 1 + (t >> 8)) >> 8);
      t = pixels[o + 2]! * rest + 127;
      pixels[o + 2] = blue + ((t + 1 + (t >> 8)) >> 8);
    }
  }
}

/** Blends a premultiplied colour with the straight RGBA pixel at `o`: over it, or under it when `under`. */
function blendRgba(
  pixels: Uint8Array,
  o: number,
  r: number,
  g: number,
  b: number,
  a: number,
  under: boolean,
): void {
  const ta = pixels[o + 3]!;
  const tk = ta / 255;
  const tr = pixels[o]! * tk;
  const tg = pixels[o + 1]! * tk;
  const tb = pixels[o + 2]! * tk;
  let outA: number;
  let outR: number;
  let outG: number;
  let outB: number;
  if (under) {
    const rest = 1 - tk;
    outA = ta + rest * a;
    outR = tr + rest * r;
    outG = tg + rest * g;
    outB = tb + rest * b;
  } else {
    const rest = 1 - a / 255;
    outA = a + rest * ta;
    outR = r + rest * tr;
    outG = g + rest * tg;
    outB = b + rest * tb;
  }
  if (outA <= 0) return;
  const k = 255 / outA;
  pixels[o] = clampByte(outR * k);
  pixels[o + 1] = clampByte(outG * k);
  pixels[o + 2] = clampByte(outB * k);
  pixels[o + 3] = clampByte(outA);
}
