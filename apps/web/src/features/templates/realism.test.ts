import { templateData } from '@podflow/contract/templates';
import { describe, expect, it } from 'vitest';
import { wrapPoint } from './perspective-math';
import { defaultRealism, occludersToFractions, surfaceOutline } from './realism';
import { buildTemplateData } from './template-data';

const square = {
  topLeft: { x: 100, y: 100 },
  topRight: { x: 300, y: 100 },
  bottomRight: { x: 300, y: 300 },
  bottomLeft: { x: 100, y: 300 },
};
const preview = { width: 500, height: 400 };

describe('the wrap the preview draws', () => {
  it('keeps the corners, narrows the design towards the sides and bows the lines by the curvature', () => {
    const cylinder = { curvature: 0.1, wrap: 120 };
    for (const [u, v] of [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ] as const) {
      const p = wrapPoint(u, v, cylinder, 2);
      expect(p.x).toBeCloseTo(u, 9);
      expect(p.y).toBeCloseTo(v, 9);
    }
    // An eighth of the design in from the left edge shows nearer the edge than an eighth of the area.
    expect(wrapPoint(0.125, 0, cylinder, 1).x).toBeLessThan(0.1);
    expect(wrapPoint(0.5, 0, cylinder, 1).x).toBeCloseTo(0.5, 9);
    // The middle of a line drops by curvature x width: 0.1 x 2 heights when twice as wide as high.
    expect(wrapPoint(0.5, 0.3, cylinder, 2).y).toBeCloseTo(0.5, 9);
  });

  it('outlines a flat area by its corners and a wrapped one with bowed edges', () => {
    expect(surfaceOutline(square, 1, null)).toHaveLength(4);
    const bowed = surfaceOutline(square, 1, { curvature: 0.1, wrap: 140 });
    const middleTop = bowed[12]!;
    expect(middleTop.x).toBeCloseTo(200, 6);
    expect(middleTop.y).toBeCloseTo(120, 6); // 0.1 of the 200 px width lower
  });
});

describe('the realism templateData sends', () => {
  it('sends occluders as fractions of the image, brushes as fractions of its width, dropping unfinished ones', () => {
    const occluders = occludersToFractions(
      [
        {
          points: [
            { x: 50, y: 40 },
            { x: 250, y: 40 },
          ],
          brush: 20,
        },
        {
          points: [
            { x: 0, y: 0 },
            { x: 500, y: 0 },
            { x: 500, y: 400 },
          ],
        },
        {
          points: [
            { x: 10, y: 10 },
            { x: 20, y: 20 },
          ],
        }, // a picked shape of 2 corners
      ],
      preview,
    );
    expect(occluders).toEqual([
      {
        points: [
          [0.1, 0.1],
          [0.5, 0.1],
        ],
        brush: 0.04,
      },
      {
        points: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
    ]);
  });

  it('adds only what the seller set, in a form the server accepts', () => {
    const plain = buildTemplateData(square, preview, 0, { width: 200, height: 200 }, defaultRealism);
    expect(plain).not.toHaveProperty('cylinder');
    expect(plain).not.toHaveProperty('displacement');
    expect(plain).not.toHaveProperty('shading');
    expect(plain).not.toHaveProperty('occluders');
    const set = buildTemplateData(
      square,
      preview,
      0,
      { width: 200, height: 200 },
      {
        cylinder: { curvature: 0.2, wrap: 150 },
        displacement: 0.5,
        shading: { strength: 0.7, tone: 'dark' },
        occluders: [
          {
            points: [
              { x: 120, y: 150 },
              { x: 280, y: 150 },
            ],
            brush: 14,
          },
        ],
      },
    );
    expect(set).toMatchObject({
      cylinder: { curvature: 0.2, wrap: 150 },
      displacement: 0.5,
      shading: { strength: 0.7, tone: 'dark' },
      occluders: [
        {
          points: [
            [0.24, 0.375],
            [0.56, 0.375],
          ],
          brush: 0.028,
        },
      ],
    });
    expect(templateData.safeParse(set).success).toBe(true);
  });
});
