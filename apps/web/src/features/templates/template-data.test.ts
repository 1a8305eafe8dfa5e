import { describe, expect, it } from 'vitest';
import { boxCorners } from './placeholder-geometry';
import { buildTemplateData } from './template-data';

describe('buildTemplateData', () => {
  it('sends the final corners as fractions, the rotation, the typed dimensions and contain', () => {
    const box = { x: 100, y: 200, width: 200, height: 100, rotation: 90 };
    const data = buildTemplateData(boxCorners(box), { width: 400, height: 500 }, 90, {
      width: 4500,
      height: 2250,
    });
    expect(data).toEqual({
      topLeft: { x: 0.625, y: 0.3 },
      topRight: { x: 0.625, y: 0.7 },
      bottomLeft: { x: 0.375, y: 0.3 },
      bottomRight: { x: 0.375, y: 0.7 },
      rotation: 90,
      dimensions: { width: 4500, height: 2250 },
      fit: 'contain',
    });
  });

  it('rounds the rotation to hundredths and keeps it within -180..180', () => {
    const box = { x: 50, y: 50, width: 200, height: 200, rotation: 0 };
    const data = buildTemplateData(boxCorners(box), { width: 400, height: 500 }, 190.123456, {
      width: 200,
      height: 200,
    });
    expect(data.rotation).toBe(-169.88);
  });
});
