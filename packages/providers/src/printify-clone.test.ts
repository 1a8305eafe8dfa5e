import { describe, expect, it } from 'vitest';
import { type PrintifyProduct, type PrintifyVariant, cloneProductInput } from './printify.ts';

const variant = (id: number, price: number, is_enabled: boolean): PrintifyVariant => ({
  id,
  price,
  is_enabled,
  cost: 1_000,
  sku: `SKU-${id}`,
  title: `Variant ${id}`,
  is_default: false,
  is_available: true,
});

const placed = (id: string, x: number, y: number, scale: number, angle: number) => ({
  id,
  x,
  y,
  scale,
  angle,
  name: 'old-design.png',
  type: 'image/png',
  height: 4_000,
  width: 4_000,
});

/** A template product as GET returns it: the whole variant matrix, two of four enabled. */
function buildTemplate(change: Partial<PrintifyProduct> = {}): PrintifyProduct {
  return {
    id: '6650a1b2c3d4e5f601234567',
    title: 'Template tee',
    description: '<p>Template</p>',
    tags: ['template'],
    blueprint_id: 384,
    print_provider_id: 1,
    variants: [
      variant(45740, 2_499, true),
      variant(45741, 2_599, false),
      variant(45742, 2_799, true),
      variant(45743, 2_999, false),
    ],
    images: [
      { src: 'https://images.example/m.png', variant_ids: [45740], position: 'front', is_default: true },
    ],
    is_locked: false,
    visible: true,
    print_areas: [
      {
        variant_ids: [45740, 45741],
        placeholders: [
          { position: 'front', images: [placed('aaa', 0.5, 0.42, 0.8, 0), placed('bbb', 0.5, 0.9, 0.2, 15)] },
          { position: 'back', images: [placed('ccc', 0.5, 0.3, 1, 0)] },
        ],
      },
      {
        variant_ids: [45742, 45743],
        placeholders: [{ position: 'front', images: [placed('ddd', 0.4, 0.5, 0.7, 270)] }],
      },
    ],
    print_details: { print_on_side: 'mirror' },
    external: { id: '1234', handle: 'https://shop.example/p/1234' },
    ...change,
  };
}

const design = {
  uploadId: '5e16d66791287a0006e522b2',
  title: 'Retro sunset cat tee',
  description: '<p>A cat at sunset.</p>',
  tags: ['cat', 'retro', 'sunset'],
};

describe('cloneProductInput', () => {
  it("makes a create body from the template's blueprint, provider and enabled variants at their prices", () => {
    const input = cloneProductInput(buildTemplate(), design);
    expect(input).toMatchObject({
      title: design.title,
      description: design.description,
      tags: design.tags,
      blueprint_id: 384,
      print_provider_id: 1,
      print_details: { print_on_side: 'mirror' },
    });
    expect(input.variants).toEqual([
      { id: 45740, price: 2_499, is_enabled: true },
      { id: 45742, price: 2_799, is_enabled: true },
    ]);
    // Nothing read-only or belonging to the template's own listing is sent.
    expect(Object.keys(input).sort()).toEqual(
      [
        'blueprint_id',
        'description',
        'print_areas',
        'print_details',
        'print_provider_id',
        'tags',
        'title',
        'variants',
      ].sort(),
    );
  });

  it('puts the design in place of every placeholder image, where the template had it', () => {
    const input = cloneProductInput(buildTemplate(), design);
    const id = design.uploadId;
    expect(input.print_areas).toEqual([
      {
        variant_ids: [45740, 45741],
        placeholders: [
          {
            position: 'front',
            images: [
              { id, x: 0.5, y: 0.42, scale: 0.8, angle: 0 },
              { id, x: 0.5, y: 0.9, scale: 0.2, angle: 15 },
            ],
          },
          { position: 'back', images: [{ id, x: 0.5, y: 0.3, scale: 1, angle: 0 }] },
        ],
      },
      {
        variant_ids: [45742, 45743],
        placeholders: [{ position: 'front', images: [{ id, x: 0.4, y: 0.5, scale: 0.7, angle: 270 }] }],
      },
    ]);
  });

  it("covers every variant of the product in print areas, as Printify's update requires", () => {
    const template = buildTemplate();
    const covered = new Set(
      cloneProductInput(template, design).print_areas.flatMap((area) => area.variant_ids),
    );
    expect([...covered].sort()).toEqual(template.variants.map((v) => v.id).sort());
  });

  it('leaves the template untouched and sends no print details when it has none', () => {
    const template = buildTemplate({ print_details: [] });
    const before = structuredClone(template);
    const input = cloneProductInput(template, design);
    input.tags!.push('more');
    input.print_areas[0]!.variant_ids.push(1);
    expect(template).toEqual(before);
    expect(input).not.toHaveProperty('print_details');
  });
});
