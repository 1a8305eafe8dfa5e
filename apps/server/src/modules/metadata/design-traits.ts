import sharp from 'sharp';

/**
 * What the offline listing writer can say about a design from its pixels alone: the words a
 * seller would use for it (its colours, light or dark, on a clear background or filling its
 * rectangle, its shape, lettering or not). Read from a small copy of the design, so a
 * 4500 × 5400 print file costs one decode and a few thousand pixels of work.
 */
export type DesignTraits = {
  /** Share (0..1) of the image that is clear: alpha below 16 of 255. */
  transparentShare: number;
  /** 'transparent' when the product shows around the art; 'full-bleed' when the art fills its rectangle. */
  background: 'transparent' | 'full-bleed';
  /** Share (0..1) of the image the visible art covers (alpha at least 128 of 255). */
  coverage: number;
  /** The shape of the visible art's bounding box (of the whole image when nothing is visible). */
  orientation: 'portrait' | 'landscape' | 'square';
  /** Mean CIE lightness of the visible pixels, 0 (black) to 100 (white); 50 when nothing is visible. */
  lightness: number;
  /** Light art stands out on dark products, dark art on light ones. */
  tone: 'light' | 'mid' | 'dark';
  /** One to three colour names, most area first, each covering a tenth of the art; none when nothing is visible. */
  colours: ColourName[];
  /** Rows of short strong strokes, as lettering makes (see looksLikeText): a heuristic. */
  textLike: boolean;
};

/** The names colours are given, with a typical sRGB value each: plain words a seller would write. */
export const colourTable = [
  { name: 'black', hex: '#141414' },
  { name: 'charcoal', hex: '#3a3f44' },
  { name: 'grey', hex: '#8a8a8a' },
  { name: 'light grey', hex: '#c8c8c8' },
  { name: 'white', hex: '#fafafa' },
  { name: 'navy', hex: '#1f2a5c' },
  { name: 'blue', hex: '#2a5bd7' },
  { name: 'sky blue', hex: '#87c4eb' },
  { name: 'teal', hex: '#0f7c80' },
  { name: 'turquoise', hex: '#35d0c6' },
  { name: 'mint', hex: '#a8e6cf' },
  { name: 'green', hex: '#3aa845' },
  { name: 'forest green', hex: '#1f5a32' },
  { name: 'olive', hex: '#737a2e' },
  { name: 'lime green', hex: '#a4d63a' },
  { name: 'yellow', hex: '#f7dc2a' },
  { name: 'mustard', hex: '#d89a00' },
  { name: 'gold', hex: '#d4af37' },
  { name: 'orange', hex: '#f2791d' },
  { name: 'peach', hex: '#f9c49a' },
  { name: 'coral', hex: '#f77b6b' },
  { name: 'red', hex: '#d7262b' },
  { name: 'crimson', hex: '#a5122e' },
  { name: 'maroon', hex: '#6b1a22' },
  { name: 'pink', hex: '#f4a6c0' },
  { name: 'hot pink', hex: '#ec3d8f' },
  { name: 'purple', hex: '#6f35a8' },
  { name: 'lavender', hex: '#b7a4dd' },
  { name: 'brown', hex: '#7a4b2a' },
  { name: 'tan', hex: '#c8a27a' },
  { name: 'beige', hex: '#e6d8bd' },
  { name: 'cream', hex: '#f8f0d8' },
] as const;

export type ColourName = (typeof colourTable)[number]['name'];

/** Longest side of the copy that is analysed: enough for colours and for lettering a few pixels high. */
const analysisSide = 128;
const visibleAlpha = 128;
const clearAlpha = 16;
/** A colour is named when it covers this share of the visible art. */
const namedColourShare = 0.1;

/**
 * The traits of a design (PNG, or any image sharp reads). Throws an Error saying so when the
 * bytes are no image or have more than `maxPixels` pixels.
 */
export async function readDesignTraits(image: Buffer, maxPixels = 100_000_000): Promise<DesignTraits> {
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels, sequentialRead: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .resize(analysisSide, analysisSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new Error(`The design could not be read as an image: ${(error as Error).message}.`);
    });
  return traitsOfPixels(data, info.width, info.height);
}

/** The traits of raw RGBA pixels (8 bits a channel, rows top to bottom). */
export function traitsOfPixels(pixels: Buffer, width: number, height: number): DesignTraits {
  const total = width * height;
  const box = { left: width, top: height, right: -1, bottom: -1 };
  const colourCounts = new Map<number, number>();
  let clear = 0;
  let visible = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const alpha = pixels[i + 3] ?? 0;
      if (alpha < clearAlpha) clear += 1;
      if (alpha < visibleAlpha) continue;
      visible += 1;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      // 5 bits a channel: near-identical pixels are named once.
      const bin =
        (((pixels[i] ?? 0) >> 3) << 10) | (((pixels[i + 1] ?? 0) >> 3) << 5) | ((pixels[i + 2] ?? 0) >> 3);
      colourCounts.set(bin, (colourCounts.get(bin) ?? 0) + 1);
    }
  }
  const transparentShare = total === 0 ? 1 : clear / total;
  const { colours, lightness } = nameColours(colourCounts, visible);
  const boxWidth = visible === 0 ? width : box.right - box.left + 1;
  const boxHeight = visible === 0 ? height : box.bottom - box.top + 1;
  return {
    transparentShare,
    background: transparentShare >= 0.05 ? 'transparent' : 'full-bleed',
    coverage: total === 0 ? 0 : visible / total,
    orientation: orientationOf(boxWidth, boxHeight),
    lightness,
    tone: lightness >= 60 ? 'light' : lightness <= 40 ? 'dark' : 'mid',
    colours,
    textLike: looksLikeText(pixels, width, height),
  };
}

function orientationOf(width: number, height: number): DesignTraits['orientation'] {
  const ratio = width / Math.max(height, 1);
  if (ratio > 1.15) return 'landscape';
  if (ratio < 1 / 1.15) return 'portrait';
  return 'square';
}

type Lab = { l: number; a: number; b: number };

const linear = Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** sRGB to CIE Lab (D65): distances in Lab follow what eyes see far better than in RGB. */
function toLab(r: number, g: number, b: number): Lab {
  const [lr, lg, lb] = [linear[r] ?? 0, linear[g] ?? 0, linear[b] ?? 0];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const fy = f(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const fz = f((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const tableLab = colourTable.map(({ name, hex }) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return { name, lab: toLab(value >> 16, (value >> 8) & 255, value & 255) };
});

/** CIE94 difference from a table colour: chroma and hue differences weigh less on vivid colours, as eyes do. */
function difference(reference: Lab, sample: Lab): number {
  const c1 = Math.hypot(reference.a, reference.b);
  const c2 = Math.hypot(sample.a, sample.b);
  const dl = reference.l - sample.l;
  const dc = c1 - c2;
  const dh2 = Math.max(0, (reference.a - sample.a) ** 2 + (reference.b - sample.b) ** 2 - dc * dc);
  return Math.sqrt(dl * dl + (dc / (1 + 0.045 * c1)) ** 2 + dh2 / (1 + 0.015 * c1) ** 2);
}

/** The table index named for each 5-bit colour bin, filled as bins are met (255: not yet). */
const binNames = new Uint8Array(1 << 15).fill(255);

function nearestIndex(bin: number, lab: Lab): number {
  const known = binNames[bin] ?? 255;
  if (known !== 255) return known;
  let best = 0;
  let bestDifference = Infinity;
  tableLab.forEach((entry, index) => {
    const d = difference(entry.lab, lab);
    if (d < bestDifference) [best, bestDifference] = [index, d];
  });
  binNames[bin] = best;
  return best;
}

/** The dominant colour names (ties go to the table's order, so the answer is stable) and the mean lightness. */
function nameColours(
  counts: Map<number, number>,
  visible: number,
): { colours: ColourName[]; lightness: number } {
  if (visible === 0) return { colours: [], lightness: 50 };
  const shares = new Map<number, number>();
  let lightnessSum = 0;
  for (const [bin, count] of counts) {
    const lab = toLab(((bin >> 10) << 3) | 4, (((bin >> 5) & 31) << 3) | 4, ((bin & 31) << 3) | 4);
    lightnessSum += lab.l * count;
    const index = nearestIndex(bin, lab);
    shares.set(index, (shares.get(index) ?? 0) + count / visible);
  }
  const ranked = [...shares].sort(([a, x], [b, y]) => y - x || a - b);
  const colours = ranked
    .filter(([, share], rank) => rank === 0 || share >= namedColourShare)
    .slice(0, 3)
    .map(([index]) => colourTable[index]!.name);
  return { colours, lightness: Math.min(100, Math.max(0, lightnessSum / visible)) };
}

/** A step of a quarter of the range in ink or alpha between neighbours: a stroke's edge, not shading. */
const edgeStep = 64;

/**
 * Lettering, told by its strokes: text lines are bands of at least 3 rows in which each row
 * crosses at least 6 separate strong edges (stems of letters), yet no more than 30% of its
 * pixels are edges (noise and fine texture are denser); and letters have curves and bars, so the
 * edges between rows are at least a fifth of those along them (stripes and bar codes have
 * none). Edges are steps in "ink" (luminance times alpha) or in alpha alone, so dark lettering on
 * a clear background counts as much as light lettering. A solid shape crosses 2 edges a row.
 */
function looksLikeText(pixels: Buffer, width: number, height: number): boolean {
  const ink = new Float32Array(width * height);
  const alpha = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p += 1) {
    const i = p * 4;
    alpha[p] = pixels[i + 3] ?? 0;
    const luma = 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
    ink[p] = (luma * (alpha[p] ?? 0)) / 255;
  }
  const edge = (p: number, q: number) =>
    Math.abs((ink[p] ?? 0) - (ink[q] ?? 0)) >= edgeStep ||
    Math.abs((alpha[p] ?? 0) - (alpha[q] ?? 0)) >= edgeStep;
  let lineRows = 0;
  let alongEdges = 0;
  let acrossEdges = 0;
  let crossings = 0;
  let run = { rows: 0, along: 0, across: 0, crossings: 0 };
  for (let y = 0; y <= height; y += 1) {
    const row = y < height ? rowEdges(edge, width, height, y) : undefined;
    if (row && row.crossings >= 6 && row.along <= 0.3 * Math.max(width - 1, 1)) {
      run = {
        rows: run.rows + 1,
        along: run.along + row.along,
        across: run.across + row.across,
        crossings: run.crossings + row.crossings,
      };
      continue;
    }
    if (run.rows >= 3) {
      lineRows += run.rows;
      alongEdges += run.along;
      acrossEdges += run.across;
      crossings += run.crossings;
    }
    run = { rows: 0, along: 0, across: 0, crossings: 0 };
  }
  return lineRows >= 3 && crossings >= 24 && acrossEdges >= 0.2 * alongEdges;
}

/** A row's edges along it, its separate crossings (runs of adjacent edges count once) and its edges to the next row. */
function rowEdges(edge: (p: number, q: number) => boolean, width: number, height: number, y: number) {
  let along = 0;
  let crossings = 0;
  let across = 0;
  let previous = false;
  for (let x = 0; x < width; x += 1) {
    const p = y * width + x;
    const here = x + 1 < width && edge(p, p + 1);
    if (here) along += 1;
    if (here && !previous) crossings += 1;
    previous = here;
    if (y + 1 < height && edge(p, p + width)) across += 1;
  }
  return { along, crossings, across };
}
