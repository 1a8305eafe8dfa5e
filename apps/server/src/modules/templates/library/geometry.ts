import type { StarterTemplate } from './starter-templates.ts';

/** Side of every starter template image, in pixels. */
export const SIZE = 2000;

export type Xy = readonly [number, number];

/** Rounds a coordinate to a tenth of a pixel so the SVG stays short and the output stable. */
export const r1 = (value: number): number => Math.round(value * 10) / 10;

/** A closed SVG path through the given points. */
export function polygon(points: readonly Xy[]): string {
  return `M${points.map(([x, y]) => `${r1(x)} ${r1(y)}`).join('L')}Z`;
}

/** A cubic Bézier from its start, two control points and end. */
export type Curve = readonly [Xy, Xy, Xy, Xy];

/** A cubic Bézier written as an SVG path, `M x y C x y x y x y`: shorter to read than nested pairs. */
export function bezier(d: string): Curve {
  const n = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  if (n.length !== 8) throw new Error(`Expected one cubic segment, got "${d}"`);
  return [
    [n[0]!, n[1]!],
    [n[2]!, n[3]!],
    [n[4]!, n[5]!],
    [n[6]!, n[7]!],
  ];
}

function pointOn([a, b, c, d]: Curve, t: number): Xy {
  const u = 1 - t;
  const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
  return [
    w[0] * a[0] + w[1] * b[0] + w[2] * c[0] + w[3] * d[0],
    w[0] * a[1] + w[1] * b[1] + w[2] * c[1] + w[3] * d[1],
  ];
}

/**
 * A filled band along a curve, `width` wide: pointed at both ends (a fold) unless `taper` is false
 * (a mug handle). Filled rather than stroked so it can also serve as a clip path.
 */
export function ribbon(curve: Curve, width: number, shift: Xy = [0, 0], taper = true): string {
  const steps = taper ? 16 : 40;
  const left: Xy[] = [];
  const right: Xy[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const t = i / steps;
    const [x, y] = pointOn(curve, t);
    const [nx, ny] = pointOn(curve, Math.min(1, t + 0.01));
    const [px, py] = pointOn(curve, Math.max(0, t - 0.01));
    const length = Math.hypot(nx - px, ny - py) || 1;
    const half = (width / 2) * (taper ? Math.sin(Math.PI * t) ** 0.7 : 1);
    const ox = (-(ny - py) / length) * half;
    const oy = ((nx - px) / length) * half;
    left.push([x + ox + shift[0], y + oy + shift[1]]);
    right.push([x - ox + shift[0], y - oy + shift[1]]);
  }
  return polygon([...left, ...right.reverse()]);
}

/** Print-area corners (fractions of the image) from pixel positions, in topLeft, topRight, bottomRight, bottomLeft order. */
export function cornersFromPixels(tl: Xy, tr: Xy, br: Xy, bl: Xy): StarterTemplate['corners'] {
  const point = ([x, y]: Xy) => ({
    x: Math.round((x / SIZE) * 1e4) / 1e4,
    y: Math.round((y / SIZE) * 1e4) / 1e4,
  });
  return { topLeft: point(tl), topRight: point(tr), bottomRight: point(br), bottomLeft: point(bl) };
}

/**
 * An upright cylinder (a mug, a tumbler) tapering linearly from radius `rTop` at ellipse-centre
 * height `top` to `rBottom` at `bottom`, seen from above by an angle whose sine is `tilt`.
 */
export type UprightCylinder = {
  cx: number;
  top: number;
  bottom: number;
  rTop: number;
  rBottom: number;
  tilt: number;
};

/**
 * The print band wrapped ±`halfWrap` radians round a cylinder's front between the heights
 * `bandTop` and `bandBottom` (where its edges cross the front): its corners, where those edges
 * meet the wrap's ends, make a trapezoid; its top and bottom bow down by ry·(1 − cos halfWrap),
 * which is the placement's cylinder curvature (that bow as a fraction of the band's width).
 */
export function wrappedBand(
  { cx, top, bottom, rTop, rBottom, tilt }: UprightCylinder,
  halfWrap: number,
  bandTop: number,
  bandBottom: number,
): Pick<StarterTemplate, 'corners' | 'realism'> {
  const radiusAt = (y: number) => rTop + ((rBottom - rTop) * (y - top)) / (bottom - top);
  const corner = (y: number, side: -1 | 1): Xy => {
    const r = radiusAt(y);
    return [cx + side * r * Math.sin(halfWrap), y + r * tilt * Math.cos(halfWrap)];
  };
  const yTop = bandTop - radiusAt(bandTop) * tilt;
  const yBottom = bandBottom - radiusAt(bandBottom) * tilt;
  return {
    corners: cornersFromPixels(corner(yTop, -1), corner(yTop, 1), corner(yBottom, 1), corner(yBottom, -1)),
    realism: {
      cylinder: {
        curvature: Math.round(((tilt * (1 - Math.cos(halfWrap))) / (2 * Math.sin(halfWrap))) * 1e4) / 1e4,
        wrap: Math.round((2 * halfWrap * 180) / Math.PI),
      },
    },
  };
}

/** Corners of an axis-aligned print area given in pixels. */
export function rectCorners(
  left: number,
  top: number,
  right: number,
  bottom: number,
): StarterTemplate['corners'] {
  return cornersFromPixels([left, top], [right, top], [right, bottom], [left, bottom]);
}

/**
 * A pinhole camera looking straight at a flat object turned `yawDegrees` about its vertical axis
 * (positive: the right side recedes). Points are (u right, v down, w into the scene) in template
 * pixels about the object's centre; a point with w = 0 on the axis lands on `centre` at scale 1.
 */
export function perspective(
  yawDegrees: number,
  focal: number,
  centre: Xy,
): (u: number, v: number, w?: number) => Xy {
  const cos = Math.cos((yawDegrees * Math.PI) / 180);
  const sin = Math.sin((yawDegrees * Math.PI) / 180);
  return (u, v, w = 0) => {
    const scale = focal / (focal + u * sin + w * cos);
    return [centre[0] + (u * cos - w * sin) * scale, centre[1] + v * scale];
  };
}

/** How far a design follows the folds of a fabric starter (the engine's displacement, 0 to 1). */
export const fabricDisplacement = 0.5;
