import { createHmac } from 'node:crypto';
import * as wooRestApi from '@woocommerce/woocommerce-rest-api';
import OAuth from 'oauth-1.0a';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type WooSandbox, startWooSandbox } from './woocommerce-sandbox.ts';

// A CommonJS build of an ES module: Node hands its exports object as `default` (the class is
// `default.default`), vitest unwraps it to the class.
type WooRestApiClass = typeof wooRestApi.default.default;
const exported = wooRestApi.default as unknown as WooRestApiClass | { default: WooRestApiClass };
const WooCommerceRestApi = 'default' in exported ? exported.default : exported;
/**
 * The sandbox authenticates as WooCommerce does (WC_REST_Authentication): OAuth 1.0a signatures
 * over http, checked against the official @woocommerce/woocommerce-rest-api client (1.0.2, pinned
 * devDependency), and Basic or query-string keys only over SSL.
 */

let sandbox: WooSandbox;
let clock = Date.now();
beforeAll(async () => {
  sandbox = await startWooSandbox({ now: () => clock });
});
afterAll(() => sandbox.close());
afterEach(() => {
  vi.restoreAllMocks();
  clock = Date.now();
});

type Reply = { status: number; body: unknown };

const official = (change: { consumerKey?: string; axiosConfig?: unknown } = {}) =>
  new WooCommerceRestApi({
    url: sandbox.url,
    consumerKey: sandbox.consumerKey,
    consumerSecret: sandbox.consumerSecret,
    version: 'wc/v3',
    ...change,
  });

/** The URL the official client would send (its OAuth parameters in the query), without sending it. */
async function signedByOfficial(path: string, params: Record<string, string> = {}, consumerKey?: string) {
  let sent: URL | undefined;
  const adapter = async (config: { url: string; params: Record<string, string> }) => {
    sent = new URL(config.url);
    for (const [key, value] of Object.entries(config.params)) sent.searchParams.set(key, String(value));
    return { data: [], status: 200, statusText: 'OK', headers: {}, config };
  };
  await official({ axiosConfig: { adapter }, ...(consumerKey && { consumerKey }) }).get(path, params);
  return sent!;
}

async function send(url: URL | string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

const refusal = (message: string) => ({
  status: 401,
  body: { code: 'woocommerce_rest_authentication_error', message, data: { status: 401 } },
});
const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

describe('OAuth 1.0a over http', () => {
  it("accepts the official client's signed requests, reads and writes", async () => {
    const tag = await official().post('products/tags', { name: 'Signed Tag' });
    expect(tag.status).toBe(201);
    const found = await official().get('products/tags', { slug: 'signed-tag', per_page: 5 });
    expect(found.data).toEqual([expect.objectContaining({ id: tag.data.id, name: 'Signed Tag' })]);
  });

  it('accepts HMAC-SHA1 and the parameters in an Authorization: OAuth header', async () => {
    const oauth = new OAuth({
      consumer: { key: sandbox.consumerKey, secret: sandbox.consumerSecret },
      signature_method: 'HMAC-SHA1',
      hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
    });
    const url = `${sandbox.url}/wp-json/wc/v3/products`;
    const { Authorization } = oauth.toHeader(oauth.authorize({ url, method: 'GET' }));
    expect(await send(url, { headers: { authorization: Authorization } })).toMatchObject({ status: 200 });
  });

  it('links the next page of a signed list without its OAuth parameters', async () => {
    sandbox.createProduct({ name: 'Signed page one' });
    sandbox.createProduct({ name: 'Signed page two' });
    const signed = await signedByOfficial('products', { per_page: '1', search: 'signed page' });
    const reply = await fetch(signed);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('link')).toBe(
      `<${sandbox.url}/wp-json/wc/v3/products?per_page=1&search=signed+page&page=2>; rel="next"`,
    );
  });

  it('refuses a signature that does not match: another query, another method, another secret', async () => {
    const signed = await signedByOfficial('products', { per_page: '1' });
    const tampered = new URL(signed);
    tampered.searchParams.set('per_page', '2');
    const mismatch = refusal('Invalid signature - provided signature does not match.');
    expect(await send(tampered)).toEqual(mismatch);
    expect(await send(signed, { method: 'DELETE' })).toEqual(mismatch);
    const forged = new WooCommerceRestApi({
      url: sandbox.url,
      consumerKey: sandbox.consumerKey,
      consumerSecret: 'cs_guessed',
      version: 'wc/v3',
    });
    await expect(forged.get('products')).rejects.toMatchObject({
      response: { status: 401, data: mismatch.body },
    });
  });

  it('refuses an unknown key, a missing parameter and a signature method WooCommerce does not take', async () => {
    expect(await send(await signedByOfficial('products', {}, 'ck_unknown'))).toEqual(
      refusal('Consumer key is invalid.'),
    );
    const partial = await signedByOfficial('products');
    partial.searchParams.delete('oauth_nonce');
    partial.searchParams.delete('oauth_timestamp');
    expect(await send(partial)).toEqual({
      status: 401,
      body: {
        code: 'woocommerce_rest_authentication_missing_parameter',
        message: 'Missing OAuth parameters oauth_timestamp, oauth_nonce',
        data: { status: 401 },
      },
    });
    const plaintext = await signedByOfficial('products');
    plaintext.searchParams.set('oauth_signature_method', 'PLAINTEXT');
    expect(await send(plaintext)).toEqual(refusal('Invalid signature - signature method is invalid.'));
  });

  it('refuses a replayed nonce and a timestamp more than 15 minutes off', async () => {
    const signed = await signedByOfficial('products');
    expect(await send(signed)).toMatchObject({ status: 200 });
    expect(await send(signed)).toEqual(refusal('Invalid nonce - nonce has already been used.'));
    const late = await signedByOfficial('products');
    // The store's clock 16 minutes on: the request is too old; 16 minutes back: from the future.
    clock = Date.now() + 16 * 60_000;
    expect(await send(late)).toEqual(refusal('Invalid timestamp.'));
    clock = Date.now() - 16 * 60_000;
    expect(await send(await signedByOfficial('products'))).toEqual(refusal('Invalid timestamp.'));
    clock = Date.now() - 14 * 60_000;
    expect(await send(await signedByOfficial('products'))).toMatchObject({ status: 200 });
  });

  it('does not read Basic auth or query-string keys over plain http: the request is nobody’s', async () => {
    const url = `${sandbox.url}/wp-json/wc/v3/products`;
    const headers = { authorization: basic(sandbox.consumerKey, sandbox.consumerSecret) };
    const anonymous = {
      status: 401,
      body: { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.' },
    };
    expect(await send(url, { headers })).toMatchObject(anonymous);
    const query = new URL(url);
    query.searchParams.set('consumer_key', sandbox.consumerKey);
    query.searchParams.set('consumer_secret', sandbox.consumerSecret);
    expect(await send(query)).toMatchObject(anonymous);
  });
});

describe('over SSL (behind a TLS-terminating proxy)', () => {
  const ssl = { 'x-forwarded-proto': 'https' };

  it('takes Basic auth, and query-string keys from a host that strips the Authorization header', async () => {
    const stripping = await startWooSandbox({ stripsAuthorization: true });
    try {
      const url = `${stripping.url}/wp-json/wc/v3/products`;
      const headers = { ...ssl, authorization: basic(stripping.consumerKey, stripping.consumerSecret) };
      expect(await send(`${sandbox.url}/wp-json/wc/v3/products`, { headers })).toMatchObject({ status: 200 });
      expect(await send(url, { headers })).toMatchObject({
        status: 401,
        body: { code: 'woocommerce_rest_cannot_view' },
      });
      const query = new URL(url);
      query.searchParams.set('consumer_key', stripping.consumerKey);
      query.searchParams.set('consumer_secret', stripping.consumerSecret);
      expect(await send(query, { headers: ssl })).toMatchObject({ status: 200 });
    } finally {
      await stripping.close();
    }
  });

  it('signs OAuth over the https address WordPress sees, so an http signature does not match', async () => {
    const signed = await signedByOfficial('products');
    expect(await send(signed, { headers: ssl })).toEqual(
      refusal('Invalid signature - provided signature does not match.'),
    );
  });
});
