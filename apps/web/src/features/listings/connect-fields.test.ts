import { describe, expect, it } from 'vitest';
import { productIdFrom, productIdProblem } from './connect-fields';

describe('productIdFrom', () => {
  it('takes the id out of a pasted product address and trims what is typed', () => {
    const id = '65a1b2c3d4e5f6a7b8c9d0e1';
    expect(productIdFrom(`https://printify.com/app/editor/${id}`)).toBe(id);
    expect(productIdFrom(`https://printify.com/app/product-details/${id}?fromProductsPage=1`)).toBe(id);
    expect(productIdFrom(`  ${id} `)).toBe(id);
    expect(productIdFrom('https://printify.com/app/store/products/1')).toBe(
      'https://printify.com/app/store/products/1',
    );
  });
});

describe('productIdProblem', () => {
  it('accepts 24 hexadecimal characters and an empty field', () => {
    expect(productIdProblem('65A1b2c3d4e5f6a7b8c9d0e1', true)).toBeNull();
    expect(productIdProblem('', true)).toBeNull();
  });

  it('names a character no id has at once, a short id only once the field is left', () => {
    expect(productIdProblem('65a1-', false)).toBe(
      'A product ID has only the digits 0–9 and the letters a–f.',
    );
    expect(productIdProblem('65a1', false)).toBeNull();
    expect(productIdProblem('65a1', true)).toBe('A product ID has 24 characters; this one has 4.');
    expect(productIdProblem('a'.repeat(25), false)).toBe('A product ID has 24 characters; this one has 25.');
  });
});
