import { type Fold, edgeShade, folds } from './garment-helpers.ts';
import { SIZE, rectCorners } from './geometry.ts';
import {
  linearGradient,
  radialGradient,
  renderScene,
  seam,
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
const FRONT_HANDLE = 'M720 740C735 480 900 318 1000 312C1100 318 1265 480 1280 740';
const BACK_HANDLE = 'M760 660C790 500 920 345 1000 338C1080 345 1210 500 1240 660';
const PATCHES = ['M690 660H750V745H690Z', 'M1250 660H1310V745H1250Z'];

const FOLDS: Fold[] = [
  { curve: [[720, 700], [735, 900], [700, 1100], [690, 1350]], width: 60, strength: 0.6 },
  { curve: [[1280, 700], [1265, 900], [1300, 1100], [1310, 1350]], width: 60, strength: 0.6, shift: [-14, 16] },
  { curve: [[800, 690], [900, 760], [1100, 760], [1200, 690]], width: 40, strength: 0.9, shift: [0, 18] },
  { curve: [[850, 800], [950, 860], [1060, 860], [1150, 800]], width: 50, strength: 0.5, shift: [0, 20] },
  { curve: [[500, 1560], [560, 1640], [620, 1700], [700, 1750]], width: 40, strength: 0.6 },
  { curve: [[1500, 1560], [1440, 1640], [1380, 1700], [1300, 1750]], width: 40, strength: 0.6, shift: [-12, 14] },
  { curve: [[560, 1050], [580, 1250], [570, 1400], [590, 1560]], width: 70, strength: 0.35 },
];

async function render(): Promise<Buffer> {
  const handles = (d: string, colour: string) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="64"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.14" stroke-width="64" stroke-dasharray="0" />`;
  const [shadow, shading] = await Promise.all([
    softLayer([
      [40, `<path d="${BAG}" transform="translate(34 44)" fill-opacity="0.2"/>`],
      [12, `<path d="${BAG}" transform="translate(10 14)" fill-opacity="0.3"/>`],
      [14, `<path d="${FRONT_HANDLE}" transform="translate(14 18)" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="60"/>`],
      [8, `<circle cx="1012" cy="320" r="34" fill-opacity="0.35"/>`],
    ]),
    softLayer([
      [
        0,
        `<defs>${radialGradient('bulge', [980, 1150, 700, 800], [
          [0, '#fff', 0.45],
          [0.6, '#fff', 0],
          [1, '#000', 0.12],
        ])}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bulge)"/>`,
      ],
      edgeShade(BAG, 70, 0.22),
      folds(FOLDS, 26),
      [10, PATCHES.map((d) => `<path d="${d}" transform="translate(6 8)" fill-opacity="0.18"/>`).join('')],
      [12, `<path d="M470 700C800 712 1200 712 1530 700" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="14"/>`],
    ]),
  ]);
  const defs =
    `<clipPath id="bag"><path d="${BAG}"/></clipPath>` +
    linearGradient('peg', [970, 290, 1030, 350], [
      [0, '#b08a62'],
      [1, '#6f5236'],
    ]);
  const body =
    studioBackdrop('#ebe8e3', '#d6d1c9') +
    shadow +
    handles(BACK_HANDLE, '#cfc5b1') +
    `<circle cx="1000" cy="310" r="30" fill="url(#peg)"/><circle cx="992" cy="301" r="10" fill="#fff" fill-opacity="0.25"/>` +
    handles(FRONT_HANDLE, '#e9e1cf') +
    stitches(FRONT_HANDLE.replace(/(\d+) (\d+)/g, (_, x: string, y: string) => `${Number(x) - 24} ${Number(y) + 4}`), 0.2) +
    stitches(FRONT_HANDLE.replace(/(\d+) (\d+)/g, (_, x: string, y: string) => `${Number(x) + 24} ${Number(y) + 4}`), 0.2) +
    `<path d="${BAG}" fill="#eee7d7"/>` +
    `<g clip-path="url(#bag)">${shading}` +
    stitches('M470 700C800 712 1200 712 1530 700', 0.2) +
    PATCHES.map((d) => `<path d="${d}" fill="#e9e1cf"/>` + stitches(d.replace(/H|V/g, (m) => m), 0.2)).join('') +
    stitches('M700 670L740 735M740 670L700 735M1260 670L1300 735M1300 670L1260 735', 0.18) +
    seam('M462 1720C800 1732 1200 1732 1538 1720', 0.08) +
    '</g>';
  return renderScene({
    seed: 707,
    defs,
    body,
    textures: [
      { kind: 'plaster' },
      { kind: 'canvas', mask: `<path d="${BAG}"/><path d="${FRONT_HANDLE}" fill="none" stroke="#fff" stroke-width="64"/>` },
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
  render,
};
