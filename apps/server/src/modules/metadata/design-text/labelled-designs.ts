import sharp from 'sharp';

/**
 * Designs drawn by code with the words they say, for the reader's tests and bench: typography of
 * the kind print-on-demand sellers upload (transparent PNGs), in several fonts (DejaVu, and
 * Liberation where .ci/run installed it), sizes and colours (dark, light, outlined, coloured), on
 * one or two lines, some on an arc, some with an illustration beside; and designs with no words.
 */
export type LabelledDesign = {
  name: string;
  /** The main phrase as printed ('' for a design without words). */
  phrase: string;
  /** Small print apart from the phrase, e.g. 'EST. 2026'; '' when none. */
  smallPrint: string;
  /** Draws the PNG (a few tens of milliseconds). */
  draw: () => Promise<Buffer>;
};

const phrases = [
  ...['Coffee First', 'Plant Mom', 'Skate or Die', 'Stay Wild', 'Dog Dad', 'Cat Lady', 'Good Vibes Only'],
  ...['Born to Ride', 'Book Club', 'Taco Tuesday', 'Beach Please', 'Nap Queen', 'Gym Rat', 'Let It Snow'],
  ...['Mama Bear', 'Team Bride', 'Game Over', 'Hello Summer', 'Adventure Awaits', 'Pizza Lover'],
  ...['Yoga Life', 'Best Dad Ever', 'Save the Bees', 'Camp More Worry Less', 'Kindness Matters'],
  ...['Rock and Roll', 'Desert Dreamer', 'Lake Life', 'Sunday Funday', 'Make Art', 'Love Wins'],
  ...['Ocean Child', 'Wild and Free', 'Retro Gamer', 'Happy Camper', 'Golden Hour', 'Stay Humble'],
  ...['Cowboy Up', 'Bee Kind', 'Hike More', 'Dream Big', 'Coffee and Books', 'Mountain Soul'],
  ...['Fishing Buddy', 'Garden Queen'],
];

const fonts = [
  { family: 'DejaVu Sans', weight: 'bold', style: 'normal' },
  { family: 'Liberation Serif', weight: 'bold', style: 'normal' },
  { family: 'DejaVu Serif', weight: 'normal', style: 'normal' },
  { family: 'Liberation Sans', weight: 'bold', style: 'normal' },
  { family: 'DejaVu Sans Condensed', weight: 'bold', style: 'normal' },
  { family: 'Liberation Sans Narrow', weight: 'normal', style: 'normal' },
  { family: 'DejaVu Sans Mono', weight: 'bold', style: 'normal' },
  { family: 'Liberation Serif', weight: 'normal', style: 'italic' },
] as const;

type Paint = { fill: string; stroke?: string };
const paints: Paint[] = [
  { fill: '#1f1f1f' },
  { fill: '#f4efe2' },
  { fill: '#ffcc33', stroke: '#111111' },
  { fill: '#1d4e89' },
  { fill: '#ffffff', stroke: '#c0392b' },
  { fill: '#7a1f3d' },
  { fill: '#e8d5a8' },
];
const smallPrints = ['EST. 2026', 'SINCE 1998', 'EST. 1985'];

/** The words of a phrase as the figures count them: lower-case, without the punctuation around. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The labelled designs, varied by their place, and three badges (a phrase and small print, both on arcs). */
export function labelledDesigns(): LabelledDesign[] {
  return [...phrases.map(typeset), ...badges.map(([phrase, smallPrint]) => badgeDesign(phrase, smallPrint))];
}

const badges = [
  ['Mountain Club', 'Since 1998'],
  ['Wild Spirit', 'EST. 2026'],
  ['Surf Team', 'EST 1985'],
] as const;

/** One phrase typeset by its place in the list: font, colour, size, lines, arc, illustration, small print. */
function typeset(phrase: string, i: number): LabelledDesign {
  const font = fonts[i % fonts.length]!;
  const paint = paints[i % paints.length]!;
  const words = phrase.split(' ');
  const arc = i % 6 === 5;
  const twoLines = !arc && words.length > 1 && i % 3 === 1;
  const illustration = i % 4 === 3;
  const smallPrint = i % 5 === 2 ? smallPrints[i % smallPrints.length]! : '';
  // Print files from 2400 to 4500 px wide; the words fill a half to most of the width.
  const width = [2400, 3000, 3600, 4500][i % 4]!;
  const height = Math.round(width * 1.2);
  const lines = twoLines
    ? [
        words.slice(0, Math.ceil(words.length / 2)).join(' '),
        words.slice(Math.ceil(words.length / 2)).join(' '),
      ]
    : [phrase];
  const longest = Math.max(...lines.map((line) => line.length));
  const textWidth = width * (illustration ? 0.55 : 0.8 - (i % 3) * 0.12);
  const size = Math.round(Math.min(textWidth / (longest * 0.62), width * 0.16));
  const x = illustration ? width * 0.62 : width / 2;
  const top = height * 0.4;
  const attrs = (fontSize: number) =>
    `font-family="${font.family}" font-weight="${font.weight}" font-style="${font.style}" font-size="${fontSize}" fill="${paint.fill}"` +
    (paint.stroke
      ? ` stroke="${paint.stroke}" stroke-width="${Math.max(3, Math.round(fontSize / 30))}" paint-order="stroke"`
      : '');
  let body = arc
    ? arcText(
        phrase,
        width / 2,
        top + width * 0.75,
        width * 0.75,
        size * 0.85,
        attrs(Math.round(size * 0.85)),
      )
    : lines
        .map(
          (line, n) =>
            `<text x="${x}" y="${top + n * size * 1.15}" text-anchor="middle" ${attrs(size)}>${escape(line)}</text>`,
        )
        .join('');
  if (smallPrint) {
    const y = top + lines.length * size * 1.15 + size * 0.3 + (arc ? size * 0.6 : 0);
    body += `<text x="${x}" y="${y}" text-anchor="middle" ${attrs(Math.round(size * 0.32))}>${smallPrint}</text>`;
  }
  if (illustration) body += sunAndMountains(width * 0.05, top - size * 1.2, width * 0.25, paint.fill);
  return {
    name: `${phrase.toLowerCase().replace(/ /g, '-')}.png`,
    phrase,
    smallPrint,
    draw: () => render(body, width, height),
  };
}

/**
 * Letters placed one by one on an arc, each turned to the tangent: over the centre (a frown, the
 * circle below), or under it with their tops towards it (a smile, `below`).
 */
function arcText(
  text: string,
  cx: number,
  cy: number,
  radius: number,
  size: number,
  attrs: string,
  below = false,
): string {
  const advance = size * 0.55;
  const span = (text.length * advance) / radius;
  return [...text]
    .map((char, n) => {
      const step = (n + 0.5) * (advance / radius);
      const angle = below ? Math.PI / 2 + span / 2 - step : -Math.PI / 2 - span / 2 + step;
      const x = cx + radius * Math.cos(angle);
      const y = cy + radius * Math.sin(angle);
      const turn = ((angle + (below ? -Math.PI / 2 : Math.PI / 2)) * 180) / Math.PI;
      return char === ' '
        ? ''
        : `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" text-anchor="middle" transform="rotate(${turn.toFixed(2)} ${x.toFixed(1)} ${y.toFixed(1)})" ${attrs}>${escape(char)}</text>`;
    })
    .join('');
}

/** A badge: a phrase over the top of a ring and small print under its bottom, both on arcs. */
export function badgeDesign(phrase: string, smallPrint: string): LabelledDesign {
  const side = 3000;
  const attrs = (size: number) =>
    `font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="#2b2d42"`;
  const ring = `<circle cx="${side / 2}" cy="${side / 2}" r="${side * 0.25}" fill="none" stroke="#2b2d42" stroke-width="${side / 100}"/>`;
  const body =
    ring +
    arcText(phrase, side / 2, side / 2, side * 0.4, 260, attrs(220)) +
    arcText(smallPrint, side / 2, side / 2, side * 0.34, 170, attrs(140), true);
  return {
    name: `${phrase.toLowerCase().replace(/ /g, '-')}-badge.png`,
    phrase,
    smallPrint,
    draw: () => render(body, side, side),
  };
}

/** A small landscape: a sun with rays over two peaks. */
function sunAndMountains(x: number, y: number, side: number, colour: string): string {
  const r = side * 0.18;
  const rays = Array.from({ length: 12 }, (_, n) => {
    const a = (n * Math.PI) / 6;
    const [x1, y1] = [x + side / 2 + Math.cos(a) * r * 1.3, y + r * 1.5 + Math.sin(a) * r * 1.3];
    const [x2, y2] = [x + side / 2 + Math.cos(a) * r * 1.8, y + r * 1.5 + Math.sin(a) * r * 1.8];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="${side / 60}"/>`;
  }).join('');
  return (
    `<circle cx="${x + side / 2}" cy="${y + r * 1.5}" r="${r}" fill="${colour}"/>${rays}` +
    `<path d="M${x} ${y + side} L${x + side * 0.35} ${y + side * 0.45} L${x + side * 0.55} ${y + side * 0.75} L${x + side * 0.72} ${y + side * 0.55} L${x + side} ${y + side} Z" fill="${colour}"/>`
  );
}

/** Designs with no words: a pattern of dots and stripes, a photo-like texture, an illustration alone. */
export function wordlessDesigns(): LabelledDesign[] {
  const side = 2400;
  const dots = Array.from({ length: 80 }, (_, n) => {
    const colour = ['#e76f51', '#2a9d8f', '#264653', '#f4a261', '#e9c46a'][n % 5];
    return `<circle cx="${(n * 397) % side}" cy="${(n * 733) % side}" r="${60 + ((n * 37) % 120)}" fill="${colour}"/>`;
  }).join('');
  const stripes = Array.from(
    { length: 16 },
    (_, n) =>
      `<rect x="0" y="${n * 150}" width="${side}" height="60" fill="${n % 2 ? '#264653' : '#e9c46a'}" transform="rotate(12 ${side / 2} ${side / 2})"/>`,
  ).join('');
  return [
    { name: 'dots.png', phrase: '', smallPrint: '', draw: () => render(dots, side, side) },
    { name: 'stripes.png', phrase: '', smallPrint: '', draw: () => render(stripes, side, side) },
    {
      name: 'mountains.png',
      phrase: '',
      smallPrint: '',
      draw: () => render(sunAndMountains(300, 300, 1800, '#2b2d42'), side, side),
    },
    { name: 'photo.png', phrase: '', smallPrint: '', draw: photo },
  ];
}

/** A photo-like picture: soft noise over a sky-to-ground gradient, no alpha. */
async function photo(): Promise<Buffer> {
  const [width, height] = [1600, 1200];
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed % 40) - 20;
      const i = (y * width + x) * 3;
      const t = y / height;
      pixels[i] = Math.max(0, Math.min(255, 90 + 80 * t + noise + 30 * Math.sin(x / 90)));
      pixels[i + 1] = Math.max(0, Math.min(255, 140 + 30 * t + noise + 25 * Math.cos(y / 70)));
      pixels[i + 2] = Math.max(0, Math.min(255, 210 - 120 * t + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(1.5)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function render(body: string, width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
