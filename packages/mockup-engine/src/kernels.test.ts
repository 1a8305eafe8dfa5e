import { readFileSync } from 'node:fs';
import asc from 'assemblyscript/asc';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { flattenAll, premultiplyAll, reduce } from './kernels.ts';

const engineDir = new URL('..', import.meta.url).pathname;

describe('kernels.wasm', () => {
  it('is what assembly/kernels.ts compiles to with the build script’s flags', async () => {
    const script = JSON.parse(readFileSync(`${engineDir}package.json`, 'utf8')).scripts['build:kernels'];
    const argv = (script as string).split(/\s+/).slice(1); // without `asc`
    const written = new Map<string, Uint8Array>();
    const { error, stderr } = await asc.main([...argv, '--baseDir', engineDir], {
      writeFile: (name, contents) => {
        written.set(name, typeof contents === 'string' ? Buffer.from(contents) : contents);
      },
    });
    expect(error, stderr.toString()).toBeNull();
    const built = written.get('src/kernels.wasm');
    expect(built, `wrote ${[...written.keys()].join(', ')}`).toBeDefined();
    expect(
      Buffer.from(built!).equals(readFileSync(`${engineDir}src/kernels.wasm`)),
      'src/kernels.wasm is stale: npm run build:kernels -w @podflow/mockup-engine',
    ).toBe(true);
  });
});

/** Every (colour, alpha) pair once, in pixels of one colour channel each, and a few odd ones. */
function allPairs(): Uint8Array {
  const pixels = new Uint8Array(256 * 256 * 4 + 12);
  for (let c = 0, p = 0; c < 256; c += 1) {
    for (let a = 0; a < 256; a += 1, p += 4) pixels.set([c, 255 - c, (c * 7) & 255, a], p);
  }
  pixels.set([10, 20, 30, 40, 250, 128, 3, 255, 9, 9, 9, 0], 256 * 256 * 4); // a tail of three
  return pixels;
}

describe('premultiplying', () => {
  it('multiplies each colour by its alpha, rounded, for every pair, opaque and empty runs included', () => {
    const source = allPairs();
    const out = premultiplyAll(source);
    for (let p = 0; p < source.length; p += 4) {
      const a = source[p + 3]!;
      const expected = [0, 1, 2].map((c) => Math.round((source[p + c]! * a) / 255));
      expect([out[p], out[p + 1], out[p + 2], out[p + 3]]).toEqual([...expected, a]);
    }
  });
});

describe('flattening on white', () => {
  it('blends every pair over white, rounded, and tells a transparent image from an opaque one', () => {
    const source = allPairs();
    const flat = new Uint8Array((source.length / 4) * 3);
    expect(flattenAll(source, flat)).toBe(true);
    for (let p = 0, q = 0; p < source.length; p += 4, q += 3) {
      const a = source[p + 3]!;
      const expected = [0, 1, 2].map((c) => Math.round((source[p + c]! * a + 255 * (255 - a)) / 255));
      expect([flat[q], flat[q + 1], flat[q + 2]]).toEqual(expected);
    }
    const opaque = new Uint8Array(4 * 1001).fill(255);
    expect(flattenAll(opaque, new Uint8Array(3 * 1001))).toBe(false);
  });
});

/** Straight RGBA of `width` x `height` from a function of the pixel. */
function image(width: number, height: number, pixel: (x: number, y: number) => number[]): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) out.set(pixel(x, y), (y * width + x) * 4);
  }
  return out;
}

const whole = (width: number, height: number) => ({ left: 0, top: 0, width, height });

describe('reducing a design', () => {
  it('matches sharp’s Mitchell-Netravali resize of the same pixels', async () => {
    const [width, height] = [900, 700];
    const source = image(width, height, (x, y) => [
      (x * 255) / width,
      (y * 255) / height,
      128 + 120 * Math.sin(x / 9 + y / 13),
      x < 40 || y < 30 ? 0 : 255,
    ]);
    for (const [w, h] of [
      [300, 233], // a factor of 3: halved by the tent, then the filter for what is left
      [410, 319], // 2.2: the filter alone, stretched
      [700, 544], // 1.3: the filter alone
    ] as const) {
      const ours = reduce(source, width, whole(width, height), w, h, false);
      const theirs = await sharp(source, { raw: { width, height, channels: 4 } })
        .resize(w, h, { fit: 'fill', kernel: 'mitchell' })
        .raw()
        .toBuffer();
      let difference = 0;
      for (let p = 0; p < theirs.length; p += 4) {
        const a = theirs[p + 3]!;
        for (let c = 0; c < 4; c += 1) {
          const expected = c === 3 ? a : Math.round((theirs[p + c]! * a) / 255);
          difference += Math.abs(expected - ours[p + c]!);
        }
      }
      expect(difference / theirs.length, `${w}x${h}`).toBeLessThan(1);
    }
  });

  it('turns lines finer than an output pixel into an even grey, with no moiré', () => {
    // Black lines on white, one in 2, 3 or 4 columns, reduced 3.3 times: too fine to show. A box
    // average would leave bands of 30 to 50 levels; each column must be within a few of the mean.
    const [width, height] = [990, 660];
    for (const period of [2, 3, 4]) {
      const source = image(width, height, (x) => (x % period ? [255, 255, 255, 255] : [0, 0, 0, 255]));
      const out = reduce(source, width, whole(width, height), 300, 200, false);
      const mean = (255 * (period - 1)) / period;
      for (let y = 2; y < 198; y += 1) {
        for (let x = 2; x < 298; x += 1) {
          const p = (y * 300 + x) * 4;
          expect(Math.abs(out[p]! - mean), `period ${period}, pixel ${x},${y}`).toBeLessThan(8);
          expect(out[p + 3]).toBe(255);
        }
      }
    }
  });

  it('keeps premultiplied colour at most its alpha where the filter rings at a hard edge', () => {
    const [width, height] = [600, 600];
    const source = image(width, height, (x) => (x < 300 ? [255, 255, 255, 255] : [255, 255, 255, 0]));
    const out = reduce(source, width, whole(width, height), 170, 170, false);
    let transparent = 0;
    for (let p = 0; p < out.length; p += 4) {
      for (let c = 0; c < 3; c += 1) expect(out[p + c]!).toBeLessThanOrEqual(out[p + 3]!);
      if (out[p + 3] === 0) transparent += 1;
    }
    expect(transparent).toBeGreaterThan(170 * 80); // the empty half stays empty
  });

  it('reduces a window of an already premultiplied image as it is', () => {
    const [width, height] = [400, 400];
    const source = image(width, height, (x, y) => (x >= 100 && y >= 100 ? [60, 30, 90, 120] : [0, 0, 0, 0]));
    const out = reduce(source, width, { left: 100, top: 100, width: 300, height: 300 }, 75, 75, true);
    for (let p = 0; p < out.length; p += 4) expect([...out.subarray(p, p + 4)]).toEqual([60, 30, 90, 120]);
  });
});
