import sharp from 'sharp';
import {
  type Placement,
  type Quad,
  type Rect,
  homography,
  ring,
  invert,
  layout,
  pixelBounds,
  quadInPixels,
  samplingMargin,
  workingSide,
} from './geometry.ts';
import { randomUUID } from 'node:crypto';
import { type AreaMaps, type DesignPixels, premultiply, shadingTable, warp } from './warp.ts';

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
};

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
export type PreparedDesign = { width: number; height: number; premultiplied: Uint8Array };

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
 * The photo's shading over the print area: brightness (lightly blurred, 3x3, so fabric grain does
 * not turn into noise) relative to the area's brightest level (its 99th percentile, over the
 * opaque pixels inside the quad), 255 meaning 1.
 */
function areaMaps(rgba: Uint8Array, width: number, height: number, area: Quad, hasAlpha: boolean): AreaMaps {
  const bounds = pixelBounds(area, width, height);
  const { left, top, width: bw, height: bh } = bounds;
  const luma = new Float32Array(bw * bh);
  const alpha = hasAlpha ? new Uint8Array(new SharedArrayBuffer(bw * bh)) : undefined;
  for (let y = 0, k = 0; y < bh; y += 1) {
    for (let x = 0, p = ((top + y) * width + left) * 4; x < bw; x += 1, k += 1, p += 4) {
      luma[k] = 0.2126 * rgba[p]! + 0.7152 * rgba[p + 1]! + 0.0722 * rgba[p + 2]!;
      if (alpha) alpha[k] = rgba[p + 3]!;
    }
  }
  // The 3x3 mean in two passes (a neighbour outside the bounds is left out): across, then down.
  const across = new Float32Array(bw * bh);
  for (let y = 0, k = 0; y < bh; y += 1) {
    for (let x = 0; x < bw; x += 1, k += 1) {
      const left = x > 0 ? luma[k - 1]! : 0;
      const right = x < bw - 1 ? luma[k + 1]! : 0;
      across[k] = (left + luma[k]! + right) / (1 + Number(x > 0) + Number(x < bw - 1));
    }
  }
  const blurred = luma; // luma is done with: the second pass reads only `across`
  for (let y = 0, k = 0; y < bh; y += 1) {
    for (let x = 0; x < bw; x += 1, k += 1) {
      const up = y > 0 ? across[k - bw]! : 0;
      const down = y < bh - 1 ? across[k + bw]! : 0;
      blurred[k] = (up + across[k]! + down) / (1 + Number(y > 0) + Number(y < bh - 1));
    }
  }
  const histogram = new Uint32Array(256);
  const corners = ring(area);
  for (let y = 0; y < bh; y += 1) {
    const span = spanAt(corners, top + y + 0.5);
    if (!span) continue;
    const from = Math.max(0, Math.ceil(span[0] - 0.5 - left));
    const to = Math.min(bw - 1, Math.floor(span[1] - 0.5 - left));
    for (let x = from, k = y * bw + from; x <= to; x += 1, k += 1) {
      if (!alpha || alpha[k]! > 127) histogram[Math.min(255, Math.round(blurred[k]!))]! += 1;
    }
  }
  let total = 0;
  for (const count of histogram) total += count;
  let reference = 255;
  let seen = 0;
  for (let level = 0; level < 256; level += 1) {
    seen += histogram[level]!;
    if (total > 0 && seen >= total * 0.99) {
      reference = Math.max(level, 1);
      break;
    }
  }
  const shade = new Uint8Array(new SharedArrayBuffer(bw * bh));
  const scale = 255 / reference;
  for (let k = 0; k < shade.length; k += 1) shade[k] = Math.min(255, Math.round(blurred[k]! * scale));
  return { bounds, shade, alpha };
}

/** RGBA flattened on white into RGB; whether any pixel was not opaque. */
function flatten(rgba: Uint8Array, flat: Uint8Array): boolean {
  let hasAlpha = false;
  for (let p = 0, q = 0; p < rgba.length; p += 4, q += 3) {
    const a = rgba[p + 3]!;
    if (a === 255) {
      flat[q] = rgba[p]!;
      flat[q + 1] = rgba[p + 1]!;
      flat[q + 2] = rgba[p + 2]!;
      continue;
    }
    hasAlpha = true;
    const white = 255 - a;
    flat[q] = (rgba[p]! * a + white * 255 + 127) / 255;
    flat[q + 1] = (rgba[p + 1]! * a + white * 255 + 127) / 255;
    flat[q + 2] = (rgba[p + 2]! * a + white * 255 + 127) / 255;
  }
  return hasAlpha;
}

/** Decodes a template and measures its print area's shading, once per run. */
export async function prepareTemplate(
  image: Uint8Array,
  placement: Placement | null,
): Promise<PreparedTemplate> {
  const decoded = sharp(image, { limitInputPixels: maxInputPixels }).rotate().toColourspace('srgb');
  const { data, info } = await decoded
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const flat = new Uint8Array(new SharedArrayBuffer(width * height * 3));
  const hasAlpha = flatten(data, flat);
  const area = placement ? quadInPixels(placement.corners, width, height) : null;
  return {
    id: randomUUID(),
    width,
    height,
    hasAlpha,
    placement,
    area,
    flat,
    rgba: hasAlpha ? shared(data) : undefined,
    maps: area ? areaMaps(data, width, height, area, hasAlpha) : null,
  };
}

/**
 * The filter a design is reduced with: Mitchell-Netravali, close to the cubic ImageMagick's
 * perspective distort resamples with (Robidoux), and cheaper than lanczos3.
 */
const reductionKernel = 'mitchell';

/** Decodes a design once, reduced (with a proper filter) so its longest side is at most `maxSide`. */
export async function prepareDesign(image: Uint8Array, maxSide?: number): Promise<PreparedDesign> {
  let pipeline = sharp(image, { limitInputPixels: maxInputPixels })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha();
  if (maxSide) {
    pipeline = pipeline.resize(maxSide, maxSide, {
      fit: 'inside',
      withoutEnlargement: true,
      kernel: reductionKernel,
    });
  }
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const premultiplied = new Uint8Array(new SharedArrayBuffer(data.length));
  premultiply(data, premultiplied);
  return { width: info.width, height: info.height, premultiplied };
}

/**
 * Decodes a design for one mockup on one template (a single preview): only as large as that
 * template's print area needs it, which both headers tell before anything is decoded.
 */
export async function prepareDesignFor(
  image: Uint8Array,
  template: Uint8Array,
  placement: Placement | null,
): Promise<PreparedDesign> {
  if (!placement) return prepareDesign(image, 1); // nothing of it is shown; still checked to decode
  const [design, photo] = await Promise.all([
    sharp(image, { limitInputPixels: maxInputPixels }).metadata(),
    sharp(template, { limitInputPixels: maxInputPixels }).metadata(),
  ]);
  const area = quadInPixels(placement.corners, photo.autoOrient.width, photo.autoOrient.height);
  const side = workingSide(
    [{ quad: area, fit: placement.fit, dimensions: placement.dimensions }],
    design.autoOrient.width,
    design.autoOrient.height,
  );
  return prepareDesign(image, side);
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
 * Each pool thread draws into one canvas that holds the last template it rendered, and puts that
 * template's pixels back into the rows a mockup changed: a run of one template copies it once, and
 * switching templates costs one copy of the pixels, never a new image of the template's size.
 */
let threadCanvas: { id: string; pixels: Uint8Array } | undefined;

function canvasFor(template: PreparedTemplate): Uint8Array {
  if (threadCanvas?.id === template.id) return threadCanvas.pixels;
  const size = template.flat.length;
  const pixels =
    threadCanvas && threadCanvas.pixels.buffer.byteLength >= size
      ? new Uint8Array(threadCanvas.pixels.buffer, 0, size)
      : new Uint8Array(size);
  pixels.set(template.flat);
  threadCanvas = { id: template.id, pixels };
  return pixels;
}

/** Puts the template's own pixels back into the rows a render changed. */
function restore(canvas: Uint8Array, template: PreparedTemplate, rows: Rect): void {
  const stride = template.width * 3;
  const from = rows.top * stride;
  const to = (rows.top + rows.height) * stride;
  canvas.set(template.flat.subarray(from, to), from);
}

/**
 * A design is warped as it is when it is at most this much larger than the size it occupies
 * (bilinear sampling shrinks this much with little aliasing); a larger one is reduced first, with
 * a proper filter, to `samplingMargin` times that size.
 */
const maxDirectShrink = 1.75;

/**
 * The shown part of a prepared design, reduced with a proper filter and still
 * premultiplied: colour and alpha go through sharp as separate images, so the premultiplied
 * values are filtered as they are; ringing is clipped so colour never exceeds alpha.
 */
async function reduce(
  design: PreparedDesign,
  source: Rect,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const count = source.width * source.height;
  const colour = Buffer.alloc(count * 3);
  const alpha = Buffer.alloc(count);
  for (let y = 0, k = 0; y < source.height; y += 1) {
    let p = ((source.top + y) * design.width + source.left) * 4;
    for (let x = 0; x < source.width; x += 1, k += 1, p += 4) {
      colour[k * 3] = design.premultiplied[p]!;
      colour[k * 3 + 1] = design.premultiplied[p + 1]!;
      colour[k * 3 + 2] = design.premultiplied[p + 2]!;
      alpha[k] = design.premultiplied[p + 3]!;
    }
  }
  const size = { width: source.width, height: source.height };
  const resize = (pixels: Buffer, channels: 1 | 3) =>
    sharp(pixels, { raw: { ...size, channels } })
      .resize(width, height, { fit: 'fill', kernel: reductionKernel })
      .toColourspace(channels === 1 ? 'b-w' : 'srgb') // one band stays one band
      .raw({ depth: 'uchar' })
      .toBuffer();
  const [smallColour, smallAlpha] = await Promise.all([resize(colour, 3), resize(alpha, 1)]);
  const out = new Uint8Array(width * height * 4);
  for (let k = 0; k < width * height; k += 1) {
    const a = smallAlpha[k]!;
    out[k * 4] = Math.min(a, smallColour[k * 3]!);
    out[k * 4 + 1] = Math.min(a, smallColour[k * 3 + 1]!);
    out[k * 4 + 2] = Math.min(a, smallColour[k * 3 + 2]!);
    out[k * 4 + 3] = a;
  }
  return out;
}

/** Renders one design on one template: (reduce,) warp, shade, blend, encode. */
export async function renderMockup(
  design: PreparedDesign,
  template: PreparedTemplate,
  options: RenderOptions = {},
): Promise<Uint8Array> {
  const keepAlpha = template.hasAlpha && (options.format ?? 'jpeg') !== 'jpeg';
  const channels = keepAlpha ? 4 : 3;
  const { placement, area, maps } = template;
  if (!placement || !area || !maps) {
    return encode(
      keepAlpha ? template.rgba! : template.flat,
      template.width,
      template.height,
      channels,
      options,
    );
  }

  const { source, reduced, quad } = layout(
    area,
    placement.fit,
    placement.dimensions,
    design.width,
    design.height,
  );
  let pixels: DesignPixels;
  if (source.width <= reduced.width * maxDirectShrink && source.height <= reduced.height * maxDirectShrink) {
    // Close enough in size: warp the prepared design itself (a cover fit samples the part it
    // keeps), shared by every thread, no copy.
    pixels = { data: design.premultiplied, stride: design.width, window: source };
  } else {
    const width = Math.max(1, Math.min(source.width, Math.round(reduced.width * samplingMargin)));
    const height = Math.max(1, Math.min(source.height, Math.round(reduced.height * samplingMargin)));
    const data = await reduce(design, source, width, height);
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
  const behind = placement.behindPhoto === true && maps.alpha !== undefined;
  const bounds = pixelBounds(quad, template.width, template.height);
  const canvas = keepAlpha ? new Uint8Array(template.rgba!) : canvasFor(template);
  warp(
    pixels,
    toDesign,
    quad,
    bounds,
    { pixels: canvas, width: template.width, channels },
    maps,
    shadingTable(behind ? 0 : Math.min(1, Math.max(0, options.shading ?? 1))),
    behind,
  );
  try {
    return await encode(canvas, template.width, template.height, channels, options);
  } finally {
    if (!keepAlpha) restore(canvas, template, bounds);
  }
}
