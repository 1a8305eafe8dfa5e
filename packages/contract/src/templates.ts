import { z } from 'zod';
import { idField } from './fields.ts';

/**
 * SPEC.md section 7 "Mockup templates". A template is an image plus a placement: the print area
 * as four corners in fractions 0..1 of the image (their final positions, rotation included), the
 * rotation the editor showed, the dimensions the user typed and a fit mode; or no placeholder.
 */

const fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number between 0 and 1 (a fraction of the image).` })
    .min(0, { error: `${name} must be between 0 and 1 (a fraction of the image).` })
    .max(1, { error: `${name} must be between 0 and 1 (a fraction of the image).` });

const point = (name: string) =>
  z.object({ x: fraction(`${name}.x`), y: fraction(`${name}.y`) }, { error: `${name} needs x and y.` });
export type Point = { x: number; y: number };

export const fitModes = ['contain', 'cover', 'stretch'] as const;
export type FitMode = (typeof fitModes)[number];

type Corners = { topLeft: Point; topRight: Point; bottomRight: Point; bottomLeft: Point };

/** Twice the signed area of the polygon (positive when clockwise on screen, y pointing down). */
function signedArea2(points: Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i += 1) {
    const a = points[i] as Point;
    const b = points[(i + 1) % points.length] as Point;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** What is wrong with a print-area quad, or undefined when it is usable for a perspective warp. */
export function quadProblem(corners: Corners): string | undefined {
  const ring = [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft];
  const turns = ring.map((p, i) => cross(p, ring[(i + 1) % 4] as Point, ring[(i + 2) % 4] as Point));
  const positive = turns.filter((t) => t > 0).length;
  const negative = turns.filter((t) => t < 0).length;
  // Opposite edges crossing each other make a bow tie: the turns change sign twice.
  const [a, b, c, d] = ring as [Point, Point, Point, Point];
  const segmentsCross = (p1: Point, p2: Point, p3: Point, p4: Point) =>
    cross(p1, p2, p3) * cross(p1, p2, p4) < 0 && cross(p3, p4, p1) * cross(p3, p4, p2) < 0;
  if (segmentsCross(a, b, c, d) || segmentsCross(b, c, d, a)) {
    return 'The print area crosses itself: give its corners in order around the area (topLeft, topRight, bottomRight, bottomLeft).';
  }
  if (Math.abs(signedArea2(ring)) / 2 < 1e-4) {
    return 'The print area has no area: its corners must not lie on one line or on top of each other.';
  }
  if (positive > 0 && negative > 0) return 'The print area must be convex: no corner may point inward.';
  return undefined;
}

/**
 * A part of the photo in front of the print area (a strap, a hand, a frame's mount), kept in front
 * of the design: a polygon the seller picked, or a stroke painted along its points (`brush`: the
 * stroke's width, a fraction of the image's width). Points are [x, y] fractions of the image.
 */
export const occluder = z
  .object({
    points: z
      .array(z.tuple([fraction('occluders.points x'), fraction('occluders.points y')]), {
        error: 'An occluder needs a list of [x, y] points.',
      })
      .min(2, { error: 'An occluder needs at least 2 points.' })
      .max(500, { error: 'An occluder may have at most 500 points: simplify it.' }),
    brush: z
      .number({ error: 'occluders.brush must be a number (a fraction of the image width).' })
      .min(0.002, { error: 'occluders.brush must be between 0.002 and 0.25 of the image width.' })
      .max(0.25, { error: 'occluders.brush must be between 0.002 and 0.25 of the image width.' })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.brush === undefined && value.points.length < 3) {
      ctx.addIssue({
        code: 'custom',
        message: 'A picked occluder needs at least 3 points.',
        path: ['points'],
      });
    }
  })
  .meta({ id: 'Occluder' });
export type Occluder = z.infer<typeof occluder>;
const occluders = z
  .array(occluder, { error: 'occluders must be a list.' })
  .max(20, { error: 'A template may have at most 20 occluders.' });

/**
 * A print area wrapped round a cylinder (a mug, a tumbler, a bottle): `wrap`, the arc it covers
 * in degrees (the design compresses towards its left and right edges), and `curvature`, how far
 * its horizontal lines bow at the middle, a fraction of the print area's width (negative: up).
 */
export const cylinder = z
  .object({
    curvature: z
      .number({ error: 'cylinder.curvature must be a number (a fraction of the print area width).' })
      .min(-0.5, { error: 'cylinder.curvature must be between -0.5 and 0.5 of the print area width.' })
      .max(0.5, { error: 'cylinder.curvature must be between -0.5 and 0.5 of the print area width.' }),
    wrap: z
      .number({ error: 'cylinder.wrap must be a number of degrees.' })
      .min(10, { error: 'cylinder.wrap must be between 10 and 180 degrees.' })
      .max(180, { error: 'cylinder.wrap must be between 10 and 180 degrees.' }),
  })
  .meta({ id: 'Cylinder' });
export type Cylinder = z.infer<typeof cylinder>;

export const shadingTones = ['auto', 'light', 'dark'] as const;

/**
 * How the photo's light and shade fall on the design: `strength` 0 to 1 (default 1); `tone`,
 * light fabric (the design darkened in proportion) or dark (shadows and highlights transferred
 * as steps, so the design keeps its colours), 'auto' choosing by the print area's brightness.
 */
export const shading = z
  .object({
    strength: z
      .number({ error: 'shading.strength must be a number between 0 and 1.' })
      .min(0, { error: 'shading.strength must be between 0 and 1.' })
      .max(1, { error: 'shading.strength must be between 0 and 1.' })
      .optional(),
    tone: z
      .enum(shadingTones, { error: `shading.tone must be one of ${shadingTones.join(', ')}.` })
      .optional(),
  })
  .meta({ id: 'Shading' });
export type Shading = z.infer<typeof shading>;

const displacement = z
  .number({ error: 'displacement must be a number between 0 (off) and 1.' })
  .min(0, { error: 'displacement must be between 0 (off) and 1.' })
  .max(1, { error: 'displacement must be between 0 (off) and 1.' });

export const templateData = z
  .object({
    topLeft: point('topLeft'),
    topRight: point('topRight'),
    bottomLeft: point('bottomLeft'),
    bottomRight: point('bottomRight'),
    rotation: z
      .number({ error: 'rotation must be a number of degrees.' })
      .min(-180, { error: 'rotation must be between -180 and 180 degrees.' })
      .max(180, { error: 'rotation must be between -180 and 180 degrees.' })
      .default(0),
    dimensions: z
      .object({
        width: z
          .number({ error: 'dimensions.width must be a number.' })
          .positive({ error: 'dimensions.width must be positive.' }),
        height: z
          .number({ error: 'dimensions.height must be a number.' })
          .positive({ error: 'dimensions.height must be positive.' }),
      })
      .nullish(),
    fit: z.enum(fitModes, { error: `fit must be one of ${fitModes.join(', ')}.` }).default('contain'),
    occluders: occluders.optional(),
    cylinder: cylinder.nullish(),
    displacement: displacement.optional(),
    shading: shading.optional(),
  })
  .superRefine((value, ctx) => {
    const problem = quadProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type TemplateDataInput = z.input<typeof templateData>;
export type TemplateData = z.output<typeof templateData>;

/** How the renderer places a design: what the server stores and answers. */
export const placement = z
  .object({
    corners: z.object({
      topLeft: z.object({ x: z.number(), y: z.number() }),
      topRight: z.object({ x: z.number(), y: z.number() }),
      bottomRight: z.object({ x: z.number(), y: z.number() }),
      bottomLeft: z.object({ x: z.number(), y: z.number() }),
    }),
    rotation: z.number(),
    dimensions: z.object({ width: z.number(), height: z.number() }).nullable(),
    fit: z.enum(fitModes),
    /** The template has a transparent window: the design is drawn behind the photo. */
    behindPhoto: z.boolean(),
    /** Parts of the photo kept in front of the design (absent: none). */
    occluders: z.array(occluder).optional(),
    /** The print area wraps round a cylinder (absent: flat). */
    cylinder: cylinder.optional(),
    /** How far the design follows the photo's folds, 0 to 1 (absent: off). */
    displacement: z.number().optional(),
    /** The photo's light and shade on the design (absent: full strength, tone chosen from the photo). */
    shading: shading.optional(),
  })
  .meta({ id: 'Placement' });
export type Placement = z.infer<typeof placement>;

export const templateInfo = z
  .object({
    mkp_template_id: z.string(),
    /** Signed, expiring URL of a 512 px WebP. */
    thumbnail_image_path: z.string(),
    user_file_name: z.string(),
    /** Signed, expiring URL of the full template image. */
    image_path: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** 'library' templates come with every account and cannot be deleted. */
    source: z.enum(['library', 'own']),
    /** null: no placeholder, the image is added to the listing as it is. */
    placement: placement.nullable(),
  })
  .meta({ id: 'TemplateInfo' });
export type TemplateInfo = z.infer<typeof templateInfo>;
export const templatesInformation = z.object({ templates_information: z.array(templateInfo) });

const templateIds = (field: string) =>
  z
    .array(idField('template id'), { error: `${field} must be a list of template ids.` })
    .min(1, { error: 'Check at least one template first.' })
    .max(500, { error: 'At most 500 templates at once.' });

export const setTemplatesRequest = z.object({
  selectedTemplates: templateIds('selectedTemplates'),
  workspace_id: idField('workspace_id'),
});
export const removeTemplatesRequest = z.object({
  removeTemplates: templateIds('removeTemplates'),
  workspace_id: idField('workspace_id'),
});
export const deleteTemplatesRequest = z.object({
  removeTemplates: templateIds('removeTemplates'),
  workspace_id: idField('workspace_id').optional(),
});
export const templatesChanged = z.object({ message: z.string(), count: z.number().int() });

export const uploadedTemplate = z.object({
  file_name: z.string(),
  status: z.enum(['stored', 'rejected']),
  mkp_template_id: z.string().optional(),
  reason: z.string().optional(),
});
export const uploadTemplatesResponse = z.object({
  message: z.string(),
  stored: z.number().int(),
  rejected: z.number().int(),
  files: z.array(uploadedTemplate),
  templates: z.array(templateInfo),
});
export type UploadTemplatesResponse = z.infer<typeof uploadTemplatesResponse>;

export const templateMessages = {
  notFound: 'Template not found. It may have been deleted; refresh the list.',
  libraryNotDeletable:
    'Starter templates come with every account and cannot be deleted; move them to Remaining Templates instead.',
  noFile: 'Choose a template image to upload.',
  badTemplateData:
    'templateData must be JSON with topLeft, topRight, bottomLeft, bottomRight, rotation and dimensions.',
} as const;
