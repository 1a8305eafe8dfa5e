import type { Placement } from '@podflow/contract/templates';
import { babyOnesieTemplate } from './baby-onesie.template.ts';
import { framedCanvasTemplate } from './framed-canvas.template.ts';
import { hoodieTemplate, navyHoodieTemplate } from './hoodie.template.ts';
import { mugTemplate } from './mug.template.ts';
import { phoneCaseTemplate } from './phone-case.template.ts';
import { posterFrameTemplate } from './poster-frame.template.ts';
import { sweatshirtTemplate } from './sweatshirt.template.ts';
import { throwPillowTemplate } from './throw-pillow.template.ts';
import { toteBagTemplate } from './tote-bag.template.ts';
import { blackTshirtTemplate, tshirtTemplate } from './tshirt.template.ts';
import { tumblerTemplate } from './tumbler.template.ts';

/** A position on a template image, as fractions 0..1 of its width and height. */
export type Point = { x: number; y: number };

/**
 * A mockup photo that ships with PodFlow, drawn in code (no third-party photos, fonts or assets),
 * so a new account can make mockups before uploading templates of its own.
 */
export type StarterTemplate = {
  /** Stable slug; stored on selections and mockups, so never renamed. */
  id: string;
  name: string;
  width: number;
  height: number;
  /** The print area: the four corners' final positions on the image, as fractions 0..1. */
  corners: { topLeft: Point; topRight: Point; bottomRight: Point; bottomLeft: Point };
  /** Degrees the editor would show (0 when the quad is axis-aligned); informational. */
  rotation: number;
  fit: 'contain' | 'cover' | 'stretch';
  /** What makes its mockups look printed, as the placement editor's Realism tab sets it. */
  realism?: Pick<Placement, 'cylinder' | 'displacement' | 'occluders'>;
  /** A dark product: its print area is dark, so mockups get dark-fabric shading (chosen by brightness). */
  dark?: true;
  /** The template photo as an opaque PNG; the same bytes on every call. */
  render: () => Promise<Buffer>;
};

/** Every starter template, in the order the template picker shows them. */
export const starterTemplates: readonly StarterTemplate[] = [
  tshirtTemplate,
  blackTshirtTemplate,
  sweatshirtTemplate,
  hoodieTemplate,
  navyHoodieTemplate,
  mugTemplate,
  tumblerTemplate,
  posterFrameTemplate,
  framedCanvasTemplate,
  toteBagTemplate,
  throwPillowTemplate,
  phoneCaseTemplate,
  babyOnesieTemplate,
];
