import { type Fold, edgeShade, flatLayShadow, folds } from './garment-helpers.ts';
import { SIZE, bezier } from './geometry.ts';
import { type SoftGroup, linearGradient, seam, softLayer, stitches } from './render-helpers.ts';

/**
 * The fleece body shared by the sweatshirt and the hoodie: laid flat, sleeves alongside, ribbed
 * cuffs and waistband. Coordinates are template pixels; the light comes from the upper left.
 */
export const BODY_OUTLINE =
  'M1000 345C1060 342 1110 337 1150 330L1440 420C1580 520 1690 1000 1735 1480L1725 1600C1665 1610 1605 1610 1547 1603' +
  'L1555 1483C1540 1200 1490 950 1452 760C1456 1100 1458 1380 1455 1590C1455 1612 1440 1626 1428 1630C1428 1660 1427 1690 1425 1722' +
  'C1300 1730 700 1730 575 1722C573 1690 572 1660 572 1630C560 1626 545 1612 545 1590C542 1380 544 1100 548 760' +
  'C510 950 460 1200 445 1483L453 1603C395 1610 335 1610 275 1600L265 1480C310 1000 420 520 560 420' +
  'L850 330C890 337 940 342 1000 345Z';

const FOLDS: Fold[] = [
  { curve: bezier('M560 800C650 880 735 950 840 1040'), width: 46 },
  { curve: bezier('M1440 800C1350 880 1265 950 1160 1040'), width: 46, shift: [-14, 18] },
  { curve: bezier('M1190 1000C1220 1200 1205 1380 1240 1560'), width: 60, strength: 0.55 },
  { curve: bezier('M650 1250C690 1380 700 1480 690 1590'), width: 50, strength: 0.5 },
  { curve: bezier('M600 1585C700 1545 800 1600 900 1570'), width: 34, strength: 0.7 },
  { curve: bezier('M1000 1580C1120 1545 1250 1600 1400 1570'), width: 34, strength: 0.7 },
  { curve: bezier('M470 560C420 700 400 820 390 950'), width: 44, strength: 1.1 },
  { curve: bezier('M1530 560C1580 700 1600 820 1610 950'), width: 44, strength: 1.1, shift: [-12, 16] },
  { curve: bezier('M320 1000C360 1040 400 1060 470 1070'), width: 30, strength: 0.8 },
  { curve: bezier('M300 1120C360 1150 420 1150 480 1110'), width: 26, strength: 1 },
  { curve: bezier('M285 1270C330 1255 380 1290 420 1320'), width: 22, strength: 1.1 },
  { curve: bezier('M340 1400C380 1385 420 1400 455 1380'), width: 20, strength: 0.9 },
  { curve: bezier('M1530 1020C1580 1050 1630 1040 1680 1000'), width: 30, strength: 0.8, shift: [-10, 16] },
  { curve: bezier('M1520 1110C1580 1150 1640 1150 1690 1125'), width: 26, strength: 1 },
  { curve: bezier('M1580 1260C1620 1250 1660 1280 1712 1300'), width: 22, strength: 1.1 },
  { curve: bezier('M1550 1390C1590 1410 1640 1400 1700 1380'), width: 20, strength: 0.9 },
];
const CREASES: Fold[] = [
  { curve: bezier('M552 790C610 840 650 870 705 900'), width: 12, strength: 0.8 },
  { curve: bezier('M1448 790C1390 840 1350 870 1295 900'), width: 12, strength: 0.8, shift: [-6, 8] },
  { curve: bezier('M640 1560C650 1580 655 1600 650 1620'), width: 10, strength: 0.7 },
  { curve: bezier('M880 1560C890 1585 892 1600 885 1622'), width: 10, strength: 0.7 },
  { curve: bezier('M1130 1560C1140 1585 1142 1600 1135 1622'), width: 10, strength: 0.7 },
  { curve: bezier('M1350 1560C1360 1585 1362 1600 1355 1622'), width: 10, strength: 0.7 },
];

/**
 * Soft shadow under the garment and the shading (folds, edge falloff, light) over it. A variant adds
 * its own folds, a part lying beyond the body (the hoodie's hood) and soft markup of its own.
 */
export async function bodyLayers(
  extraFolds: readonly Fold[] = [],
  extraOutline = '',
  extraSoft: readonly SoftGroup[] = [],
): Promise<{ shadow: string; shading: string }> {
  const outline = `${BODY_OUTLINE}${extraOutline}`;
  const light = linearGradient(
    'fleece-light',
    [400, 300, 1600, 1800],
    [
      [0, '#fff', 0.45],
      [0.45, '#fff', 0.05],
      [1, '#000', 0.1],
    ],
  );
  const [shadow, shading] = await Promise.all([
    softLayer(flatLayShadow(outline)),
    softLayer([
      [0, `<defs>${light}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#fleece-light)"/>`],
      edgeShade(BODY_OUTLINE, 90, 0.22),
      ...(extraOutline === '' ? [] : [edgeShade(extraOutline, 70, 0.16)]),
      folds([...FOLDS, ...extraFolds], 24),
      folds(CREASES, 6),
      ...extraSoft,
    ]),
  ]);
  return { shadow, shading };
}

/** Ribbing: fine stripes across a band, drawn as a dashed stroke as wide as the band. */
export function ribs(d: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.06" stroke-width="${width}" stroke-dasharray="4 6"/>`;
}

/** Seams, stitches and ribbing of the body and sleeves (everything but the neck). */
export const BODY_DETAILS =
  ribs('M560 1676C700 1682 1300 1682 1440 1676', 92) +
  ribs('M255 1542L470 1542', 116) +
  ribs('M1530 1542L1745 1542', 116) +
  seam('M572 1630C700 1636 1300 1636 1428 1630') +
  stitches('M572 1646C700 1652 1300 1652 1428 1646') +
  seam('M265 1482C325 1490 385 1490 445 1485') +
  seam('M1735 1482C1675 1490 1615 1490 1555 1485') +
  seam('M560 424C600 540 590 680 548 760') +
  seam('M1440 424C1400 540 1410 680 1452 760');
