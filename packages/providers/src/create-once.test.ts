import { describe, expect, it } from 'vitest';
import { type NewestPage, createdSince, createOnce, madeSince } from './create-once.ts';
import { ProviderError } from './provider-error.ts';

const sentAt = Date.parse('2026-11-26T10:00:00Z');
const minutes = (n: number) => new Date(sentAt + n * 60_000).toISOString();

describe('matching a product to the create whose answer was lost', () => {
  it('takes a product made since the create was sent, allowing the provider a clock two minutes behind', () => {
    expect(createdSince(minutes(1), sentAt)).toBe(true);
    expect(createdSince(minutes(-2), sentAt)).toBe(true);
    // Made before the create could have reached the provider: an earlier run's product, not this one.
    expect(createdSince(minutes(-2.01), sentAt)).toBe(false);
    expect(createdSince(minutes(-60), sentAt)).toBe(false);
    expect(createdSince(undefined, sentAt)).toBe(false);
  });

  it('looks for what was made only after a lost answer, and lets a refusal through untouched', async () => {
    const found: number[] = [];
    const findMade = async (since: number) => {
      found.push(since);
      return 'adopted';
    };
    const lost = () =>
      Promise.reject(
        new ProviderError('timed out', { provider: 'Printify', status: 0, code: undefined, retryable: true }),
      );
    await expect(createOnce(lost, findMade, () => sentAt)).resolves.toBe('adopted');
    expect(found).toEqual([sentAt]);
    const refused = () =>
      Promise.reject(
        new ProviderError('bad request', {
          provider: 'Printify',
          status: 400,
          code: undefined,
          retryable: false,
        }),
      );
    await expect(createOnce(refused, findMade, () => sentAt)).rejects.toMatchObject({ status: 400 });
    expect(found).toHaveLength(1);
  });
});

describe('finding what a create made in a newest-first listing', () => {
  type Item = { id: string; at: string };
  /** A listing of `items` (newest first) in pages of `size`, recording the pages read. */
  const listing = (items: Item[], size: number) => {
    const read: number[] = [];
    const page = async (index: number): Promise<NewestPage<Item>> => {
      read.push(index);
      const slice = items.slice(index * size, index * size + size);
      return { items: slice, last: (index + 1) * size >= items.length };
    };
    return { read, page };
  };
  const at = (item: Item) => item.at;

  it('reads pages until one reaches a product older than the create, and answers the matches oldest first', async () => {
    const items = [
      { id: 'newest', at: minutes(5) },
      { id: 'other', at: minutes(4) },
      { id: 'mine-2', at: minutes(3) },
      { id: 'mine-1', at: minutes(-1) },
      { id: 'old-mine', at: minutes(-30) },
      { id: 'older', at: minutes(-40) },
      { id: 'oldest', at: minutes(-50) },
    ];
    const { read, page } = listing(items, 2);
    const found = await madeSince(page, at, sentAt, (item) => item.id.includes('mine'));
    // The third page holds the first product made before the create (less two minutes): no fourth is read.
    expect(found.map((item) => item.id)).toEqual(['mine-1', 'mine-2']);
    expect(read).toEqual([0, 1, 2]);
  });

  it('stops at the last page, and at an empty one, finding nothing when nothing matches', async () => {
    const recent = [
      { id: 'a', at: minutes(1) },
      { id: 'b', at: minutes(2) },
      { id: 'c', at: minutes(3) },
    ];
    const short = listing(recent, 2);
    expect(await madeSince(short.page, at, sentAt, () => false)).toEqual([]);
    expect(short.read).toEqual([0, 1]);
    const empty = listing([], 2);
    expect(await madeSince(empty.page, at, sentAt, () => true)).toEqual([]);
    expect(empty.read).toEqual([0]);
    // A provider that answers an empty page without saying it is the last: nothing more to read.
    let emptyReads = 0;
    const emptyNotLast = async (): Promise<NewestPage<Item>> => {
      emptyReads += 1;
      return { items: [], last: false };
    };
    expect(await madeSince(emptyNotLast, at, sentAt, () => true)).toEqual([]);
    expect(emptyReads).toBe(1);
  });

  it('gives up after 40 pages of products all newer than the create', async () => {
    const endless = async (): Promise<NewestPage<Item>> => ({
      items: [{ id: 'x', at: minutes(1) }],
      last: false,
    });
    let pages = 0;
    const found = await madeSince(
      async () => {
        pages += 1;
        return endless();
      },
      at,
      sentAt,
      () => true,
    );
    expect(pages).toBe(40);
    expect(found).toHaveLength(40);
  });
});
