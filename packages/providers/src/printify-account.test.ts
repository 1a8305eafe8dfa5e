import { describe, expect, it } from 'vitest';
import { printifyAccountOf, printifyBase64MaxBytes, printifyCanFetch, printifyClient } from './printify.ts';

/** A Printify that answers every call at once with an empty shop list, counting the calls. */
function instantPrintify() {
  const calls: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url));
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('Printify rate limits are per account', () => {
  it('makes the keys of one account wait for their shared 600 a minute, not those of another account', async () => {
    const { calls, fetch } = instantPrintify();
    const account = `shops ${Date.now()}`;
    const first = printifyClient({ apiKey: 'key-one', account, baseUrl: 'http://printify.test', fetch });
    const second = printifyClient({ apiKey: 'key-two', account, baseUrl: 'http://printify.test', fetch });
    const elsewhere = printifyClient({
      apiKey: 'key-three',
      account: `${account} other`,
      baseUrl: 'http://printify.test',
      fetch,
    });
    await Promise.all(Array.from({ length: 600 }, () => first.listShops()));
    expect(calls).toHaveLength(600);
    // The account's minute is spent: the other key of the same account waits (a minute), while
    // another account's call, asked for after it, goes through.
    let secondDone = false;
    void second.listShops().then(() => (secondDone = true));
    await elsewhere.listShops();
    expect(secondDone).toBe(false);
    expect(calls).toHaveLength(601);
  });

  it('names the account by its shops, whatever their order, and not at all without shops', () => {
    const shop = (id: number) => ({ id });
    expect(printifyAccountOf([shop(30), shop(4), shop(30), shop(12)])).toBe('shops 4,12,30');
    expect(printifyAccountOf([shop(12), shop(4), shop(30)])).toBe(
      printifyAccountOf([shop(30), shop(12), shop(4)]),
    );
    expect(printifyAccountOf([shop(4)])).not.toBe(printifyAccountOf([shop(4), shop(5)]));
    expect(printifyAccountOf([])).toBeUndefined();
  });
});

describe('printifyCanFetch: print files go by URL only when Printify can reach PUBLIC_URL', () => {
  const printify = 'https://api.printify.com';

  it('is true for a public address on the internet', () => {
    expect(printifyCanFetch('https://podflow.example.com', printify)).toBe(true);
    expect(printifyCanFetch('http://203.0.113.9:8080', printify)).toBe(false); // documentation range
    expect(printifyCanFetch('http://8.8.8.8', printify)).toBe(true);
    expect(printifyCanFetch('https://[2001:4860:4860::8888]', printify)).toBe(true);
  });

  it('is false unset, on this machine or on a private network', () => {
    for (const url of [
      undefined,
      '',
      'http://localhost:3000',
      'http://app.localhost',
      'http://127.0.0.1:3000',
      'http://10.0.0.5',
      'http://172.16.4.4',
      'http://192.168.1.20',
      'http://169.254.1.1',
      'http://[::1]:3000',
      'http://[fd00::1]',
      'http://podflow:3000',
      'http://nas.local',
      'http://box.internal',
      'not a url',
    ]) {
      expect(printifyCanFetch(url, printify), String(url)).toBe(false);
    }
  });

  it('is true for a local PUBLIC_URL when Printify is itself local (a sandbox on this machine)', () => {
    expect(printifyCanFetch('http://127.0.0.1:3000', 'http://127.0.0.1:41234')).toBe(true);
    expect(printifyCanFetch(undefined, 'http://127.0.0.1:41234')).toBe(false);
  });

  it('takes base64 files of up to 5 MB', () => {
    expect(printifyBase64MaxBytes).toBe(5_242_880);
  });
});
