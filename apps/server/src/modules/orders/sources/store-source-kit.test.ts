import { describe, expect, it } from 'vitest';
import { bodyHash, centsOf, jsonObject, msOf, orderIdOf, storeWords } from './store-source-kit.ts';

describe("the stores' money, words and bodies", () => {
  it('turns decimal money into cents without float drift, and nothing into null', () => {
    expect(centsOf('24.99')).toBe(2499);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf(10.1)).toBe(1010);
    expect(centsOf('')).toBeNull();
    expect(centsOf(null)).toBeNull();
    expect(centsOf('12,50')).toBeNull();
  });

  it("writes a status as the store's admin shows it", () => {
    expect(storeWords('PARTIALLY_REFUNDED')).toBe('Partially refunded');
    expect(storeWords('on-hold')).toBe('On hold');
    expect(storeWords('PAID')).toBe('Paid');
  });

  it('reads the order id a body names, only as a positive whole number', () => {
    expect(orderIdOf({ id: 5500000000001 })).toBe('5500000000001');
    expect(orderIdOf({ id: '7001' })).toBe('7001');
    for (const id of [0, -3, 1.5, '7a', null]) expect(orderIdOf({ id })).toBeNull();
    expect(orderIdOf(null)).toBeNull();
    expect(jsonObject(Buffer.from('[1]'))).toBeNull();
    expect(jsonObject(Buffer.from('webhook_id=1'))).toBeNull();
    expect(jsonObject(Buffer.from('{"id":1}'))).toEqual({ id: 1 });
  });

  it('hashes bodies stably and reads times', () => {
    expect(bodyHash(Buffer.from('a'))).toBe(bodyHash(Buffer.from('a')));
    expect(bodyHash(Buffer.from('a'))).not.toBe(bodyHash(Buffer.from('b')));
    expect(bodyHash(Buffer.from('a'))).toHaveLength(32);
    expect(msOf('2026-01-02T03:04:05Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(msOf('')).toBeNull();
    expect(msOf(5)).toBeNull();
  });
});
