import type { Cylinder, Occluder, Shading } from '@podflow/contract/templates';
import { quadAspect, squareToQuad, wrapPoint } from './perspective-math';
import type { Point, Quad, Size } from './placeholder-geometry';

/**
 * What makes a mockup look printed rather than pasted on, as the placeholder editor sets it: the
 * print area wrapped round a cylinder, the design following the photo's folds, the photo's shading
 * (tone and strength) and the parts of the photo in front of the design. The preview draws the
 * cylinder (perspective-math.ts drawImageOnQuad) and the occluders as the engine renders them.
 */
export interface Realism {
  cylinder: Cylinder | null;
  /** 0 (off) to 1. */
  displacement: number;
  shading: Required<Shading>;
  /** In preview pixels while editing; brush widths too. */
  occluders: PreviewOccluder[];
}

export type PreviewOccluder = { points: Point[]; brush?: number };

export const defaultRealism: Realism = {
  cylinder: null,
  displacement: 0,
  shading: { strength: 1, tone: 'auto' },
  occluders: [],
};

/** A mug's print area as the editor starts it: two thirds of the way round the visible half. */
export const defaultCylinder: Cylinder = { curvature: 0.06, wrap: 140 };

/** The outline of the wrapped print area (its edges bowed by the cylinder), for the preview. */
export function surfaceOutline(quad: Quad, aspect: number, cylinder: Cylinder | null): Point[] {
  const map = squareToQuad(quad);
  const at = (u: number, v: number) => {
    const p = cylinder ? wrapPoint(u, v, cylinder, aspect) : { x: u, y: v };
    return map(p.x, p.y);
  };
  const steps = cylinder ? 24 : 1;
  const ring: Point[] = [];
  for (let k = 0; k <= steps; k += 1) ring.push(at(k / steps, 0));
  for (let k = 0; k <= steps; k += 1) ring.push(at(1 - k / steps, 1));
  return ring;
}

/** The box's width over height, as the engine takes it: the typed dimensions', else the quad's. */
export function areaAspect(quad: Quad, dimensions: Size | null): number {
  return dimensions && dimensions.width > 0 && dimensions.height > 0
    ? dimensions.width / dimensions.height
    : quadAspect(quad);
}

/** Traces the occluders' shapes as one path: picked polygons filled, painted strokes stroked. */
function traceOccluders(
  ctx: CanvasRenderingContext2D,
  occluders: PreviewOccluder[],
  fill: () => void,
  stroke: (width: number) => void,
) {
  for (const occluder of occluders) {
    if (occluder.points.length < 2) continue;
    ctx.beginPath();
    ctx.moveTo(occluder.points[0]!.x, occluder.points[0]!.y);
    for (const point of occluder.points.slice(1)) ctx.lineTo(point.x, point.y);
    if (occluder.brush === undefined) {
      ctx.closePath();
      fill();
    } else {
      stroke(occluder.brush);
    }
  }
}

/**
 * Draws the photo back over the design where the occluders lie in front of it (as the engine
 * does), on a canvas of its own so the occluders' shapes mask the photo.
 */
export function drawOccluded(
  ctx: CanvasRenderingContext2D,
  photo: CanvasImageSource,
  size: Size,
  occluders: PreviewOccluder[],
): void {
  if (occluders.length === 0) return;
  const layer = document.createElement('canvas');
  layer.width = Math.ceil(size.width);
  layer.height = Math.ceil(size.height);
  const mask = layer.getContext('2d');
  if (!mask) return;
  mask.fillStyle = '#fff';
  mask.strokeStyle = '#fff';
  mask.lineCap = 'round';
  mask.lineJoin = 'round';
  traceOccluders(
    mask,
    occluders,
    () => mask.fill(),
    (width) => {
      mask.lineWidth = width;
      mask.stroke();
    },
  );
  mask.globalCompositeOperation = 'source-in';
  mask.drawImage(photo, 0, 0, size.width, size.height);
  ctx.drawImage(layer, 0, 0);
}

/** Outlines the occluders (dashed), so the seller sees what is kept in front. */
export function outlineOccluders(
  ctx: CanvasRenderingContext2D,
  occluders: PreviewOccluder[],
  colour: string,
): void {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = 'rgba(255, 146, 43, 0.18)';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash([5, 4]);
  ctx.lineWidth = 1.5;
  traceOccluders(
    ctx,
    occluders,
    () => {
      ctx.fill();
      ctx.stroke();
    },
    (width) => {
      ctx.save();
      ctx.setLineDash([]);
      ctx.strokeStyle = 'rgba(255, 146, 43, 0.35)';
      ctx.lineWidth = width;
      ctx.stroke();
      ctx.restore();
    },
  );
  ctx.restore();
}

/** The occluders as templateData sends them: points and brush widths as fractions of the image. */
export function occludersToFractions(occluders: PreviewOccluder[], preview: Size): Occluder[] {
  const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1e5) / 1e5;
  return occluders
    .filter((o) => (o.brush === undefined ? o.points.length >= 3 : o.points.length >= 2))
    .map((o) => ({
      points: o.points
        .slice(0, 500)
        .map((p): [number, number] => [round(p.x / preview.width), round(p.y / preview.height)]),
      ...(o.brush === undefined
        ? {}
        : { brush: Math.min(0.25, Math.max(0.002, Math.round((o.brush / preview.width) * 1e4) / 1e4)) }),
    }));
}
