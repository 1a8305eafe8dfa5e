import type { Cylinder } from '@podflow/contract/templates';
import type { Point, Quad, Size } from './placeholder-geometry';

/**
 * The projective map from the unit square onto a quad (Heckbert's square-to-quad): (0,0) goes to
 * topLeft, (1,0) to topRight, (1,1) to bottomRight and (0,1) to bottomLeft, and straight lines
 * stay straight, as on a flat surface photographed at an angle.
 */
export function squareToQuad(quad: Quad): (u: number, v: number) => Point {
  const { topLeft: p0, topRight: p1, bottomRight: p2, bottomLeft: p3 } = quad;
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dx3 = p0.x - p1.x + p2.x - p3.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const dy3 = p0.y - p1.y + p2.y - p3.y;
  let g = 0;
  let h = 0;
  const det = dx1 * dy2 - dx2 * dy1;
  if (Math.abs(dx3) > 1e-12 || Math.abs(dy3) > 1e-12) {
    if (Math.abs(det) > 1e-12) {
      g = (dx3 * dy2 - dx2 * dy3) / det;
      h = (dx1 * dy3 - dx3 * dy1) / det;
    }
  }
  const a = p1.x - p0.x + g * p1.x;
  const b = p3.x - p0.x + h * p3.x;
  const c = p0.x;
  const d = p1.y - p0.y + g * p1.y;
  const e = p3.y - p0.y + h * p3.y;
  const f = p0.y;
  return (u, v) => {
    const w = g * u + h * v + 1;
    return { x: (a * u + b * v + c) / w, y: (d * u + e * v + f) / w };
  };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The quad's rough width over height: mean of top and bottom edges over mean of the sides. */
export function quadAspect(quad: Quad): number {
  const across = (distance(quad.topLeft, quad.topRight) + distance(quad.bottomLeft, quad.bottomRight)) / 2;
  const down = (distance(quad.topLeft, quad.bottomLeft) + distance(quad.topRight, quad.bottomRight)) / 2;
  return down > 0 ? across / down : 1;
}

/** Where a design of `designAspect` sits in the unit square of an area of `areaAspect` ('contain'). */
export function containInUnitSquare(designAspect: number, areaAspect: number): Point & Size {
  if (designAspect >= areaAspect) {
    const height = areaAspect / designAspect;
    return { x: 0, y: (1 - height) / 2, width: 1, height };
  }
  const width = designAspect / areaAspect;
  return { x: (1 - width) / 2, y: 0, width, height: 1 };
}

/** A canvas transform (a, b, c, d, e, f): x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Affine = [number, number, number, number, number, number];

/** The affine transform taking triangle s onto triangle d, or null for a flat source triangle. */
export function affineFromTriangles(s: readonly Point[], d: readonly Point[]): Affine | null {
  const [s0, s1, s2] = s as [Point, Point, Point];
  const [d0, d1, d2] = d as [Point, Point, Point];
  const sx1 = s1.x - s0.x;
  const sy1 = s1.y - s0.y;
  const sx2 = s2.x - s0.x;
  const sy2 = s2.y - s0.y;
  const det = sx1 * sy2 - sx2 * sy1;
  if (Math.abs(det) < 1e-12) return null;
  const dx1 = d1.x - d0.x;
  const dy1 = d1.y - d0.y;
  const dx2 = d2.x - d0.x;
  const dy2 = d2.y - d0.y;
  // [a c; b d] = D · S⁻¹, with S⁻¹ = [sy2 -sx2; -sy1 sx1] / det.
  const a = (dx1 * sy2 - dx2 * sy1) / det;
  const c = (dx2 * sx1 - dx1 * sx2) / det;
  const b = (dy1 * sy2 - dy2 * sy1) / det;
  const dd = (dy2 * sx1 - dy1 * sx2) / det;
  const e = d0.x - a * s0.x - c * s0.y;
  const f = d0.y - b * s0.x - dd * s0.y;
  return [a, b, c, dd, e, f];
}

/** A triangle pushed out from its centre by `by` pixels, so neighbouring pieces overlap (no seams). */
function grow(points: readonly Point[], by: number): Point[] {
  const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  return points.map((p) => {
    const length = Math.hypot(p.x - cx, p.y - cy) || 1;
    return { x: p.x + ((p.x - cx) / length) * by, y: p.y + ((p.y - cy) / length) * by };
  });
}

/**
 * Where the point (u, v) of a flat print area (the unit square, u across) shows once wrapped
 * round a cylinder: across at sin(theta) of the arc, down by the ellipse through the area's ends
 * (`curvature` of the width at the middle, in units of the height through `aspect` = width /
 * height). The engine's geometry.ts cylinderSurface is the same model.
 */
export function wrapPoint(u: number, v: number, cylinder: Cylinder, aspect: number): Point {
  const half = (Math.min(180, Math.max(1, cylinder.wrap)) * Math.PI) / 360;
  const theta = (2 * u - 1) * half;
  const drop = (cylinder.curvature * aspect * (Math.cos(theta) - Math.cos(half))) / (1 - Math.cos(half));
  return { x: (1 + Math.sin(theta) / Math.sin(half)) / 2, y: v + drop };
}

/**
 * Draws an image onto a quad in approximate perspective: the design's rectangle (placed 'contain'
 * in the area's box of `aspect`, width over height: the quad's own by default), wrapped round
 * `cylinder` when given, is cut into a grid of triangles, each drawn with its own affine transform
 * through a clip of the projected triangle; three times finer across when wrapped.
 */
export function drawImageOnQuad(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource & { width: number; height: number },
  quad: Quad,
  options: { grid?: number; aspect?: number; cylinder?: Cylinder | null } = {},
): void {
  const imageWidth = Number(image.width);
  const imageHeight = Number(image.height);
  if (!(imageWidth > 0 && imageHeight > 0)) return;
  const { cylinder = null, grid = 10 } = options;
  const aspect = options.aspect ?? quadAspect(quad);
  const map = squareToQuad(quad);
  const place = containInUnitSquare(imageWidth / imageHeight, aspect);
  const across = cylinder ? grid * 3 : grid;
  const source = (i: number, j: number): Point => ({
    x: (i / across) * imageWidth,
    y: (j / grid) * imageHeight,
  });
  const target = (i: number, j: number): Point => {
    const u = place.x + (i / across) * place.width;
    const v = place.y + (j / grid) * place.height;
    const at = cylinder ? wrapPoint(u, v, cylinder, aspect) : { x: u, y: v };
    return map(at.x, at.y);
  };
  const triangle = (s: Point[], d: Point[]) => {
    const transform = affineFromTriangles(s, d);
    if (!transform) return;
    const clip = grow(d, 0.6);
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(clip[0]!.x, clip[0]!.y);
    ctx.lineTo(clip[1]!.x, clip[1]!.y);
    ctx.lineTo(clip[2]!.x, clip[2]!.y);
    ctx.closePath();
    ctx.clip();
    ctx.transform(...transform);
    ctx.drawImage(image, 0, 0);
    ctx.restore();
  };
  for (let j = 0; j < grid; j += 1) {
    for (let i = 0; i < across; i += 1) {
      const s = [source(i, j), source(i + 1, j), source(i + 1, j + 1), source(i, j + 1)];
      const d = [target(i, j), target(i + 1, j), target(i + 1, j + 1), target(i, j + 1)];
      triangle([s[0]!, s[1]!, s[2]!], [d[0]!, d[1]!, d[2]!]);
      triangle([s[0]!, s[2]!, s[3]!], [d[0]!, d[2]!, d[3]!]);
    }
  }
}
