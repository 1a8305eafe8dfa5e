import { type Fold, edgeShade, folds } from './garment-helpers.ts';
import { SIZE, rectCorners, bezier, fabricDisplacement } from './geometry.ts';
import {
  linearGradient,
  radialGradient,
  renderScene,
  softLayer,
  stitches,
  studioBackdrop,
} from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/** A natural cotton-canvas tote hanging from a wooden peg by both handles. */
const BAG =
  'M470 648C600 636 700 630 720 632C860 652 1140 652 1280 632C1300 630 1400 636 1530 648' +
  'C1545 1000 1552 1400 1540 1725Q1538 1762 1500 1764C1200 1772 800 1772 500 1764Q462 1762 460 1725' +
  'C448 1400 455 1000 470 648Z';
const FRONT_HANDLE = 'M720 740C725 420 870 300 1000 300C1130 300 1275 420 1280 740';
const BACK_HANDLE = 'M760 660C770 440 890 330 1000 330C1110 330 1230 440 1240 660';
// Where each strap is sewn onto the bag: a patch of strap, boxed and crossed with stitches.
const PATCHES = [690, 1250].map((x) => ({ outline: `M${x} 660H${x + 60}V745H${x}Z`, x }));

const FOLDS: Fold[] = [
  { curve: bezier('M750 715C800 780 850 845 935 910'), width: 34, strength: 1.28 },
  { curve: bezier('M1250 715C1200 780 1150 845 1065 910'), width: 34, strength: 1.28, shift: [-12, 16] },
  { curve: bezier('M725 760C740 920 720 1080 705 1260'), width: 40, strength: 0.8 },
  { curve: bezier('M1275 760C1260 920 1282 1080 1296 1260'), width: 40, strength: 0.8, shift: [-12, 14] },
  { curve: bezier('M800 735C900 790 1100 790 1200 735'), width: 30, strength: 0.96, shift: [0, 16] },
  { curve: bezier('M505 1560C560 1640 620 1700 705 1745'), width: 34, strength: 1.12 },
  { curve: bezier('M1495 1560C1440 1640 1380 1700 1295 1745'), width: 34, strength: 1.12, shift: [-12, 14] },
  { curve: bezier('M560 1000C585 1200 570 1380 595 1560'), width: 56, strength: 0.72 },
  { curve: bezier('M1430 980C1412 1180 1428 1370 1405 1540'), width: 56, strength: 0.64, shift: [-12, 16] },
  { curve: bezier('M900 1480C960 1530 1040 1560 1130 1575'), width: 40, strength: 0.56 },
];

async function render(): Promise<Buffer> {
  // A strap with a stitch line along each edge: a dashed stroke as wide as the two lines apart, then the strap's middle over it.
  const handle = (d: string, colour: string) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="64"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="50" stroke-dasharray="8 6"/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="45"/>`;
  const [shadow, shading] = await Promise.all([
    softLayer([
      [40, `<path d="${BAG}" transform="translate(34 44)" fill-opacity="0.2"/>`],
      [12, `<path d="${BAG}" transform="translate(10 14)" fill-opacity="0.3"/>`],
      [
        14,
        `<path d="${FRONT_HANDLE}" transform="translate(14 18)" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="60"/>`,
      ],
    ]),
    softLayer([
      [
        0,
        `<defs>${radialGradient(
          'bulge',
          [980, 1150, 700, 800],
          [
            [0, '#fff', 0.3],
            [0.6, '#fff', 0],
            [1, '#000', 0.1],
          ],
        )}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bulge)"/>`,
      ],
      edgeShade(BAG, 90, 0.26),
      folds(FOLDS, 20, 0.45),
      [
        10,
        PATCHES.map(
          ({ outline }) => `<path d="${outline}" transform="translate(6 8)" fill-opacity="0.18"/>`,
        ).join(''),
      ],
      [
        12,
        `<path d="M470 700C800 712 1200 712 1530 700" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="14"/>`,
      ],
    ]),
  ]);
  const defs =
    `<clipPath id="bag"><path d="${BAG}"/></clipPath>` +
    radialGradient(
      'peg-shadow',
      [1012, 336, 52, 52],
      [
        [0.7, '#000', 0.35],
        [1, '#000', 0],
      ],
    ) +
    linearGradient(
      'peg',
      [965, 285, 1035, 360],
      [
        [0, '#b08a62'],
        [1, '#6f5236'],
      ],
    );
  const body =
    studioBackdrop('#ebe8e3', '#d6d1c9') +
    shadow +
    handle(BACK_HANDLE, '#cfc5b1') +
    handle(FRONT_HANDLE, '#e9e1cf') +
    `<circle cx="1012" cy="336" r="52" fill="url(#peg-shadow)"/><circle cx="1000" cy="322" r="40" fill="url(#peg)"/><ellipse cx="988" cy="308" rx="14" ry="10" fill="#fff" fill-opacity="0.25"/>` +
    `<path d="${BAG}" fill="#eee7d7"/>` +
    `<g clip-path="url(#bag)">${shading}` +
    stitches('M470 700C800 712 1200 712 1530 700', 0.2) +
    PATCHES.map(
      ({ outline, x }) =>
        `<path d="${outline}" fill="#e9e1cf"/>` +
        stitches(
          `M${x + 8} 668H${x + 52}V737H${x + 8}ZM${x + 10} 670L${x + 50} 735M${x + 50} 670L${x + 10} 735`,
          0.18,
        ),
    ).join('') +
    stitches('M470 1722C800 1734 1200 1734 1530 1722', 0.12) +
    '</g>';
  return renderScene({
    seed: 707,
    defs,
    body,
    textures: [
      { kind: 'plaster' },
      {
        kind: 'canvas',
        mask: `<path d="${BAG}"/><path d="${FRONT_HANDLE}" fill="none" stroke="#fff" stroke-width="64"/>`,
      },
    ],
  });
}

export const toteBagTemplate: StarterTemplate = {
  id: 'library-tote-natural',
  name: 'Tote bag (natural canvas)',
  width: SIZE,
  height: SIZE,
  corners: rectCorners(640, 860, 1360, 1580),
  rotation: 0,
  fit: 'contain',
  realism: { displacement: fabricDisplacement },
  render,
};
