import { type Listing, checkListing } from '@podflow/contract/metadata';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type DesignTraits, colourTable } from './design-traits.ts';
import { type ListingInput, ListingWriterError } from './listing-writer.ts';
import { offlineListingWriter, writeListing } from './offline-writer.ts';
import { titleOverlap } from './title-overlap.ts';

const writer = offlineListingWriter();
const noHints: Listing = { title: '', keywords: [], description: '' };

/** An orange sun over a purple horizon, on a clear background: a typical retro design. */
function sunsetDesign(): Promise<Buffer> {
  const [width, height] = [80, 100];
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((x - 40) ** 2 + (y - 50) ** 2 >= 35 ** 2) continue;
      raw.set(y < 60 ? [242, 121, 29, 255] : [111, 53, 168, 255], (y * width + x) * 4);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

function write(input: Partial<ListingInput> & { image: Buffer }): Promise<Listing> {
  return writer.write({ fileName: 'design.png', productTypes: [], hints: noHints, ...input });
}

function expectPublishable(listing: Listing): void {
  expect(checkListing(listing)).toEqual([]);
  expect(listing.keywords).toHaveLength(13);
  expect(new Set(listing.keywords.map((keyword) => keyword.toLowerCase())).size).toBe(13);
  expect(listing.title.trim()).not.toBe('');
  expect(listing.description.trim()).not.toBe('');
}

describe('offlineListingWriter', () => {
  it('writes a listing from the name, the colours and the product types', async () => {
    const listing = await write({
      image: await sunsetDesign(),
      fileName: 'retro-sunset_cat-FINAL-v2 (3).png',
      productTypes: ['T-shirt', 'Mug'],
    });
    expectPublishable(listing);
    expect(listing.title).toBe('Retro Sunset Cat T-Shirt, Orange Cat Mug, Gift for Cat Lovers');
    expect(listing.keywords.slice(0, 5)).toEqual([
      'retro sunset cat',
      'cat t-shirt',
      'sunset cat',
      'retro sunset',
      'cat mug',
    ]);
    expect(listing.keywords).toContain('orange and purple');
    expect(listing.description).toContain('Retro Sunset Cat: a vintage design in orange and purple.');
    expect(listing.description).toContain('Available on T-shirts and Mugs.');
    expect(listing.description.split('\n\n')).toHaveLength(3);
  });

  it('falls back to what the pixels show when the name says nothing', async () => {
    const picture = await sharp({ create: { width: 90, height: 50, channels: 3, background: '#1a2350' } })
      .png()
      .toBuffer();
    const listing = await write({ image: picture, fileName: 'IMG_0042.png', productTypes: ['Poster'] });
    expectPublishable(listing);
    expect(listing.title).toBe('Navy Graphic Poster, Dark Wall Art, Gift for Her or Him');
    expect(listing.description).toMatch(/^A graphic design in navy\./);
    expect(listing.description).toContain('edge to edge');
  });

  it('shortens product types to what a buyer calls them', async () => {
    const listing = await write({
      image: await sunsetDesign(),
      fileName: 'mountain-lake.png',
      productTypes: ['Canvas 4:3 in an oak floater frame', 'Mug 11 oz (white)', 'Mug', 'Bags & Totes'],
    });
    expect(listing.title).toMatch(/^Mountain Lake Canvas, Orange Mountain Mug, /);
    expect(listing.description).toContain('Canvases, Mugs and Bags and Totes');
  });

  it("keeps the seller's title, description and valid keywords", async () => {
    const hints: Listing = {
      title: 'Sunset Cat Shirt: Retro 70s Style',
      keywords: ['Sunset Cat', 'cat lady gift', 'sunset cat', 'this keyword is far too long', 'a, b', '  '],
      description: 'Hand drawn in my studio.',
    };
    const listing = await write({ image: await sunsetDesign(), fileName: 'sunset-cat.png', hints });
    expectPublishable(listing);
    expect(listing.title).toBe(hints.title);
    // A line of the seller's opens the description; the writer's paragraphs follow.
    expect(listing.description).toMatch(/^Hand drawn in my studio\.\n\nSunset Cat: a vintage design/);
    expect(listing.keywords.slice(0, 3)).toEqual(['Sunset Cat', 'cat lady gift', 'orange and purple']);
    const long = `${'Hand drawn in my studio. '.repeat(10)}\n\nPrinted with care.`;
    const kept = await write({ image: await sunsetDesign(), hints: { ...hints, description: long } });
    expect(kept.description).toBe(long);
  });

  it("builds the title around a seller's few title words and the words printed on the design", async () => {
    const image = await sunsetDesign();
    const typed = await write({
      image,
      fileName: 'IMG_0042.png',
      productTypes: ['T-shirt', 'Mug'],
      hints: { ...noHints, title: 'cat mom' },
    });
    expectPublishable(typed);
    expect(typed.title).toBe('Cat Mom T-Shirt, Orange Cat Mug, Gift for Cat Moms');
    expect(typed.keywords).toEqual(expect.arrayContaining(['cat mom', 'gift for mom']));
    expect(typed.keywords).not.toContain('mom');
    // Three words that name a product are the seller's whole title.
    const titled = await write({
      image,
      productTypes: ['Mug'],
      hints: { ...noHints, title: 'Sunny Star Shirt' },
    });
    expect(titled.title).toBe('Sunny Star Shirt');

    const lettered = await write({
      image,
      fileName: 'coffee-mountain.png',
      designText: 'But first, COFFEE',
      productTypes: ['Mug'],
    });
    expect(lettered.title).toMatch(/^But First Coffee Mug, /);
    expect(lettered.description).toContain('The words are printed just as they appear on the design.');
    // Not 'first' or 'but first' as tags: every tag the writer makes names something.
    expect(lettered.keywords.filter((tag) => !tag.includes(' '))).toEqual([]);
    expect(lettered.keywords).not.toContain('but first');
  });

  it('words neighbours of one run differently, with articles and plurals right', async () => {
    const image = await sunsetDesign();
    const titles = await Promise.all(
      [0, 1, 2].map((position) =>
        writer.write({ image, fileName: 'owl.png', productTypes: ['Poster'], hints: noHints, position }),
      ),
    );
    expect(titles.map((listing) => listing.title)).toEqual([
      'Owl Poster, Orange Owl Wall Art, Gift for Owl Lovers',
      'Owl Poster, Present for Owl Fans, Vintage Owl Wall Art',
      'Owl Poster, Purple Owl Wall Art, Surprise for Owl Enthusiasts',
    ]);
    expect(titles[0]!.description).toMatch(/^Owl: a vintage design/);
    expect(titles[1]!.description).toMatch(/^Owl, a vintage design/);
    const orange = await write({ image, fileName: 'orange-owls.png', productTypes: ['Tote bag'] });
    expect(orange.description).toContain('Available on Tote Bags.');
    expect(orange.keywords).toContain('owl lover gift');
  });

  it("fits a seller's title that breaks a limit", async () => {
    const title = `Cat & Dog: 100% Cotton & Soft: ${'very '.repeat(30)}cosy`;
    const listing = await write({ image: await sunsetDesign(), hints: { ...noHints, title } });
    expectPublishable(listing);
    expect(listing.title).toMatch(/^Cat & Dog: 100% Cotton and Soft (very )+very$/);
  });

  it('answers the same listing for the same input', async () => {
    const input = {
      image: await sunsetDesign(),
      fileName: 'Merry_Christmas_Dachshund.png',
      productTypes: ['Hoodie'],
    };
    const first = await write(input);
    expect(await offlineListingWriter().write({ ...input, hints: noHints })).toEqual(first);
    expect(first.title).toBe(
      'Merry Christmas Dachshund Hoodie, Orange Dachshund Hooded Sweatshirt, Gift for Dachshund Lovers',
    );
  });

  it('refuses an unreadable image with a reason that retrying cannot fix', async () => {
    const error = await write({ image: Buffer.from('not a png') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListingWriterError);
    expect(error).toMatchObject({ retryable: false, message: expect.stringMatching(/could not be read/) });
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const input = { image: await sunsetDesign(), fileName: 'x.png', productTypes: [], hints: noHints };
    await expect(writer.write(input, controller.signal)).rejects.toThrow(/abort/i);
  });
});

// ---- The property: whatever comes in, the listing can be published ------------------------------

const noise = [
  'final',
  'copy',
  'v2',
  'design',
  'print',
  'png',
  'transparent',
  'mockup',
  'img',
  'export',
  '3',
];
const realWords = ['retro', 'Sunset', 'CAT', 'mom', 'Birthday', '日本', 'café', 'नमस्ते', '🐱', '&', '%', ':'];
const separators = ['-', '_', ' ', '.', ''];

const fileNames = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', minLength: 250, maxLength: 300 }),
  fc.constantFrom('', '.png', 'a'.repeat(300), '1234567890.png', '((( ))).png'),
  fc.stringMatching(/^\d{1,20}$/),
  fc
    .tuple(
      fc.array(fc.constantFrom(...noise, ...realWords), { maxLength: 12 }),
      fc.constantFrom(...separators),
    )
    .map(([words, separator]) => `${words.join(separator)}.png`),
);

const productTypes = fc.oneof(
  fc.array(
    fc.constantFrom('T-shirt', 'Mug', 'Hoodie', 'Poster 2:3 in a black frame', 'Bags & Totes', 'Sticker'),
    {
      maxLength: 6,
    },
  ),
  fc.array(fc.string({ maxLength: 40 }), { maxLength: 50 }),
);

const hints = fc.record({
  title: fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('A: b: c % % & &', ' '.repeat(150)),
  ),
  keywords: fc.array(
    fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom('cat', 'Cat', ' cat ', 'a, b', 'graphic design')),
    {
      maxLength: 20,
    },
  ),
  description: fc.oneof(fc.constant(''), fc.string({ maxLength: 300 }), fc.constant('x'.repeat(10_001))),
});

/** Small PNGs of every kind a design can be: noise, a shape on a clear background, clear, solid. */
const images = fc
  .record({
    width: fc.integer({ min: 1, max: 48 }),
    height: fc.integer({ min: 1, max: 48 }),
    kind: fc.constantFrom('noise', 'shape', 'clear', 'solid'),
    colour: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
  })
  .map(({ width, height, kind, colour, seed }) => {
    const raw = Buffer.alloc(width * height * 4);
    let state = seed;
    for (let p = 0; p < width * height; p += 1) {
      const [x, y] = [p % width, Math.floor(p / width)];
      if (kind === 'noise') {
        for (let c = 0; c < 4; c += 1) {
          state = (state * 1103515245 + 12345) & 0x7fffffff;
          raw[p * 4 + c] = (state >> 16) & 255;
        }
      } else if (kind === 'solid' || (kind === 'shape' && x > width / 4 && y > height / 3)) {
        raw.set(kind === 'solid' ? colour : [...colour.slice(0, 3), 255], p * 4);
      }
    }
    return { raw, width, height };
  });

describe('offlineListingWriter, property', () => {
  it('always writes a publishable listing, the same for the same input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileNames,
        images,
        productTypes,
        hints,
        async (fileName, pixels, types, sellerHints) => {
          const { raw, width, height } = pixels;
          const image = await sharp(raw, { raw: { width, height, channels: 4 } })
            .png()
            .toBuffer();
          const input = { image, fileName, productTypes: types, hints: sellerHints };
          const listing = await writer.write(input);
          expectPublishable(listing);
          expect(await writer.write(input)).toEqual(listing);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

// ---- The property: a run of designs reads varied, and what the seller typed is kept -------------

const things =
  'cat dog fox owl bear whale bee frog tiger panda moon cactus mushroom rose lemon taco coffee skull'.split(
    ' ',
  );
const describingWords = ['retro', 'vintage', 'funny', 'cute', 'boho', 'spooky', 'wild', 'groovy', 'tiny'];
const colourNames = colourTable.map((colour) => colour.name);

/** Traits as readDesignTraits answers them (any mix a design can have). */
const traitsArbitrary: fc.Arbitrary<DesignTraits> = fc.record({
  transparentShare: fc.double({ min: 0, max: 1, noNaN: true }),
  background: fc.constantFrom('transparent' as const, 'full-bleed' as const),
  coverage: fc.double({ min: 0, max: 1, noNaN: true }),
  orientation: fc.constantFrom('portrait' as const, 'landscape' as const, 'square' as const),
  lightness: fc.double({ min: 0, max: 100, noNaN: true }),
  tone: fc.constantFrom('light' as const, 'mid' as const, 'dark' as const),
  colours: fc.uniqueArray(fc.constantFrom(...colourNames), { maxLength: 3 }),
  textLike: fc.boolean(),
});

/**
 * A run of up to eight designs with different things and describing words, some with hints: what
 * the seller gave two designs in common is at most one word of a title ('gang').
 */
const runs = fc
  .tuple(
    fc.shuffledSubarray(things, { minLength: 2, maxLength: 8 }),
    fc.shuffledSubarray(describingWords, { minLength: 8, maxLength: 8 }),
    fc.array(
      fc.record({
        described: fc.boolean(),
        separator: fc.constantFrom('-', '_', ' '),
        suffix: fc.constantFrom('', '-FINAL', ' (2)', '_v3'),
        traits: traitsArbitrary,
        hints: fc.record({
          // A few words before the thing or after it; designs of a run share at most one word of theirs.
          titleWords: fc.constantFrom('', 'club', 'gang', 'lovers'),
          keywords: fc.array(fc.constantFrom<string>('handmade gift', 'Cat Mom', 'x', 'ok then'), {
            maxLength: 3,
          }),
          description: fc.constantFrom('', 'Drawn by hand in our studio.', 'Ships in two days.'),
        }),
      }),
      { minLength: 8, maxLength: 8 },
    ),
    fc.subarray(['T-shirt', 'Mug', 'Poster', 'Hoodie', 'Tote Bag'], { minLength: 1 }),
  )
  .map(([subjects, describing, designs, types]) =>
    subjects.map((thing, position) => {
      const d = designs[position]!;
      const name = [d.described ? describing[position] : '', thing].filter(Boolean).join(d.separator);
      const hintTitle = d.hints.titleWords ? `${thing} ${d.hints.titleWords}` : '';
      return {
        input: {
          fileName: `${name}${d.suffix}.png`,
          productTypes: types,
          hints: {
            title: hintTitle,
            keywords: [...new Set(d.hints.keywords)],
            description: d.hints.description,
          },
          position,
        },
        traits: d.traits,
      };
    }),
  );

describe('offlineListingWriter, variety and hints property', () => {
  it('words the designs of a run apart and keeps every hint, within every limit', () => {
    fc.assert(
      fc.property(runs, (run) => {
        // Each design on its own, as the parallel jobs write them.
        const listings = run.map(({ input, traits }) => writeListing(input, traits));
        listings.forEach((listing, k) => {
          const { hints } = run[k]!.input;
          expectPublishable(listing);
          for (const word of hints.title.toLowerCase().split(/\s+/).filter(Boolean)) {
            expect(listing.title.toLowerCase()).toContain(word);
          }
          expect(listing.keywords.slice(0, hints.keywords.length)).toEqual(hints.keywords);
          expect(listing.description.startsWith(hints.description)).toBe(true);
          const made = listing.keywords.filter((tag) => !hints.keywords.includes(tag));
          expect(made.filter((tag) => !tag.includes(' '))).toEqual([]);
          expect(writeListing(run[k]!.input, run[k]!.traits)).toEqual(listing);
        });
        const types = run[0]!.input.productTypes;
        for (let a = 0; a < listings.length; a += 1) {
          for (let b = a + 1; b < listings.length; b += 1) {
            const overlap = titleOverlap(listings[a]!.title, listings[b]!.title, types);
            if (overlap > 0.5)
              expect([listings[a]!.title, listings[b]!.title]).toEqual(['at most half shared']);
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000);
});
