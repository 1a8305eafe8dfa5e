/**
 * Geometry of a placement: the projective map (homography) from the box a design is fitted into
 * to the four corners of a template's print area, and how each fit mode cuts and places the design.
 * Coordinates are continuous pixels: pixel (i, j) covers [i, i+1) x [j, j+1), its centre at +0.5.
 */

export type Point = { x: number; y: number };
export type Quad = { topLeft: Point; topRight: Point; bottomRight: Point; bottomLeft: Point };
export type FitMode = 'contain' | 'cover' | 'stretch';

/** Where a design goes on a template: corners in fractions 0..1 of the template (final positions). */
export type Placement = {
  corners: Quad;
  fit: FitMode;
  /** The box the user typed; only its aspect ratio is used. */
  dimensions?: { width: number; height: number } | null;
  /** The template has a transparent window: the design is drawn behind the photo. */
  behindPhoto?: boolean;
  /** Parts of the photo in front of the print area (a strap, a hand, a frame's mount): they stay in front. */
  occluders?: Occluder[] | null;
  /** The print area is wrapped round a cylinder (a mug, a tumbler, a bottle); none: it is flat. */
  cylinder?: Cylinder | null;
  /** How far the design follows the photo's folds and seams: 0 or none (off) to 1. */
  displacement?: number | null;
  /** How the photo's light and shade fall on the design; none: full strength, tone chosen from the photo. */
  shading?: Shading | null;
};

/**
 * A print area wrapped round a cylinder seen from the side: the corners still bound it, `wrap`
 * is the arc it covers (degrees, up to 180: half the cylinder), so the design compresses towards
 * the left and right edges as a real wrap does, and `curvature` bows its horizontal lines into the
 * cylinder's ellipses: how far the middle of each line lies below the line through its ends, as a
 * fraction of the print area's width (negative: above; the camera looks from below the middle).
 */
export type Cylinder = { curvature: number; wrap: number };

/**
 * `strength`: 0 (none) to 1 (the photo's full light and shade). `tone`: on light fabric (and any
 * light photo) the design is darkened in proportion to the photo's brightness; on dark fabric
 * that would turn it black, so the photo's shadows and highlights are transferred as steps of
 * brightness instead; 'auto' picks by the print area's brightness.
 */
export type Shading = { strength?: number; tone?: 'auto' | 'light' | 'dark' };

/**
 * A part of the photo that lies in front of the print area, in fractions of the template: a
 * polygon the seller picked (filled), or a brush stroke painted along `points` (`brush`: its
 * width, a fraction of the template's width).
 */
export type Occluder = { points: [number, number][]; brush?: number };

/**
 * A seller's adjustment of one design on one template: the fit it starts from (the template's
 * when absent), then a scale about the print area's centre (1 = as the fit places it) and a move
 * of the design's centre by a fraction of the print area's width and height. What falls outside
 * the print area is not drawn.
 */
export type Adjustment = { fit?: FitMode; scale: number; offsetX: number; offsetY: number };

/** A rectangle of a design as fractions 0..1 of its width and height (right and bottom exclusive). */
export type Bounds = { left: number; top: number; right: number; bottom: number };

/** A 3x3 matrix in row order; maps (x, y, 1) to (X, Y, W), the point is (X/W, Y/W). */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/** Solves A x = b in place by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) {
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    }
    if (Math.abs(a[pivot]![col]!) < 1e-12)
      throw new Error('The print area is degenerate: no perspective fits it.');
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let row = col + 1; row < n; row += 1) {
      const f = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < n; k += 1) a[row]![k]! -= f * a[col]![k]!;
      b[row]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = b[row]!;
    for (let k = row + 1; k < n; k += 1) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

/** The homography taking each `from` point to the matching `to` point (four pairs). */
export function homography(from: readonly Point[], to: readonly Point[]): Homography {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const [h0, h1, h2, h3, h4, h5, h6, h7] = solve(a, b) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [h0, h1, h2, h3, h4, h5, h6, h7, 1];
}

/** The inverse map (adjugate; the scale does not matter for a homography). */
export function invert(m: Homography): Homography {
  const [a, b, c, d, e, f, g, h, i] = m;
  return [
    e * i - f * h,
    c * h - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
}

/** Applies a homography to a point. */
export function apply(m: Homography, p: Point): Point {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}

const distance = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);

/**
 * The print area's box: the rectangle a design is fitted into (as big as the quad's mean edges,
 * with the typed dimensions' aspect when given) and the homography taking it onto the quad.
 */
export type Box = { width: number; height: number; toArea: Homography };

export function boxOf(area: Quad, dimensions: Placement['dimensions']): Box {
  const across = (distance(area.topLeft, area.topRight) + distance(area.bottomLeft, area.bottomRight)) / 2;
  const down = (distance(area.topLeft, area.bottomLeft) + distance(area.topRight, area.bottomRight)) / 2;
  let width = across;
  let height = down;
  if (dimensions && dimensions.width > 0 && dimensions.height > 0) {
    const aspect = dimensions.width / dimensions.height;
    const size = Math.sqrt(across * down);
    width = size * Math.sqrt(aspect);
    height = size / Math.sqrt(aspect);
  }
  const toArea = homography(
    [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    ring(area),
  );
  return { width, height, toArea };
}

/** The largest arc a print area may wrap (half the cylinder: the part a camera can see). */
export const maxWrap = 180;

/**
 * A cylinder's surface in box coordinates: `onto` takes a point of the flat box (where the design
 * is laid) to where it shows once wrapped, `from` is its inverse (null: beside the cylinder).
 * Across, a point at arc angle theta shows at sin(theta) (the cylinder seen from afar); down, it
 * drops by the ellipse through the print area's ends, `curvature` times the width at the middle.
 */
export function cylinderSurface(box: { width: number; height: number }, cylinder: Cylinder) {
  const half = (Math.min(maxWrap, Math.max(1, cylinder.wrap)) * Math.PI) / 360;
  const sinHalf = Math.sin(half);
  const cosHalf = Math.cos(half);
  const bow = cylinder.curvature * box.width;
  const drop = (theta: number) => (bow * (Math.cos(theta) - cosHalf)) / (1 - cosHalf);
  return {
    onto(x: number, y: number): Point {
      const theta = ((2 * x) / box.width - 1) * half;
      return { x: (box.width / 2) * (1 + Math.sin(theta) / sinHalf), y: y + drop(theta) };
    },
    from(x: number, y: number): Point | null {
      const s = ((2 * x) / box.width - 1) * sinHalf;
      if (s < -1 || s > 1) return null;
      const theta = Math.asin(s);
      return { x: (box.width / 2) * (1 + theta / half), y: y - drop(theta) };
    },
  };
}

/**
 * How much larger than the flat box a design is kept for a placement's surface. A wrap shows the
 * middle of its arc wider than the chord's share of it (theta / sin theta: 1.21 at 120 degrees,
 * 1.57 at 180); the sampling margin (1.4) already covers a quarter of that, so only the rest
 * enlarges the design: the middle of a wrap keeps at least 1.4 / 1.25 of the pixels it shows,
 * and a design is not decoded larger (which costs every mockup of the run) for a common wrap.
 */
export function magnification(placement: Pick<Placement, 'cylinder'>): number {
  if (!placement.cylinder) return 1;
  const half = (Math.min(maxWrap, Math.max(1, placement.cylinder.wrap)) * Math.PI) / 360;
  return Math.max(1, half / Math.sin(half) / 1.25);
}

/** A rectangle: left, top, width, height. */
export type Rect = { left: number; top: number; width: number; height: number };

/** How one design lands on one template, all in pixels. */
export type Layout = {
  /** The part of the design that is shown (cover crops, the others show it whole). */
  source: Rect;
  /** The size the shown part is reduced to before warping: about the size it will occupy. */
  reduced: { width: number; height: number };
  /** Maps reduced-design pixels to template pixels. */
  toTemplate: Homography;
  /** Maps template pixels back to reduced-design pixels (what the warp evaluates per pixel). */
  toDesign: Homography;
  /** The corners of the design on the template. */
  quad: Quad;
  /** The print area's box and the part of it the shown part of the design fills (box units). */
  box: Box;
  target: Rect;
};

/** The print area's corners in template pixels. */
export function quadInPixels(corners: Quad, width: number, height: number): Quad {
  const scale = (p: Point) => ({ x: p.x * width, y: p.y * height });
  return {
    topLeft: scale(corners.topLeft),
    topRight: scale(corners.topRight),
    bottomRight: scale(corners.bottomRight),
    bottomLeft: scale(corners.bottomLeft),
  };
}

/** The corners in order around the quad: topLeft, topRight, bottomRight, bottomLeft. */
export const ring = (q: Quad): Point[] => [q.topLeft, q.topRight, q.bottomRight, q.bottomLeft];

/**
 * Lays a design of `designWidth` x `designHeight` into a print area (corners in template pixels).
 * The box is as big as the quad's mean edges, with the typed dimensions' aspect when given.
 * `keepSize`: the design is warped at the size it has, not reduced first. `adjust`: the seller's
 * scale and move (see Adjustment); the part of the design outside the box is cut away.
 * `magnify`: how much larger than the box the surface shows it at its most (see magnification).
 */
export function layout(
  area: Quad,
  fit: FitMode,
  dimensions: { width: number; height: number } | null | undefined,
  designWidth: number,
  designHeight: number,
  keepSize = false,
  adjust?: Adjustment | null,
  magnify = 1,
): Layout {
  const box = boxOf(area, dimensions);
  const { width: boxW, height: boxH, toArea: boxToArea } = box;

  const designAspect = designWidth / designHeight;
  const boxAspect = boxW / boxH;
  const mode = adjust?.fit ?? fit;
  // Where the whole design lands in the box (a cover fit, a scale or a move can take it past the box).
  let whole: Rect = { left: 0, top: 0, width: boxW, height: boxH };
  if (mode === 'contain' || mode === 'cover') {
    const wider = designAspect > boxAspect;
    const width = wider === (mode === 'contain') ? boxW : boxH * designAspect;
    const height = width / designAspect;
    whole = { left: (boxW - width) / 2, top: (boxH - height) / 2, width, height };
  }
  if (adjust && (adjust.scale !== 1 || adjust.offsetX !== 0 || adjust.offsetY !== 0)) {
    const width = whole.width * adjust.scale;
    const height = whole.height * adjust.scale;
    const centreX = whole.left + whole.width / 2 + adjust.offsetX * boxW;
    const centreY = whole.top + whole.height / 2 + adjust.offsetY * boxH;
    whole = { left: centreX - width / 2, top: centreY - height / 2, width, height };
  }
  // The part of the box it covers, and the part of the design that shows there.
  const left = Math.max(0, whole.left);
  const top = Math.max(0, whole.top);
  const right = Math.min(boxW, whole.left + whole.width);
  const bottom = Math.min(boxH, whole.top + whole.height);
  const target: Rect = {
    left,
    top,
    width: Math.max(right - left, 1e-3),
    height: Math.max(bottom - top, 1e-3),
  };
  let source: Rect = { left: 0, top: 0, width: designWidth, height: designHeight };
  const clipped =
    whole.left < -1e-6 ||
    whole.top < -1e-6 ||
    whole.left + whole.width > boxW + 1e-6 ||
    whole.top + whole.height > boxH + 1e-6;
  if (clipped) {
    const toDesignX = designWidth / whole.width;
    const toDesignY = designHeight / whole.height;
    const fromX = Math.round((left - whole.left) * toDesignX);
    const fromY = Math.round((top - whole.top) * toDesignY);
    source = {
      left: Math.min(designWidth - 1, fromX),
      top: Math.min(designHeight - 1, fromY),
      width: Math.max(1, Math.min(designWidth - fromX, Math.round((right - left) * toDesignX))),
      height: Math.max(1, Math.min(designHeight - fromY, Math.round((bottom - top) * toDesignY))),
    };
  }
  const reduced = keepSize
    ? { width: source.width, height: source.height }
    : {
        width: Math.max(1, Math.round(target.width * magnify)),
        height: Math.max(1, Math.round(target.height * magnify)),
      };
  const corners = [
    { x: target.left, y: target.top },
    { x: target.left + target.width, y: target.top },
    { x: target.left + target.width, y: target.top + target.height },
    { x: target.left, y: target.top + target.height },
  ].map((p) => apply(boxToArea, p)) as [Point, Point, Point, Point];
  const toTemplate = homography(
    [
      { x: 0, y: 0 },
      { x: reduced.width, y: 0 },
      { x: reduced.width, y: reduced.height },
      { x: 0, y: reduced.height },
    ],
    corners,
  );
  return {
    source,
    reduced,
    toTemplate,
    toDesign: invert(toTemplate),
    quad: { topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3] },
    box,
    target,
  };
}

/** The pixel rows and columns a quad touches (one pixel of margin for the anti-aliased edge), clipped to the image. */
export function pixelBounds(quad: Quad, width: number, height: number): Rect {
  const points = ring(quad);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs)) - 1);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const right = Math.min(width, Math.ceil(Math.max(...xs)) + 1);
  const bottom = Math.min(height, Math.ceil(Math.max(...ys)) + 1);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/**
 * How much larger than the size it occupies a design is kept for the warp: bilinear sampling of a
 * design at exactly that size softens it (every output pixel blends neighbours at a sub-pixel
 * offset); from about 1.4 times larger it keeps the detail a one-step resampler (ImageMagick's
 * EWA) keeps, without aliasing.
 */
export const samplingMargin = 1.4;

/**
 * The longest side a design needs to keep before it is laid on these print areas: the largest
 * size any of them shows it at (with the sampling margin), never more than the design itself. A
 * run decodes each design once to this size and warps it onto every template from there.
 */
export function workingSide(
  areas: readonly {
    quad: Quad;
    fit: FitMode;
    dimensions?: Placement['dimensions'];
    adjust?: Adjustment | null;
    magnify?: number;
  }[],
  designWidth: number,
  designHeight: number,
): number {
  let scale = 0;
  for (const area of areas) {
    const { source, reduced } = layout(
      area.quad,
      area.fit,
      area.dimensions,
      designWidth,
      designHeight,
      false,
      area.adjust,
      area.magnify,
    );
    scale = Math.max(scale, reduced.width / source.width, reduced.height / source.height);
  }
  const longSide = Math.max(designWidth, designHeight);
  return Math.max(1, Math.min(longSide, Math.ceil(longSide * scale * samplingMargin * 1.05)));
}

/**
 * Whether a layout cuts off part of what the design shows: its non-transparent bounds (fractions
 * of the design, see Bounds) reach past the part of the design the layout keeps. `slack` is the
 * bounds' own precision (they are measured on a small copy of the design's alpha).
 */
export function cutsOff(
  kept: Rect,
  designWidth: number,
  designHeight: number,
  opaque: Bounds | null,
  slack = 2 / 256,
): boolean {
  if (!opaque) return false;
  const left = kept.left / designWidth;
  const top = kept.top / designHeight;
  const right = (kept.left + kept.width) / designWidth;
  const bottom = (kept.top + kept.height) / designHeight;
  return (
    opaque.left < left - slack ||
    opaque.top < top - slack ||
    opaque.right > right + slack ||
    opaque.bottom > bottom + slack
  );
}
