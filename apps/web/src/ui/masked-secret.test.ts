import { describe, expect, it } from 'vitest';
import { editedSecret } from './masked-secret';

const saved = '••••••••ab12';

describe('editedSecret', () => {
  it('edits a typed secret as usual', () => {
    expect(editedSecret('abc', 'abcd')).toBe('abcd');
    expect(editedSecret('abcd', 'abc')).toBe('abc');
  });

  it('replaces the masked saved secret with what is typed or pasted after it', () => {
    expect(editedSecret(saved, `${saved}n`)).toBe('n');
    expect(editedSecret(saved, 'pasted-key')).toBe('pasted-key');
  });

  it('empties the field on a deletion, so a half-masked secret is never sent', () => {
    expect(editedSecret(saved, '••••••••ab1')).toBe('');
    expect(editedSecret(saved, '')).toBe('');
  });
});
