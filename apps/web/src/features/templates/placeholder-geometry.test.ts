import Konva from 'konva';
import { describe, expect, it } from 'vitest';
import { cornersOfNode } from './node-corners';
import {
  boundTransformerBox,
  boxCorners,
  clampCenter,
  containRect,
  defaultBox,
  fitBoxToPreview,
  invalidSizeMessage,
  isComfortablyConvex,
  keepBoxInside,
  limitHandleMove,
  normalizeRotation,
  parsePlaceholderSize,
  previewSize,
  quadProblem,
  quadProblems,
  quadToFractions,
  type Quad,
} from './placeholder-geometry';

const stage = { width: 400, height: 500 };

function expectPoint(actual: { x: number; y: number }, expected: { x: number; y: number }, digits = 6) {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
}

function expectQuad(actual: Quad, expected: Quad, digits = 6) {
  expectPoint(actual.topLeft, expected.topLeft, digits);
  expectPoint(actual.topRight, expected.topRight, digits);
  expectPoint(actual.bottomRight, expected.bottomRight, digits);
  expectPoint(actual.bottomLeft, expected.bottomLeft, digits);
}

describe('the preview (SPEC.md section 9: 500 px high)', () => {
  it('is 500 px high and as wide as the aspect ratio says', () => {
    expect(previewSize({ width: 800, height: 1000 }, 760)).toEqual({ width: 400, height: 500 });
    expect(previewSize({ width: 1000, height: 1000 }, 760)).toEqual({ width: 500, height: 500 });
  });

  it('shows a very wide image at the widest the modal allows, lower than 500 px', () => {
    expect(previewSize({ width: 1600, height: 1000 }, 760)).toEqual({ width: 760, height: 475 });
  });
});

describe('the corners of the box, as fractions of the image', () => {
  it('are the box itself when it is not rotated', () => {
    const corners = quadToFractions(boxCorners(defaultBox), stage);
    expect(corners).toEqual({
      topLeft: { x: 0.125, y: 0.1 },
      topRight: { x: 0.625, y: 0.1 },
      bottomRight: { x: 0.625, y: 0.5 },
      bottomLeft: { x: 0.125, y: 0.5 },
    });
  });

  it('turn with the box about its centre: at 90° topLeft is the upper-right point', () => {
    // A 200 x 100 box at 100,200: centre 200,250. Turned 90° clockwise it stands 100 x 200.
    const box = { x: 100, y: 200, width: 200, height: 100, rotation: 90 };
    const corners = boxCorners(box);
    expectQuad(corners, {
      topLeft: { x: 250, y: 150 },
      topRight: { x: 250, y: 350 },
      bottomRight: { x: 150, y: 350 },
      bottomLeft: { x: 150, y: 150 },
    });
    expectQuad(quadToFractions(corners, stage), {
      topLeft: { x: 0.625, y: 0.3 },
      topRight: { x: 0.625, y: 0.7 },
      bottomRight: { x: 0.375, y: 0.7 },
      bottomLeft: { x: 0.375, y: 0.3 },
    });
  });

  it('match the Konva node the editor draws (its absolute transform)', () => {
    const box = { x: 60, y: 80, width: 240, height: 160, rotation: 30 };
    const node = new Konva.Group({
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      offsetX: box.width / 2,
      offsetY: box.height / 2,
      rotation: box.rotation,
    });
    expectQuad(cornersOfNode(node, box), boxCorners(box), 6);
    // A node still scaled by the Transformer gives the same corners for its scaled size.
    node.scale({ x: 1.5, y: 1.5 });
    const scaled = cornersOfNode(node, box);
    const bigger = { ...box, x: box.x - 60, y: box.y - 40, width: 360, height: 240 };
    expectQuad(scaled, boxCorners(bigger), 6);
  });

  it('are clamped to 0..1 and rounded to 6 decimals', () => {
    const corners = quadToFractions(
      {
        topLeft: { x: -0.2, y: 0 },
        topRight: { x: 400.3, y: 1 / 3 },
        bottomRight: { x: 400, y: 500 },
        bottomLeft: { x: 0, y: 500 },
      },
      stage,
    );
    expect(corners.topLeft.x).toBe(0);
    expect(corners.topRight).toEqual({ x: 1, y: 0.000667 });
  });
});

describe('keeping the box on the preview', () => {
  it('clamps a drag so the whole (rotated) box stays on the preview', () => {
    const size = { width: 200, height: 200, rotation: 0 };
    expect(clampCenter({ x: 0, y: 0 }, size, stage)).toEqual({ x: 100, y: 100 });
    expect(clampCenter({ x: 999, y: 999 }, size, stage)).toEqual({ x: 300, y: 400 });
    expect(clampCenter({ x: 210, y: 260 }, size, stage)).toEqual({ x: 210, y: 260 });
    // At 45° the box needs 200·√2 across.
    const turned = clampCenter({ x: 0, y: 0 }, { ...size, rotation: 45 }, stage);
    expect(turned.x).toBeCloseTo(100 * Math.SQRT2, 6);
  });

  it('moves and if need be shrinks a rotated box back inside', () => {
    const moved = keepBoxInside({ x: 300, y: 50, width: 200, height: 200, rotation: 0 }, stage);
    expect(moved).toEqual({ x: 200, y: 50, width: 200, height: 200, rotation: 0 });
    const shrunk = keepBoxInside({ x: 0, y: 0, width: 400, height: 400, rotation: 45 }, stage);
    expect(shrunk.width).toBeCloseTo(400 / Math.SQRT2, 6);
    expect(boxCorners(shrunk).topLeft.x).toBeGreaterThanOrEqual(-1e-9);
  });

  it('refuses a resize below 50 px wide or past the edge (the Transformer bound)', () => {
    const old = { x: 50, y: 50, width: 200, height: 200, rotation: 0 };
    expect(boundTransformerBox(old, { ...old, width: 49, height: 49 }, stage)).toBe(old);
    const ok = { ...old, width: 50, height: 50 };
    expect(boundTransformerBox(old, ok, stage)).toBe(ok);
    expect(boundTransformerBox(old, { ...old, width: 360, height: 360 }, stage)).toBe(old);
    const grown = { ...old, width: 350, height: 350 };
    expect(boundTransformerBox(old, grown, stage)).toBe(grown);
    // Rotating by the handle is bounded too: a corner would leave the preview.
    const turned = { x: 300, y: 0, width: 200, height: 200, rotation: Math.PI / 4 };
    expect(boundTransformerBox(old, turned, stage)).toBe(old);
  });
});

describe('Width, Height and Update Image Placeholder (SPEC.md section 5)', () => {
  it('accepts positive numbers, typed or as numbers', () => {
    expect(parsePlaceholderSize(300, '150')).toEqual({ ok: true, size: { width: 300, height: 150 } });
    expect(parsePlaceholderSize('12.5', 1)).toEqual({ ok: true, size: { width: 12.5, height: 1 } });
  });

  it('refuses non-numeric or non-positive values with the spec message', () => {
    for (const [width, height] of [
      [0, 100],
      [100, -5],
      ['abc', 100],
      ['', 100],
      [100, null],
      [undefined, 100],
      [Number.NaN, 100],
    ] as const) {
      expect(parsePlaceholderSize(width, height)).toEqual({ ok: false, message: invalidSizeMessage });
    }
    expect(invalidSizeMessage).toBe('Please enter valid positive numbers for width and height.');
  });

  it('keeps a size that fits, centred, never enlarged past 1x', () => {
    expect(fitBoxToPreview({ width: 100, height: 60 }, 0, stage)).toEqual({
      x: 150,
      y: 220,
      width: 100,
      height: 60,
      rotation: 0,
    });
  });

  it('scales a larger size down to fit, keeping its aspect ratio, centred', () => {
    // 4500 x 5400 (a t-shirt print) on 400 x 500: limited by the width.
    const box = fitBoxToPreview({ width: 4500, height: 5400 }, 0, stage);
    expect(box.width).toBeCloseTo(400, 6);
    expect(box.height).toBeCloseTo(480, 6);
    expect(box.x).toBeCloseTo(0, 6);
    expect(box.y).toBeCloseTo(10, 6);
    // Limited by the height instead.
    const tall = fitBoxToPreview({ width: 1000, height: 2000 }, 0, stage);
    expect(tall).toEqual({ x: 75, y: 0, width: 250, height: 500, rotation: 0 });
  });

  it('keeps the rotation and fits the rotated box', () => {
    const box = fitBoxToPreview({ width: 1000, height: 1000 }, 45, stage);
    expect(box.width).toBeCloseTo(400 / Math.SQRT2, 6);
    expect(box.rotation).toBe(45);
    const corners = boxCorners(box);
    expect(Math.min(corners.topLeft.x, corners.bottomLeft.x)).toBeCloseTo(0, 6);
  });
});

describe('rotation', () => {
  it('stays within -180..180', () => {
    expect(normalizeRotation(190)).toBe(-170);
    expect(normalizeRotation(-190)).toBe(170);
    expect(normalizeRotation(180)).toBe(180);
    expect(normalizeRotation(-180)).toBe(-180);
    expect(normalizeRotation(720 + 30)).toBe(30);
  });
});

describe('perspective mode: the quad must stay convex', () => {
  const square: Quad = {
    topLeft: { x: 100, y: 100 },
    topRight: { x: 300, y: 100 },
    bottomRight: { x: 300, y: 300 },
    bottomLeft: { x: 100, y: 300 },
  };

  it('finds a crossing, a concave corner and a flat quad as the server does', () => {
    expect(quadProblem(square)).toBeUndefined();
    const bowTie = { ...square, topRight: { x: 300, y: 300 }, bottomRight: { x: 300, y: 100 } };
    expect(quadProblem(bowTie)).toBe(quadProblems.crosses);
    const dart = { ...square, topRight: { x: 150, y: 250 } };
    expect(quadProblem(dart)).toBe(quadProblems.concave);
    const flat = {
      topLeft: { x: 0, y: 0 },
      topRight: { x: 1, y: 1 },
      bottomRight: { x: 2, y: 2 },
      bottomLeft: { x: 3, y: 3 },
    };
    expect(quadProblem(flat)).toBe(quadProblems.flat);
  });

  it('lets a corner go anywhere that keeps the quad convex, clamped to the preview', () => {
    expect(limitHandleMove(square, 'topRight', { x: 350, y: 60 }, stage)).toEqual({ x: 350, y: 60 });
    expect(limitHandleMove(square, 'topRight', { x: 999, y: -50 }, stage)).toEqual({ x: 400, y: 0 });
  });

  it('stops a corner short of making the quad concave or crossed', () => {
    // Dragging topRight over the diagonal towards the inside.
    const stopped = limitHandleMove(square, 'topRight', { x: 150, y: 250 }, stage);
    const next = { ...square, topRight: stopped };
    expect(quadProblem(next)).toBeUndefined();
    expect(isComfortablyConvex(next)).toBe(true);
    // It went part of the way, towards the target.
    expect(stopped.x).toBeLessThan(300);
    expect(stopped.x).toBeGreaterThan(200);
    // Dragging a corner across the opposite edge (a bow tie) is stopped too.
    const crossed = limitHandleMove(square, 'topLeft', { x: 120, y: 380 }, stage);
    expect(quadProblem({ ...square, topLeft: crossed })).toBeUndefined();
  });

  it('keeps a margin from a straight corner, so rounding cannot make it concave', () => {
    const almostFlat = { ...square, topRight: { x: 200.5, y: 200 } };
    expect(quadProblem(almostFlat)).toBeUndefined();
    expect(isComfortablyConvex(almostFlat)).toBe(false);
    expect(isComfortablyConvex(square)).toBe(true);
  });
});

describe('containRect', () => {
  it('fits a design whole inside the box, centred', () => {
    expect(containRect({ width: 100, height: 50 }, { width: 200, height: 200 })).toEqual({
      x: 0,
      y: 50,
      width: 200,
      height: 100,
    });
  });
});
