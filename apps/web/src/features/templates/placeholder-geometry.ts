/**
 * The arithmetic of the placeholder editor (SPEC.md sections 2, 5 and 9), kept free of Konva and
 * React so it can be tested on its own. Coordinates are preview pixels: (0, 0) is the top-left of
 * the previewed template image, x grows to the right and y downwards.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The placeholder box. x and y are the top-left of the box before it is rotated; rotation is in
 * degrees, clockwise on screen, about the centre of the box.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** The four corners of a print area, named as on the unrotated box. */
export interface Quad {
  topLeft: Point;
  topRight: Point;
  bottomRight: Point;
  bottomLeft: Point;
}

/** SPEC.md section 9: the preview is 500 px high. */
export const previewHeight = 500;
/** SPEC.md section 9: the smallest width the box can be resized to. */
export const minBoxWidth = 50;
/** SPEC.md section 9: the box the editor starts with, 200 by 200 at 50,50. */
export const defaultBox: Box = { x: 50, y: 50, width: 200, height: 200, rotation: 0 };
/** SPEC.md section 5: the rotation slider's range. */
export const minRotation = -180;
export const maxRotation = 180;

export const invalidSizeMessage = 'Please enter valid positive numbers for width and height.';

/** Corners in their ring order around the area (clockwise on screen). */
export const cornerOrder = ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'] as const;
export type CornerName = (typeof cornerOrder)[number];

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The preview's size for an image: 500 px high, as wide as the aspect ratio says. An image so wide
 * that it would pass `maxWidth` is shown at `maxWidth` instead (lower than 500 px), so it fits the
 * modal.
 */
export function previewSize(natural: Size, maxWidth: number, height = previewHeight): Size {
  const aspect = natural.width > 0 && natural.height > 0 ? natural.width / natural.height : 1;
  const width = height * aspect;
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: maxWidth / aspect };
}

/** Keeps a rotation in -180..180 (a full turn either way is the same rotation). */
export function normalizeRotation(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  let value = degrees % 360;
  if (value > 180) value -= 360;
  if (value < -180) value += 360;
  return value;
}

/** The centre of a box. */
export function boxCenter(box: Box): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Where the corners of a box end up once it is rotated about its centre. */
export function boxCorners(box: Box): Quad {
  const center = boxCenter(box);
  const cos = Math.cos(radians(box.rotation));
  const sin = Math.sin(radians(box.rotation));
  const place = (dx: number, dy: number): Point => ({
    x: center.x + dx * cos - dy * sin,
    y: center.y + dx * sin + dy * cos,
  });
  const w = box.width / 2;
  const h = box.height / 2;
  return {
    topLeft: place(-w, -h),
    topRight: place(w, -h),
    bottomRight: place(w, h),
    bottomLeft: place(-w, h),
  };
}

/** The size of the upright rectangle around a rotated box. */
export function rotatedExtent(width: number, height: number, rotation: number): Size {
  const cos = Math.abs(Math.cos(radians(rotation)));
  const sin = Math.abs(Math.sin(radians(rotation)));
  return { width: width * cos + height * sin, height: width * sin + height * cos };
}

const clampNumber = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Where the centre of a box may go so the whole rotated box stays on the preview (the drag bound
 * of the box). A box larger than the preview stays centred on it.
 */
export function clampCenter(center: Point, box: Size & { rotation: number }, stage: Size): Point {
  const extent = rotatedExtent(box.width, box.height, box.rotation);
  const clampAxis = (value: number, half: number, size: number) =>
    half * 2 >= size ? size / 2 : clampNumber(value, half, size - half);
  return {
    x: clampAxis(center.x, extent.width / 2, stage.width),
    y: clampAxis(center.y, extent.height / 2, stage.height),
  };
}

/**
 * The box moved (and shrunk, keeping its aspect ratio, when it cannot fit otherwise) so the whole
 * rotated box is on the preview. Used after the rotation slider moves and for the first box.
 */
export function keepBoxInside(box: Box, stage: Size): Box {
  const extent = rotatedExtent(box.width, box.height, box.rotation);
  const scale = Math.min(1, stage.width / extent.width, stage.height / extent.height);
  const width = box.width * scale;
  const height = box.height * scale;
  const center = clampCenter(
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    { width, height, rotation: box.rotation },
    stage,
  );
  return { x: center.x - width / 2, y: center.y - height / 2, width, height, rotation: box.rotation };
}

/** Konva Transformer's box: x and y are the rotated top-left corner, rotation is in radians. */
export interface TransformerBox {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** The corners of a Transformer box. */
export function transformerBoxCorners(box: TransformerBox): Point[] {
  const cos = Math.cos(box.rotation);
  const sin = Math.sin(box.rotation);
  const at = (dx: number, dy: number): Point => ({
    x: box.x + dx * cos - dy * sin,
    y: box.y + dx * sin + dy * cos,
  });
  return [at(0, 0), at(box.width, 0), at(box.width, box.height), at(0, box.height)];
}

/** Half a pixel of slack, so a box resting on an edge can still be resized along it. */
const edgeSlack = 0.5;

/**
 * The Transformer's bound: a resize or rotation that would make the box narrower than the
 * minimum, flip it, or take any corner off the preview is refused (the box keeps its last size).
 */
export function boundTransformerBox(
  oldBox: TransformerBox,
  newBox: TransformerBox,
  stage: Size,
  minWidth = minBoxWidth,
): TransformerBox {
  if (newBox.width < minWidth || newBox.height <= 0) return oldBox;
  const outside = transformerBoxCorners(newBox).some(
    (corner) =>
      corner.x < -edgeSlack ||
      corner.y < -edgeSlack ||
      corner.x > stage.width + edgeSlack ||
      corner.y > stage.height + edgeSlack,
  );
  return outside ? oldBox : newBox;
}

export type SizeInput = number | string | null | undefined;

/** The typed width and height as positive numbers, or SPEC.md section 5's message. */
export function parsePlaceholderSize(
  width: SizeInput,
  height: SizeInput,
): { ok: true; size: Size } | { ok: false; message: string } {
  const read = (value: SizeInput) =>
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  const w = read(width);
  const h = read(height);
  if (!Number.isFinite(w) || !Number.isFinite(h) || w <= 0 || h <= 0) {
    return { ok: false, message: invalidSizeMessage };
  }
  return { ok: true, size: { width: w, height: h } };
}

/**
 * The box for typed dimensions: that size scaled down to fit the preview (never enlarged past
 * 1x), aspect ratio kept, centred; the current rotation is kept and counted in the fit.
 */
export function fitBoxToPreview(size: Size, rotation: number, stage: Size): Box {
  const extent = rotatedExtent(size.width, size.height, rotation);
  const scale = Math.min(1, stage.width / extent.width, stage.height / extent.height);
  const width = size.width * scale;
  const height = size.height * scale;
  return { x: (stage.width - width) / 2, y: (stage.height - height) / 2, width, height, rotation };
}

/** A fraction of the image, clamped to 0..1 and rounded to 6 decimals (a micropixel of slack). */
function fraction(value: number, size: number): number {
  const share = size > 0 ? value / size : 0;
  return Math.round(clampNumber(share, 0, 1) * 1e6) / 1e6;
}

/** Preview-pixel corners as fractions 0..1 of the preview (which is the image, scaled). */
export function quadToFractions(quad: Quad, stage: Size): Quad {
  const convert = (point: Point): Point => ({
    x: fraction(point.x, stage.width),
    y: fraction(point.y, stage.height),
  });
  return {
    topLeft: convert(quad.topLeft),
    topRight: convert(quad.topRight),
    bottomRight: convert(quad.bottomRight),
    bottomLeft: convert(quad.bottomLeft),
  };
}

/** The quad's corners as a ring (clockwise on screen for an unflipped box). */
export function quadRing(quad: Quad): Point[] {
  return cornerOrder.map((name) => quad[name]);
}

/** A ring of four points back into a quad. */
export function ringToQuad(ring: readonly Point[]): Quad {
  const [topLeft, topRight, bottomRight, bottomLeft] = ring as [Point, Point, Point, Point];
  return { topLeft, topRight, bottomRight, bottomLeft };
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** The area of a quad (shoelace formula). */
export function quadArea(quad: Quad): number {
  const ring = quadRing(quad);
  let sum = 0;
  ring.forEach((a, index) => {
    const b = ring[(index + 1) % ring.length] as Point;
    sum += a.x * b.y - b.x * a.y;
  });
  return Math.abs(sum) / 2;
}

export const quadProblems = {
  crosses: 'The print area crosses itself: keep the corners in order around the area.',
  flat: 'The print area has no area: its corners must not lie on one line or on top of each other.',
  concave: 'The print area must be convex: no corner may point inward.',
} as const;

/**
 * What the server would refuse in a perspective quad (it checks the same: packages/contract's
 * quadProblem), or undefined when it is a convex quad with some area. `minArea` is in the quad's
 * own units squared.
 */
export function quadProblem(quad: Quad, minArea = 1e-9): string | undefined {
  const ring = quadRing(quad);
  const [a, b, c, d] = ring as [Point, Point, Point, Point];
  const segmentsCross = (p1: Point, p2: Point, p3: Point, p4: Point) =>
    cross(p1, p2, p3) * cross(p1, p2, p4) < 0 && cross(p3, p4, p1) * cross(p3, p4, p2) < 0;
  if (segmentsCross(a, b, c, d) || segmentsCross(b, c, d, a)) return quadProblems.crosses;
  if (quadArea(quad) < minArea) return quadProblems.flat;
  const turns = ring.map((p, i) => cross(p, ring[(i + 1) % 4] as Point, ring[(i + 2) % 4] as Point));
  if (turns.some((t) => t > 0) && turns.some((t) => t < 0)) return quadProblems.concave;
  return undefined;
}

/** The server refuses a quad smaller than 1e-4 of the image: the editor keeps well above it. */
export function minQuadArea(stage: Size): number {
  return stage.width * stage.height * 0.002;
}

/**
 * The sine of the sharpest turn allowed at a corner: a corner may not flatten to a straight line
 * (about 3° from it), so rounding to fractions can never tip a quad into a concave one.
 */
export const minCornerSine = 0.05;

/** True when every corner turns the same way by a clear margin (a comfortably convex quad). */
export function isComfortablyConvex(quad: Quad, minSine = minCornerSine): boolean {
  const ring = quadRing(quad);
  const sines = ring.map((p, i) => {
    const a = ring[(i + 1) % 4] as Point;
    const b = ring[(i + 2) % 4] as Point;
    const lengths = Math.hypot(a.x - p.x, a.y - p.y) * Math.hypot(b.x - a.x, b.y - a.y);
    return lengths > 0 ? cross(p, a, b) / lengths : 0;
  });
  return sines.every((sine) => sine >= minSine) || sines.every((sine) => sine <= -minSine);
}

/**
 * Where a perspective handle may go: onto the preview, and only as far along its way as the quad
 * stays convex (by a margin), uncrossed and with some area. A move that would break it stops at the last good
 * point on the way (found by halving), so the handle slides along the limit instead of jumping.
 */
export function limitHandleMove(quad: Quad, corner: CornerName, target: Point, stage: Size): Point {
  const from = quad[corner];
  const to = { x: clampNumber(target.x, 0, stage.width), y: clampNumber(target.y, 0, stage.height) };
  const minArea = minQuadArea(stage);
  const fine = (point: Point) => {
    const next = { ...quad, [corner]: point };
    return quadProblem(next, minArea) === undefined && isComfortablyConvex(next);
  };
  if (fine(to)) return to;
  if (!fine(from)) return from;
  let good = 0;
  let bad = 1;
  for (let step = 0; step < 16; step += 1) {
    const middle = (good + bad) / 2;
    const point = { x: from.x + (to.x - from.x) * middle, y: from.y + (to.y - from.y) * middle };
    if (fine(point)) good = middle;
    else bad = middle;
  }
  return { x: from.x + (to.x - from.x) * good, y: from.y + (to.y - from.y) * good };
}

/** A design's rectangle inside a box of the given size, scaled to fit whole and centred ('contain'). */
export function containRect(content: Size, box: Size): Point & Size {
  if (content.width <= 0 || content.height <= 0) return { x: 0, y: 0, width: box.width, height: box.height };
  const scale = Math.min(box.width / content.width, box.height / content.height);
  const width = content.width * scale;
  const height = content.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}
