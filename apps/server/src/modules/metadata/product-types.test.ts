import { describe, expect, it } from 'vitest';
import { productTypes } from './product-types.ts';

describe('productTypes', () => {
  it('reads the product of every starter template the way a buyer searches for it', () => {
    expect(
      productTypes([
        'T-shirt (white)',
        'Hoodie (white)',
        'Mug 11 oz (white)',
        'Poster 2:3 in a black frame (angled)',
        'Canvas 4:3 in an oak floater frame',
        'Tote bag (natural canvas)',
        'Phone case (white, back)',
        'Throw pillow 18" (white)',
        'Sweatshirt (light heather grey)',
        'Baby bodysuit (white)',
      ]),
    ).toEqual([
      'T-shirt',
      'Hoodie',
      'Mug',
      'Poster',
      'Canvas Print',
      'Tote Bag',
      'Phone Case',
      'Throw Pillow',
      'Sweatshirt',
      'Baby Bodysuit',
    ]);
  });

  it("reads sellers' file names, the more specific product first, each product once", () => {
    expect(productTypes(['tee_front_model-3.png', 'black-tee-back.jpg', 'long-sleeve-tshirt.png'])).toEqual([
      'T-shirt',
      'Long Sleeve Shirt',
    ]);
    expect(productTypes(['canvas print living room.png'])).toEqual(['Canvas Print']);
  });

  it('gives nothing for names that name no product', () => {
    expect(productTypes(['IMG_2041.png', 'mockup final v2', ''])).toEqual([]);
  });
});
