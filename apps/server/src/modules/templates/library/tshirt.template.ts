import { type Fold, edgeShade, flatLayShadow, folds } from './garment-helpers.ts';
import { SIZE, rectCorners, bezier, fabricDisplacement } from './geometry.ts';
import { linearGradient, renderScene, seam, softLayer, stitches, studioBackdrop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

// A crew-neck tee (white, or black) laid flat, lit from the upper left. Coordinates are template pixels.
const OUTLINE =
  'M1000 362C1060 358 1112 352 1152 345L1425 425C1515 455 1650 530 1745 625C1690 715 1640 800 1583 877L1465 780' +
  'C1472 1050 1476 1400 1478 1700C1320 1712 680 1712 522 1700C524 1400 528 1050 535 780L417 877C360 800 310 715 255 625' +
  'C350 530 485 455 575 425L848 345C888 352 940 358 1000 362Z';
const BACK_NECK = 'M848 345C888 352 940 358 1000 362C1060 358 1112 352 1152 345';
const NECK_OPENING = `${BACK_NECK}C1136 510 864 510 848 345Z`;
const COLLAR = 'M848 345C864 510 1136 510 1152 345L1166 358C1152 550 848 550 834 358Z';

const DRAPES: Fold[] = [
  { curve: bezier('M555 830C650 910 740 990 850 1090'), width: 40 },
  { curve: bezier('M1445 820C1350 900 1270 980 1160 1070'), width: 40, shift: [-14, 18] },
  { curve: bezier('M1205 940C1235 1200 1215 1430 1265 1680'), width: 56, strength: 0.6 },
  { curve: bezier('M730 680C880 800 1040 880 1290 925'), width: 50, strength: 0.4 },
  { curve: bezier('M655 1260C700 1400 722 1520 700 1680'), width: 44, strength: 0.55 },
  { curve: bezier('M570 1560C700 1500 860 1600 1060 1550'), width: 40, strength: 0.7 },
  { curve: bezier('M1000 1560C1180 1510 1300 1600 1450 1550'), width: 36, strength: 0.6 },
  { curve: bezier('M430 545C490 630 530 700 565 770'), width: 32, strength: 0.9 },
  { curve: bezier('M1570 545C1510 630 1470 700 1435 770'), width: 32, strength: 0.9, shift: [-12, 16] },
];
const CREASES: Fold[] = [
  { curve: bezier('M540 795C600 850 640 880 700 910'), width: 12, strength: 0.8 },
  { curve: bezier('M1460 795C1400 850 1360 880 1300 910'), width: 12, strength: 0.8, shift: [-6, 8] },
  { curve: bezier('M740 1605C800 1580 880 1600 950 1588'), width: 12, strength: 0.6 },
  { curve: bezier('M320 640C375 700 415 755 455 810'), width: 12, strength: 0.5 },
  { curve: bezier('M1180 1200C1190 1280 1185 1350 1200 1420'), width: 10, strength: 0.4 },
];

/** The tee's dyes: the body, its collar and back neck, the inside seen through the neck, and its sheen. */
type Palette = {
  body: string;
  collar: string;
  backNeck: string;
  inside: [string, string];
  sheen: number;
  /** How much of the folds' light and shade shows (dark cotton reflects less). */
  folds: number;
};

const white: Palette = {
  body: '#f2f1ed',
  collar: '#f1f0ec',
  backNeck: '#e6e4df',
  inside: ['#d3d0ca', '#bdb9b2'],
  sheen: 0.45,
  folds: 1,
};
const black: Palette = {
  body: '#1d1d20',
  collar: '#202023',
  backNeck: '#17171a',
  inside: ['#101012', '#09090b'],
  sheen: 0.16,
  folds: 0.4,
};

async function render(palette: Palette, seed: number): Promise<Buffer> {
  const light = linearGradient(
    'tee-light',
    [400, 300, 1600, 1800],
    [
      [0, '#fff', palette.sheen],
      [0.45, '#fff', 0.05],
      [1, '#000', 0.1],
    ],
  );
  const [shadow, shading] = await Promise.all([
    softLayer(flatLayShadow(OUTLINE)),
    softLayer([
      [0, `<defs>${light}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#tee-light)"/>`],
      edgeShade(OUTLINE),
      folds(DRAPES, 22),
      folds(CREASES, 5),
      [
        8,
        '<path d="M834 368C848 560 1152 560 1166 368" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="14"/>',
      ],
    ]),
  ]);
  const defs =
    `<clipPath id="tee"><path d="${OUTLINE}"/></clipPath><clipPath id="opening"><path d="${NECK_OPENING}"/></clipPath>` +
    linearGradient(
      'inside',
      [0, 370, 0, 480],
      [
        [0, palette.inside[0]],
        [1, palette.inside[1]],
      ],
    );
  const body =
    studioBackdrop() +
    shadow +
    `<path d="${OUTLINE}" fill="${palette.body}"/>` +
    `<path d="${NECK_OPENING}" fill="url(#inside)"/>` +
    `<g clip-path="url(#opening)"><path d="${BACK_NECK}" fill="none" stroke="${palette.backNeck}" stroke-width="56"/>` +
    `<path d="${BACK_NECK}" transform="translate(0 28)" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="5"/></g>` +
    `<path d="${COLLAR}" fill="${palette.collar}"/>` +
    `<path d="M841 352C856 530 1144 530 1159 352" fill="none" stroke="#000" stroke-opacity="0.05" stroke-width="30" stroke-dasharray="3 5"/>` +
    `<g clip-path="url(#tee)"><g opacity="${palette.folds}">${shading}</g>` +
    seam('M834 358C848 550 1152 550 1166 358') +
    stitches('M826 368C842 567 1158 567 1174 368') +
    seam('M848 351L575 431') +
    seam('M1152 351L1425 431') +
    seam('M575 431C597 530 592 690 535 780') +
    seam('M1425 431C1403 530 1408 690 1465 780') +
    stitches('M285 606L447 858') +
    stitches('M1715 606L1553 858') +
    stitches('M515 1664C680 1676 1320 1676 1485 1664') +
    stitches('M515 1654C680 1666 1320 1666 1485 1654') +
    '</g>';
  return renderScene({
    seed,
    defs,
    body,
    textures: [{ kind: 'paper' }, { kind: 'jersey', mask: `<path d="${OUTLINE}"/>` }],
  });
}

export const tshirtTemplate: StarterTemplate = {
  id: 'library-tshirt-white',
  name: 'T-shirt (white)',
  width: SIZE,
  height: SIZE,
  corners: rectCorners(700, 590, 1300, 1390),
  rotation: 0,
  fit: 'contain',
  realism: { displacement: fabricDisplacement },
  render: () => render(white, 101),
};

/** The same tee in black: a dark print area, so its mockups get dark-fabric shading. */
export const blackTshirtTemplate: StarterTemplate = {
  ...tshirtTemplate,
  id: 'library-tshirt-black',
  name: 'T-shirt (black)',
  dark: true,
  render: () => render(black, 111),
};
