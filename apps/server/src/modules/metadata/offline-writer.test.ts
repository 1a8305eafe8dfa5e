import { type Listing, checkListing } from '@podflow/contract/metadata';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ListingInput, ListingWriterError } from './listing-writer.ts';
import { offlineListingWriter } from './offline-writer.ts';

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
    expect(listing.title).toBe(
      'Retro Sunset Cat T-Shirt, Orange and Purple Vintage Graphic Mug, Cat Lover Gift',
    );
    expect(listing.keywords.slice(0, 5)).toEqual([
      'retro sunset cat',
      'cat t-shirt',
      'sunset cat',
      'retro sunset',
      'cat mug',
    ]);
    expect(listing.keywords).toContain('orange and purple');
    expect(listing.description).toContain('in orange and purple');
    expect(listing.description).toContain('Available on: T-Shirt and Mug.');
    expect(listing.description.split('\n\n')).toHaveLength(3);
  });

  it('falls back to what the pixels show when the name says nothing', async () => {
    const picture = await sharp({ create: { width: 90, height: 50, channels: 3, background: '#1a2350' } })
      .png()
      .toBuffer();
    const listing = await write({ image: picture, fileName: 'IMG_0042.png', productTypes: ['Poster'] });
    expectPublishable(listing);
    expect(listing.title).toBe('Navy Graphic Poster, Wall Art, Unique Gift Idea');
    expect(listing.description).toContain('edge to edge');
  });

  it('shortens product types to what a buyer calls them', async () => {
    const listing = await write({
      image: await sunsetDesign(),
      fileName: 'mountain-lake.png',
      productTypes: ['Canvas 4:3 in an oak floater frame', 'Mug 11 oz (white)', 'Mug', 'Bags & Totes'],
    });
    expect(listing.title).toMatch(/^Mountain Lake Canvas, Orange and Purple Vintage Graphic Mug, /);
    expect(listing.description).toContain('Canvas, Mug and Bags and Totes');
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
    expect(listing.description).toBe(hints.description);
    expect(listing.keywords.slice(0, 3)).toEqual(['Sunset Cat', 'cat lady gift', 'orange and purple']);
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
      'Merry Christmas Dachshund Hoodie, Orange and Purple Vintage Graphic Hooded Sweatshirt, Christmas Gift',
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
