import { describe, expect, it } from 'vitest';
import { UrlSigner } from './signed-urls.ts';

const signer = new UrlSigner('s'.repeat(40), 3600);
const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  return {
    key: u.pathname.replace(/^\/files\//, ''),
    exp: Number(u.searchParams.get('exp')),
    sig: u.searchParams.get('sig') ?? '',
  };
};

describe('signed file URLs', () => {
  const now = Date.UTC(2026, 10, 22, 12, 1, 0);

  it('open the file they name until they expire, a little over an hour later', () => {
    const { key, exp, sig } = parse(signer.sign('u/1/w/2/designs/3.png', now));
    expect(key).toBe('u/1/w/2/designs/3.png');
    expect(exp * 1000 - now).toBeGreaterThanOrEqual(3600_000);
    expect(exp * 1000 - now).toBeLessThanOrEqual(4200_000);
    expect(signer.verify(key, exp, sig, now)).toBe(true);
    expect(signer.verify(key, exp, sig, exp * 1000 + 1)).toBe(false);
  });

  it('stay the same within a ten-minute step, so browsers can cache the file', () => {
    expect(signer.sign('u/a.png', now)).toBe(signer.sign('u/a.png', now + 60_000));
  });

  it('are refused for another key, another expiry or another secret', () => {
    const { key, exp, sig } = parse(signer.sign('u/1/a.png', now));
    expect(signer.verify('u/1/b.png', exp, sig, now)).toBe(false);
    expect(signer.verify(key, exp + 600, sig, now)).toBe(false);
    expect(new UrlSigner('t'.repeat(40), 3600).verify(key, exp, sig, now)).toBe(false);
    expect(() => signer.sign('../etc/passwd')).toThrow(/Invalid storage key/);
  });
});
