/**
 * `node bench/offline-writer.ts`: how publishable and how varied the offline writer's listings
 * are, over the demo's four designs and 50 generated ones written as one run (positions 0–53)
 * for the demo's templates (T-shirt, Mug, Poster). Prints the largest share of words any two
 * titles have in common beyond the product type (the goal: at most half), every store limit
 * broken, the seller's hints missing from the output and any one-word tag the writer made. Exits
 * with 1 when a goal is missed.
 */
import sharp from 'sharp';
import { checkListing, type Listing } from '@podflow/contract/metadata';
import { readDesignTraits } from '../apps/server/src/modules/metadata/design-traits.ts';
import { writeListing } from '../apps/server/src/modules/metadata/offline-writer.ts';
import { productTypes } from '../apps/server/src/modules/metadata/product-types.ts';
import { titleOverlap, titleWords } from '../apps/server/src/modules/metadata/title-overlap.ts';
import { designPng, sampleDesigns } from '../scripts/demo-designs.ts';

const generatedCount = 50;
const types = productTypes(['T-shirt (white)', 'Mug 11 oz (white)', 'Poster 2:3 in a black frame (angled)']);

/** A small deterministic generator (mulberry32), so every run measures the same designs. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const things = (
  'cat dog fox owl bear wolf whale bee frog tiger panda koala sloth llama otter turtle octopus shark ' +
  'mountain ocean forest desert moon sunflower cactus mushroom rose daisy lemon cherry avocado taco pizza ' +
  'donut coffee tea camper guitar bicycle skateboard rocket planet rainbow lighthouse anchor skull ghost ' +
  'pumpkin dinosaur unicorn dragon butterfly hummingbird'
).split(' ');
const describing = 'retro vintage funny cute boho groovy spooky happy wild tiny cozy little'.split(' ');
const people = 'mom dad grandma teacher nurse sister'.split(' ');
const colours = [
  '#f2791d',
  '#6f35a8',
  '#2a5bd7',
  '#3aa845',
  '#d7262b',
  '#f7dc2a',
  '#141414',
  '#f4a6c0',
  '#0f7c80',
];

/** A seller's file name for a design of `thing`: the shapes batches really have. */
function fileName(thing: string, next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const shapes = [
    () => `${pick(describing)}-${thing}`,
    () => `${pick(describing)}_${thing}_FINAL`,
    () => `${thing}-${pick(people)}`,
    () => `i-love-my-${thing}`,
    () => `${thing}Lover_v2`,
    () => `merry-christmas-${thing}`,
    () => `${pick(describing)}-${thing}-club 4500x5400`,
    () => thing,
  ];
  return `${pick(shapes)()}.png`;
}

/** A transparent design: a shape or two in one to three colours, lettering on some. */
function generatedPng(index: number, next: () => number): Promise<Buffer> {
  const fill = () => colours[Math.floor(next() * colours.length)]!;
  const text =
    index % 3 === 0
      ? `<text x="300" y="660" font-size="90" font-family="DejaVu Sans" text-anchor="middle" fill="${fill()}">NO ${index}</text>`
      : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="720">
    <circle cx="300" cy="300" r="${160 + Math.floor(next() * 100)}" fill="${fill()}"/>
    <rect x="150" y="${250 + Math.floor(next() * 100)}" width="300" height="120" fill="${fill()}"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Hints as sellers type them, on some designs: a few title words, keywords, a line of description. */
function hintsFor(index: number, thing: string): Listing {
  return {
    title: index % 5 === 1 ? `${thing} club` : '',
    keywords: index % 7 === 2 ? [`${thing} gift idea`, 'handmade style'] : [],
    description: index % 4 === 3 ? `Drawn by hand in our studio; every ${thing} is one of a kind.` : '',
  };
}

const next = random(19);
const pool = [...things];
const designs: { fileName: string; image: Buffer; hints: Listing }[] = [];
for (const sample of sampleDesigns) {
  designs.push({ fileName: sample.file, image: await designPng(sample), hints: hintsFor(-1, '') });
}
for (let k = 0; k < generatedCount; k += 1) {
  const thing = pool.splice(Math.floor(next() * pool.length), 1)[0]!;
  designs.push({
    fileName: fileName(thing, next),
    image: await generatedPng(k, next),
    hints: hintsFor(k, thing),
  });
}

const started = performance.now();
const listings = await Promise.all(
  designs.map(async (design, position) =>
    writeListing({ ...design, productTypes: types, position }, await readDesignTraits(design.image)),
  ),
);
const elapsed = performance.now() - started;

let worst = { overlap: 0, a: 0, b: 0 };
let over = 0;
let sum = 0;
let pairs = 0;
for (let a = 0; a < listings.length; a += 1) {
  for (let b = a + 1; b < listings.length; b += 1) {
    const overlap = titleOverlap(listings[a]!.title, listings[b]!.title, types);
    sum += overlap;
    pairs += 1;
    if (overlap > 0.5) over += 1;
    if (overlap > worst.overlap) worst = { overlap, a, b };
  }
}
const limitIssues = listings.flatMap((listing, k) =>
  checkListing(listing).map((issue) => `${designs[k]!.fileName}: ${issue.message}`),
);
const missingHints = designs.flatMap(({ fileName: name, hints }, k) => {
  const listing = listings[k]!;
  const missing: string[] = [];
  const titleText = listing.title.toLowerCase();
  for (const word of hints.title.toLowerCase().split(/\s+/).filter(Boolean))
    if (!titleText.includes(word)) missing.push(`title word '${word}'`);
  hints.keywords.forEach((keyword, i) => {
    if (listing.keywords[i] !== keyword) missing.push(`keyword '${keyword}'`);
  });
  if (hints.description && !listing.description.startsWith(hints.description)) missing.push('description');
  return missing.map((what) => `${name}: ${what}`);
});
const oneWordTags = listings.flatMap((listing, k) =>
  listing.keywords.filter((tag) => !tag.includes(' ') && !designs[k]!.hints.keywords.includes(tag)),
);
const hinted = designs.filter(({ hints }) => hints.title || hints.keywords.length || hints.description);

console.log(
  `Offline writer over ${designs.length} designs (${sampleDesigns.length} demo + ${generatedCount} generated), one run, products ${types.join(', ')}`,
);
console.log(
  `  written in ${elapsed.toFixed(0)} ms (${(elapsed / designs.length).toFixed(1)} ms a design, traits included)`,
);
console.log(
  `  title overlap beyond the product type: max ${(worst.overlap * 100).toFixed(0)}%, mean ${((sum / pairs) * 100).toFixed(1)}%, pairs over 50%: ${over} of ${pairs}`,
);
console.log(`    closest pair: "${listings[worst.a]!.title}"`);
console.log(`              and "${listings[worst.b]!.title}"`);
console.log(
  `    (words compared: ${[...titleWords(listings[worst.a]!.title, types)].join(' ')} / ${[...titleWords(listings[worst.b]!.title, types)].join(' ')})`,
);
console.log(
  `  store limits broken: ${limitIssues.length}${limitIssues.length ? `\n    ${limitIssues.join('\n    ')}` : ''}`,
);
console.log(
  `  hints missing from the output: ${missingHints.length} (designs with hints: ${hinted.length})${missingHints.length ? `\n    ${missingHints.join('\n    ')}` : ''}`,
);
console.log(
  `  one-word tags the writer made: ${oneWordTags.length}${oneWordTags.length ? ` (${oneWordTags.join(', ')})` : ''}`,
);
console.log('  the demo designs:');
for (const k of sampleDesigns.keys()) console.log(`    ${designs[k]!.fileName}: ${listings[k]!.title}`);
if (process.argv.includes('--all')) {
  for (const [k, listing] of listings.entries())
    console.log(`  ${k} ${designs[k]!.fileName}\n    ${listing.title}\n    ${listing.keywords.join(' | ')}`);
}
if (over > 0 || limitIssues.length > 0 || missingHints.length > 0 || oneWordTags.length > 0)
  process.exitCode = 1;
if (process.argv.includes('--pairs')) {
  for (let a = 0; a < listings.length; a += 1)
    for (let b = a + 1; b < listings.length; b += 1)
      if (titleOverlap(listings[a]!.title, listings[b]!.title, types) > 0.5)
        console.log(`  ${a}/${b}: ${listings[a]!.title}  ||  ${listings[b]!.title}`);
}
