import { describe, expect, it } from 'vitest';
import { hasFilters, listFilters, readOrderQuery, writeOrderQuery } from './order-filters';

describe('order filters in the address', () => {
  it('reads what it knows and leaves out the rest', () => {
    const query = readOrderQuery(
      new URLSearchParams(
        'view=everything&provider=etsy&status=shipped&from=2026-11-01&to=tomorrow&q=%20ada%20&source_id=',
      ),
    );
    expect(query).toEqual({ view: null, filters: { status: 'shipped', from: '2026-11-01', q: 'ada' } });
  });

  it('writes only what is set, in a stable order, and reads it back the same', () => {
    const query = {
      view: 'attention' as const,
      filters: { q: '1001', provider: 'gelato' as const, to: '2026-11-30' },
    };
    const params = writeOrderQuery(query);
    expect(params.toString()).toBe('view=attention&provider=gelato&to=2026-11-30&q=1001');
    expect(readOrderQuery(params)).toEqual(query);
  });

  it('asks the list for attention only in that view; the view is not a filter', () => {
    expect(listFilters('attention', { q: 'x' })).toEqual({ q: 'x', attention: true });
    expect(listFilters('all', { q: 'x' })).toEqual({ q: 'x' });
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ to: '2026-11-30' })).toBe(true);
  });
});
