import { describe, expect, it } from 'vitest';
import { createdSince, createOnce } from './create-once.ts';
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
