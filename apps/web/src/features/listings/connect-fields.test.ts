import { describe, expect, it } from 'vitest';
import { editedKey, productIdFrom, productIdProblem } from './connect-fields';

const saved = '••••••••ab12';

describe('editedKey', () => {
  it('edits a typed key as usual', () => {
    expect(editedKey('abc', 'abcd')).toBe('abcd');
    expect(editedKey('abcd', 'abc')).toBe('abc');
  });

  it('replaces the masked saved key with what is typed or pasted after it', () => {
    expect(editedKey(saved, `${saved}n`)).toBe('n');
    expect(editedKey(saved, 'pasted-key')).toBe('pasted-key');
  });

  it('empties the field on a deletion, so a half-masked key is never sent', () => {
    expect(editedKey(saved, '••••••••ab1')).toBe('');
    expect(editedKey(saved, '')).toBe('');
  });
});

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
