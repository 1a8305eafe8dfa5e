/**
 * The demo's four sample designs, drawn by code as transparent 1800 × 2100 print files, each named
 * for what it shows: a cat before a retro sunset, a coffee cup, mountains under the moon, an
 * ocean wave. `npm run demo` uploads them; `bench/offline-writer.ts` writes their listings.
 */
import sharp from 'sharp';

export type SampleDesign = { file: string; lettering: string[]; svg: string };

const font = (family: string, size: number, fill: string, extra = '') =>
  `font-family="${family}" font-size="${size}" fill="${fill}" text-anchor="middle" ${extra}`;

/** Two lines of lettering under the picture, as sellers set slogans. */
function lettering([top, bottom]: string[], main: string, accent: string): string {
  return `<text x="900" y="1680" ${font('DejaVu Sans', 250, main, 'font-weight="bold" letter-spacing="12"')}>${top}</text>
    <text x="900" y="1950" ${font('DejaVu Serif', 220, accent, 'font-style="italic"')}>${bottom}</text>`;
}

/** A striped sun sinking behind the horizon, a black cat sitting before it. */
const retroSunsetCat = `
  <defs><clipPath id="sun"><circle cx="900" cy="820" r="560"/></clipPath></defs>
  <g clip-path="url(#sun)">
    ${['#ffd166', '#ffb347', '#ff7a18', '#f25c2a', '#af002d']
      .map(
        (fill, k) =>
          `<rect x="300" y="${260 + k * 200}" width="1200" height="${k === 0 ? 200 : 150}" fill="${fill}"/>`,
      )
      .join('')}
  </g>
  <rect x="220" y="1200" width="1360" height="26" rx="13" fill="#2b2118"/>
  <ellipse cx="900" cy="1020" rx="190" ry="200" fill="#1d1a22"/>
  <circle cx="900" cy="760" r="120" fill="#1d1a22"/>
  <path d="M800 700 L820 590 L880 665 Z M1000 700 L980 590 L920 665 Z" fill="#1d1a22"/>
  <path d="M1080 1150 C1260 1140 1250 950 1150 940" stroke="#1d1a22" stroke-width="46" fill="none" stroke-linecap="round"/>
  <circle cx="858" cy="750" r="16" fill="#ffd166"/><circle cx="942" cy="750" r="16" fill="#ffd166"/>
  ${lettering(['RETRO', 'SUNSET'], '#2b2118', '#af002d')}`;

/** A steaming cup of coffee on its saucer. */
const coffeeFirst = `
  <path d="M700 520 C620 440 780 380 700 300 M900 500 C820 420 980 360 900 280 M1100 520 C1020 440 1180 380 1100 300"
    stroke="#c8a27a" stroke-width="34" fill="none" stroke-linecap="round"/>
  <path d="M480 620 L1320 620 L1250 1130 C1235 1210 1170 1250 1090 1250 L710 1250 C630 1250 565 1210 550 1130 Z" fill="#6f4e37"/>
  <path d="M1310 720 C1500 700 1520 980 1280 1010" stroke="#6f4e37" stroke-width="60" fill="none"/>
  <rect x="480" y="620" width="840" height="70" fill="#2b2118"/>
  <ellipse cx="900" cy="1290" rx="560" ry="70" fill="#c8a27a"/>
  <path d="M830 860 C830 800 900 790 900 850 C900 790 970 800 970 860 C970 930 900 970 900 990 C900 970 830 930 830 860 Z" fill="#f8f0d8"/>
  ${lettering(['COFFEE', 'first'], '#2b2118', '#6f4e37')}`;

/** Snow-capped mountains and pines under a full moon. */
const mountainWild = `
  <circle cx="1240" cy="420" r="170" fill="#f8f0d8"/>
  <path d="M180 1280 L720 480 L1060 980 L1260 700 L1640 1280 Z" fill="#2d6a4f"/>
  <path d="M720 480 L840 660 L770 630 L700 690 L640 600 Z M1260 700 L1340 820 L1270 800 L1210 770 Z" fill="#f8f0d8"/>
  <path d="M420 1280 L760 820 L1100 1280 Z" fill="#081c15"/>
  ${[300, 1340, 1480]
    .map(
      (x) =>
        `<path d="M${x} 1290 L${x + 70} 1080 L${x + 140} 1290 Z M${x + 20} 1160 L${x + 70} 1010 L${x + 120} 1160 Z" fill="#95d5b2"/>`,
    )
    .join('')}
  ${lettering(['STAY', 'WILD'], '#081c15', '#2d6a4f')}`;

/** A great wave curling over, with foam. */
const oceanWave = `
  <path d="M200 1260 C260 900 520 560 900 520 C1230 490 1460 700 1420 930 C1390 1100 1200 1140 1110 1030
    C1040 940 1120 820 1220 860 C1160 760 980 740 880 860 C760 1000 820 1260 1100 1260 Z" fill="#0077b6"/>
  <path d="M330 1260 C400 1000 600 760 880 700 C700 820 610 1040 640 1260 Z" fill="#03045e"/>
  <path d="M1220 860 C1260 800 1340 810 1360 870 M1140 960 C1170 910 1240 915 1250 960" stroke="#90e0ef" stroke-width="30" fill="none" stroke-linecap="round"/>
  ${[0, 1, 2].map((k) => `<path d="M${220 + k * 60} ${1300 + k * 60} q 170 -70 340 0 t 340 0 t 340 0 t 340 0" stroke="${['#90e0ef', '#0077b6', '#03045e'][k]}" stroke-width="34" fill="none"/>`).join('')}
  ${lettering(['OCEAN', 'SOUL'], '#03045e', '#0077b6')}`;

/** The demo's designs, each named for what it shows and lettered as the seller set it. */
export const sampleDesigns: SampleDesign[] = [
  { file: 'retro-sunset-cat.png', lettering: ['RETRO', 'SUNSET'], svg: retroSunsetCat },
  { file: 'coffee-first.png', lettering: ['COFFEE', 'first'], svg: coffeeFirst },
  { file: 'mountain-wild.png', lettering: ['STAY', 'WILD'], svg: mountainWild },
  { file: 'ocean-wave.png', lettering: ['OCEAN', 'SOUL'], svg: oceanWave },
];

/** A sample design as the PNG the demo uploads. */
export function designPng({ svg }: SampleDesign): Promise<Buffer> {
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="2100">${svg}</svg>`))
    .png()
    .toBuffer();
}
