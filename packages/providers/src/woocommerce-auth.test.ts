import * as wooRestApi from '@woocommerce/woocommerce-rest-api';
import { type WooSandbox, startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import OAuth from 'oauth-1.0a';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { providerFailure } from './test-kit.ts';
import { type WooClientOptions, wooClient } from './woocommerce.ts';

// A CommonJS build of an ES module: Node hands its exports object as `default` (the class is
// `default.default`), vitest unwraps it to the class.
type WooRestApiClass = typeof wooRestApi.default.default;
const exported = wooRestApi.default as unknown as WooRestApiClass | { default: WooRestApiClass };
const WooCommerceRestApi = 'default' in exported ? exported.default : exported;
/**
 * How the client authenticates (providers/woocommerce.md, Authentication): OAuth 1.0a exactly as
 * the official @woocommerce/woocommerce-rest-api client (1.0.2, pinned devDependency) signs over
 * http; Basic over https, and the query-string keys once a host is seen to strip the header.
 */

const keys = {
  consumerKey: 'ck_0123456789abcdef0123456789abcdef01234567',
  consumerSecret: 'cs_fedcba9876543210fedcba9876543210fedcba98',
};
const nonce = 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgm';
const timestamp = 1_764_115_200;
const transport = { sleep: async () => undefined, random: () => 0 };

/** The requests a client sends, answered with an empty list, as URLs. */
function capture() {
  const sent: { method: string; url: URL }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push({ method: init?.method ?? 'GET', url: new URL(String(input)) });
    return Response.json([]);
  };
  return { sent, fetch };
}

/** The OAuth parameters the official client sends for the same method, URL and query. */
async function officialOAuth(storeUrl: string, method: string, url: URL): Promise<Record<string, string>> {
  vi.spyOn(OAuth.prototype, 'getNonce').mockReturnValue(nonce);
  vi.spyOn(OAuth.prototype, 'getTimeStamp').mockReturnValue(timestamp);
  let params: Record<string, string> = {};
  const adapter = async (config: { params: Record<string, string> }) => {
    params = config.params;
    return { data: [], status: 200, statusText: 'OK', headers: {}, config };
  };
  const api = new WooCommerceRestApi({ url: storeUrl, ...keys, version: 'wc/v3', axiosConfig: { adapter } });
  const endpoint = url.pathname.replace(/^.*\/wp-json\/wc\/v3\//, '');
  const query = Object.fromEntries([...url.searchParams].filter(([key]) => !key.startsWith('oauth_')));
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  if (verb === 'get' || verb === 'delete') await api[verb](endpoint, query);
  else await api[verb](endpoint, {}, query);
  // Its params also carry the query (oauth-1.0a merges it in); the OAuth ones are what it adds.
  return Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => key.startsWith('oauth_'))
      .map(([key, value]) => [key, String(value)]),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OAuth 1.0a signatures (conformance with @woocommerce/woocommerce-rest-api 1.0.2)', () => {
  it.each(['http://shop.example.test', 'http://example.test/shop/'])(
    'signs every call the client makes at %s exactly as the official client does',
    async (storeUrl) => {
      const { sent, fetch } = capture();
      const woo = wooClient({
        storeUrl,
        ...keys,
        ...transport,
        fetch,
        nonce: () => nonce,
        now: () => timestamp * 1000,
      });
      await woo.checkAccess();
      await woo.productsById([12, 7, 30]);
      await woo.listProducts({ page: 2, perPage: 25 });
      await woo.ensureTags(['Cats & Dogs', '猫']);
      await woo.updateProduct(12, { name: 'x' }).catch(() => undefined);
      await woo.batchProducts({ delete: [3] });
      expect(
        sent.map((request) => `${request.method} ${request.url.pathname.replace(/^.*\/wc\/v3/, '')}`),
      ).toEqual([
        'GET /products',
        'GET /products',
        'GET /products',
        'GET /products/tags',
        'GET /products/tags',
        'POST /products/tags',
        'POST /products/tags',
        'PUT /products/12',
        'POST /products/batch',
      ]);
      for (const { method, url } of sent) {
        const ours = Object.fromEntries([...url.searchParams].filter(([key]) => key.startsWith('oauth_')));
        expect(ours).toEqual(await officialOAuth(storeUrl, method, url));
      }
      // A query value that needs encoding is signed as sent.
      const tagQuery = sent.find((request) => request.url.searchParams.get('slug') === '%e7%8c%ab');
      expect(tagQuery).toBeDefined();
    },
  );

  it('signs each attempt anew, so a retry after a 500 is not refused as a replayed nonce', async () => {
    const { sent, fetch } = capture();
    const failing: typeof globalThis.fetch = async (input, init) => {
      const answer = await fetch(input, init);
      return sent.length === 1 ? new Response('{"code":"internal_server_error"}', { status: 500 }) : answer;
    };
    let counter = 0;
    const woo = wooClient({
      storeUrl: 'http://shop.example.test',
      ...keys,
      ...transport,
      fetch: failing,
      nonce: () => `nonce${++counter}`,
    });
    await woo.getProduct(5).catch(() => undefined);
    expect(sent).toHaveLength(2);
    expect(sent.map((request) => request.url.searchParams.get('oauth_nonce'))).toEqual(['nonce1', 'nonce2']);
    expect(sent[0]!.url.searchParams.get('oauth_signature')).not.toBe(
      sent[1]!.url.searchParams.get('oauth_signature'),
    );
  });
});

describe('against the sandbox', () => {
  let sandbox: WooSandbox;
  let stripping: WooSandbox;
  beforeAll(async () => {
    [sandbox, stripping] = await Promise.all([
      startWooSandbox({ slowMs: 1200 }),
      startWooSandbox({ stripsAuthorization: true }),
    ]);
  });
  afterAll(() => Promise.all([sandbox.close(), stripping.close()]));

  /** A TLS-terminating proxy in front of a sandbox: https://shop.example.test is the sandbox, seen as SSL. */
  const tlsProxy =
    (target: WooSandbox): typeof fetch =>
    async (input, init) => {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-proto', 'https');
      return fetch(`${target.url}${url.pathname}${url.search}`, { ...init, headers });
    };
  const https = (target: WooSandbox, change: Partial<WooClientOptions> = {}) =>
    wooClient({
      storeUrl: 'https://shop.example.test',
      consumerKey: target.consumerKey,
      consumerSecret: target.consumerSecret,
      ...transport,
      fetch: tlsProxy(target),
      ...change,
    });

  it('sends Basic auth over https, and no OAuth parameters or keys in the address', async () => {
    sandbox.requests.length = 0;
    const woo = https(sandbox);
    await woo.checkAccess();
    const [request] = sandbox.requests;
    expect(request!.path).toBe('/wp-json/wc/v3/products?per_page=1');
    const basic = Buffer.from(`${sandbox.consumerKey}:${sandbox.consumerSecret}`).toString('base64');
    expect(request!.headers.authorization).toBe(`Basic ${basic}`);
    expect(woo.authMethod()).toBe('basic');
  });

  it('switches to the query-string keys once a host strips the Authorization header, and keeps them', async () => {
    stripping.requests.length = 0;
    const woo = https(stripping);
    await woo.checkAccess();
    expect(woo.authMethod()).toBe('query-string');
    const created = await woo.createProduct({ name: 'Only once' });
    const paths = stripping.requests.map(
      (r) => `${r.method} ${r.path.replace(/consumer_secret=[^&]+/, 'consumer_secret=…')}`,
    );
    expect(paths).toEqual([
      'GET /wp-json/wc/v3/products?per_page=1',
      `GET /wp-json/wc/v3/products?per_page=1&consumer_key=${stripping.consumerKey}&consumer_secret=…`,
      `POST /wp-json/wc/v3/products?consumer_key=${stripping.consumerKey}&consumer_secret=…`,
    ]);
    expect(stripping.product(created.id)?.name).toBe('Only once');
  });

  it('sends a create refused for want of keys once more with them, making one product', async () => {
    stripping.requests.length = 0;
    const woo = https(stripping);
    const created = await woo.createProduct({ name: 'First call creates' });
    expect(stripping.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    const listed = await https(stripping, { queryStringAuth: true }).listProducts({ perPage: 100 });
    expect(listed.products.filter((p) => p.name === 'First call creates').map((p) => p.id)).toEqual([
      created.id,
    ]);
  });

  it('starts with the query-string keys when told the host strips the header', async () => {
    stripping.requests.length = 0;
    await https(stripping, { queryStringAuth: true }).checkAccess();
    expect(stripping.requests).toHaveLength(1);
  });

  it('does not switch for an unknown key: both ways answer 401, and the caller learns it', async () => {
    sandbox.requests.length = 0;
    const woo = https(sandbox, { consumerKey: 'ck_unknown_key_000' });
    const error = await providerFailure(woo.checkAccess());
    expect(error).toMatchObject({ status: 401, code: 'woocommerce_rest_cannot_view', retryable: false });
    expect(woo.authMethod()).toBe('basic');
    expect(sandbox.requests).toHaveLength(2);
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(sandbox.consumerSecret);
  });

  it('does not try other keys after a wrong secret: one request, its reason', async () => {
    sandbox.requests.length = 0;
    const error = await providerFailure(https(sandbox, { consumerSecret: 'cs_wrong' }).checkAccess());
    expect(error.message).toContain('Consumer secret is invalid.');
    expect(sandbox.requests).toHaveLength(1);
  });

  it('repeats an update that timed out after the store acted, signed anew, with the same result', async () => {
    const id = sandbox.createProduct({ name: 'Slow store' });
    sandbox.requests.length = 0;
    sandbox.failNext('slow');
    const woo = wooClient({
      storeUrl: sandbox.url,
      consumerKey: sandbox.consumerKey,
      consumerSecret: sandbox.consumerSecret,
      ...transport,
      timeoutMs: 400, // well past a normal answer on a busy machine, well short of the slow one
    });
    const updated = await woo.updateProduct(id, { name: 'Renamed once' });
    expect(updated.name).toBe('Renamed once');
    const nonces = sandbox.requests.map((r) => new URL(r.path, sandbox.url).searchParams.get('oauth_nonce'));
    expect(nonces).toHaveLength(2);
    expect(new Set(nonces).size).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sandbox.product(id)?.name).toBe('Renamed once');
  });
});
