import { describe, expect, it, vi } from 'vitest';
import {
  affineFromTriangles,
  containInUnitSquare,
  drawImageOnQuad,
  quadAspect,
  squareToQuad,
} from './perspective-math';
import type { Quad } from './placeholder-geometry';

const tilted: Quad = {
  topLeft: { x: 120, y: 120 },
  topRight: { x: 300, y: 110 },
  bottomRight: { x: 290, y: 300 },
  bottomLeft: { x: 110, y: 330 },
};

describe('squareToQuad', () => {
  it('takes the corners of the unit square onto the quad', () => {
    const map = squareToQuad(tilted);
    const close = (p: { x: number; y: number }, q: { x: number; y: number }) => {
      expect(p.x).toBeCloseTo(q.x, 9);
      expect(p.y).toBeCloseTo(q.y, 9);
    };
    close(map(0, 0), tilted.topLeft);
    close(map(1, 0), tilted.topRight);
    close(map(1, 1), tilted.bottomRight);
    close(map(0, 1), tilted.bottomLeft);
  });

  it('is the plain scaling for a rectangle', () => {
    const map = squareToQuad({
      topLeft: { x: 10, y: 20 },
      topRight: { x: 110, y: 20 },
      bottomRight: { x: 110, y: 70 },
      bottomLeft: { x: 10, y: 70 },
    });
    expect(map(0.5, 0.5)).toEqual({ x: 60, y: 45 });
  });

  it('keeps straight lines straight (the middle of the top edge lies on it)', () => {
    const map = squareToQuad(tilted);
    const p = map(0.5, 0);
    const { topLeft: a, topRight: b } = tilted;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    expect(Math.abs(cross)).toBeLessThan(1e-6);
  });
});

describe('affineFromTriangles', () => {
  it('maps each source corner onto its target', () => {
    const s = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    const d = [
      { x: 5, y: 5 },
      { x: 25, y: 10 },
      { x: 0, y: 30 },
    ];
    const m = affineFromTriangles(s, d);
    expect(m).not.toBeNull();
    const [a, b, c, dd, e, f] = m as number[] as [number, number, number, number, number, number];
    s.forEach((p, i) => {
      expect(a * p.x + c * p.y + e).toBeCloseTo(d[i]!.x, 9);
      expect(b * p.x + dd * p.y + f).toBeCloseTo(d[i]!.y, 9);
    });
  });

  it('gives up on a flat source triangle', () => {
    expect(
      affineFromTriangles(
        [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 0, y: 1 },
        ],
      ),
    ).toBeNull();
  });
});

describe('placing the design in the area (contain)', () => {
  it('fills the width of a taller area and centres it vertically', () => {
    expect(containInUnitSquare(2, 1)).toEqual({ x: 0, y: 0.25, width: 1, height: 0.5 });
    expect(containInUnitSquare(0.5, 1)).toEqual({ x: 0.25, y: 0, width: 0.5, height: 1 });
  });

  it('reads the area’s aspect from its edges', () => {
    expect(
      quadAspect({
        topLeft: { x: 0, y: 0 },
        topRight: { x: 200, y: 0 },
        bottomRight: { x: 200, y: 100 },
        bottomLeft: { x: 0, y: 100 },
      }),
    ).toBe(2);
  });

  it('draws the design as a grid of clipped triangles', () => {
    const calls: string[] = [];
    const ctx = new Proxy(
      {},
      {
        get: (_target, name: string) => () => calls.push(name),
      },
    ) as unknown as CanvasRenderingContext2D;
    const image = { width: 100, height: 100 } as unknown as HTMLCanvasElement;
    drawImageOnQuad(ctx, image, tilted, { grid: 4 });
    expect(calls.filter((name) => name === 'drawImage')).toHaveLength(32);
    expect(calls.filter((name) => name === 'clip')).toHaveLength(32);
    const empty = vi.fn();
    drawImageOnQuad(
      { drawImage: empty } as unknown as CanvasRenderingContext2D,
      { width: 0, height: 0 } as HTMLCanvasElement,
      tilted,
    );
    expect(empty).not.toHaveBeenCalled();
  });
});
