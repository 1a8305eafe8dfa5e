import { describe, expect, it } from 'vitest';
import { type GelatoTemplate, gelatoProductInput } from './gelato.ts';

const placeholder = (name: string, printArea: string) => ({ name, printArea, height: 137.25, width: 244 });

function buildTemplate(): GelatoTemplate {
  return {
    id: 'c12a363e-0d4e-4d96-be4b-bf4138eb8743',
    templateName: 'Template For Unisex Crewneck T-shirt',
    title: 'Classic Unisex Crewneck T-shirt',
    description: '<div>Template</div>',
    previewUrl: 'https://previews.example/t.png',
    variants: [
      {
        id: '83e30e31-0000-4000-8000-000000000001',
        title: 'White - M',
        productUid: 'apparel_product_gca_t-shirt_gsi_m_gco_white',
        variantOptions: [{ name: 'Size', value: 'M' }],
        imagePlaceholders: [placeholder('ImageFront', 'front'), placeholder('ImageBack', 'back')],
        textPlaceholders: [{ name: 'Text', text: 'My Text' }],
      },
      {
        id: '83e30e31-0000-4000-8000-000000000002',
        title: 'Black - L',
        productUid: 'apparel_product_gca_t-shirt_gsi_l_gco_black',
        variantOptions: [{ name: 'Size', value: 'L' }],
        imagePlaceholders: [placeholder('ImageFront', 'front')],
      },
    ],
    createdAt: '2023-06-21T09:43:24+0000',
    updatedAt: '2023-06-21T09:43:24+0000',
  };
}

const design = {
  fileUrl: 'https://files.example/designs/cat.png',
  title: 'Retro sunset cat tee',
  description: '<p>A cat at sunset.</p>',
  tags: ['cat', 'retro'],
};

describe('gelatoProductInput', () => {
  it('fills every image placeholder of every template variant with the design, fitted inside', () => {
    const input = gelatoProductInput(buildTemplate(), design);
    const fill = (name: string) => ({ name, fileUrl: design.fileUrl, fitMethod: 'meet' });
    expect(input).toEqual({
      templateId: 'c12a363e-0d4e-4d96-be4b-bf4138eb8743',
      title: design.title,
      description: design.description,
      tags: ['cat', 'retro'],
      variants: [
        {
          templateVariantId: '83e30e31-0000-4000-8000-000000000001',
          imagePlaceholders: [fill('ImageFront'), fill('ImageBack')],
        },
        {
          templateVariantId: '83e30e31-0000-4000-8000-000000000002',
          imagePlaceholders: [fill('ImageFront')],
        },
      ],
    });
  });

  it('sends at most 13 tags, without blanks or repeats', () => {
    const tags = [' cat ', 'Cat', '', ...Array.from({ length: 20 }, (_, i) => `tag ${i}`)];
    const input = gelatoProductInput(buildTemplate(), { ...design, tags });
    expect(input.tags).toHaveLength(13);
    expect(input.tags!.slice(0, 3)).toEqual(['cat', 'tag 0', 'tag 1']);
  });
});
