import { type Fold, edgeShade, flatLayShadow, folds } from './garment-helpers.ts';
import { SIZE, rectCorners, bezier, fabricDisplacement } from './geometry.ts';
import { linearGradient, renderScene, seam, softLayer, stitches, studioBackdrop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/** A white short-sleeved baby bodysuit laid flat: envelope shoulders, bound leg openings, snap tab. */
const OUTLINE =
  'M880 400C920 410 960 415 1000 415C1040 415 1080 410 1120 400L1310 445C1380 470 1430 510 1470 560L1400 690L1330 640' +
  'C1345 900 1350 1100 1340 1230C1270 1290 1160 1380 1110 1530L1105 1640C1080 1662 920 1662 895 1640L890 1530' +
  'C840 1380 730 1290 660 1230C650 1100 655 900 670 640L600 690L530 560C570 510 620 470 690 445L880 400Z';
const BACK_NECK = 'M880 400C920 410 960 415 1000 415C1040 415 1080 410 1120 400';
const NECK_OPENING = `${BACK_NECK}C1110 525 890 525 880 400Z`;
const NECK_BAND = 'M880 400C890 525 1110 525 1120 400L1136 410C1124 556 876 556 864 410Z';
const LEGS = ['M1340 1230C1270 1290 1160 1380 1110 1530', 'M660 1230C730 1290 840 1380 890 1530'];

const DRAPES: Fold[] = [
  { curve: bezier('M680 690C740 760 800 800 880 860'), width: 34 },
  { curve: bezier('M1320 690C1260 760 1200 800 1120 860'), width: 34, shift: [-12, 16] },
  { curve: bezier('M720 1150C840 1110 1000 1170 1250 1120'), width: 44, strength: 0.6 },
  { curve: bezier('M1150 880C1170 980 1160 1060 1185 1160'), width: 40, strength: 0.5 },
  { curve: bezier('M560 585C600 610 640 640 665 665'), width: 22, strength: 0.7 },
  { curve: bezier('M1440 585C1400 610 1360 640 1335 665'), width: 22, strength: 0.7, shift: [-10, 14] },
  { curve: bezier('M930 1330C960 1380 980 1430 990 1500'), width: 26, strength: 0.6 },
];

/** A snap: a pressed metal ring with a highlight. */
const snap = (cx: number) =>
  `<circle cx="${cx}" cy="1612" r="13" fill="#b9b7b2"/><circle cx="${cx}" cy="1612" r="8" fill="#e4e2de"/><circle cx="${cx - 3}" cy="1609" r="3" fill="#fff"/>`;

async function render(): Promise<Buffer> {
  const light = linearGradient(
    'onesie-light',
    [500, 350, 1500, 1700],
    [
      [0, '#fff', 0.45],
      [0.45, '#fff', 0.05],
      [1, '#000', 0.1],
    ],
  );
  const [shadow, shading] = await Promise.all([
    softLayer(flatLayShadow(OUTLINE)),
    softLayer([
      [0, `<defs>${light}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#onesie-light)"/>`],
      edgeShade(OUTLINE, 70, 0.2),
      folds(DRAPES, 20),
      [
        8,
        `<path d="M864 418C876 570 1124 570 1136 418" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="12"/>`,
      ],
    ]),
  ]);
  const defs =
    `<clipPath id="onesie"><path d="${OUTLINE}"/></clipPath><clipPath id="opening"><path d="${NECK_OPENING}"/></clipPath>` +
    linearGradient(
      'inside',
      [0, 420, 0, 520],
      [
        [0, '#d3d0ca'],
        [1, '#bcb8b1'],
      ],
    );
  const body =
    studioBackdrop('#edeae5', '#d8d3cb') +
    shadow +
    `<path d="${OUTLINE}" fill="#f2f1ed"/>` +
    `<path d="${NECK_OPENING}" fill="url(#inside)"/>` +
    `<g clip-path="url(#opening)"><path d="${BACK_NECK}" fill="none" stroke="#e6e4df" stroke-width="40"/></g>` +
    `<path d="${NECK_BAND}" fill="#f4f3ef"/>` +
    `<g clip-path="url(#onesie)">${shading}` +
    seam('M864 410C876 556 1124 556 1136 410') +
    stitches('M858 420C870 570 1130 570 1142 420') +
    seam('M880 404L800 470M1120 404L1200 470', 0.12) +
    seam('M690 450C700 520 690 590 670 640') +
    seam('M1310 450C1300 520 1310 590 1330 640') +
    stitches('M555 575L617 672') +
    stitches('M1445 575L1383 672') +
    LEGS.map((d) => `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="30"/>`).join(
      '',
    ) +
    LEGS.map((d) => `<g transform="translate(0 -18)">${stitches(d)}</g>`).join('') +
    seam('M893 1560C940 1568 1060 1568 1107 1560', 0.1) +
    snap(950) +
    snap(1000) +
    snap(1050) +
    '</g>';
  return renderScene({
    seed: 1001,
    defs,
    body,
    textures: [{ kind: 'paper' }, { kind: 'jersey', mask: `<path d="${OUTLINE}"/>` }],
  });
}

export const babyOnesieTemplate: StarterTemplate = {
  id: 'library-baby-onesie-white',
  name: 'Baby bodysuit (white)',
  width: SIZE,
  height: SIZE,
  corners: rectCorners(800, 640, 1200, 1100),
  rotation: 0,
  fit: 'contain',
  realism: { displacement: fabricDisplacement },
  render,
};
