import { describe, expect, it } from 'vitest';
import { listenOrigin, publicOrigin } from './public-origin.ts';

describe('public origin', () => {
  it('is PUBLIC_URL (its origin only) whatever address the server listens on', () => {
    const origin = publicOrigin('https://app.podflow.example/some/path/', { host: '0.0.0.0', port: 8080 });
    expect(origin.get()).toBe('https://app.podflow.example');
    origin.listening({ address: '127.0.0.1', family: 'IPv4', port: 4321 });
    expect(origin.get()).toBe('https://app.podflow.example');
  });

  it('without PUBLIC_URL, follows the address the server listens on once it listens', () => {
    const origin = publicOrigin(undefined, { host: '0.0.0.0', port: 0 });
    expect(origin.get()).toBe('http://localhost:0');
    origin.listening({ address: '127.0.0.1', family: 'IPv4', port: 4321 });
    expect(origin.get()).toBe('http://127.0.0.1:4321');
    origin.listening('/tmp/podflow.sock');
    origin.listening(null);
    expect(origin.get()).toBe('http://127.0.0.1:4321');
  });

  it('names localhost for a wildcard address and brackets an IPv6 one', () => {
    expect(listenOrigin('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(listenOrigin('::', 8080)).toBe('http://localhost:8080');
    expect(listenOrigin('', 8080)).toBe('http://localhost:8080');
    expect(listenOrigin('::1', 8080)).toBe('http://[::1]:8080');
    expect(listenOrigin('podflow.internal', 80)).toBe('http://podflow.internal:80');
  });
});
