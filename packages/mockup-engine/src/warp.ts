import { type Homography, type Point, type Quad, type Rect, ring } from './geometry.ts';
import { kernels } from './kernels.ts';

/**
 * The per-pixel heart of a render: for every template pixel the design's quad touches, map the
 * pixel centre back into the reduced design (projective), sample it bilinearly (premultiplied, so
 * the design's edges fade out over one pixel instead of stair-stepping), darken it by the
 * template's shading and blend it into the output. The common case (over an RGB canvas) runs in
 * the SIMD kernel; transparent templates and designs behind the photo in typed-array loops here.
 */

/**
 * Premultiplied RGBA bytes of the design: rows of `stride` pixels, of which the warp shows
 * `window` (the whole design, or the part a cover fit keeps); around it is transparent.
 */
export type DesignPixels = {
  data: Uint8Array;
  stride: number;
  window: Rect;
  /** Names the pixels for the kernels' memory (a thread keeps the last design it warped). */
  key?: string;
};

/** Per-pixel maps of the template over the print area's bounds. */
export type AreaMaps = {
  bounds: Rect;
  /** Shading: the photo's brightness relative to the print area's brightest level, 255 = 1. */
  shade: Uint8Array;
  /** The template's alpha (only for a template with transparency). */
  alpha: Uint8Array | undefined;
  /** How much of each pixel the photo's occluders cover, 255 = all (none: no occluder). */
  occluder?: Uint8Array;
  /**
   * The runs of pixels the occluders touch, four numbers each: the row, its first and past-last
   * column (relative to the bounds), and 1 where they cover every pixel of it (0: partly).
   */
  occluderRuns?: Int32Array;
  /** A print area that is not flat: where each pixel shows the print area's box (none: flat). */
  surface?: SurfaceMap;
};

/**
 * For a print area wrapped round a cylinder or bent by the photo's folds: each pixel of the
 * bounds' place in the print area's box (two i16s, x then y, row after row, in 1/`scale` box
 * units; the lowest value where the pixel shows none of the box), and each row's columns that
 * show the box (from, to). Four bytes a pixel: a thread copies the map whenever it renders on
 * another template.
 */
export type SurfaceMap = { coords: Int16Array; scale: number; spans: Int32Array };

/**
 * How a design's fit takes the box into its pixels: u = x * su + ou, v = y * sv + ou (pixel
 * centres at whole numbers), and the rows and columns its part of the print area can touch.
 */
export type SurfaceFit = { su: number; ou: number; sv: number; ov: number; reach: Rect };

export type WarpTarget = {
  /** The output image, already holding the template (RGB flattened on white, or straight RGBA). */
  pixels: Uint8Array;
  width: number;
  channels: 3 | 4;
};

/** The factor a shading byte multiplies the design's colour by, at a given strength (0 = off). */
function shadingTable(strength: number): Float32Array {
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

/** The columns of row `y` that show the box (the surface's span) within `reach`'s columns. */
function mappedSpan(surface: SurfaceMap, area: Rect, y: number, reach: Rect): [number, number] {
  const row = (y - area.top) * 2;
  const from = Math.max(surface.spans[row]!, reach.left);
  const to = Math.min(surface.spans[row + 1]!, reach.left + reach.width);
  return from < to ? [from, to] : [0, 0];
}

/**
 * Warps `design` onto `target` within `bounds` (template pixels), shaded at `strength` (0 to 1).
 * `behind`: draw it behind the photo, seen only where the template is transparent (needs maps.alpha).
 * `fit`: the print area is not flat; the design's place comes from maps.surface through it.
 */
export function warp(
  design: DesignPixels,
  toDesign: Homography,
  quad: Quad,
  bounds: Rect,
  target: WarpTarget,
  maps: AreaMaps,
  strength: number,
  behind: boolean,
  fit?: SurfaceFit,
): void {
  const shading = shadingTable(strength);
  const surface = fit ? maps.surface : undefined;
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
  const rows = surface ? fit!.reach : bounds;
  for (let y = rows.top; y < rows.top + rows.height; y += 1) {
    const cy = y + 0.5;
    const [from, to] = surface ? mappedSpan(surface, area, y, rows) : rowSpan(corners, cy, bounds);
    const mapRow = (y - area.top) * area.width - area.left;
    const cx = from + 0.5;
    let nu = a * cx + b * cy + c;
    let nv = d * cx + e * cy + f;
    let nw = g * cx + h * cy + i;
    for (let x = from; x < to; x += 1, nu += a, nv += d, nw += g) {
      let u = nu / nw - 0.5;
      let v = nv / nw - 0.5;
      if (surface) {
        u = (surface.coords[(mapRow + x) * 2]! / surface.scale) * fit!.su + fit!.ou;
        v = (surface.coords[(mapRow + x) * 2 + 1]! / surface.scale) * fit!.sv + fit!.ov;
      }
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

/**
 * The common case, which runs for every pixel of every mockup: the design over the thread's RGB
 * canvas, in the SIMD kernel (assembly/kernels.ts warpRow). Here: the design and the shading map
 * go into the kernels' memory (a design or template already there stays), and each row's span,
 * homography terms and the shading strength as a linear factor go to the kernel.
 */
export function warpOverRgb(
  design: DesignPixels,
  toDesign: Homography,
  quad: Quad,
  bounds: Rect,
  canvas: { at: number; width: number },
  maps: AreaMaps,
  mapsKey: string,
  strength: number,
): void {
  const [a, b, c, d, e, f, g, h, i] = toDesign;
  const { window, stride } = design;
  if (Math.max(window.width, window.height) >= 32_000) {
    throw new Error('The design is too large to warp; reduce it first.'); // positions are 16.16 fixed point
  }
  const k = kernels();
  const designAt = k.load('design', design.data, design.key) + (window.top * stride + window.left) * 4;
  const shadeAt = k.load('shade', maps.shade, mapsKey);
  // The factor of shade level l, 256 = 1: (base + l x slope) / 2^16 rounded down, the rounding in base.
  const shadeBase = Math.round(2 ** 24 * (1 - strength)) + 2 ** 15;
  const shadeSlope = Math.round((2 ** 24 * strength) / 255);
  const corners = ring(quad);
  const area = maps.bounds;
  for (let y = bounds.top; y < bounds.top + bounds.height; y += 1) {
    const cy = y + 0.5;
    const [from, to] = rowSpan(corners, cy, bounds);
    k.exports.warpRow(
      designAt,
      stride,
      window.width - 1,
      window.height - 1,
      from,
      to,
      a,
      d,
      g,
      b * cy + c,
      e * cy + f,
      h * cy + i,
      canvas.at,
      (y * canvas.width + from) * 3,
      shadeAt,
      (y - area.top) * area.width - area.left,
      shadeBase,
      shadeSlope,
    );
  }
}

/**
 * warpOverRgb for a print area that is not flat: each pixel's place in the box comes from the
 * template's surface map (loaded into the kernels' memory once per template, like the shading),
 * and the design's fit takes it into the design (fixed point, as warpRow's positions).
 */
export function warpOverRgbMapped(
  design: DesignPixels,
  fit: SurfaceFit,
  canvas: { at: number; width: number },
  maps: AreaMaps,
  mapsKey: string,
  strength: number,
): void {
  const { window, stride } = design;
  if (Math.max(window.width, window.height) >= 32_000) {
    throw new Error('The design is too large to warp; reduce it first.');
  }
  const surface = maps.surface!;
  const k = kernels();
  const designAt = k.load('design', design.data, design.key) + (window.top * stride + window.left) * 4;
  const shadeAt = k.load('shade', maps.shade, mapsKey);
  const coords = new Uint8Array(surface.coords.buffer, surface.coords.byteOffset, surface.coords.byteLength);
  const coordsAt = k.load('coords', coords, mapsKey);
  const shadeBase = Math.round(2 ** 24 * (1 - strength)) + 2 ** 15;
  const shadeSlope = Math.round((2 ** 24 * strength) / 255);
  const area = maps.bounds;
  const { reach } = fit;
  for (let y = reach.top; y < reach.top + reach.height; y += 1) {
    const [from, to] = mappedSpan(surface, area, y, reach);
    if (from >= to) continue;
    const mapRow = (y - area.top) * area.width - area.left;
    k.exports.warpRowMapped(
      designAt,
      stride,
      window.width - 1,
      window.height - 1,
      from,
      to,
      coordsAt + (mapRow + from) * 4,
      (fit.su * 65536) / surface.scale,
      fit.ou * 65536,
      (fit.sv * 65536) / surface.scale,
      fit.ov * 65536,
      canvas.at,
      (y * canvas.width + from) * 3,
      shadeAt,
      mapRow,
      shadeBase,
      shadeSlope,
    );
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
