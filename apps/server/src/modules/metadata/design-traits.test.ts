import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readDesignTraits } from './design-traits.ts';

const clear = { r: 0, g: 0, b: 0, alpha: 0 };

/** A coloured rectangle at (left, top) on a clear canvas. */
function shapeOnClear(canvas: [number, number], shape: [number, number, number, number], colour: string) {
  const [width, height] = canvas;
  const [left, top, shapeWidth, shapeHeight] = shape;
  return sharp({ create: { width, height, channels: 4, background: clear } })
    .composite([
      {
        input: { create: { width: shapeWidth, height: shapeHeight, channels: 4, background: colour } },
        left,
        top,
      },
    ])
    .png()
    .toBuffer();
}

/** RGBA pixels from a function of x and y, as a PNG. */
function paint(width: number, height: number, pixel: (x: number, y: number) => readonly number[]) {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), (y * width + x) * 4);
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Capital letters of 5 rows, '#' inked: enough to spell slogans the way a design does. */
const glyphs: Record<string, string[]> = {
  S: ['.###', '#...', '.##.', '...#', '###.'],
  U: ['#..#', '#..#', '#..#', '#..#', '.##.'],
  N: ['#..#', '##.#', '#.##', '#..#', '#..#'],
  E: ['####', '#...', '###.', '#...', '####'],
  T: ['###', '.#.', '.#.', '.#.', '.#.'],
  ' ': ['..', '..', '..', '..', '..'],
};

/** Words in the glyphs above, `scale` pixels a dot, on a clear canvas. */
function lettering(text: string, scale: number, ink: readonly number[]) {
  const dots = new Set<string>();
  let left = 0;
  for (const char of text) {
    const rows = glyphs[char] ?? [];
    rows.forEach((row, y) => [...row].forEach((dot, x) => dot === '#' && dots.add(`${left + x},${y}`)));
    left += (rows[0]?.length ?? 0) + 1;
  }
  return paint(left * scale + 8, 5 * scale + 20, (x, y) =>
    dots.has(`${Math.floor((x - 4) / scale)},${Math.floor((y - 10) / scale)}`) && x >= 4 && y >= 10
      ? [...ink, 255]
      : [0, 0, 0, 0],
  );
}

describe('readDesignTraits', () => {
  it('names a red square on a clear background', async () => {
    const traits = await readDesignTraits(await shapeOnClear([60, 60], [15, 15, 30, 30], '#d01010'));
    expect(traits).toMatchObject({
      colours: ['red'],
      background: 'transparent',
      orientation: 'square',
      coverage: 0.25,
      textLike: false,
    });
    expect(traits.transparentShare).toBeCloseTo(0.75);
  });

  it('names a dark navy picture that fills a wide rectangle', async () => {
    const picture = await sharp({ create: { width: 90, height: 50, channels: 3, background: '#1a2350' } })
      .png()
      .toBuffer();
    expect(await readDesignTraits(picture)).toMatchObject({
      colours: ['navy'],
      tone: 'dark',
      background: 'full-bleed',
      orientation: 'landscape',
      textLike: false,
    });
  });

  it('reads the shape of the art, not of the canvas, and a light tone', async () => {
    const traits = await readDesignTraits(await shapeOnClear([80, 80], [30, 5, 20, 70], '#fbf6e4'));
    expect(traits).toMatchObject({ orientation: 'portrait', tone: 'light', colours: ['cream'] });
  });

  it('names the two colours of a two-colour design, the larger first', async () => {
    const sunset = await paint(80, 100, (x, y) => {
      if ((x - 40) ** 2 + (y - 50) ** 2 >= 35 ** 2) return [0, 0, 0, 0];
      return y < 60 ? [242, 121, 29, 255] : [111, 53, 168, 255];
    });
    expect((await readDesignTraits(sunset)).colours).toEqual(['orange', 'purple']);
  });

  it('tells lettering, dark or light, from stripes, noise and solid shapes', async () => {
    expect((await readDesignTraits(await lettering('SUNSET TEE', 2, [20, 20, 20]))).textLike).toBe(true);
    expect((await readDesignTraits(await lettering('SUNSET', 3, [250, 250, 250]))).textLike).toBe(true);
    const stripes = await paint(64, 64, (x) => (x % 4 < 2 ? [0, 0, 0, 255] : [255, 255, 255, 255]));
    let seed = 7;
    const noise = await paint(48, 48, () =>
      [0, 1, 2, 3].map(() => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return (seed >> 16) & 255;
      }),
    );
    for (const image of [stripes, noise, await shapeOnClear([60, 60], [15, 15, 30, 30], '#d01010')]) {
      expect((await readDesignTraits(image)).textLike).toBe(false);
    }
  });

  it('reads lettering on a print-size file from a small copy', async () => {
    const slogan = await sharp(await lettering('SUNSET', 20, [30, 30, 30]))
      .resize({ width: 1800, kernel: 'nearest' })
      .toBuffer();
    const printFile = await sharp({ create: { width: 4500, height: 5400, channels: 4, background: clear } })
      .composite([{ input: slogan, left: 1300, top: 2400 }])
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await readDesignTraits(printFile)).toMatchObject({
      textLike: true,
      colours: ['black'],
      tone: 'dark',
    });
  });

  it('answers for a clear image and a single pixel', async () => {
    const empty = await sharp({ create: { width: 20, height: 10, channels: 4, background: clear } })
      .png()
      .toBuffer();
    expect(await readDesignTraits(empty)).toMatchObject({
      colours: [],
      lightness: 50,
      coverage: 0,
      transparentShare: 1,
      orientation: 'landscape',
    });
    const dot = await paint(1, 1, () => [255, 255, 255, 255]);
    expect(await readDesignTraits(dot)).toMatchObject({ colours: ['white'], orientation: 'square' });
  });

  it('reads greyscale and 16-bit PNGs', async () => {
    const grey = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#808080' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const deep = await sharp({ create: { width: 12, height: 12, channels: 4, background: '#d7262b' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await readDesignTraits(grey)).colours).toEqual(['grey']);
    expect((await readDesignTraits(deep)).colours).toEqual(['red']);
  });

  it('says so when the bytes are no image or too many pixels', async () => {
    await expect(readDesignTraits(Buffer.from('not a png'))).rejects.toThrow(
      /^The design could not be read as an image: /,
    );
    const large = await shapeOnClear([100, 100], [0, 0, 10, 10], '#000');
    await expect(readDesignTraits(large, 5_000)).rejects.toThrow(/could not be read.*pixel limit/);
  });
});
