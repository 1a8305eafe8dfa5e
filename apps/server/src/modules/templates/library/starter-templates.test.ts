import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Point, type StarterTemplate, starterTemplates } from './starter-templates.ts';

const quad = ({ corners }: StarterTemplate): Point[] => [
  corners.topLeft,
  corners.topRight,
  corners.bottomRight,
  corners.bottomLeft,
];

/** z of the cross product of a->b and b->c; positive when the turn is clockwise on screen (y down). */
const turn = (a: Point, b: Point, c: Point) => (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);

/** The largest axis-aligned box inside the quad's corners, shrunk by 5 % of the quad on each side, in pixels. */
function innerBox(template: StarterTemplate) {
  const { topLeft, topRight, bottomRight, bottomLeft } = template.corners;
  const left = Math.max(topLeft.x, bottomLeft.x);
  const right = Math.min(topRight.x, bottomRight.x);
  const top = Math.max(topLeft.y, topRight.y);
  const bottom = Math.min(bottomLeft.y, bottomRight.y);
  const marginX = (right - left) * 0.05;
  const marginY = (bottom - top) * 0.05;
  return {
    left: Math.round((left + marginX) * template.width),
    top: Math.round((top + marginY) * template.height),
    width: Math.round((right - left - 2 * marginX) * template.width),
    height: Math.round((bottom - top - 2 * marginY) * template.height),
  };
}

/** Mean, standard deviation and minimum of the luminance in a box, optionally averaged down to `cells`² first. */
async function luminance(png: Buffer, box: ReturnType<typeof innerBox>, cells?: number) {
  // Extract to raw first: sharp's stats() reads the whole input, ignoring extract().
  let image = sharp(png).extract(box).greyscale();
  if (cells !== undefined) image = image.resize(cells, cells, { fit: 'fill' });
  const data = await image.raw().toBuffer();
  const mean = data.reduce((sum, value) => sum + value, 0) / data.length;
  const variance = data.reduce((sum, value) => sum + (value - mean) ** 2, 0) / data.length;
  return { mean, stdev: Math.sqrt(variance), min: data.reduce((low, value) => Math.min(low, value), 255) };
}

describe('starter template library', () => {
  it('offers at least eight templates with unique, stable ids and names', () => {
    expect(starterTemplates.length).toBeGreaterThanOrEqual(8);
    const ids = starterTemplates.map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const template of starterTemplates) {
      expect(template.id).toMatch(/^library-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(template.name.trim()).not.toBe('');
    }
    expect(new Set(starterTemplates.map((template) => template.name)).size).toBe(ids.length);
  });

  it.each(starterTemplates)('$id has a convex, clockwise print area inside the image', (template) => {
    const points = quad(template);
    for (const { x, y } of points) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(1);
    }
    for (let i = 0; i < 4; i += 1) {
      expect(turn(points[i]!, points[(i + 1) % 4]!, points[(i + 2) % 4]!)).toBeGreaterThan(0);
    }
    const area =
      points.reduce((sum, a, i) => sum + (a.x * points[(i + 1) % 4]!.y - points[(i + 1) % 4]!.x * a.y), 0) /
      2;
    expect(area).toBeGreaterThan(0.04);
    expect(['contain', 'cover', 'stretch']).toContain(template.fit);
  });

  it('shows the whole design (contain) except on the products printed edge to edge', () => {
    const filled = starterTemplates.filter((template) => template.fit !== 'contain').map((t) => t.name);
    // A poster or a phone case never loses the ends of a seller's lettering.
    expect(filled).toEqual(['Canvas 4:3 in an oak floater frame', 'Throw pillow 18" (white)']);
  });

  it('includes print areas that are not axis-aligned rectangles (perspective, rotation)', () => {
    const skewed = starterTemplates.filter((template) => {
      const [tl, tr, br, bl] = quad(template) as [Point, Point, Point, Point];
      return tl.y !== tr.y || bl.y !== br.y || tl.x !== bl.x || tr.x !== br.x;
    });
    expect(skewed.length).toBeGreaterThanOrEqual(2);
  });

  describe.each(starterTemplates)('$id', (template) => {
    let png: Buffer;
    beforeAll(async () => {
      png = await template.render();
    }, 30_000);

    it('renders an opaque PNG of its declared size', async () => {
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(template.width);
      expect(meta.height).toBe(template.height);
      expect(meta.hasAlpha).toBe(false);
    });

    it('renders the same bytes every time', async () => {
      expect((await template.render()).equals(png)).toBe(true);
    }, 30_000);

    it(`has a ${template.dark ? 'dark' : 'light'} print area whose shading shows through`, async () => {
      const box = innerBox(template);
      expect(box.width).toBeGreaterThan(100);
      expect(box.height).toBeGreaterThan(100);
      const pixels = await luminance(png, box);
      if (template.dark) {
        // Dark enough for the engine's dark-fabric shading (its median below 80), not black.
        expect(pixels.mean).toBeLessThan(70);
        expect(pixels.mean).toBeGreaterThan(12);
      } else {
        expect(pixels.mean).toBeGreaterThan(190);
        // Nothing as dark as a shadow or a frame: the quad sits on the product.
        expect(pixels.min).toBeGreaterThan(120);
      }
      // Folds and light, not just grain: averaged over 32 x 32 cells the tone still varies.
      expect((await luminance(png, box, 32)).stdev).toBeGreaterThan(1.5);
    });
  });
});
