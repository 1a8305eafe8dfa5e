import { afterAll, describe, expect, it } from 'vitest';
import { offlineListingWriter } from '../offline-writer.ts';
import { designTextReader } from './design-text-reader.ts';
import { badgeDesign, labelledDesigns, wordlessDesigns, wordsOf } from './labelled-designs.ts';

const reader = designTextReader({ threads: 2 });
afterAll(() => reader.close());

const designs = labelledDesigns();
const byPhrase = (phrase: string) => designs.find((design) => design.phrase === phrase)!;

describe('reading the words printed on a design', () => {
  it('reads the labelled set: 95% of its words, at most one stray word a design, the phrase in 95% of titles', async () => {
    const writer = offlineListingWriter();
    let [found, expected, stray, titled] = [0, 0, 0, 0];
    await Promise.all(
      designs.map(async (design, position) => {
        const image = await design.draw();
        const read = await reader.read(image);
        const want = wordsOf(`${design.phrase} ${design.smallPrint}`);
        const got = wordsOf(`${read.phrase} ${read.smallPrint.join(' ')}`);
        found += want.filter((word) => got.includes(word)).length;
        expected += want.length;
        stray += got.filter((word) => !want.includes(word)).length;
        const { title } = await writer.write({
          image,
          fileName: design.name,
          productTypes: ['T-shirt', 'Mug'],
          hints: { title: '', keywords: [], description: '' },
          designText: read.phrase,
          position,
        });
        if (title.toLowerCase().includes(design.phrase.toLowerCase())) titled += 1;
      }),
    );
    expect(designs.length).toBeGreaterThanOrEqual(40);
    expect(found / expected).toBeGreaterThanOrEqual(0.95);
    expect(stray / designs.length).toBeLessThanOrEqual(1);
    expect(titled / designs.length).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  it('reads dark, light and outlined lettering on one or two lines, with an illustration beside', async () => {
    const cases = ['Coffee First', 'Plant Mom', 'Skate or Die', 'Book Club', 'Mama Bear', 'Pizza Lover'];
    const read = await Promise.all(cases.map(async (phrase) => reader.read(await byPhrase(phrase).draw())));
    expect(read.map((words) => words.phrase)).toEqual(cases);
  }, 60_000);

  it('reads lettering set on an arc, over small print and beside an illustration', async () => {
    const cases = ['Cat Lady', 'Hello Summer', 'Camp More Worry Less', 'Make Art', 'Golden Hour'];
    const read = await Promise.all(cases.map(async (phrase) => reader.read(await byPhrase(phrase).draw())));
    expect(read.map((words) => words.phrase)).toEqual(cases);
    expect(read[1]!.smallPrint).toEqual(['EST. 1985']);
  }, 60_000);

  it("reads a badge: the phrase over the ring's top, the founding line under its bottom as small print", async () => {
    const read = await reader.read(await badgeDesign('Wild Spirit', 'EST. 2026').draw());
    expect({ phrase: read.phrase, smallPrint: read.smallPrint }).toEqual({
      phrase: 'Wild Spirit',
      smallPrint: ['EST. 2026'],
    });
  }, 60_000);

  it('keeps small print such as "SINCE 1998" apart from the main phrase', async () => {
    const read = await Promise.all(
      ['Skate or Die', 'Born to Ride'].map(async (phrase) => reader.read(await byPhrase(phrase).draw())),
    );
    expect(read.map(({ phrase, smallPrint }) => ({ phrase, smallPrint }))).toEqual([
      { phrase: 'Skate or Die', smallPrint: ['EST. 1985'] },
      { phrase: 'Born to Ride', smallPrint: ['SINCE 1998'] },
    ]);
  }, 60_000);

  it('invents no words for a pattern, stripes, an illustration or a photo', async () => {
    const read = await Promise.all(wordlessDesigns().map(async (design) => reader.read(await design.draw())));
    expect(read.map(({ phrase, smallPrint }) => [phrase, ...smallPrint].join(''))).toEqual(['', '', '', '']);
  }, 60_000);

  it('answers no words, never an error, for bytes that are not an image', async () => {
    await expect(reader.read(Buffer.from('not a png'))).resolves.toMatchObject({
      phrase: '',
      smallPrint: [],
    });
  });

  it("puts the design's words at the heart of the offline writer's title", async () => {
    const image = await byPhrase('Good Vibes Only').draw();
    const { phrase } = await reader.read(image);
    const listing = await offlineListingWriter().write({
      image,
      fileName: 'IMG_0042.png',
      productTypes: ['T-shirt', 'Mug'],
      hints: { title: '', keywords: [], description: '' },
      designText: phrase,
    });
    expect(listing.title).toMatch(/^Good Vibes Only T-Shirt/);
    expect(listing.keywords[0]).toBe('good vibes only');
    expect(listing.description).toContain('Good Vibes Only');
  }, 60_000);
});
