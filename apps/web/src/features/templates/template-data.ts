import type { TemplateDataInput } from '@podflow/contract/templates';
import { normalizeRotation, quadToFractions, type Quad, type Size } from './placeholder-geometry';
import { occludersToFractions, type Realism } from './realism';

/**
 * The templateData JSON of an image-mode upload (SPEC.md section 3), as docs/decisions.md
 * describes it:
 * - topLeft, topRight, bottomRight, bottomLeft: where the corners of the print area finally are on
 *   the template image, rotation included, as fractions 0..1 of its width (x) and height (y),
 *   named as on the unrotated box (so after a 90° turn topLeft is the upper-right point);
 * - rotation: the box's rotation in degrees, clockwise on screen, -180..180 (0 in perspective mode,
 *   where the corners say everything);
 * - dimensions: the width and height last applied with 'Update Image Placeholder' (200 by 200, the
 *   default box, when never typed): the print size the seller had in mind, whose ratio the box keeps;
 * - fit: 'contain', a design is scaled to fit whole inside the area;
 * - realism (see realism.ts), each only when set: cylinder, displacement, shading when not the
 *   default, and occluders in fractions of the image.
 */
export function buildTemplateData(
  corners: Quad,
  preview: Size,
  rotation: number,
  dimensions: Size,
  realism?: Realism,
): TemplateDataInput {
  const fractions = quadToFractions(corners, preview);
  const occluders = realism ? occludersToFractions(realism.occluders, preview) : [];
  const shading = realism?.shading;
  return {
    topLeft: fractions.topLeft,
    topRight: fractions.topRight,
    bottomLeft: fractions.bottomLeft,
    bottomRight: fractions.bottomRight,
    rotation: Math.round(normalizeRotation(rotation) * 100) / 100,
    dimensions: { width: dimensions.width, height: dimensions.height },
    fit: 'contain',
    ...(realism?.cylinder ? { cylinder: realism.cylinder } : {}),
    ...(realism && realism.displacement > 0 ? { displacement: realism.displacement } : {}),
    ...(shading && (shading.strength !== 1 || shading.tone !== 'auto') ? { shading } : {}),
    ...(occluders.length > 0 ? { occluders } : {}),
  };
}
