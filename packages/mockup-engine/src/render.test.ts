import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MockupEngine, type Placement, designCutOff } from './engine.ts';
import { detailedDesign, imageMagick, ssimOver } from './reference.test-kit.ts';
import { type Point, type Quad, apply, homography, pixelBounds, quadInPixels } from './geometry.ts';

/**
 * The engine seen from its caller: encoded files in, encoded mockups out. Geometry is measured on
 * the rendered pixels, quality against ImageMagick's perspective distort of the same inputs.
 */

const engine = new MockupEngine({ threads: 2 });
afterAll(() => engine.close());

type Rgb = readonly [number, number, number];
type Pixels = { data: Buffer; width: number; height: number };

/** Decodes any image to straight RGBA. */
async function decode(image: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const pixelAt = (image: Pixels, x: number, y: number) => {
  const k = (y * image.width + x) * 4;
  return [...image.data.subarray(k, k + 4)];
};

/** The mean colour of a rectangle of an image. */
function meanColour(image: Pixels, left: number, top: number, width: number, height: number): number[] {
  const sum = [0, 0, 0, 0];
  for (let y = top; y < top + height; y += 1) {
    for (let x = left; x < left + width; x += 1) {
      pixelAt(image, x, y).forEach((v, c) => (sum[c]! += v));
    }
  }
  return sum.map((v) => v / (width * height));
}

/** A PNG of one colour. */
const plain = (width: number, height: number, [r, g, b]: Rgb) =>
  sharp({ create: { width, height, channels: 4, background: { r, g, b, alpha: 1 } } })
    .png()
    .toBuffer();

const fractions = (points: readonly [number, number][]): Quad => {
  const [tl, tr, br, bl] = points.map(([x, y]) => ({ x, y })) as [Point, Point, Point, Point];
  return { topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl };
};
const ring = (q: Quad): Point[] => [q.topLeft, q.topRight, q.bottomRight, q.bottomLeft];

/** A square of side 0.5 centred on the template, turned by `degrees`. */
function rotatedSquare(degrees: number): Quad {
  const t = (degrees * Math.PI) / 180;
  const corner = (x: number, y: number): [number, number] => [
    0.5 + x * Math.cos(t) - y * Math.sin(t),
    0.5 + x * Math.sin(t) + y * Math.cos(t),
  ];
  return fractions([corner(-0.25, -0.25), corner(0.25, -0.25), corner(0.25, 0.25), corner(-0.25, 0.25)]);
}

describe('geometry: a stretched design lands on the print area’s corners', () => {
  const templateSize = 1000;
  const background: Rgb = [128, 128, 128];
  const markers: { corner: keyof Quad; colour: Rgb }[] = [
    { corner: 'topLeft', colour: [255, 0, 0] },
    { corner: 'topRight', colour: [0, 255, 0] },
    { corner: 'bottomRight', colour: [0, 0, 255] },
    { corner: 'bottomLeft', colour: [255, 255, 0] },
  ];

  /** A transparent design with a square of its marker colour in each corner. */
  function markerDesign(width: number, height: number, side: number): Promise<Buffer> {
    const data = Buffer.alloc(width * height * 4);
    for (const { corner, colour } of markers) {
      const left = corner === 'topLeft' || corner === 'bottomLeft' ? 0 : width - side;
      const top = corner === 'topLeft' || corner === 'topRight' ? 0 : height - side;
      for (let y = top; y < top + side; y += 1) {
        for (let x = left; x < left + side; x += 1) data.set([...colour, 255], (y * width + x) * 4);
      }
    }
    return sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  }

  /** The polygon a design-space rectangle becomes under a projective map. */
  const mapRect = (map: ReturnType<typeof homography>, left: number, top: number, side: number) =>
    [
      { x: left, y: top },
      { x: left + side, y: top },
      { x: left + side, y: top + side },
      { x: left, y: top + side },
    ].map((p) => apply(map, p));

  function polygonCentroid(points: Point[]): { centroid: Point; area: number } {
    let twiceArea = 0;
    let cx = 0;
    let cy = 0;
    points.forEach((p, k) => {
      const q = points[(k + 1) % points.length]!;
      const cross = p.x * q.y - q.x * p.y;
      twiceArea += cross;
      cx += (p.x + q.x) * cross;
      cy += (p.y + q.y) * cross;
    });
    return { centroid: { x: cx / (3 * twiceArea), y: cy / (3 * twiceArea) }, area: Math.abs(twiceArea / 2) };
  }

  /**
   * Where one marker landed. Each pixel near the marker's ideal footprint gets the fraction of it
   * the marker covers (its colour projected between the background and the marker colour, which
   * is exact for anti-aliased edges); the coverage-weighted centroid and the covered area are then
   * exact to a small fraction of a pixel, however the edges fall on the pixel grid. Nearest-pixel
   * measures are not: a correct render whose corner falls between pixel centres can have no
   * half-covered pixel within 1 px of it.
   */
  function measureMarker(image: Pixels, footprint: Point[], colour: Rgb) {
    const window = pixelBounds(
      {
        topLeft: footprint[0]!,
        topRight: footprint[1]!,
        bottomRight: footprint[2]!,
        bottomLeft: footprint[3]!,
      },
      image.width,
      image.height,
    );
    const towards = colour.map((c, k) => c - background[k]!);
    const norm = towards.reduce((s, v) => s + v * v, 0);
    let total = 0;
    let sx = 0;
    let sy = 0;
    let nearestMarked = Infinity;
    const corner = footprint[0]!;
    for (let y = window.top - 3; y < window.top + window.height + 3; y += 1) {
      for (let x = window.left - 3; x < window.left + window.width + 3; x += 1) {
        const p = pixelAt(image, x, y);
        const cover = towards.reduce((s, v, k) => s + v * (p[k]! - background[k]!), 0) / norm;
        total += cover;
        sx += cover * (x + 0.5);
        sy += cover * (y + 0.5);
        if (cover >= 0.4)
          nearestMarked = Math.min(nearestMarked, Math.hypot(x + 0.5 - corner.x, y + 0.5 - corner.y));
      }
    }
    return { centroid: { x: sx / total, y: sy / total }, area: total, nearestMarked };
  }

  const cases: { name: string; corners: Quad; design: [number, number, number] }[] = [
    {
      name: 'an upright rectangle',
      corners: fractions([
        [0.15, 0.2],
        [0.85, 0.2],
        [0.85, 0.7],
        [0.15, 0.7],
      ]),
      design: [1400, 1000, 80], // twice the area's size: reduced before warping
    },
    {
      name: 'an upright rectangle, design near its size (warped without reduction)',
      corners: fractions([
        [0.1525, 0.2025],
        [0.8475, 0.2025],
        [0.8475, 0.6975],
        [0.1525, 0.6975],
      ]),
      design: [760, 540, 40],
    },
    { name: 'a square turned 20°', corners: rotatedSquare(20), design: [1400, 1000, 80] },
    {
      name: 'a strong perspective (top side 60% of the bottom)',
      corners: fractions([
        [0.3, 0.18],
        [0.72, 0.22],
        [0.88, 0.82],
        [0.16, 0.78],
      ]),
      design: [1200, 1500, 90],
    },
  ];

  it.each(cases)('$name', async ({ corners, design: [width, height, side] }) => {
    const placement: Placement = { corners, fit: 'stretch' };
    const template = await engine.prepareTemplate(
      await plain(templateSize, templateSize, background),
      placement,
    );
    const design = await engine.prepareDesign(await markerDesign(width, height, side));
    const image = await decode(await engine.render(design, template, { format: 'png', shading: 0 }));

    const area = quadInPixels(corners, templateSize, templateSize);
    const designToTemplate = homography(
      [
        { x: 0, y: 0 },
        { x: width, y: 0 },
        { x: width, y: height },
        { x: 0, y: height },
      ],
      ring(area),
    );
    for (const { corner, colour } of markers) {
      const left = corner === 'topLeft' || corner === 'bottomLeft' ? 0 : width - side;
      const top = corner === 'topLeft' || corner === 'topRight' ? 0 : height - side;
      // The footprint, rotated so its first point is the design's corner (the quad's corner).
      const square = mapRect(designToTemplate, left, top, side);
      const start = { topLeft: 0, topRight: 1, bottomRight: 2, bottomLeft: 3 }[corner];
      const footprint = [...square.slice(start), ...square.slice(0, start)];
      const ideal = polygonCentroid(footprint);
      const seen = measureMarker(image, footprint, colour);
      // The marker's corner moves with its centroid: how far the render put it from the quad's corner.
      const error = Math.hypot(seen.centroid.x - ideal.centroid.x, seen.centroid.y - ideal.centroid.y);
      const report = `${corner} marker: corner off by ${error.toFixed(3)} px, area ${seen.area.toFixed(1)} of ${ideal.area.toFixed(1)} px², nearest marker pixel ${seen.nearestMarked.toFixed(2)} px`;
      console.log(report);
      // Within 1 px is the promise; the measure is good to about 0.05 px, so a half-pixel shift
      // (the classic pixel-centre mistake, a visible seam against ImageMagick) fails too.
      expect(error, report).toBeLessThan(0.25);
      // The right size too (a marker in the right place but scaled would still move its corner).
      expect(Math.abs(seen.area / ideal.area - 1), report).toBeLessThan(0.05);
      // And by pixels: a marker pixel (at least 40% covered) next to the corner. Only a loose
      // check: with bilinear edges, a correct render can leave the nearest one 1.27 px away.
      expect(seen.nearestMarked, report).toBeLessThanOrEqual(Math.SQRT2);
    }
  });
});

/** A photo-like opaque template: a lit gradient and a soft product shape. */
function photoTemplate(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="none">
    <defs><linearGradient id="wall" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#e9e4dc"/><stop offset="1" stop-color="#8d8579"/></linearGradient>
    <radialGradient id="shirt" cx="0.4" cy="0.35"><stop offset="0" stop-color="#f4f4f2"/><stop offset="1" stop-color="#b9b7b2"/></radialGradient></defs>
    <rect width="100" height="100" fill="url(#wall)"/>
    <path d="M12 14 L36 6 Q50 12 64 6 L88 14 L94 36 L80 40 L80 96 L20 96 L20 40 L6 36 Z" fill="url(#shirt)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).flatten().png().toBuffer();
}

/**
 * ImageMagick's rendering of the same mockup: the whole design (stretch: its full size is the
 * source rectangle, in the same continuous pixel coordinates the engine uses) distorted onto the
 * print area and laid over the template.
 */
function imageMagickMockup(
  template: Buffer,
  design: Buffer,
  designSize: { width: number; height: number },
  area: Quad,
  templateSize: { width: number; height: number },
): Buffer {
  const binary = imageMagick();
  const dir = mkdtempSync(path.join(tmpdir(), 'podflow-im-'));
  try {
    writeFileSync(path.join(dir, 'template.png'), template);
    writeFileSync(path.join(dir, 'design.png'), design);
    const { width: w, height: h } = designSize;
    const source = [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ];
    const points = ring(area)
      .map((p, k) => `${source[k]![0]},${source[k]![1]} ${p.x.toFixed(4)},${p.y.toFixed(4)}`)
      .join('  ');
    const out = path.join(dir, 'out.png');
    const result = spawnSync(
      binary,
      [
        path.join(dir, 'template.png'),
        '(',
        path.join(dir, 'design.png'),
        '-alpha',
        'set',
        '-virtual-pixel',
        'transparent',
        '-define',
        `distort:viewport=${templateSize.width}x${templateSize.height}+0+0`,
        '-distort',
        'Perspective',
        points,
        ')',
        '-compose',
        'over',
        '-composite',
        out,
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`convert failed: ${result.stderr}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('quality: the same mockup as ImageMagick’s perspective distort', () => {
  it('a detailed 1500x1800 design in a perspective print area of a 1200x1200 photo', async () => {
    const templateSize = { width: 1200, height: 1200 };
    const designSize = { width: 1500, height: 1800 };
    const corners = fractions([
      [0.24, 0.17],
      [0.79, 0.23],
      [0.75, 0.86],
      [0.19, 0.8],
    ]);
    const [template, design] = await Promise.all([
      photoTemplate(templateSize.width, templateSize.height),
      detailedDesign(designSize.width, designSize.height),
    ]);
    const area = quadInPixels(corners, templateSize.width, templateSize.height);
    const reference = imageMagickMockup(template, design, designSize, area, templateSize);
    const ours = await engine.renderOnce(
      design,
      template,
      { corners, fit: 'stretch' },
      { format: 'png', shading: 0 },
    );

    const box = pixelBounds(area, templateSize.width, templateSize.height);
    const score = await ssimOver(ours, reference, box);
    const report = `SSIM against ImageMagick over the print area's ${box.width}x${box.height} box: ${score.full.toFixed(4)} at full resolution, ${score.standard.toFixed(4)} with ssim.js's standard downsampling`;
    console.log(report);
    expect(score.full, report).toBeGreaterThanOrEqual(0.99);
  });
});

/** The quantisation tables of a JPEG (its DQT segments): the same tables, the same quality setting. */
function quantisationTables(jpeg: Uint8Array): string {
  const tables: string[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (jpeg[at + 1] === 0xdb)
      tables.push(Buffer.from(jpeg.subarray(at + 4, at + 2 + length)).toString('hex'));
    at += 2 + length;
  }
  return tables.join('|');
}

const meanAbsoluteDifference = (a: Pixels, b: Pixels) => {
  let sum = 0;
  for (let k = 0; k < a.data.length; k += 4) {
    for (let c = 0; c < 3; c += 1) sum += Math.abs(a.data[k + c]! - b.data[k + c]!);
  }
  return sum / ((a.data.length / 4) * 3);
};

const perspective: Placement = {
  corners: fractions([
    [0.2, 0.15],
    [0.78, 0.2],
    [0.74, 0.85],
    [0.22, 0.8],
  ]),
  fit: 'contain',
};

describe('output', () => {
  it('is a quality-90 JPEG of the template’s size by default', async () => {
    const template = await photoTemplate(800, 600);
    const out = await engine.renderOnce(await detailedDesign(500, 600), template, perspective);
    expect(await sharp(out).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    const asQuality = async (quality: number) =>
      quantisationTables(await sharp(template).jpeg({ quality }).toBuffer());
    expect(quantisationTables(out)).toBe(await asQuality(90));
    expect(quantisationTables(out)).not.toBe(await asQuality(80));
  });

  it('is PNG or WebP on request, showing the same picture', async () => {
    const template = await engine.prepareTemplate(await photoTemplate(800, 600), perspective);
    const design = await engine.prepareDesign(await detailedDesign(500, 600));
    const [png, webp, jpeg] = await Promise.all(
      (['png', 'webp', 'jpeg'] as const).map((format) => engine.render(design, template, { format })),
    );
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const [exact, lossyWebp, lossyJpeg, bare] = await Promise.all(
      [png!, webp!, jpeg!, await photoTemplate(800, 600)].map(decode),
    );
    expect(meanAbsoluteDifference(lossyWebp!, exact!)).toBeLessThan(3);
    expect(meanAbsoluteDifference(lossyJpeg!, exact!)).toBeLessThan(3);
    // The design is there: the print area's middle rows differ from the bare template.
    const middleRows = (image: Pixels) => ({
      ...image,
      data: image.data.subarray(4 * 800 * 280, 4 * 800 * 320),
    });
    expect(meanAbsoluteDifference(middleRows(exact!), middleRows(bare!))).toBeGreaterThan(20);
  });

  it('is the same bytes for the same inputs, from another engine and after other designs', async () => {
    const other = new MockupEngine({ threads: 1 });
    try {
      const templateFile = await photoTemplate(900, 900);
      const placement: Placement = { ...perspective, fit: 'stretch' };
      const template = await engine.prepareTemplate(templateFile, placement);
      const detailed = await detailedDesign(600, 720); // transparent between its shapes
      const [design, opaque] = await Promise.all([
        engine.prepareDesign(detailed),
        engine.prepareDesign(await plain(500, 500, [200, 30, 30])),
      ]);
      const first = await engine.render(design, template);
      // Both pool threads draw an opaque design on this template in between.
      await Promise.all([engine.render(opaque, template), engine.render(opaque, template)]);
      const again = await Promise.all([engine.render(design, template), engine.render(design, template)]);
      const elsewhere = await other.render(
        await other.prepareDesign(detailed),
        await other.prepareTemplate(templateFile, placement),
      );
      for (const bytes of [...again, elsewhere]) {
        expect(bytes.equals(first), 'a render differs from the first one of the same inputs').toBe(true);
      }
      const [once, onceElsewhere] = await Promise.all(
        [engine, other].map((e) => e.renderOnce(detailed, templateFile, placement)),
      );
      expect(once!.equals(onceElsewhere!), 'renderOnce differs between engines').toBe(true);
    } finally {
      await other.close();
    }
  });

  it('comes with a JPEG preview of the same picture when asked, made from the rendered pixels', async () => {
    const [template, design] = await Promise.all([photoTemplate(1200, 900), detailedDesign(600, 720)]);
    const engine2 = new MockupEngine({ threads: 1 });
    try {
      const [preparedTemplate, preparedDesign] = await Promise.all([
        engine2.prepareTemplate(template, perspective),
        engine2.prepareDesign(design),
      ]);
      const { image, thumbnail } = await engine2.renderWithThumbnail(preparedDesign, preparedTemplate, 512);
      expect((await sharp(image).metadata()).format).toBe('jpeg');
      const meta = await sharp(thumbnail).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 384]);
      // The same picture: the mockup scaled down the same way differs by a few levels at most.
      const [small, expected] = await Promise.all([
        decode(thumbnail),
        sharp(image).resize(512, 384).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
      ]);
      expect(
        meanAbsoluteDifference(small, {
          data: expected.data,
          width: expected.info.width,
          height: expected.info.height,
        }),
      ).toBeLessThan(3);
      // And the mockup itself is what render alone gives.
      expect(Buffer.compare(image, await engine2.render(preparedDesign, preparedTemplate))).toBe(0);
    } finally {
      await engine2.close();
    }
  });

  it('is the template’s own pixels when the template has no print area', async () => {
    const design = await detailedDesign(300, 360);
    for (const template of [await photoTemplate(640, 480), await windowTemplate()]) {
      const out = await engine.renderOnce(design, template, null, { format: 'png' });
      const [got, own] = await Promise.all([decode(out), decode(template)]);
      expect(got.data.equals(own.data), 'the template came back changed').toBe(true);
      const jpeg = await engine.renderOnce(design, template, null);
      const size = await sharp(template).metadata();
      expect(await sharp(jpeg).metadata()).toMatchObject({ width: size.width, height: size.height });
    }
  });
});

describe('fit', () => {
  // A wide design in three colour bands (red, green, blue) on a square upright print area.
  const bands = () => {
    const [width, height] = [1200, 400];
    const data = Buffer.alloc(width * height * 4);
    for (let k = 0; k < width * height; k += 1) {
      const third = Math.floor(((k % width) * 3) / width);
      data.set([third === 0 ? 255 : 0, third === 1 ? 255 : 0, third === 2 ? 255 : 0, 255], k * 4);
    }
    return sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  };
  const square = fractions([
    [0.25, 0.25],
    [0.75, 0.25],
    [0.75, 0.75],
    [0.25, 0.75],
  ]);
  const render = async (fit: Placement['fit']) =>
    decode(
      await engine.renderOnce(
        await bands(),
        await plain(800, 800, [128, 128, 128]),
        { corners: square, fit },
        {
          format: 'png',
          shading: 0,
        },
      ),
    );
  const grey = [128, 128, 128, 255];

  it('cover fills the print area with the middle of the design', async () => {
    const image = await render('cover');
    // The area is 200..600; the middle band (green) spans it all, the red and blue are cut off.
    for (const [x, y] of [
      [202, 202],
      [400, 400],
      [597, 597],
      [202, 597],
    ]) {
      expect(pixelAt(image, x!, y!)).toEqual([0, 255, 0, 255]);
    }
    expect(pixelAt(image, 195, 400)).toEqual(grey);
  });

  it('contain shows the whole design at its aspect, centred, the template above and below', async () => {
    const image = await render('contain');
    // 400 px wide, so 133 px high: rows 333..467, the three bands side by side.
    expect(pixelAt(image, 210, 400)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(image, 400, 400)).toEqual([0, 255, 0, 255]);
    expect(pixelAt(image, 590, 400)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(image, 400, 340)).toEqual([0, 255, 0, 255]);
    expect(pixelAt(image, 400, 325)).toEqual(grey);
    expect(pixelAt(image, 400, 475)).toEqual(grey);
  });
});

describe('shading', () => {
  const colour: Rgb = [200, 150, 60];
  /** Light fabric (230) with a dark fold (90) running down the middle of the print area. */
  const foldedTemplate = () =>
    sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
        <rect width="600" height="600" fill="rgb(230,230,230)"/>
        <rect x="270" width="60" height="600" fill="rgb(90,90,90)"/>
      </svg>`),
    )
      .flatten()
      .png()
      .toBuffer();
  const upright: Placement = {
    corners: fractions([
      [0.2, 0.2],
      [0.8, 0.2],
      [0.8, 0.8],
      [0.2, 0.8],
    ]),
    fit: 'stretch',
  };

  it('darkens the design along the photo’s fold, and shading 0 does not', async () => {
    const template = await engine.prepareTemplate(await foldedTemplate(), upright);
    const design = await engine.prepareDesign(await plain(400, 400, colour));
    const [shaded, flat] = await Promise.all(
      [1, 0].map(async (shading) =>
        decode(await engine.render(design, template, { format: 'png', shading })),
      ),
    );
    const fold = (image: Pixels) => meanColour(image, 285, 250, 30, 100);
    const open = (image: Pixels) => meanColour(image, 170, 250, 60, 100);
    // Shaded: the design keeps its colour on the lit fabric and takes the fold's darkness (90/230).
    open(shaded!)
      .slice(0, 3)
      .forEach((v, c) => expect(v).toBeCloseTo(colour[c]!, 0));
    fold(shaded!)
      .slice(0, 3)
      .forEach((v, c) => expect(v / colour[c]!).toBeCloseTo(90 / 230, 1));
    // Off: one flat colour across the fold.
    for (const region of [fold(flat!), open(flat!)]) {
      region.slice(0, 3).forEach((v, c) => expect(Math.abs(v - colour[c]!)).toBeLessThanOrEqual(1));
    }
  });
});

/** A picture frame: opaque dark wood with a fully transparent window at 200..400 of 600 px. */
function windowTemplate(): Promise<Buffer> {
  const data = Buffer.alloc(600 * 600 * 4);
  for (let y = 0; y < 600; y += 1) {
    for (let x = 0; x < 600; x += 1) {
      const inWindow = x >= 200 && x < 400 && y >= 200 && y < 400;
      data.set(inWindow ? [255, 255, 255, 0] : [60, 40, 30, 255], (y * 600 + x) * 4);
    }
  }
  return sharp(data, { raw: { width: 600, height: 600, channels: 4 } })
    .png()
    .toBuffer();
}

describe('behind the photo', () => {
  const designColour: Rgb = [20, 120, 220];
  const frame = [60, 40, 30, 255];
  // The print area reaches 50 px under the frame on every side of the window.
  const corners = fractions([
    [0.25, 0.25],
    [0.75, 0.25],
    [0.75, 0.75],
    [0.25, 0.75],
  ]);

  it('shows the design only through the transparent window, the photo staying in front', async () => {
    const design = await plain(400, 400, designColour);
    const template = await windowTemplate();
    const behind = { corners, fit: 'stretch' as const, behindPhoto: true };
    const [png, jpeg, over] = await Promise.all([
      engine.renderOnce(design, template, behind, { format: 'png' }).then(decode),
      engine.renderOnce(design, template, behind).then(decode),
      engine
        .renderOnce(design, template, { corners, fit: 'stretch' }, { format: 'png', shading: 0 })
        .then(decode),
    ]);
    // PNG keeps the template's alpha: the window is now filled, the frame unchanged.
    for (const [x, y] of [
      [300, 300],
      [202, 300],
      [397, 397],
    ]) {
      expect(pixelAt(png, x!, y!)).toEqual([...designColour, 255]);
    }
    for (const [x, y] of [
      [170, 300],
      [300, 160],
      [50, 50],
    ]) {
      expect(pixelAt(png, x!, y!)).toEqual(frame);
      // Drawn over the photo instead, the design covers the frame there (inside the print area).
      if (x! > 150) expect(pixelAt(over, x!, y!)).toEqual([...designColour, 255]);
    }
    // JPEG: the same, flattened.
    const near = (got: number[], want: readonly number[]) =>
      want.slice(0, 3).forEach((v, c) => expect(Math.abs(got[c]! - v)).toBeLessThanOrEqual(4));
    near(meanColour(jpeg, 250, 250, 100, 100), designColour);
    near(meanColour(jpeg, 160, 250, 30, 100), frame);
  });
});

describe('a corrupt design file', () => {
  it('is refused with an error, and the engine keeps rendering', async () => {
    const template = await photoTemplate(600, 600);
    const good = await detailedDesign(300, 360);
    await expect(engine.prepareDesign(Buffer.from('not an image at all'))).rejects.toThrow(
      /unsupported image format/,
    );
    await expect(
      engine.renderOnce(good.subarray(0, good.length >> 1), template, perspective),
    ).rejects.toThrow(Error);
    const out = await engine.renderOnce(good, template, perspective);
    expect((await sharp(out).metadata()).format).toBe('jpeg');
  });
});

describe("a seller's adjustment and the cut-off check, through the engine", () => {
  const square = fractions([
    [0.25, 0.25],
    [0.75, 0.25],
    [0.75, 0.75],
    [0.25, 0.75],
  ]);
  /** 400 x 100, transparent but for an opaque band across its whole width, rows 30..70. */
  const wordmark = async () => {
    const raw = Buffer.alloc(400 * 100 * 4);
    for (let y = 30; y < 70; y += 1)
      for (let x = 0; x < 400; x += 1) raw.set([20, 40, 200, 255], (y * 400 + x) * 4);
    return sharp(raw, { raw: { width: 400, height: 100, channels: 4 } })
      .png()
      .toBuffer();
  };

  it('measures where a design is not transparent, and flags a layout that cuts into it', async () => {
    const design = await engine.prepareDesign(await wordmark());
    expect(design.opaque!.left).toBeLessThan(0.01);
    expect(design.opaque!.right).toBeGreaterThan(0.99);
    expect(design.opaque!.top).toBeCloseTo(0.3, 1);
    expect(design.opaque!.bottom).toBeCloseTo(0.7, 1);
    const cover = await engine.prepareTemplate(await plain(200, 200, [255, 255, 255]), {
      corners: square,
      fit: 'cover',
    });
    const contain = await engine.prepareTemplate(await plain(200, 200, [255, 255, 255]), {
      corners: square,
      fit: 'contain',
    });
    expect(designCutOff(design, cover)).toBe(true);
    expect(designCutOff(design, contain)).toBe(false);
    expect(designCutOff(design, cover, { fit: 'contain', scale: 1, offsetX: 0, offsetY: 0 })).toBe(false);
    expect(designCutOff(design, contain, { scale: 1, offsetX: 0.3, offsetY: 0 })).toBe(true);
    const clear = await engine.prepareDesign(
      await sharp({
        create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer(),
    );
    expect(clear.opaque).toBeNull();
    expect(designCutOff(clear, cover)).toBe(false);
  });

  it('draws a moved design only inside the print area', async () => {
    const template = await engine.prepareTemplate(await plain(200, 200, [255, 255, 255]), {
      corners: square,
      fit: 'contain',
    });
    const design = await engine.prepareDesign(await plain(100, 100, [200, 20, 20]));
    const moved = await decode(
      await engine.render(design, template, {
        format: 'png',
        shading: 0,
        adjust: { scale: 1, offsetX: 0.4, offsetY: 0 },
      }),
    );
    // The area spans x 50..150; the design's centre moved to x 140: red from 90 to 150, white past it.
    expect(meanColour(moved, 100, 90, 40, 20)[1]).toBeLessThan(40);
    expect(meanColour(moved, 60, 90, 20, 20)[1]).toBeGreaterThan(240);
    expect(meanColour(moved, 155, 90, 30, 20)[1]).toBeGreaterThan(240);
  });
});

describe('occluders', () => {
  const red: Rgb = [220, 30, 40];
  const corners = fractions([
    [0.25, 0.25],
    [0.75, 0.25],
    [0.75, 0.75],
    [0.25, 0.75],
  ]);
  // A strap picked as a polygon (x 180..220 px of 400) and a hand painted as a stroke along y = 240 (16 px wide).
  const occluders = [
    {
      points: [
        [0.45, 0],
        [0.55, 0],
        [0.55, 1],
        [0.45, 1],
      ] as [number, number][],
    },
    {
      points: [
        [0.2, 0.6],
        [0.4, 0.6],
      ] as [number, number][],
      brush: 0.04,
    },
  ];

  /** A 400 x 400 photo whose every pixel differs from its neighbours: a copy is told from a blend. */
  async function texturedPhoto(): Promise<{ png: Buffer; pixels: Pixels }> {
    const data = Buffer.alloc(400 * 400 * 4);
    for (let y = 0; y < 400; y += 1) {
      for (let x = 0; x < 400; x += 1)
        data.set([x % 251, y % 241, (x * 7 + y * 3) % 256, 255], (y * 400 + x) * 4);
    }
    const png = await sharp(data, { raw: { width: 400, height: 400, channels: 4 } })
      .png()
      .toBuffer();
    return { png, pixels: await decode(png) };
  }

  it("leaves the photo's own pixels where an occluder lies in front of the print area", async () => {
    const design = await plain(300, 300, red);
    const photo = await texturedPhoto();
    const [withOccluders, without] = await Promise.all([
      engine
        .renderOnce(design, photo.png, { corners, fit: 'stretch', occluders }, { format: 'png', shading: 0 })
        .then(decode),
      engine
        .renderOnce(design, photo.png, { corners, fit: 'stretch' }, { format: 'png', shading: 0 })
        .then(decode),
    ]);
    // Inside the strap and the stroke (a pixel in from their antialiased edges): the photo, byte for byte.
    const covered: [number, number][] = [];
    for (let y = 102; y < 298; y += 5) for (let x = 182; x < 218; x += 3) covered.push([x, y]);
    for (let x = 102; x < 158; x += 4) covered.push([x, 240], [x, 234], [x, 246]);
    for (const [x, y] of covered) {
      expect(pixelAt(withOccluders, x, y)).toEqual(pixelAt(photo.pixels, x, y));
      expect(pixelAt(without, x, y)).toEqual([...red, 255]);
    }
    // Elsewhere in the print area the design is drawn as without occluders.
    for (const [x, y] of [
      [130, 130],
      [260, 200],
      [120, 280],
      [170, 240],
    ] as const) {
      expect(pixelAt(withOccluders, x, y)).toEqual([...red, 255]);
    }
  });

  it('keeps a transparent template’s own pixels in front too, its alpha included', async () => {
    const design = await plain(300, 300, red);
    const template = await windowTemplate();
    const strap = [{ points: occluders[0]!.points }];
    const png = await engine
      .renderOnce(
        design,
        template,
        { corners, fit: 'stretch', occluders: strap },
        { format: 'png', shading: 0 },
      )
      .then(decode);
    const photo = await decode(template);
    // The strap crosses the frame (opaque) and the window (transparent): both stay as the photo has them.
    for (const [x, y] of [
      [280, 170],
      [300, 250],
      [320, 390],
      [300, 430],
    ] as const) {
      expect(pixelAt(png, x, y)).toEqual(pixelAt(photo, x, y));
    }
    expect(pixelAt(png, 200, 300)).toEqual([...red, 255]);
  });
});
