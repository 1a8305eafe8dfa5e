import { type Fold, edgeShade, folds } from './garment-helpers.ts';
import { SIZE, type Xy, cornersFromPixels, bezier, fabricDisplacement } from './geometry.ts';
import { radialGradient, renderScene, softLayer, tabletop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/**
 * A white knife-edge throw pillow standing on a table against the wall, turned 4° clockwise. Drawn
 * in the pillow's own frame (origin at its centre) and rotated as a group, so the print area, the
 * front panel just inside the seam, is exactly the rotated square.
 */
const CENTRE: Xy = [1000, 960];
const ANGLE = 4;
const HALF = 485;
const place = `translate(${CENTRE[0]} ${CENTRE[1]}) rotate(${ANGLE})`;

function rotated([u, v]: Xy): Xy {
  const a = (ANGLE * Math.PI) / 180;
  return [CENTRE[0] + u * Math.cos(a) - v * Math.sin(a), CENTRE[1] + u * Math.sin(a) + v * Math.cos(a)];
}

// The stuffing bulges the edges a little past the corners, which poke out as soft "ears".
const E = HALF + 30;
const BULGE = HALF + 52;
const OUTLINE = `M${-E} ${-E}Q0 ${-BULGE} ${E} ${-E}Q${BULGE} 0 ${E} ${E}Q0 ${BULGE} ${-E} ${E}Q${-BULGE} 0 ${-E} ${-E}Z`;

/** Wrinkles fanning in from each corner, where the stuffing cannot fill the cover. */
function cornerFolds(): Fold[] {
  const list: Fold[] = [];
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    for (const [along, across, length] of [
      [0.6, 0.2, 300],
      [0.32, -0.3, 240],
    ] as const) {
      const start: Xy = [sx * (E - 14), sy * (E - 14)];
      const dir: Xy = [-sx * along, -sy * (1 - along)];
      const bend: Xy = [sx * across * 40, -sy * across * 40];
      const at = (t: number): Xy => [
        start[0] + dir[0] * length * t + bend[0] * t * t,
        start[1] + dir[1] * length * t + bend[1] * t * t,
      ];
      list.push({ curve: [at(0), at(0.33), at(0.66), at(1)], width: 26, strength: 1, shift: [9, 11] });
    }
  }
  return list;
}

async function render(): Promise<Buffer> {
  const puff = radialGradient(
    'puff',
    [-90, -120, 760, 760],
    [
      [0, '#fff', 0.5],
      [0.55, '#fff', 0],
      [1, '#000', 0.2],
    ],
  );
  const [shadow, shading] = await Promise.all([
    softLayer([
      [44, `<path d="${OUTLINE}" transform="translate(1050 960) rotate(${ANGLE})" fill-opacity="0.2"/>`],
      [
        18,
        `<ellipse cx="1010" cy="1500" rx="500" ry="34" transform="rotate(${ANGLE} 1010 1500)" fill-opacity="0.38"/>`,
      ],
    ]),
    softLayer([
      [
        0,
        `<defs>${puff}</defs><g transform="${place}"><rect x="-600" y="-600" width="1200" height="1200" fill="url(#puff)"/></g>`,
      ],
      [56, `<g transform="${place}">${edgeShade(OUTLINE, 150, 0.26)[1]}</g>`],
      [
        6,
        `<g transform="${place}"><path d="${OUTLINE}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="10"/></g>`,
      ],
      [12, `<g transform="${place}">${folds(cornerFolds(), 0)[1]}</g>`],
      [
        30,
        `<g transform="${place}">${
          folds([{ curve: bezier('M-300 330C-100 280 150 370 380 310'), width: 60, strength: 0.5 }], 0)[1]
        }</g>`,
      ],
    ]),
  ]);
  const defs = `<clipPath id="pillow"><path d="${OUTLINE}" transform="${place}"/></clipPath>`;
  const body =
    tabletop(1250) +
    shadow +
    `<path d="${OUTLINE}" transform="${place}" fill="#f3f2ef"/>` +
    `<g clip-path="url(#pillow)">${shading}</g>`;
  return renderScene({
    seed: 808,
    defs,
    body,
    textures: [
      { kind: 'plaster' },
      { kind: 'canvas', strength: 0.45, mask: `<path d="${OUTLINE}" transform="${place}"/>` },
    ],
  });
}

export const throwPillowTemplate: StarterTemplate = {
  id: 'library-pillow-white',
  name: 'Throw pillow 18" (white)',
  width: SIZE,
  height: SIZE,
  corners: cornersFromPixels(
    rotated([-HALF, -HALF]),
    rotated([HALF, -HALF]),
    rotated([HALF, HALF]),
    rotated([-HALF, HALF]),
  ),
  rotation: ANGLE,
  // Printed edge to edge: the design fills it; a render that cuts off part of it is flagged on Review Mockups.
  fit: 'cover',
  realism: { displacement: fabricDisplacement },
  render,
};
