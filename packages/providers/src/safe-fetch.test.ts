import type { LookupAddress } from 'node:dns';
import { type RequestListener, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './http.ts';
import { type LookupFn, UnsafeUrlError, checkOutboundUrl, isPublicAddress, safeFetch } from './safe-fetch.ts';
import { providerFailure } from './test-kit.ts';

const production = { allowPrivate: false };
const demo = { allowPrivate: true };
const publicAddress = '93.184.216.34';

/** Counts every TCP connection made to it: nothing refused may ever reach it. */
let canary: { server: Server; port: number; connections: number };
/** A local server for the allowPrivate tests; `answer` is what it does with the next request. */
let local: { server: Server; url: string };
let answer: RequestListener = (_req, res) => res.end('hello');

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeAll(async () => {
  const server = createServer((_req, res) => res.end('canary'));
  canary = { server, port: 0, connections: 0 };
  server.on('connection', () => canary.connections++);
  canary.port = await listen(server);
  const localServer = createServer((req, res) => answer(req, res));
  local = { server: localServer, url: `http://127.0.0.1:${await listen(localServer)}` };
});

afterAll(async () => {
  await close(canary.server);
  await close(local.server);
});

/** DNS for the tests: fixed answers per name, never the network. */
function fakeDns(answers: Record<string, string[] | (() => string[])>): LookupFn & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    const entry = answers[hostname];
    const addresses = typeof entry === 'function' ? entry() : entry;
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

async function refusal(promise: Promise<unknown>): Promise<UnsafeUrlError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(UnsafeUrlError);
  expect((error as UnsafeUrlError).code).toBe('unsafe_url');
  return error as UnsafeUrlError;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::808:808', true],
    ['2002:808:808::1', true],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['::', false],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['::1', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['224.0.0.1', false],
    ['ff02::1', false],
    ['255.255.255.255', false],
    ['240.0.0.1', false],
    ['198.18.0.1', false],
    ['192.0.2.1', false],
    ['198.51.100.1', false],
    ['203.0.113.1', false],
    ['2001:db8::1', false],
    ['192.0.0.8', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['2002:7f00:1::1', false],
    ['2002:a9fe:a9fe::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['127.1', false],
    ['2130706433', false],
    ['localhost', false],
    ['', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('refused store addresses', () => {
  const dns = fakeDns({
    'public.example': [publicAddress],
    'mixed.example': [publicAddress, '10.0.0.5'],
    'v6-loopback.example': ['2606:4700:4700::1111', '::1'],
  });
  const privateAddress = (address: string) =>
    `The store address points to a private or local network address (${address}), which PodFlow does not connect to.`;
  const https = 'The store address must start with https://.';
  const cases: [string, () => string, string][] = [
    ['plain http to loopback', () => `http://127.0.0.1:${canary.port}/`, https],
    ['plain http to a public name', () => 'http://public.example/', https],
    ['ftp', () => 'ftp://public.example/', https],
    ['loopback', () => `https://127.0.0.1:${canary.port}/`, privateAddress('127.0.0.1')],
    ['loopback as one number', () => `https://2130706433:${canary.port}/`, privateAddress('127.0.0.1')],
    ['loopback in hex', () => `https://0x7f000001:${canary.port}/`, privateAddress('127.0.0.1')],
    ['loopback in octal', () => `https://0177.0.0.1:${canary.port}/`, privateAddress('127.0.0.1')],
    ['loopback shortened', () => `https://127.1:${canary.port}/`, privateAddress('127.0.0.1')],
    ['loopback shortened in hex', () => `https://0x7f.1:${canary.port}/`, privateAddress('127.0.0.1')],
    ['loopback with a trailing dot', () => `https://127.0.0.1.:${canary.port}/`, privateAddress('127.0.0.1')],
    ['IPv6 loopback', () => `https://[::1]:${canary.port}/`, privateAddress('::1')],
    [
      'IPv4-mapped loopback',
      () => `https://[::ffff:127.0.0.1]:${canary.port}/`,
      privateAddress('::ffff:7f00:1'),
    ],
    ['cloud metadata', () => `https://169.254.169.254:${canary.port}/`, privateAddress('169.254.169.254')],
    ['10/8', () => `https://10.0.0.1:${canary.port}/`, privateAddress('10.0.0.1')],
    ['172.16/12 start', () => `https://172.16.0.1:${canary.port}/`, privateAddress('172.16.0.1')],
    ['172.16/12 end', () => `https://172.31.255.255:${canary.port}/`, privateAddress('172.31.255.255')],
    ['192.168/16', () => `https://192.168.1.1:${canary.port}/`, privateAddress('192.168.1.1')],
    ['carrier-grade NAT', () => `https://100.64.0.1:${canary.port}/`, privateAddress('100.64.0.1')],
    ['unspecified', () => `https://0.0.0.0:${canary.port}/`, privateAddress('0.0.0.0')],
    [
      'localhost',
      () => `https://localhost:${canary.port}/`,
      'The store address points to this computer (localhost), which PodFlow does not connect to.',
    ],
    [
      'localhost with a trailing dot',
      () => `https://localhost.:${canary.port}/`,
      'The store address points to this computer (localhost.), which PodFlow does not connect to.',
    ],
    [
      'a name under localhost',
      () => `https://shop.LOCALHOST:${canary.port}/`,
      'The store address points to this computer (shop.localhost), which PodFlow does not connect to.',
    ],
    [
      'a name with a public and a private address',
      () => `https://mixed.example:${canary.port}/`,
      privateAddress('10.0.0.5'),
    ],
    [
      'a name with an IPv6 loopback address',
      () => `https://v6-loopback.example:${canary.port}/`,
      privateAddress('::1'),
    ],
    [
      'credentials in the address',
      () => `https://admin:secret@public.example:${canary.port}/`,
      'The store address must not contain a user name or password.',
    ],
    [
      'not an address',
      () => 'shop.example.com',
      'The store address is not a valid web address (for example https://shop.example.com).',
    ],
  ];

  it.each(cases)(
    '%s: checkOutboundUrl and safeFetch refuse it, and nothing connects',
    async (_name, url, message) => {
      expect((await refusal(checkOutboundUrl(url(), production, dns))).message).toBe(message);
      expect((await refusal(safeFetch(production, dns)(url()))).message).toBe(message);
      expect(canary.connections).toBe(0);
    },
  );

  it('refuses a bad scheme, credentials or a localhost name before asking DNS', () => {
    expect(dns.calls).not.toContain('localhost');
    expect(dns.calls.filter((name) => name === 'public.example')).toEqual([]);
  });

  it('let nothing reach the canary', () => {
    expect(canary.connections).toBe(0);
  });
});

describe('checkOutboundUrl', () => {
  it('returns the normalised address of a public store', async () => {
    const url = await checkOutboundUrl(
      ' https://Shop.Example.COM ',
      production,
      fakeDns({ 'shop.example.com': [publicAddress] }),
    );
    expect(url.href).toBe('https://shop.example.com/');
  });

  it('says when the name does not exist', async () => {
    const error = await refusal(checkOutboundUrl('https://no-such-shop.example/', production, fakeDns({})));
    expect(error.message).toBe('No server was found at no-such-shop.example; check the store address.');
  });

  it('lets the demo use plain http on loopback', async () => {
    expect((await checkOutboundUrl(`${local.url}/shop`, demo)).href).toBe(`${local.url}/shop`);
  });
});

describe('safeFetch', () => {
  it('refuses at connect a name that was public when checked and private when connected to (DNS rebinding)', async () => {
    const answers = [[publicAddress], ['127.0.0.1']];
    const dns = fakeDns({ 'rebind.example': () => answers.shift() ?? ['127.0.0.1'] });
    const url = `https://rebind.example:${canary.port}/`;
    expect((await checkOutboundUrl(url, production, dns)).href).toBe(url);
    const error = await refusal(safeFetch(production, dns)(url));
    expect(error.message).toContain('(127.0.0.1)');
    expect(dns.calls).toEqual(['rebind.example', 'rebind.example']);
    expect(canary.connections).toBe(0);
  });

  it('does not follow a redirect, and says where it pointed', async () => {
    answer = (_req, res) =>
      res.writeHead(302, { Location: `http://127.0.0.1:${canary.port}/latest/meta-data` }).end();
    const error = await refusal(safeFetch(demo)(`${local.url}/wp-json/wc/v3/products`));
    expect(error.message).toBe(
      `The store address redirects to http://127.0.0.1:${canary.port}/latest/meta-data (HTTP 302); ` +
        'PodFlow does not follow redirects, so enter the final address instead.',
    );
    expect(canary.connections).toBe(0);
  });

  it('reaches a plain http loopback server when private addresses are allowed', async () => {
    answer = (req, res) =>
      res.writeHead(201, { 'Content-Type': 'text/plain' }).end(`${req.method} ${req.url}`);
    const response = await safeFetch(demo)(`${local.url}/ping?x=1`, { method: 'POST', body: 'hi' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.url).toBe(`${local.url}/ping?x=1`);
    expect(await response.text()).toBe('POST /ping?x=1');
  });

  it('fails a body larger than maxResponseBytes while it streams in', async () => {
    answer = (_req, res) => {
      res.write('x'.repeat(800));
      setTimeout(() => res.end('y'.repeat(800)), 10);
    };
    const response = await safeFetch({ ...demo, maxResponseBytes: 1024 })(`${local.url}/big`);
    const error = await failure(response.text());
    expect(error.message).toBe(
      `The answer from ${new URL(local.url).host} is larger than 1 KiB, the most PodFlow reads.`,
    );
  });

  it('fails at once a body whose announced length is too large', async () => {
    answer = (_req, res) => res.writeHead(200, { 'Content-Length': '2048' }).end('z'.repeat(2048));
    const error = await failure(safeFetch({ ...demo, maxResponseBytes: 1024 })(`${local.url}/big`));
    expect(error.message).toMatch(/is larger than 1 KiB, the most PodFlow reads\.$/);
  });

  it('reads a body up to exactly maxResponseBytes', async () => {
    answer = (_req, res) => res.end('z'.repeat(1024));
    const response = await safeFetch({ ...demo, maxResponseBytes: 1024 })(`${local.url}/fits`);
    expect((await response.text()).length).toBe(1024);
  });

  it('gives up on a server that never answers after timeoutMs', async () => {
    answer = () => undefined;
    const started = Date.now();
    const error = await failure(safeFetch({ ...demo, timeoutMs: 200 })(`${local.url}/slow`));
    expect(error.message).toMatch(/^127\.0\.0\.1:\d+ did not answer within 200 ms\.$/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that stops coming after timeoutMs', async () => {
    answer = (_req, res) => res.write('partial');
    const response = await safeFetch({ ...demo, timeoutMs: 200 })(`${local.url}/stalls`);
    const error = await failure(response.text());
    expect(error.message).toMatch(/did not answer within 200 ms\.$/);
  });

  it("stops when the caller's own signal aborts", async () => {
    answer = () => undefined;
    const controller = new AbortController();
    const reason = new Error('seller cancelled');
    setTimeout(() => controller.abort(reason), 20);
    const error = await failure(safeFetch(demo)(`${local.url}/slow`, { signal: controller.signal }));
    expect(error).toBe(reason);
  });

  it('sends what a Request given as the first argument carries, and checks its address too', async () => {
    answer = (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.end(`${req.method} ${req.headers['x-shop']} ${body}`));
    };
    const request = new Request(`${local.url}/orders`, {
      method: 'PUT',
      headers: { 'X-Shop': 'mine' },
      body: 'abc',
    });
    expect(await (await safeFetch(demo)(request)).text()).toBe('PUT mine abc');
    const refused = await refusal(safeFetch(production)(new Request(`https://127.0.0.1:${canary.port}/`)));
    expect(refused.message).toContain('(127.0.0.1)');
    expect(canary.connections).toBe(0);
  });

  it('plugs into httpClient as its fetch', async () => {
    answer = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":7}');
    const woo = (url: string, policy = demo) =>
      httpClient({
        provider: 'WooCommerce',
        baseUrl: url,
        headers: {},
        maxRetries: 0,
        fetch: safeFetch(policy),
      });
    expect(await woo(local.url).request('GET', '/wp-json/wc/v3/system_status')).toEqual({ id: 7 });
    const error = await providerFailure(
      woo(`https://10.0.0.1:${canary.port}`, production).request('GET', '/x'),
    );
    expect(error.message).toContain('private or local network address (10.0.0.1)');
    expect(canary.connections).toBe(0);
  });
});
