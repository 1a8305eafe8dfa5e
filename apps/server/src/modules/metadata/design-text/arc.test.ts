import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { arcsOf, bandOrigin, onBand } from './arc.ts';
import { badgeDesign, labelledDesigns } from './labelled-designs.ts';

const designs = labelledDesigns();
const byPhrase = (phrase: string) => designs.find((design) => design.phrase === phrase)!;

/** The design's alpha cut to its art and scaled as the reader first sees it. */
async function mask(image: Buffer) {
  const { data, info } = await sharp(image)
    .trim()
    .resize({ width: 1000, height: 300, fit: 'inside' })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('lettering on an arc', () => {
  it('finds the arc a phrase is set on, with the circle below it', async () => {
    for (const phrase of ['Cat Lady', 'Hello Summer', 'Make Art', 'Golden Hour']) {
      const arcs = arcsOf(await mask(await byPhrase(phrase).draw()));
      expect(
        arcs.map((arc) => arc.side),
        phrase,
      ).toEqual([1]);
      const [arc] = arcs;
      // The band is about a letter deep and spans less than a half circle.
      expect(arc!.outer - arc!.inner, phrase).toBeLessThan(arc!.inner);
      expect(arc!.to - arc!.from, phrase).toBeLessThan(Math.PI);
    }
  }, 30_000);

  it('finds none in straight lettering on one or two lines, beside an illustration or in a pattern', async () => {
    const straight = [
      'Coffee First',
      'Plant Mom',
      'Stay Wild',
      'Let It Snow',
      'Adventure Awaits',
      'Love Wins',
    ];
    for (const phrase of straight)
      expect(arcsOf(await mask(await byPhrase(phrase).draw())), phrase).toEqual([]);
  }, 30_000);

  it("finds a badge's two arcs: the phrase over the top, the small print under the bottom", async () => {
    const arcs = arcsOf(await mask(await badgeDesign('Mountain Club', 'Since 1998').draw()));
    expect(arcs.map((arc) => arc.side)).toEqual([1, -1]);
  }, 30_000);

  it('places the unrolled band where the arc is, and knows which points lie on it', () => {
    // A circle of radius 500 centred at (500, 600); letters 60 deep over its top, ±0.5 rad.
    const arc = { cx: 500, cy: 600, side: 1 as const, inner: 470, outer: 530, from: -0.5, to: 0.5 };
    const origin = bandOrigin(arc);
    expect(origin.y).toBeCloseTo(600 - 530);
    expect(origin.x).toBeCloseTo(500 - 530 * Math.sin(0.5));
    expect(onBand(arc, 500, 100)).toBe(true);
    expect(onBand(arc, 500, 40)).toBe(false); // beyond the outer edge
    expect(onBand(arc, 500 + 500 * Math.sin(0.7), 600 - 500 * Math.cos(0.7))).toBe(false); // past its end
  });
});
