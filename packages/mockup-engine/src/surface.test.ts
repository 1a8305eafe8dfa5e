import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MockupEngine, type Placement } from './engine.ts';
import { detailedDesign, magick, ssimOver } from './reference.test-kit.ts';

/**
 * Print areas that are not flat, seen from the engine's caller: a cylinder's wrap, the photo's
 * folds moving the design, and the photo's shading on dark fabric. Positions are measured on the
 * rendered pixels against the models written out here (not the engine's own functions).
 */

const engine = new MockupEngine({ threads: 2 });
afterAll(() => engine.close());

type Grey = { data: Buffer; width: number; height: number };

/** The corners of a rectangle of a photo (pixels) as the placement's fractions. */
function rectangle(left: number, top: number, right: number, bottom: number, width: number, height: number) {
  return {
    topLeft: { x: left / width, y: top / height },
    topRight: { x: right / width, y: top / height },
    bottomRight: { x: right / width, y: bottom / height },
    bottomLeft: { x: left / width, y: bottom / height },
  };
}

/** `f` of both items at once. */
const both = async <T, R>(items: [T, T], f: (item: T) => Promise<R>): Promise<[R, R]> =>
  (await Promise.all(items.map(f))) as [R, R];

/** Decodes any image to one grey channel. */
async function grey(image: Uint8Array): Promise<Grey> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** An RGBA PNG drawn by `paint(x, y)` (returns [r, g, b, a]). */
function drawn(width: number, height: number, paint: (x: number, y: number) => number[]) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(paint(x, y), (y * width + x) * 4);
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * The centre of the ink (how much darker the mockup is than the photo) along a line of pixels,
 * between `from` and `to`: `at(k)` gives the two values at position k.
 */
function inkCentre(from: number, to: number, at: (k: number) => [number, number]): number {
  let sum = 0;
  let weight = 0;
  for (let k = from; k <= to; k += 1) {
    const [photo, mockup] = at(k);
    const ink = Math.max(0, photo - mockup);
    sum += ink * (k + 0.5);
    weight += ink;
  }
  return weight > 0 ? sum / weight : Number.NaN;
}

describe('a print area wrapped round a cylinder', () => {
  // A 800 x 600 white photo; the print area 480 x 360 px from (160, 120); the design twice that.
  const area = { left: 160, top: 120, width: 480, height: 360 };
  const wrap = 120;
  const curvature = 0.08;
  const placement: Placement = {
    corners: rectangle(0.2, 0.2, 0.8, 0.8, 1, 1),
    fit: 'stretch',
    cylinder: { curvature, wrap },
  };
  const columns = [1, 2, 3, 4, 5, 6, 7].map((k) => k / 8);
  const rows = [1, 3, 5].map((k) => k / 6);
  // The model: an arc of `wrap` degrees seen from afar. The design's fraction f across lies at
  // angle theta = (2f - 1) x half and shows at sin(theta); a line at height g drops by the
  // ellipse through the area's ends, curvature x width at the middle.
  const half = (wrap / 2) * (Math.PI / 180);
  const xOf = (f: number) =>
    area.left + (area.width / 2) * (1 + Math.sin((2 * f - 1) * half) / Math.sin(half));
  const thetaAt = (x: number) => Math.asin((((x - area.left) * 2) / area.width - 1) * Math.sin(half));
  const yOf = (g: number, x: number) =>
    area.top +
    g * area.height +
    (curvature * area.width * (Math.cos(thetaAt(x)) - Math.cos(half))) / (1 - Math.cos(half));

  /** A transparent 960 x 720 design with black lines 4 px wide at `columns` and `rows`. */
  const gridDesign = () =>
    drawn(960, 720, (x, y) => {
      const onLine =
        columns.some((f) => Math.abs(x + 0.5 - f * 960) < 2) ||
        rows.some((g) => Math.abs(y + 0.5 - g * 720) < 2);
      return onLine ? [0, 0, 0, 255] : [0, 0, 0, 0];
    });

  it('puts the vertical lines where the wrap puts them and bows the horizontal ones along its ellipses', async () => {
    const photo = await drawn(800, 600, () => [255, 255, 255, 255]);
    const mockup = await grey(
      await engine.renderOnce(await gridDesign(), photo, placement, { format: 'png', shading: 0 }),
    );
    const value = (x: number, y: number) => mockup.data[y * mockup.width + x]!;
    // Vertical lines, on rows between the horizontal ones: within 1 px of the model, and closer
    // together towards the edges (the wrap compresses them).
    for (const y of [160, 250, 360, 430]) {
      const found = columns.map((f) => {
        const expected = xOf(f);
        const centre = inkCentre(Math.floor(expected) - 6, Math.floor(expected) + 6, (x) => [
          255,
          value(x, y),
        ]);
        expect(Math.abs(centre - expected)).toBeLessThanOrEqual(1);
        return centre;
      });
      const gaps = found.slice(1).map((x, k) => x - found[k]!);
      expect(gaps[0]!).toBeLessThan(gaps[3]! * 0.85);
      expect(gaps[5]!).toBeLessThan(gaps[2]! * 0.85);
    }
    // Horizontal lines, on columns between the vertical ones: within 1 px of the ellipse, the
    // middle lower than near the ends by about the curvature.
    for (const g of rows) {
      const found = [175, 260, 400, 520, 625].map((x) => {
        const expected = yOf(g, x + 0.5);
        const centre = inkCentre(Math.floor(expected) - 8, Math.floor(expected) + 8, (y) => [
          255,
          value(x, y),
        ]);
        expect(Math.abs(centre - expected)).toBeLessThanOrEqual(1);
        return centre;
      });
      expect(found[2]! - found[0]!).toBeGreaterThan(curvature * area.width * 0.75);
    }
  });

  it('draws nothing outside the wrapped print area, and a flat one as before', async () => {
    const photo = await drawn(800, 600, () => [255, 255, 255, 255]);
    const solid = await drawn(480, 360, () => [0, 0, 0, 255]);
    const [wrapped, flat] = await both([placement, { ...placement, cylinder: null }], async (p) =>
      grey(await engine.renderOnce(solid, photo, p, { format: 'png', shading: 0 })),
    );
    const at = (image: Grey, x: number, y: number) => image.data[y * image.width + x]!;
    // Above the top edge's ellipse in the middle (it drops by the curvature) the photo shows;
    // the flat area is inked there.
    expect(at(wrapped, 400, area.top + 20)).toBe(255);
    expect(at(flat, 400, area.top + 20)).toBe(0);
    // Below the flat bottom edge in the middle, the wrapped area is inked.
    expect(at(wrapped, 400, area.top + area.height + 20)).toBe(0);
    expect(at(flat, 400, area.top + area.height + 20)).toBe(255);
    // Left and right of the corners, nothing.
    expect(at(wrapped, area.left - 3, 300)).toBe(255);
    expect(at(wrapped, area.left + area.width + 2, 300)).toBe(255);
  });

  it('wraps the same on a photo with transparency (the output keeps its alpha) as on an opaque one', async () => {
    const design = await gridDesign();
    const [opaque, clear] = await both([255, 200], async (alpha) => {
      const photo = await drawn(800, 600, () => [255, 255, 255, alpha]);
      const png = await engine.renderOnce(design, photo, placement, { format: 'png', shading: 0 });
      const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      return { png, data };
    });
    // The clearer photo keeps its alpha where the grid leaves it, and the grid's ink is opaque.
    expect(clear.data[(300 * 800 + 10) * 4 + 3]).toBe(200);
    expect(clear.data[(300 * 800 + Math.floor(xOf(0.5))) * 4 + 3]).toBeGreaterThan(240);
    // Laid on white, the two show the same picture.
    const [a, b] = await both([opaque.png, clear.png], async (png) =>
      sharp(png).flatten({ background: '#ffffff' }).raw().toBuffer(),
    );
    let worst = 0;
    for (let k = 0; k < a.length; k += 1) worst = Math.max(worst, Math.abs(a[k]! - b[k]!));
    expect(worst).toBeLessThanOrEqual(2);
  });
});

describe("the photo's folds move the design", () => {
  // A 600 x 400 photo, light grey (230) with a broad dark fold across it along y = 200 (down to
  // 110); the print area is the whole photo less 40 px all round.
  const level = (y: number) => 230 - 120 * Math.exp(-(((y - 200) / 30) ** 2));
  const area = { left: 40, top: 40, width: 520, height: 320 };
  const placement = (displacement: number): Placement => ({
    corners: rectangle(40, 40, 560, 360, 600, 400),
    fit: 'stretch',
    displacement,
  });

  it('moves a straight line by the fold’s depth from the mean, times the strength', async () => {
    const photo = await drawn(600, 400, (_x, y) => {
      const v = Math.round(level(y + 0.5));
      return [v, v, v, 255];
    });
    // A vertical line 4 px wide at 300 px of the photo (260 of the print area).
    const design = await drawn(520, 320, (x) =>
      Math.abs(x + 0.5 - 260) < 2 ? [0, 0, 0, 255] : [0, 0, 0, 0],
    );
    const photoGrey = await grey(photo);
    const [moved, still] = await both([1, 0], async (d) =>
      grey(await engine.renderOnce(design, photo, placement(d), { format: 'png', shading: 0 })),
    );
    // The model: a pixel shows the design 0.03 x width x (level - mean) / brightest away, both
    // ways (a displacement map), the mean over the print area and the brightest level 230.
    let sum = 0;
    for (let y = area.top; y < area.top + area.height; y += 1) sum += Math.round(level(y + 0.5));
    const mean = sum / area.height;
    const shiftAt = (y: number) => (0.03 * area.width * (level(y + 0.5) - mean)) / 230;
    const lineAt = (image: Grey, y: number) =>
      inkCentre(270, 330, (x) => [photoGrey.data[y * 600 + x]!, image.data[y * 600 + x]!]);
    for (const y of [60, 120, 170, 200, 230, 300, 340]) {
      // The pixel at x shows the design's x + shift: the line shows `shift` to the left of 300.
      expect(Math.abs(lineAt(moved, y) - (300 - shiftAt(y)))).toBeLessThanOrEqual(1);
      expect(Math.abs(lineAt(still, y) - 300)).toBeLessThanOrEqual(0.5);
    }
    // In the fold the line moves right by several pixels; away from it, left.
    expect(lineAt(moved, 200) - lineAt(moved, 60)).toBeGreaterThan(7);
  });
});

describe('shading on dark fabric', () => {
  // A 400 x 400 near-black photo (level 28) with a soft fold down to 8 across its middle.
  const level = (x: number) => 28 - 20 * Math.exp(-(((x - 200) / 25) ** 2));
  const photo = () =>
    drawn(400, 400, (x) => {
      const v = Math.round(level(x + 0.5));
      return [v, v, v, 255];
    });
  const placement = (tone?: 'auto' | 'light' | 'dark'): Placement => ({
    corners: rectangle(0.2, 0.2, 0.8, 0.8, 1, 1),
    fit: 'stretch',
    shading: tone ? { tone } : null,
  });

  it('keeps a mid-grey design mid-grey, the fold a little darker, where multiplying would blacken it', async () => {
    const design = await drawn(240, 240, () => [128, 128, 128, 255]);
    const [auto, light] = await both([placement(), placement('light')], async (p) =>
      grey(await engine.renderOnce(design, await photo(), p, { format: 'png' })),
    );
    const at = (image: Grey, x: number) => image.data[200 * 400 + x]!;
    // Away from the fold the design keeps its colour; in the fold's deepest part it is darker,
    // by no more than a fifth.
    for (const x of [90, 120, 290, 310]) expect(Math.abs(at(auto, x) - 128)).toBeLessThanOrEqual(3);
    expect(at(auto, 200)).toBeGreaterThanOrEqual(128 * 0.8);
    expect(at(auto, 200)).toBeLessThan(at(auto, 120) - 4);
    // Light-fabric shading (a ratio to the brightest level) takes the fold to a third or less.
    expect(at(light, 200)).toBeLessThan(128 * 0.4);
  });
});

/**
 * A 16-bit PPM of ImageMagick's displacement map (`compose:args` = scale x scale): red moves a
 * pixel across, green down, by scale x (2 x value - 1) pixels; `offset(x, y)` gives the move.
 */
function displacementMap(
  width: number,
  height: number,
  scale: number,
  offset: (x: number, y: number) => [number, number],
): Buffer {
  const body = Buffer.alloc(width * height * 6);
  const level = (d: number) => Math.round(Math.min(1, Math.max(0, 0.5 + d / (2 * scale))) * 65535);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [dx, dy] = offset(x, y);
      const at = (y * width + x) * 6;
      body.writeUInt16BE(level(dx), at);
      body.writeUInt16BE(level(dy), at + 2);
      body.writeUInt16BE(32768, at + 4);
    }
  }
  return Buffer.concat([Buffer.from(`P6\n${width} ${height}\n65535\n`), body]);
}

describe('against ImageMagick, shading off', () => {
  it('a detailed design wrapped round a cylinder: the same as ImageMagick resampling the wrap', async () => {
    // A 600 x 600 photo, the print area 360 x 432 px from (120, 84), the design that size (so
    // neither side reduces it first: both sample the same pixels).
    const area = { left: 120, top: 84, width: 360, height: 432 };
    const cylinder = { curvature: 0.06, wrap: 140 };
    const design = await detailedDesign(360, 432);
    const photo = await drawn(600, 600, (x, y) => [235 - (y >> 4), 232, 228 - (x >> 4), 255]);
    const ours = await engine.renderOnce(
      design,
      photo,
      {
        corners: rectangle(0.2, 0.14, 0.8, 0.86, 1, 1),
        fit: 'stretch',
        cylinder,
      },
      { format: 'png', shading: 0 },
    );
    // The wrap written out (see the geometry test above), as where each photo pixel samples the
    // design; ImageMagick samples it there (bilinear, outside transparent) and lays it on the photo.
    const half = (cylinder.wrap / 2) * (Math.PI / 180);
    const bow = cylinder.curvature * area.width;
    const scale = 1024;
    const map = displacementMap(600, 600, scale, (x, y) => {
      const s = (((x + 0.5 - area.left) * 2) / area.width - 1) * Math.sin(half);
      if (Math.abs(s) > 1) return [-scale, -scale];
      const theta = Math.asin(s);
      const bx = (area.width / 2) * (1 + theta / half);
      const by = y + 0.5 - area.top - (bow * (Math.cos(theta) - Math.cos(half))) / (1 - Math.cos(half));
      return [bx - 0.5 - x, by - 0.5 - y];
    });
    const reference = magick({ 'design.png': design, 'map.ppm': map, 'photo.png': photo }, [
      'photo.png',
      '(',
      'design.png',
      '-background',
      'none',
      '-extent',
      '600x600',
      'map.ppm',
      '-virtual-pixel',
      'transparent',
      '-interpolate',
      'bilinear',
      '-compose',
      'displace',
      '-define',
      `compose:args=${scale}x${scale}`,
      '-composite',
      ')',
      '-compose',
      'over',
      '-composite',
      'out.png',
    ]);
    // Over the print area's bounds, its ellipses' bow included.
    const box = {
      left: area.left - 2,
      top: area.top - 2,
      width: area.width + 4,
      height: Math.ceil(area.height + bow + 4),
    };
    const score = await ssimOver(ours, reference, box);
    const report = `SSIM of the cylinder against ImageMagick over ${box.width}x${Math.round(box.height)}: ${score.full.toFixed(4)}`;
    console.log(report);
    expect(score.full, report).toBeGreaterThanOrEqual(0.98);
  });

  it("a detailed design moved by the photo's folds: the same as ImageMagick's -displace with the photo as its map", async () => {
    // A 600 x 400 photo with two soft folds; the print area 520 x 320 px from (40, 40), the
    // design that size, so only the folds move it.
    const level = (x: number, y: number) =>
      230 - 100 * Math.exp(-(((y - 200) / 28) ** 2)) - 70 * Math.exp(-(((x - y - 150) / 40) ** 2));
    const photo = await drawn(600, 400, (x, y) => {
      const v = Math.round(level(x + 0.5, y + 0.5));
      return [v, v, v, 255];
    });
    const design = await detailedDesign(520, 320);
    const displacement = 0.8;
    const ours = await engine.renderOnce(
      design,
      photo,
      {
        corners: rectangle(40, 40, 560, 360, 600, 400),
        fit: 'stretch',
        displacement,
      },
      { format: 'png', shading: 0 },
    );
    // ImageMagick makes the map from the photo: its grey, blurred by 0.6% of the print area's
    // width, centred on its mean over the print area (0.5 = no move) and scaled by the brightest
    // level (230): a pixel moves by 3% of the width x strength x (level - mean) / 230.
    const blurred = magick({ 'photo.png': photo }, [
      'photo.png',
      '-colorspace',
      'Gray',
      '-blur',
      `0x${0.006 * 520}`,
      'out.png',
    ]);
    const { data, info } = await sharp(blurred).greyscale().raw().toBuffer({ resolveWithObject: true });
    let sum = 0;
    for (let y = 40; y < 360; y += 1) for (let x = 40; x < 560; x += 1) sum += data[y * info.width + x]!;
    const mean = sum / (520 * 320);
    const reach = 0.03 * 520 * displacement;
    const reference = magick({ 'design.png': design, 'photo.png': photo, 'blurred.png': blurred }, [
      'photo.png',
      '(',
      '-size',
      '600x400',
      'xc:none',
      'design.png',
      '-geometry',
      '+40+40',
      '-composite',
      '+geometry',
      '(',
      'blurred.png',
      '-evaluate',
      'multiply',
      String(255 / (2 * 230)),
      '-evaluate',
      'add',
      `${(0.5 - mean / (2 * 230)) * 100}%`,
      ')',
      '-virtual-pixel',
      'transparent',
      '-interpolate',
      'bilinear',
      '-compose',
      'displace',
      '-define',
      `compose:args=${reach}x${reach}`,
      '-composite',
      ')',
      '-compose',
      'over',
      '-composite',
      'out.png',
    ]);
    const box = { left: 40, top: 40, width: 520, height: 320 };
    const score = await ssimOver(ours, reference, box);
    const report = `SSIM of the displacement against ImageMagick over 520x320: ${score.full.toFixed(4)}`;
    console.log(report);
    expect(score.full, report).toBeGreaterThanOrEqual(0.98);
  });
});
