import type { Fold } from './garment-helpers.ts';
import { BODY_DETAILS, BODY_OUTLINE, bodyLayers } from './long-sleeve-body.ts';
import { SIZE, rectCorners, bezier, fabricDisplacement } from './geometry.ts';
import {
  type SoftGroup,
  linearGradient,
  renderScene,
  seam,
  stitches,
  studioBackdrop,
} from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

// A white pullover hoodie laid flat, the hood spread out above the shoulders.
const HOOD = 'M790 400C740 200 840 90 1000 90C1160 90 1260 200 1210 400Z';
const HOOD_OPENING = 'M838 430C800 250 870 138 1000 138C1130 138 1200 250 1162 430L1000 570Z';
const POCKET =
  'M760 1250L1240 1250C1290 1330 1330 1420 1360 1500L1372 1630L628 1630L640 1500C670 1420 710 1330 760 1250Z';
const POCKET_OPENINGS = ['M1240 1250C1290 1330 1330 1420 1360 1500', 'M760 1250C710 1330 670 1420 640 1500'];
const CORDS = [
  { d: 'M922 505C915 600 893 690 903 785', end: [903, 785] },
  { d: 'M1078 505C1088 600 1102 680 1094 765', end: [1094, 765] },
] as const;
const HOOD_FOLDS: Fold[] = [
  { curve: bezier('M880 200C940 260 960 330 950 420'), width: 40, strength: 0.8 },
  { curve: bezier('M1090 190C1130 260 1140 330 1120 410'), width: 34, strength: 0.6 },
  { curve: bezier('M800 1300C900 1330 1000 1310 1150 1340'), width: 30, strength: 0.5 },
];

/** A drawstring: a cord with a rounded highlight, ending in a plastic tip. */
function cord({ d, end: [x, y] }: (typeof CORDS)[number], colour: string): string {
  return (
    `<path d="${d}" fill="none" stroke="#d9d7d2" stroke-width="17" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="9" stroke-linecap="round" transform="translate(-2 -1)"/>` +
    `<path d="M${x + 1} ${y - 40}L${x} ${y}" stroke="#9c9993" stroke-width="19" stroke-linecap="round"/>` +
    `<path d="M${x - 3} ${y - 38}L${x - 4} ${y - 4}" stroke="#c9c7c2" stroke-width="5" stroke-linecap="round"/>`
  );
}

/** The hoodie's dyes: its fleece, the hood's lining, the drawcords and their eyelets. */
type Palette = {
  fleece: string;
  hem: string;
  lining: [string, string, string];
  cord: string;
  eyelet: string;
  /** How much of the folds' light and shade shows (dark fleece reflects less). */
  folds: number;
};

const white: Palette = {
  fleece: '#f0efeb',
  hem: '#f1f0ec',
  lining: ['#d8d6d1', '#c7c4be', '#b3b0a9'],
  cord: '#f7f6f3',
  eyelet: '#c9c6c0',
  folds: 1,
};
const navy: Palette = {
  fleece: '#1f2940',
  hem: '#212b43',
  lining: ['#182036', '#141b2e', '#0f1524'],
  cord: '#e9e7e1',
  eyelet: '#8d96a8',
  folds: 0.45,
};

async function render(palette: Palette, seed: number): Promise<Buffer> {
  const details: SoftGroup[] = [
    [
      7,
      CORDS.map(
        ({ d }) =>
          `<path d="${d}" transform="translate(9 12)" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="16"/>`,
      ).join(''),
    ],
    [
      10,
      POCKET_OPENINGS.map(
        (d, i) =>
          `<path d="${d}" transform="translate(${i === 0 ? 16 : -4} 10)" fill="none" stroke="#000" stroke-opacity="0.16" stroke-width="22"/>`,
      ).join(''),
    ],
    [
      5,
      `<path d="${POCKET}" transform="translate(4 7)" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="8"/>`,
    ],
  ];
  const { shadow, shading } = await bodyLayers(HOOD_FOLDS, HOOD, details);
  const defs =
    `<clipPath id="hoodie"><path d="${BODY_OUTLINE}"/><path d="${HOOD}"/></clipPath>` +
    linearGradient(
      'lining',
      [0, 150, 0, 560],
      [
        [0, palette.lining[0]],
        [0.7, palette.lining[1]],
        [1, palette.lining[2]],
      ],
    );
  const body =
    studioBackdrop() +
    shadow +
    `<g fill="${palette.fleece}"><path d="${BODY_OUTLINE}"/><path d="${HOOD}"/></g>` +
    `<path d="${HOOD_OPENING}" fill="url(#lining)"/>` +
    `<path d="${HOOD_OPENING}" fill="none" stroke="${palette.hem}" stroke-width="48"/>` +
    `<g clip-path="url(#hoodie)"><g opacity="${palette.folds}">${shading}</g>${BODY_DETAILS}` +
    `<path d="${HOOD_OPENING}" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="3"/>` +
    stitches('M862 432C826 262 890 162 1000 162C1110 162 1174 262 1138 432') +
    seam('M1000 570L1012 556') +
    seam('M790 400L560 426') +
    seam('M1210 400L1440 426') +
    seam(POCKET.replace('Z', '')) +
    stitches('M772 1264L1228 1264') +
    POCKET_OPENINGS.map(
      (d) => `<path d="${d}" fill="none" stroke="#fff" stroke-width="5" stroke-opacity="0.7"/>`,
    ).join('') +
    stitches('M1345 1505L1356 1625') +
    stitches('M655 1505L644 1625') +
    `<circle cx="922" cy="500" r="11" fill="${palette.eyelet}"/><circle cx="1078" cy="500" r="11" fill="${palette.eyelet}"/>` +
    CORDS.map((c) => cord(c, palette.cord)).join('') +
    '</g>';
  return renderScene({
    seed,
    defs,
    body,
    textures: [{ kind: 'paper' }, { kind: 'fleece', mask: `<path d="${BODY_OUTLINE}"/><path d="${HOOD}"/>` }],
  });
}

export const hoodieTemplate: StarterTemplate = {
  id: 'library-hoodie-white',
  name: 'Hoodie (white)',
  width: SIZE,
  height: SIZE,
  corners: rectCorners(700, 805, 1300, 1205),
  rotation: 0,
  fit: 'contain',
  realism: { displacement: fabricDisplacement },
  render: () => render(white, 303),
};

/** The same hoodie in navy: a dark print area, so its mockups get dark-fabric shading. */
export const navyHoodieTemplate: StarterTemplate = {
  ...hoodieTemplate,
  id: 'library-hoodie-navy',
  name: 'Hoodie (navy)',
  dark: true,
  render: () => render(navy, 313),
};
