import { describe, expect, it } from 'vitest';
import { formatStorage, usageMeters } from './usage';

const GB = 1024 ** 3;

describe('formatStorage', () => {
  it('reads as people say sizes', () => {
    expect(formatStorage(0)).toBe('0 B');
    expect(formatStorage(900)).toBe('900 B');
    expect(formatStorage(1536)).toBe('1.5 KB');
    expect(formatStorage(512 * 1024 ** 2)).toBe('512 MB');
    expect(formatStorage(2 * GB)).toBe('2 GB');
    expect(formatStorage(1.25 * GB)).toBe('1.3 GB');
    expect(formatStorage(100 * GB)).toBe('100 GB');
  });
});

describe('usageMeters', () => {
  it('is over only past the limit, not at it', () => {
    const [designs, storage, tokens] = usageMeters({
      designs_in_fullest_workspace: 10,
      design_slots_per_workspace: 10,
      storage_bytes_used: 3 * GB,
      storage_bytes: 2 * GB,
      ai_tokens_used: 0,
      ai_tokens_per_month: 50,
    });
    expect(designs).toMatchObject({ shown: '10 / 10', percent: 100, over: false });
    expect(storage).toMatchObject({ shown: '3 GB / 2 GB', percent: 150, over: true });
    expect(tokens).toMatchObject({ shown: '0 / 50', percent: 0, over: false });
  });
});
