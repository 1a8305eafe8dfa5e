import { describe, expect, it } from 'vitest';
import {
  type FitMode,
  type Point,
  type Quad,
  apply,
  cutsOff,
  homography,
  invert,
  layout,
  workingSide,
} from './geometry.ts';

const corners = (q: Quad): Point[] => [q.topLeft, q.topRight, q.bottomRight, q.bottomLeft];
const quad = (points: readonly [number, number][]): Quad => {
  const [tl, tr, br, bl] = points.map(([x, y]) => ({ x, y })) as [Point, Point, Point, Point];
  return { topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl };
};
const rectangle = (left: number, top: number, width: number, height: number) =>
  quad([
    [left, top],
    [left + width, top],
    [left + width, top + height],
    [left, top + height],
  ]);
const expectPoint = (actual: Point, expected: Point, digits = 6) => {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
};

/** Print areas of every kind a template has: upright, rotated, and in strong perspective. */
const areas: Record<string, Quad> = {
  upright: rectangle(150, 200, 700, 500),
  rotated: quad([
    [500 - 234.9, 500 - 149.4],
    [500 + 149.4, 500 - 234.9],
    [500 + 234.9, 500 + 149.4],
    [500 - 149.4, 500 + 234.9],
  ]),
  perspective: quad([
    [300, 180],
    [720, 220],
    [880, 820],
    [160, 780],
  ]),
};

describe('homography', () => {
  it.each(Object.entries(areas))('maps the four corners of a box exactly onto a %s quad', (_, area) => {
    const box = corners(rectangle(0, 0, 1500, 1800));
    const map = homography(box, corners(area));
    box.forEach((p, k) => expectPoint(apply(map, p), corners(area)[k]!, 8));
  });

  it.each(Object.entries(areas))('and its inverse brings any point back (%s)', (_, area) => {
    const map = homography(corners(rectangle(0, 0, 1500, 1800)), corners(area));
    const back = invert(map);
    for (const p of [
      { x: 0, y: 0 },
      { x: 750, y: 900 },
      { x: 1499.5, y: 3.25 },
      { x: 12.5, y: 1700 },
    ]) {
      expectPoint(apply(back, apply(map, p)), p, 7);
    }
  });

  it('refuses a print area whose corners are on one line', () => {
    const line = quad([
      [0, 0],
      [10, 10],
      [20, 20],
      [30, 30],
    ]);
    expect(() => homography(corners(rectangle(0, 0, 10, 10)), corners(line))).toThrow(/degenerate/);
  });
});

describe('layout', () => {
  // A 400x400 upright area, so the box the design is fitted into is the area itself.
  const area = rectangle(100, 100, 400, 400);

  it('contain keeps the design whole, keeps its aspect and centres it', () => {
    const wide = layout(area, 'contain', null, 1000, 500);
    expect(wide.source).toEqual({ left: 0, top: 0, width: 1000, height: 500 });
    expect(wide.reduced).toEqual({ width: 400, height: 200 });
    expectPoint(wide.quad.topLeft, { x: 100, y: 200 });
    expectPoint(wide.quad.bottomRight, { x: 500, y: 400 });

    const tall = layout(area, 'contain', null, 300, 600);
    expect(tall.reduced).toEqual({ width: 200, height: 400 });
    expectPoint(tall.quad.topLeft, { x: 200, y: 100 });
    expectPoint(tall.quad.bottomRight, { x: 400, y: 500 });
  });

  it('cover fills the area and crops the design centrally', () => {
    const wide = layout(area, 'cover', null, 1000, 500);
    expect(wide.source).toEqual({ left: 250, top: 0, width: 500, height: 500 });
    expect(wide.reduced).toEqual({ width: 400, height: 400 });
    corners(wide.quad).forEach((p, k) => expectPoint(p, corners(area)[k]!));

    const tall = layout(area, 'cover', null, 300, 600);
    expect(tall.source).toEqual({ left: 0, top: 150, width: 300, height: 300 });
  });

  it('stretch fills the area with the whole design', () => {
    const plan = layout(area, 'stretch', null, 1000, 500);
    expect(plan.source).toEqual({ left: 0, top: 0, width: 1000, height: 500 });
    expect(plan.reduced).toEqual({ width: 400, height: 400 });
    corners(plan.quad).forEach((p, k) => expectPoint(p, corners(area)[k]!));
  });

  it.each(['contain', 'cover', 'stretch'] as FitMode[])(
    '%s: the reduced design maps onto its quad and back, in any area',
    (fit) => {
      for (const target of Object.values(areas)) {
        const plan = layout(target, fit, null, 4500, 5400);
        const { width, height } = plan.reduced;
        const box = corners(rectangle(0, 0, width, height));
        box.forEach((p, k) => {
          expectPoint(apply(plan.toTemplate, p), corners(plan.quad)[k]!);
          expectPoint(apply(plan.toDesign, corners(plan.quad)[k]!), p);
        });
        // The design is reduced to about the size it occupies, not kept at 4500x5400.
        expect(Math.max(width, height)).toBeLessThan(1000);
      }
    },
  );

  it('contain in a perspective area puts the design between the area’s sides, centred across it', () => {
    const plan = layout(areas.perspective!, 'contain', null, 500, 1000);
    // A tall design in a roughly square area: it spans the area's height and sits in its middle.
    const map = homography(corners(rectangle(0, 0, 1, 1)), corners(areas.perspective!));
    const unit = invert(map);
    const inUnit = corners(plan.quad).map((p) => apply(unit, p));
    expect(inUnit[0]!.y).toBeCloseTo(0, 6);
    expect(inUnit[3]!.y).toBeCloseTo(1, 6);
    expect(inUnit[0]!.x + inUnit[1]!.x).toBeCloseTo(1, 6);
    expect(inUnit[0]!.x).toBeGreaterThan(0.15);
  });
});

describe('workingSide', () => {
  const small = { quad: rectangle(0, 0, 300, 300), fit: 'contain' as const };
  const large = { quad: areas.perspective!, fit: 'contain' as const };
  const covered = { quad: rectangle(0, 0, 900, 200), fit: 'cover' as const };

  it('is never more than the design’s longest side', () => {
    expect(workingSide([{ quad: rectangle(0, 0, 3000, 3000), fit: 'stretch' }], 800, 600)).toBe(800);
    expect(workingSide([small], 200, 100)).toBe(200);
  });

  it('keeps enough pixels for the largest area, so no template has to enlarge the design', () => {
    const all = [small, large, covered];
    const side = workingSide(all, 4500, 5400);
    expect(side).toBeLessThan(5400);
    const scale = side / 5400;
    const [width, height] = [Math.round(4500 * scale), Math.round(5400 * scale)];
    for (const area of all) {
      const plan = layout(area.quad, area.fit, null, width, height);
      expect(plan.reduced.width).toBeLessThanOrEqual(plan.source.width);
      expect(plan.reduced.height).toBeLessThanOrEqual(plan.source.height);
    }
    // The area that shows the design largest decides it (cover crops the design to a band, so
    // that band is shown at the largest scale); the others change nothing.
    expect(workingSide([covered], 4500, 5400)).toBe(side);
    expect(workingSide([small, large], 4500, 5400)).toBeLessThan(side);
  });
});

describe("a seller's adjustment and the cut-off check", () => {
  const area = rectangle(100, 100, 200, 200);
  // A wordmark: 480 x 160, opaque from edge to edge across, a band in the middle down.
  const wordmark = { left: 0, top: 0.3, right: 1, bottom: 0.7 };

  it('contain keeps every opaque pixel; cover of a wide design cuts its ends off', () => {
    expect(cutsOff(layout(area, 'contain', null, 480, 160).source, 480, 160, wordmark)).toBe(false);
    expect(cutsOff(layout(area, 'cover', null, 480, 160).source, 480, 160, wordmark)).toBe(true);
    // A cover crop that only loses transparent margins is not a cut.
    expect(
      cutsOff(layout(area, 'cover', null, 160, 480).source, 160, 480, {
        left: 0.1,
        top: 0.35,
        right: 0.9,
        bottom: 0.65,
      }),
    ).toBe(false);
  });

  it('scales about the centre and moves by a fraction of the area, drawing only inside it', () => {
    const half = layout(area, 'contain', null, 400, 400, false, { scale: 0.5, offsetX: 0.25, offsetY: 0 });
    expectPoint(half.quad.topLeft, { x: 200, y: 150 });
    expectPoint(half.quad.bottomRight, { x: 300, y: 250 });
    expect(cutsOff(half.source, 400, 400, { left: 0, top: 0, right: 1, bottom: 1 })).toBe(false);

    const moved = layout(area, 'contain', null, 400, 400, false, { scale: 1, offsetX: 0.25, offsetY: 0 });
    // The right quarter of the design falls past the area: it is cut away, not drawn outside.
    expectPoint(moved.quad.topLeft, { x: 150, y: 100 });
    expectPoint(moved.quad.topRight, { x: 300, y: 100 });
    expect(moved.source).toEqual({ left: 0, top: 0, width: 300, height: 400 });
    expect(cutsOff(moved.source, 400, 400, { left: 0, top: 0, right: 1, bottom: 1 })).toBe(true);
  });

  it("an adjustment's fit replaces the template's", () => {
    const fitted = layout(area, 'cover', null, 480, 160, false, {
      fit: 'contain',
      scale: 1,
      offsetX: 0,
      offsetY: 0,
    });
    expect(fitted.source).toEqual({ left: 0, top: 0, width: 480, height: 160 });
  });

  it('a design scaled up needs more of its pixels kept', () => {
    const plain = workingSide([{ quad: area, fit: 'contain' }], 4000, 4000);
    const doubled = workingSide(
      [{ quad: area, fit: 'contain', adjust: { scale: 2, offsetX: 0, offsetY: 0 } }],
      4000,
      4000,
    );
    expect(doubled).toBeGreaterThan(plain * 1.9);
  });
});
