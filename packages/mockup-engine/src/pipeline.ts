import sharp from 'sharp';
import {
  type Adjustment,
  type Bounds,
  type Box,
  type Occluder,
  type Placement,
  type Quad,
  type Rect,
  apply,
  boxOf,
  cutsOff,
  cylinderSurface,
  homography,
  ring,
  invert,
  layout,
  magnification,
  pixelBounds,
  quadInPixels,
  samplingMargin,
  workingSide,
} from './geometry.ts';
import { randomUUID } from 'node:crypto';
import {
  type AreaMaps,
  type DesignPixels,
  type SurfaceFit,
  type SurfaceMap,
  warp,
  warpOverRgb,
  warpOverRgbMapped,
} from './warp.ts';
import { flattenAll, kernels, premultiplyAll, reduce } from './kernels.ts';

/**
 * The three steps of a run, as functions of plain data: decode a template once, decode a design
 * once, then render any design on any template. Decoded pixels live in SharedArrayBuffers so the
 * worker threads share them instead of copying them for every mockup.
 */

export type OutputFormat = 'jpeg' | 'png' | 'webp';

export type RenderOptions = {
  /** jpeg (default), png or webp. */
  format?: OutputFormat;
  /** 1..100; JPEG 90 and WebP 90 by default. */
  quality?: number;
  /** How strongly the photo's folds and light show through the design: 0 (off) to 1 (default). */
  shading?: number;
  /** The seller's scale and move of this design on this template (see Adjustment). */
  adjust?: Adjustment | null;
  /**
   * Also a JPEG preview (quality 80) that fits in this many pixels a side, made from the rendered
   * pixels (no second decode of the mockup): renderMockup then answers both. JPEG, not WebP: at
   * 512 px WebP costs three times as long to encode (about 28 ms against 9, more than the
   * mockup's own JPEG), and a mockup has no transparency to keep.
   */
  thumbnail?: number;
};

/** A mockup and its preview, when RenderOptions.thumbnail asks for one. */
export type RenderedMockup = { image: Uint8Array; thumbnail: Uint8Array };

/** An encoded image: its bytes, or the path of a file on this machine's disk that holds them. */
export type ImageSource = Uint8Array | string;

/** A template decoded once per run. */
export type PreparedTemplate = {
  /** Tells prepared templates apart (each pool thread keeps a canvas per template). */
  id: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  /** null: no placeholder, every render returns the template itself. */
  placement: Placement | null;
  /** The print area in template pixels. */
  area: Quad | null;
  /** RGB flattened on white (what a JPEG shows). */
  flat: Uint8Array;
  /** Straight RGBA, kept only for a template with transparency (PNG and WebP output keep it). */
  rgba: Uint8Array | undefined;
  maps: AreaMaps | null;
};

/**
 * A design decoded once per run, already reduced to the largest size any template needs, its
 * colour premultiplied by its alpha (what the warp samples; done once here, not per mockup).
 */
export type PreparedDesign = {
  id: string;
  width: number;
  height: number;
  premultiplied: Uint8Array;
  /** Where the design is not transparent (fractions of it), or null when it is transparent throughout. */
  opaque: Bounds | null;
};

/** The side of the small copy of a design its opaque bounds are measured on. */
const boundsSide = 256;

/**
 * The design's non-transparent bounds, measured on a copy at most 256 px a side made by the
 * kernels' reduction (a few milliseconds, about 3 for a 1150 x 1380 design; sharp took five times
 * as long): a cell counts as opaque from an alpha of 9, so a faint filter tail does not, while a
 * hairline of the full design still does. About 65,000 cells are then read, whatever the design's
 * size. The bounds are at most a cell or so too generous, which the cut-off check allows for.
 */
function opaqueBounds(premultiplied: Uint8Array, width: number, height: number): Bounds | null {
  const scale = Math.min(1, boundsSide / Math.max(width, height));
  const cellsX = Math.max(1, Math.round(width * scale));
  const cellsY = Math.max(1, Math.round(height * scale));
  const cells =
    scale < 1
      ? reduce(premultiplied, width, { left: 0, top: 0, width, height }, cellsX, cellsY, true)
      : premultiplied;
  let left = cellsX;
  let top = cellsY;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < cellsY; y += 1) {
    const row = y * cellsX;
    for (let x = 0; x < cellsX; x += 1) {
      if (cells[(row + x) * 4 + 3]! <= 8) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return null;
  return {
    left: left / cellsX,
    top: top / cellsY,
    right: (right + 1) / cellsX,
    bottom: (bottom + 1) / cellsY,
  };
}

/**
 * Whether rendering this design on this template (with this adjustment) cuts off part of the
 * design's non-transparent pixels. Geometry only: cheap enough to ask for every mockup.
 */
export function designCutOff(
  design: Pick<PreparedDesign, 'width' | 'height' | 'opaque'>,
  template: Pick<PreparedTemplate, 'placement' | 'area'>,
  adjust?: Adjustment | null,
): boolean {
  const { placement, area } = template;
  if (!placement || !area) return false;
  const { source } = layout(
    area,
    placement.fit,
    placement.dimensions,
    design.width,
    design.height,
    false,
    adjust,
  );
  return cutsOff(source, design.width, design.height, design.opaque);
}

/**
 * JPEG as the engine writes it: standard Huffman tables instead of tables optimised per image, a
 * file about 5% larger that encodes about three times faster (the encode is most of a mockup's time).
 */
export const jpegSettings = { optimiseCoding: false } as const;

/** Decoding limits: a larger image is refused instead of exhausting memory. */
export const maxInputPixels = 200_000_000;

function shared(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

const asBuffer = (view: Uint8Array) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/** The x extent of a convex quad along the horizontal line at `y`, or null where the line misses it. */
function spanAt(points: readonly { x: number; y: number }[], y: number): [number, number] | null {
  let low = Infinity;
  let high = -Infinity;
  for (let k = 0; k < 4; k += 1) {
    const p = points[k]!;
    const q = points[(k + 1) & 3]!;
    if (y < Math.min(p.y, q.y) || y > Math.max(p.y, q.y)) continue;
    const xs = p.y === q.y ? [p.x, q.x] : [p.x + ((y - p.y) / (q.y - p.y)) * (q.x - p.x)];
    for (const x of xs) {
      low = Math.min(low, x);
      high = Math.max(high, x);
    }
  }
  return low <= high ? [low, high] : null;
}

/**
 * Below this median brightness (0 to 255) of its print area, a photo is dark fabric: its shading
 * is transferred as steps of brightness, not as a fraction of the design's colour.
 */
export const darkBelow = 80;

/**
 * How far below the print area's brightest level a shade on dark fabric counts as black: a
 * shadow of depth d darkens the design by d / (reference + darkRange), so on black fabric
 * (reference about 40) a fold's full depth takes at most a quarter of the design's brightness.
 */
const darkRange = 128;

/**
 * The photo's shading over `bounds` (the print area's, in template pixels): brightness (lightly
 * blurred, 3x3, so fabric grain does not turn into noise) against the area's brightest level
 * (its 99th percentile, over the opaque pixels inside the quad), 255 meaning 1. On light fabric a
 * ratio (a shade at half the brightest level halves the design's colour); on dark fabric (see
 * darkBelow) the shade's depth below the brightest level over that level plus darkRange.
 */
function areaMaps(
  rgba: Uint8Array,
  width: number,
  area: Quad,
  hasAlpha: boolean,
  bounds: Rect,
  tone: 'auto' | 'light' | 'dark',
): AreaMaps & { reference: number } {
  const { left, top, width: bw, height: bh } = bounds;
  const count = bw * bh;
  const k = kernels();
  const alpha = hasAlpha ? new Uint8Array(new SharedArrayBuffer(count)) : undefined;
  const [windowAt, levelsAt, scratchAt, histogramAt, shadeAt, alphaAt] = k.scratch([
    count * 4,
    count * 4,
    count * 4,
    256 * 4,
    count,
    alpha ? count : 0,
  ]) as [number, number, number, number, number, number];
  const bytes = k.bytes; // the memory grows no more below
  for (let y = 0; y < bh; y += 1) {
    const from = ((top + y) * width + left) * 4;
    bytes.set(rgba.subarray(from, from + bw * 4), windowAt + y * bw * 4);
  }
  if (alpha) {
    for (let i = 0; i < count; i += 1) alpha[i] = bytes[windowAt + i * 4 + 3]!;
    bytes.set(alpha, alphaAt);
  }
  k.exports.brightness(windowAt, bw, bw, bh, levelsAt, scratchAt);
  bytes.fill(0, histogramAt, histogramAt + 256 * 4);
  const corners = ring(area);
  for (let y = 0; y < bh; y += 1) {
    const span = spanAt(corners, top + y + 0.5);
    if (!span) continue;
    const from = Math.max(0, Math.ceil(span[0] - 0.5 - left));
    const to = Math.min(bw - 1, Math.floor(span[1] - 0.5 - left));
    if (to < from) continue;
    const at = y * bw + from;
    k.exports.countLevels(levelsAt + at * 4, alpha ? alphaAt + at : 0, to - from + 1, histogramAt);
  }
  const histogram = new Uint32Array(bytes.buffer, histogramAt, 256);
  let total = 0;
  for (const levelCount of histogram) total += levelCount;
  let reference = 0;
  let median = 0;
  let seen = 0;
  for (let level = 0; level < 256; level += 1) {
    seen += histogram[level]!;
    if (seen * 2 < total) median = level + 1;
    if (total > 0 && seen >= total * 0.99) {
      reference = Math.max(level, 1);
      break;
    }
  }
  if (reference === 0) reference = 255;
  const dark = tone === 'dark' || (tone === 'auto' && total > 0 && median < darkBelow);
  const shade = new Uint8Array(new SharedArrayBuffer(count));
  if (dark) {
    const levels = new Float32Array(bytes.buffer, levelsAt, count);
    const scale = 255 / (reference + darkRange);
    for (let i = 0; i < count; i += 1) {
      shade[i] = Math.min(255, Math.max(0, Math.round((levels[i]! + darkRange) * scale)));
    }
  } else {
    k.exports.scaleLevels(levelsAt, count, 255 / reference, shadeAt);
    shade.set(bytes.subarray(shadeAt, shadeAt + count));
  }
  return { bounds, shade, alpha, reference };
}

/**
 * How far a design moves with the photo's folds at displacement 1, in pixels per unit of a
 * shade's difference from the print area's mean brightness (over its brightest level), as a
 * fraction of the print area's width: a deep fold (half the brightest level darker than the
 * mean) moves it 1.5% of the width.
 */
const displaceReach = 0.03;

/**
 * The print area's brightness smoothed enough to keep folds and seams and lose the weave: a
 * Gaussian blur of this fraction of the print area's width.
 */
const foldBlur = 0.006;

/**
 * Where each pixel of `bounds` shows the print area's box: the pixel moved by the photo's folds
 * (both ways by `shift` = reach x (brightness - mean) / reference, as a displacement map moves
 * it), taken back through the print area's perspective and, for a cylinder, unwrapped.
 */
function surfaceMap(placement: Placement, box: Box, bounds: Rect, shift: Float32Array | null): SurfaceMap {
  const { left, top, width: bw, height: bh } = bounds;
  const [a, b, c, d, e, f, g, h, i] = invert(box.toArea);
  const wrap = placement.cylinder ? cylinderSurface(box, placement.cylinder) : null;
  // Fixed point with room for a box and as much again beyond it (all that is outside is outside).
  const scale = Math.max(1, Math.min(64, Math.floor(16_000 / (Math.max(box.width, box.height) + 8))));
  // Two i16s per pixel, and a group's read past a row's last pixel stays inside (16 bytes).
  // Filled as a plain array and copied once: V8 writes shared memory several times slower.
  const coords = new Int16Array(bw * bh * 2 + 8);
  const spans = new Int32Array(new SharedArrayBuffer(bh * 8));
  const far = -32768;
  const [lowX, lowY, highX, highY] = [-2, -2, box.width + 2, box.height + 2];
  // The unwrap across the box (cylinderSurface's from), tabled every quarter pixel from 2 px
  // before it to 2 px after it, since asin and the ellipse per pixel cost three times the rest:
  // where each place shows the box's x, and how far its line drops (NaN: beside the cylinder).
  // Beyond the table (off the print area): from itself.
  const step = 4;
  const tableFrom = -2;
  const entries = wrap ? Math.ceil((box.width + 4) * step) + 2 : 0;
  const unwrapped = new Float64Array(entries);
  const drops = new Float64Array(entries);
  for (let n = 0; n < entries; n += 1) {
    const at = wrap!.from(tableFrom + n / step, 0);
    unwrapped[n] = at ? at.x : Number.NaN;
    drops[n] = at ? -at.y : Number.NaN;
  }
  for (let y = 0; y < bh; y += 1) {
    let first = -1;
    let last = -1;
    const py = top + y + 0.5;
    // The homography's terms at the row's first pixel; each pixel across adds a, d, g.
    let nx = a * (left + 0.5) + b * py + c;
    let ny = d * (left + 0.5) + e * py + f;
    let nw = g * (left + 0.5) + h * py + i;
    for (let x = 0; x < bw; x += 1, nx += a, ny += d, nw += g) {
      const k = y * bw + x;
      let w = nw;
      let bx = nx;
      let by = ny;
      if (shift !== null) {
        // Moved both ways by the folds: (x + m, y + m).
        const moved = shift[k]!;
        bx += (a + b) * moved;
        by += (d + e) * moved;
        w += (g + h) * moved;
      }
      bx /= w;
      by /= w;
      if (wrap) {
        const at = (bx - tableFrom) * step;
        const n = Math.floor(at);
        let unwrappedX: number;
        let drop: number;
        if (n >= 0 && n < entries - 1) {
          const t = at - n;
          unwrappedX = unwrapped[n]! + (unwrapped[n + 1]! - unwrapped[n]!) * t;
          drop = drops[n]! + (drops[n + 1]! - drops[n]!) * t;
        } else {
          const direct = wrap.from(bx, 0);
          unwrappedX = direct ? direct.x : Number.NaN;
          drop = direct ? -direct.y : Number.NaN;
        }
        if (Number.isNaN(unwrappedX)) {
          coords[k * 2] = far;
          coords[k * 2 + 1] = far;
          continue;
        }
        bx = unwrappedX;
        by -= drop;
      }
      // Fixed point, clamped: a pixel far outside the box stays outside.
      const fx = bx * scale;
      const fy = by * scale;
      coords[k * 2] = fx < -32768 ? -32768 : fx > 32767 ? 32767 : Math.round(fx);
      coords[k * 2 + 1] = fy < -32768 ? -32768 : fy > 32767 ? 32767 : Math.round(fy);
      if (bx > lowX && by > lowY && bx < highX && by < highY) {
        if (first < 0) first = x;
        last = x;
      }
    }
    spans[y * 2] = first < 0 ? 0 : left + first;
    spans[y * 2 + 1] = first < 0 ? 0 : left + last + 1;
  }
  const sharedCoords = new Int16Array(new SharedArrayBuffer(coords.byteLength));
  sharedCoords.set(coords);
  return { coords: sharedCoords, scale, spans };
}

/**
 * The template pixels a part of the box (box units) can show on: its outline taken onto the
 * surface and the photo, widened by the farthest the folds move it, clipped to `limit`.
 */
function reachOf(part: Rect, box: Box, placement: Placement, maxShift: number, limit: Rect): Rect {
  const cylinder = placement.cylinder ? cylinderSurface(box, placement.cylinder) : null;
  const steps = 48;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k <= steps; k += 1) {
    const t = k / steps;
    for (const [x, y] of [
      [part.left + t * part.width, part.top],
      [part.left + t * part.width, part.top + part.height],
      [part.left, part.top + t * part.height],
      [part.left + part.width, part.top + t * part.height],
    ] as const) {
      const onto = cylinder ? cylinder.onto(x, y) : { x, y };
      const p = apply(box.toArea, onto);
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  const margin = Math.abs(maxShift) + 2;
  const leftPx = Math.max(limit.left, Math.floor(minX - margin));
  const topPx = Math.max(limit.top, Math.floor(minY - margin));
  const right = Math.min(limit.left + limit.width, Math.ceil(maxX + margin));
  const bottom = Math.min(limit.top + limit.height, Math.ceil(maxY + margin));
  return {
    left: leftPx,
    top: topPx,
    width: Math.max(0, right - leftPx),
    height: Math.max(0, bottom - topPx),
  };
}

/** The brightness over `bounds`, blurred by `sigma` pixels (the folds, not the weave). */
async function foldLevels(flat: Uint8Array, width: number, height: number, bounds: Rect, sigma: number) {
  const pad = Math.ceil(sigma * 3);
  const outer = {
    left: Math.max(0, bounds.left - pad),
    top: Math.max(0, bounds.top - pad),
    width: 0,
    height: 0,
  };
  outer.width = Math.min(width, bounds.left + bounds.width + pad) - outer.left;
  outer.height = Math.min(height, bounds.top + bounds.height + pad) - outer.top;
  const grey = await sharp(asBuffer(flat), { raw: { width, height, channels: 3 } })
    .extract(outer)
    .greyscale()
    .blur(Math.max(0.3, sigma))
    .extract({
      left: bounds.left - outer.left,
      top: bounds.top - outer.top,
      width: bounds.width,
      height: bounds.height,
    })
    .raw()
    .toBuffer();
  return grey;
}

/**
 * How far the folds move each pixel of `bounds`: `reach` times its smoothed brightness's
 * difference from the mean inside the print area, over the area's brightest level (at most
 * `reach` either way: a highlight above that level moves it no farther).
 */
function foldShift(
  levels: Uint8Array,
  bounds: Rect,
  area: Quad,
  reference: number,
  reach: number,
): Float32Array {
  const corners = ring(area);
  let sum = 0;
  let n = 0;
  for (let y = 0; y < bounds.height; y += 1) {
    const span = spanAt(corners, bounds.top + y + 0.5);
    if (!span) continue;
    const from = Math.max(0, Math.ceil(span[0] - 0.5 - bounds.left));
    const to = Math.min(bounds.width - 1, Math.floor(span[1] - 0.5 - bounds.left));
    for (let x = from; x <= to; x += 1) {
      sum += levels[y * bounds.width + x]!;
      n += 1;
    }
  }
  const mean = n > 0 ? sum / n : 128;
  const shift = new Float32Array(levels.length);
  for (let i = 0; i < levels.length; i += 1) {
    shift[i] = Math.min(reach, Math.max(-reach, (reach * (levels[i]! - mean)) / reference));
  }
  return shift;
}

/**
 * The occluders as an SVG of `bounds` (template pixels): white where the photo stays in front.
 * Only the print area's bounds are drawn, not the whole template.
 */
function occluderSvg(occluders: Occluder[], width: number, height: number, bounds: Rect): string {
  const at = (points: [number, number][]) =>
    points.map(([x, y]) => `${(x * width).toFixed(2)},${(y * height).toFixed(2)}`).join(' ');
  const shapes = occluders.map((o) =>
    o.brush === undefined
      ? `<polygon points="${at(o.points)}" fill="#fff"/>`
      : `<polyline points="${at(o.points)}" fill="none" stroke="#fff" stroke-width="${(o.brush * width).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${bounds.width}" height="${bounds.height}"><g transform="translate(${-bounds.left} ${-bounds.top})">${shapes.join('')}</g></svg>`;
}

/**
 * How much the occluders cover each pixel of the print area's bounds (their antialiased edges in
 * between), and the runs of pixels they cover wholly or partly (see AreaMaps.occluderRuns).
 */
async function occluderMap(occluders: Occluder[], width: number, height: number, bounds: Rect) {
  const coverage = await sharp(Buffer.from(occluderSvg(occluders, width, height, bounds)))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer();
  // -1: not covered, 1: wholly, 0: partly.
  const kindOf = (m: number) => (m === 0 ? -1 : m === 255 ? 1 : 0);
  const runs: number[] = [];
  for (let y = 0; y < bounds.height; y += 1) {
    const row = coverage.subarray(y * bounds.width, (y + 1) * bounds.width);
    let x = 0;
    while (x < row.length) {
      const kind = kindOf(row[x]!);
      let end = x + 1;
      while (end < row.length && kindOf(row[end]!) === kind) end += 1;
      if (kind >= 0) runs.push(y, x, end, kind);
      x = end;
    }
  }
  const occluderRuns = new Int32Array(new SharedArrayBuffer(runs.length * 4));
  occluderRuns.set(runs);
  return { occluder: shared(coverage), occluderRuns };
}

/** The farthest (in pixels) the folds move a design on this placement's box. */
function displaceReachOf(placement: Placement, box: Box): number {
  return Math.min(1, Math.max(0, placement.displacement ?? 0)) * displaceReach * box.width;
}

/** Decodes a template and measures its print area's shading, once per run. */
export async function prepareTemplate(
  image: ImageSource,
  placement: Placement | null,
): Promise<PreparedTemplate> {
  const decoded = sharp(image, { limitInputPixels: maxInputPixels }).rotate().toColourspace('srgb');
  const { data, info } = await decoded
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const flat = new Uint8Array(new SharedArrayBuffer(width * height * 3));
  const hasAlpha = flattenAll(data, flat);
  const area = placement ? quadInPixels(placement.corners, width, height) : null;
  let maps: AreaMaps | null = null;
  if (placement && area) {
    const whole = { left: 0, top: 0, width, height };
    const box = boxOf(area, placement.dimensions);
    const reach = displaceReachOf(placement, box);
    const curved = placement.cylinder != null || reach > 0;
    const bounds = curved
      ? reachOf({ left: 0, top: 0, width: box.width, height: box.height }, box, placement, reach, whole)
      : pixelBounds(area, width, height);
    const measured = areaMaps(data, width, area, hasAlpha, bounds, placement.shading?.tone ?? 'auto');
    maps = { bounds, shade: measured.shade, alpha: measured.alpha };
    if (curved) {
      let shift: Float32Array | null = null;
      if (reach > 0) {
        const levels = await foldLevels(flat, width, height, bounds, foldBlur * box.width);
        shift = foldShift(levels, bounds, area, measured.reference, reach);
      }
      maps.surface = surfaceMap(placement, box, bounds, shift);
    }
  }
  const template = {
    id: randomUUID(),
    width,
    height,
    hasAlpha,
    placement,
    area,
    flat,
    rgba: hasAlpha ? shared(data) : undefined,
    maps,
  };
  release(data);
  const occluders = placement?.occluders?.filter((o) => o.points.length >= 2) ?? [];
  if (template.maps && occluders.length > 0) {
    Object.assign(template.maps, await occluderMap(occluders, width, height, template.maps.bounds));
  }
  return template;
}

/**
 * Frees a large decoded image at once. sharp hands pixels over in buffers whose size V8 does not
 * count, so a thread decoding large designs would pile up hundreds of megabytes of them before
 * collecting any; detaching the buffer frees its memory now. Only a buffer that is a whole
 * ArrayBuffer of its own (never one in Node's shared pool of small buffers).
 */
function release(pixels: Buffer): void {
  const { buffer } = pixels;
  if (pixels.length >= 1 << 20 && pixels.byteOffset === 0 && buffer.byteLength === pixels.length) {
    (buffer as ArrayBuffer).transfer(0);
  }
}

/**
 * Decodes a design once, reduced (with a proper filter: kernels.ts reduce) so its longest side is
 * at most `maxSide`, and premultiplied.
 */
export async function prepareDesign(image: ImageSource, maxSide?: number): Promise<PreparedDesign> {
  const { data, info } = await sharp(image, { limitInputPixels: maxInputPixels })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const scale = maxSide ? Math.min(1, maxSide / Math.max(width, height)) : 1;
  const size = {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
  const premultiplied =
    scale < 1
      ? reduce(data, width, { left: 0, top: 0, width, height }, size.width, size.height, false)
      : premultiplyAll(data);
  release(data);
  const opaque = opaqueBounds(premultiplied, size.width, size.height);
  return { id: randomUUID(), ...size, premultiplied, opaque };
}

/**
 * Decodes a design for one mockup on one template (a single preview): only as large as that
 * template's print area needs it, which both headers tell before anything is decoded.
 */
export async function prepareDesignFor(
  image: Uint8Array,
  template: Uint8Array,
  placement: Placement | null,
  adjust?: Adjustment | null,
): Promise<PreparedDesign> {
  if (!placement) return prepareDesign(image, 1); // nothing of it is shown; still checked to decode
  const [design, photo] = await Promise.all([
    sharp(image, { limitInputPixels: maxInputPixels }).metadata(),
    sharp(template, { limitInputPixels: maxInputPixels }).metadata(),
  ]);
  const area = quadInPixels(placement.corners, photo.autoOrient.width, photo.autoOrient.height);
  const side = workingSide(
    [{ quad: area, fit: placement.fit, dimensions: placement.dimensions, adjust }],
    design.autoOrient.width,
    design.autoOrient.height,
  );
  return prepareDesign(image, side);
}

/**
 * The mockup encoded as asked and, with options.thumbnail, its preview beside it: both read the
 * same pixels, which stay untouched until both are done (the thread renders nothing else meanwhile).
 */
async function finish(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: 3 | 4,
  options: RenderOptions,
): Promise<Uint8Array | RenderedMockup> {
  if (!options.thumbnail) return encode(pixels, width, height, channels, options);
  const side = options.thumbnail;
  const [image, thumbnail] = await Promise.all([
    encode(pixels, width, height, channels, options),
    // A triangle filter as wide as the reduction: smooth enough for a preview, and 40% less work
    // than lanczos3's, whose taps at a reduction of 4 cost a fifth of the mockup's own encode.
    sharp(asBuffer(pixels), { raw: { width, height, channels } })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, ...jpegSettings })
      .toBuffer(),
  ]);
  return { image, thumbnail };
}

async function encode(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: 3 | 4,
  options: RenderOptions,
): Promise<Uint8Array> {
  const image = sharp(asBuffer(pixels), { raw: { width, height, channels } });
  const format = options.format ?? 'jpeg';
  const quality = options.quality ?? 90;
  if (format === 'png') return image.png({ compressionLevel: 6 }).toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.jpeg({ quality, ...jpegSettings }).toBuffer();
}

/**
 * A design is warped as it is when it is at most this much larger than the size it occupies
 * (bilinear sampling shrinks this much with little aliasing); a larger one is reduced first, with
 * a proper filter, to `samplingMargin` times that size.
 */
const maxDirectShrink = 1.75;

/** The bytes of the thread's canvas the last render drew on, to be put back before the next. */
let drawnOn: { from: number; to: number } | undefined;

/**
 * Each pool thread draws into one canvas in its kernels' memory that holds the last template it
 * rendered. The next render of that template first puts the template's pixels back where the last
 * one drew; a render of another template copies that template in whole instead.
 */
function canvasFor(template: PreparedTemplate, bounds: Rect): number {
  const k = kernels();
  const canvas = k.region('canvas', template.flat.length);
  if (canvas.holds !== template.id) {
    k.bytes.set(template.flat, canvas.offset);
    canvas.holds = template.id;
  } else if (drawnOn) {
    k.bytes.set(template.flat.subarray(drawnOn.from, drawnOn.to), canvas.offset + drawnOn.from);
  }
  const stride = template.width * 3;
  drawnOn = { from: bounds.top * stride, to: (bounds.top + bounds.height) * stride };
  return canvas.offset;
}

/** Renders one design on one template: (reduce,) warp, shade, blend, encode (and a preview when asked). */
export async function renderMockup(
  design: PreparedDesign,
  template: PreparedTemplate,
  options: RenderOptions = {},
): Promise<Uint8Array | RenderedMockup> {
  const keepAlpha = template.hasAlpha && (options.format ?? 'jpeg') !== 'jpeg';
  const channels = keepAlpha ? 4 : 3;
  const { placement, area, maps } = template;
  if (!placement || !area || !maps) {
    return finish(
      keepAlpha ? template.rgba! : template.flat,
      template.width,
      template.height,
      channels,
      options,
    );
  }

  const { source, reduced, quad, box, target } = layout(
    area,
    placement.fit,
    placement.dimensions,
    design.width,
    design.height,
    false,
    options.adjust,
    magnification(placement),
  );
  let pixels: DesignPixels;
  if (source.width <= reduced.width * maxDirectShrink && source.height <= reduced.height * maxDirectShrink) {
    // Close enough in size: warp the prepared design itself (a cover fit samples the part it
    // keeps), shared by every thread, no copy.
    pixels = { data: design.premultiplied, stride: design.width, window: source, key: design.id };
  } else {
    const width = Math.max(1, Math.min(source.width, Math.round(reduced.width * samplingMargin)));
    const height = Math.max(1, Math.min(source.height, Math.round(reduced.height * samplingMargin)));
    const data = reduce(design.premultiplied, design.width, source, width, height, true);
    pixels = { data, stride: width, window: { left: 0, top: 0, width, height } };
  }
  const { width, height } = pixels.window;
  const toDesign = invert(
    homography(
      [
        { x: 0, y: 0 },
        { x: width, y: 0 },
        { x: width, y: height },
        { x: 0, y: height },
      ],
      ring(quad),
    ),
  );
  // A surface that is not flat: the design's fit takes each pixel's place in the box into it.
  let fit: SurfaceFit | undefined;
  if (maps.surface) {
    const su = width / target.width;
    const sv = height / target.height;
    const reach = displaceReachOf(placement, box);
    fit = {
      su,
      ou: -target.left * su - 0.5,
      sv,
      ov: -target.top * sv - 0.5,
      reach: reachOf(target, box, placement, reach, maps.bounds),
    };
  }
  const behind = placement.behindPhoto === true && maps.alpha !== undefined;
  const bounds = pixelBounds(quad, template.width, template.height);
  const strength = behind ? 0 : Math.min(1, Math.max(0, options.shading ?? placement.shading?.strength ?? 1));
  if (keepAlpha) {
    const canvas = new Uint8Array(template.rgba!);
    warp(
      pixels,
      toDesign,
      quad,
      bounds,
      { pixels: canvas, width: template.width, channels },
      maps,
      strength,
      behind,
      fit,
    );
    if (maps.occluder) putBackOccluded(canvas, template.rgba!, template.width, 4, maps);
    return finish(canvas, template.width, template.height, channels, options);
  }
  const k = kernels();
  const canvasAt = canvasFor(template, fit?.reach ?? bounds);
  const canvas = () => k.bytes.subarray(canvasAt, canvasAt + template.flat.length); // after any growth
  if (behind) {
    warp(
      pixels,
      toDesign,
      quad,
      bounds,
      { pixels: canvas(), width: template.width, channels },
      maps,
      strength,
      behind,
      fit,
    );
  } else if (fit) {
    warpOverRgbMapped(pixels, fit, { at: canvasAt, width: template.width }, maps, template.id, strength);
  } else {
    warpOverRgb(
      pixels,
      toDesign,
      quad,
      bounds,
      { at: canvasAt, width: template.width },
      maps,
      template.id,
      strength,
    );
  }
  if (maps.occluder) putBackOccluded(canvas(), template.flat, template.width, 3, maps);
  return finish(canvas(), template.width, template.height, channels, options);
}

/**
 * Puts the photo back over the design where its occluders lie in front (blended by their
 * coverage, so their antialiased edges stay smooth): what is in front of the print area stays so.
 */
function putBackOccluded(
  canvas: Uint8Array,
  photo: Uint8Array,
  width: number,
  channels: 3 | 4,
  maps: AreaMaps,
): void {
  const { bounds, occluder, occluderRuns: runs } = maps;
  for (let r = 0; r < runs!.length; r += 4) {
    const [y, from, to, whole] = [runs![r]!, runs![r + 1]!, runs![r + 2]!, runs![r + 3]!];
    const start = ((bounds.top + y) * width + bounds.left) * channels;
    if (whole === 1) {
      // Wholly in front: the photo's own bytes, copied as they are.
      canvas.set(photo.subarray(start + from * channels, start + to * channels), start + from * channels);
      continue;
    }
    for (let x = from; x < to; x += 1) {
      const m = occluder![y * bounds.width + x]!;
      const at = start + x * channels;
      for (let c = 0; c < channels; c += 1) {
        const under = canvas[at + c]!;
        canvas[at + c] = (under + ((photo[at + c]! - under) * m) / 255 + 0.5) | 0;
      }
    }
  }
}
