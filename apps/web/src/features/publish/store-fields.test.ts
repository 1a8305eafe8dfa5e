import { describe, expect, it } from 'vitest';
import { shopNameFrom, shopNameProblem, storeUrlFrom, storeUrlProblem } from './store-fields';

const invalidName =
  'Enter the shop name without .myshopify.com: lowercase letters, digits and hyphens (e.g. my-shop).';
const invalidUrl = 'Enter the store address starting with https://, e.g. https://shop.example.com.';

describe('shopNameFrom', () => {
  it('keeps a typed name, lowercased and trimmed', () => {
    expect(shopNameFrom(' Cat-Tees ')).toBe('cat-tees');
  });

  it('takes the name out of a pasted store or admin address', () => {
    expect(shopNameFrom('cat-tees.myshopify.com')).toBe('cat-tees');
    expect(shopNameFrom('https://cat-tees.myshopify.com/admin/products')).toBe('cat-tees');
    expect(shopNameFrom('https://admin.shopify.com/store/cat-tees/products?x=1')).toBe('cat-tees');
  });
});

describe('shopNameProblem', () => {
  it('accepts names of the pattern and an empty field', () => {
    expect(shopNameProblem('cat-tees-2')).toBeNull();
    expect(shopNameProblem('')).toBeNull();
  });

  it('refuses spaces, a leading hyphen and other domains', () => {
    expect(shopNameProblem('cat tees')).toBe(invalidName);
    expect(shopNameProblem('-cat')).toBe(invalidName);
    expect(shopNameProblem('shop.example.com')).toBe(invalidName);
  });
});

describe('store URL', () => {
  it('adds https:// to an address typed without a scheme', () => {
    expect(storeUrlFrom(' shop.example.com ')).toBe('https://shop.example.com');
    expect(storeUrlFrom('http://localhost:8080')).toBe('http://localhost:8080');
    expect(storeUrlFrom('')).toBe('');
  });

  it('wants a whole web address, and leaves https-only to the server', () => {
    expect(storeUrlProblem('https://shop.example.com/')).toBeNull();
    expect(storeUrlProblem('http://localhost:8080')).toBeNull();
    expect(storeUrlProblem('ftp://shop.example.com')).toBe(invalidUrl);
    expect(storeUrlProblem('https://')).toBe(invalidUrl);
  });
});
