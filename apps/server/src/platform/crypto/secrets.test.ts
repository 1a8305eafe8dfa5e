import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadableError, connectionBinding } from './secrets.ts';

const oldSecret = 'a'.repeat(64);
const newSecret = 'b'.repeat(64);
const row = { user_id: 'user-1', workspace_id: 'ws-1', provider: 'printify' };
const binding = connectionBinding(row);

/** Values stored by earlier releases under APP_SECRET 'a' * 64: they must keep opening. */
const storedV2 = 'v2:n_x8PZE6:tvbEpJIxJ47fsYeW/6Zevz9ef12K/2CeBz/sA2AP2JOE0CTwsZNUlk2ODEopwg==';
const storedV1 = 'v1:Sd7dtlyQL2m80u7sPSbeaBjwnLYb1rmGmWtdjj+y2ClWtaCCfhU=';

/** The value with one byte of its body flipped at `index` (negative: from the end). */
function flipped(sealed: string, index: number): string {
  const at = sealed.lastIndexOf(':') + 1;
  const bytes = Buffer.from(sealed.slice(at), 'base64');
  bytes[index < 0 ? bytes.length + index : index]! ^= 1;
  return `${sealed.slice(0, at)}${bytes.toString('base64')}`;
}

/** `open` throws SecretUnreadableError (by class and by name) with a message matching `reason`. */
const unreadable = (open: () => unknown, reason: RegExp) => {
  let caught: unknown;
  try {
    open();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(SecretUnreadableError);
  expect((caught as Error).name).toBe('SecretUnreadableError');
  expect((caught as Error).message).toMatch(/^The stored secret cannot be opened: /);
  expect((caught as Error).message).toMatch(reason);
};

describe('SecretBox', () => {
  const box = new SecretBox(oldSecret);

  it('opens what it sealed, stored as v2:<key id>:… and never in the clear', () => {
    const sealed = box.seal('printify-token-123', binding);
    expect(sealed).toMatch(/^v2:[\w-]{8}:[A-Za-z0-9+/]+=*$/);
    expect(sealed.split(':')[1]).toBe(box.keyId);
    expect(sealed).not.toContain('printify-token-123');
    expect(box.open(sealed, binding)).toBe('printify-token-123');
    expect(box.open(box.seal('', binding), binding)).toBe('');
  });

  it('keeps opening values sealed by earlier releases, v2 and v1', () => {
    expect(box.open(storedV2, binding)).toBe('printify-token-123');
    expect(box.open(storedV1, binding)).toBe('legacy-key');
    expect(box.open(storedV1, connectionBinding({ ...row, user_id: 'anyone' }))).toBe('legacy-key');
  });

  it('names its key by a short hash that is the same for the same APP_SECRET and reveals nothing', () => {
    expect(box.keyId).toBe('n_x8PZE6');
    expect(new SecretBox(oldSecret).keyId).toBe(box.keyId);
    expect(new SecretBox(newSecret).keyId).not.toBe(box.keyId);
    expect(new SecretBox(newSecret, oldSecret).keyId).toBe(new SecretBox(newSecret).keyId);
    expect(oldSecret).not.toContain(box.keyId);
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    const first = box.seal('same', binding);
    const second = box.seal('same', binding);
    expect(first).not.toBe(second);
    expect(first.slice(0, 40)).not.toBe(second.slice(0, 40));
  });

  it('binds the value to its row: copied to another user, workspace or provider it fails to open', () => {
    const sealed = box.seal('secret', binding);
    for (const other of [
      { ...row, user_id: 'user-2' },
      { ...row, workspace_id: 'ws-2' },
      { ...row, provider: 'gelato' },
    ]) {
      unreadable(() => box.open(sealed, connectionBinding(other)), /another row/);
    }
    // Parts never run into each other: ['a:b', 'c'] is not ['a', 'b:c'].
    const joined = box.seal('secret', ['a:b', 'c']);
    unreadable(() => box.open(joined, ['a', 'b:c']), /another row/);
    unreadable(() => box.open(joined, ['a:b', 'c', '']), /another row/);
    expect(box.open(joined, ['a:b', 'c'])).toBe('secret');
  });

  it('binds a connection by table, user, workspace and provider, in that order', () => {
    expect(connectionBinding(row)).toEqual(['provider_connections', 'user-1', 'ws-1', 'printify']);
  });

  it('refuses a value changed at rest: nonce, tag or ciphertext', () => {
    const sealed = box.seal('secret', binding);
    for (const index of [0, 11, 12, 27, 28, -1]) {
      unreadable(() => box.open(flipped(sealed, index), binding), /changed/);
    }
    unreadable(() => box.open(flipped(storedV1, -1), binding), /changed/);
  });

  it('refuses a value sealed under an APP_SECRET it does not have', () => {
    const other = new SecretBox(newSecret);
    unreadable(() => other.open(storedV2, binding), /APP_SECRET this server does not have/);
    unreadable(() => other.open(storedV1, binding), /APP_SECRET this server does not have/);
    // A value relabelled with the other key's id still needs that key.
    const relabelled = storedV2.replace(box.keyId, other.keyId);
    unreadable(() => other.open(relabelled, binding), /changed/);
  });

  it('refuses values of an unknown format', () => {
    const body = storedV2.split(':')[2]!;
    for (const stored of [
      '',
      'garbage',
      'v1',
      'v2',
      `v3:${box.keyId}:${body}`,
      `v2:${box.keyId}`,
      `v1:a:${body}`,
    ]) {
      unreadable(() => box.open(stored, binding), /unknown format/);
    }
    expect(() => box.open('v1:', binding)).toThrow(SecretUnreadableError);
  });
});

describe('SecretBox across an APP_SECRET rotation', () => {
  const before = new SecretBox(oldSecret);
  const during = new SecretBox(newSecret, oldSecret);
  const after = new SecretBox(newSecret);

  it('opens values sealed under the previous APP_SECRET, and seals new ones under the current one', () => {
    const old = before.seal('old-key', binding);
    expect(during.open(old, binding)).toBe('old-key');
    expect(during.open(storedV1, binding)).toBe('legacy-key');
    const fresh = during.seal('new-key', binding);
    expect(fresh.split(':')[1]).toBe(after.keyId);
    expect(after.open(fresh, binding)).toBe('new-key');
    unreadable(() => after.open(old, binding), /APP_SECRET this server does not have/);
    unreadable(() => after.open(storedV1, binding), /APP_SECRET this server does not have/);
  });

  it('still checks the row binding of a value sealed under the previous APP_SECRET', () => {
    const old = before.seal('old-key', binding);
    unreadable(() => during.open(old, connectionBinding({ ...row, workspace_id: 'ws-2' })), /another row/);
  });

  it('tells current values (v2 under APP_SECRET) from those a rotation re-seals', () => {
    expect(during.isCurrent(during.seal('x', binding))).toBe(true);
    expect(during.isCurrent(before.seal('x', binding))).toBe(false);
    expect(during.isCurrent(storedV1)).toBe(false);
    expect(before.isCurrent(storedV1)).toBe(false);
    expect(before.isCurrent(storedV2)).toBe(true);
    expect(before.isCurrent(`v2:${before.keyId}x:${storedV2.split(':')[2]}`)).toBe(false);
    expect(before.isCurrent(`v3:${before.keyId}:abc`)).toBe(false);
  });
});
