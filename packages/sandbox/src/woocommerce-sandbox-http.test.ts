import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WooSandbox, startWooSandbox } from './woocommerce-sandbox.ts';

/**
 * The sandbox's HTTP framing as a client meets it: the 401 a route's permission check answers a
 * request without keys, and the paging headers of a list (X-WP-Total, X-WP-TotalPages, Link).
 */

let sandbox: WooSandbox;
beforeAll(async () => {
  sandbox = await startWooSandbox();
});
afterAll(() => sandbox.close());

const api = () => `${sandbox.url}/wp-json/wc/v3`;

/** A request as it reaches WordPress through a TLS-terminating proxy, with the keys as Basic auth unless `keys` says otherwise. */
async function send(method: string, path: string, keys: 'basic' | 'none' = 'basic') {
  const headers: Record<string, string> = { 'x-forwarded-proto': 'https' };
  if (keys === 'basic') {
    const pair = `${sandbox.consumerKey}:${sandbox.consumerSecret}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  const body = ['POST', 'PUT', 'PATCH'].includes(method) ? JSON.stringify({ name: 'Anonymous' }) : undefined;
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(`${api()}${path}`, { method, headers, body });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('a request without keys', () => {
  const cannot = (code: string, message: string) => ({
    status: 401,
    body: { code: `woocommerce_rest_cannot_${code}`, message, data: { status: 401 } },
  });
  const listing = cannot('view', 'Sorry, you cannot list resources.');
  const viewing = cannot('view', 'Sorry, you cannot view this resource.');
  const creating = cannot('create', 'Sorry, you are not allowed to create resources.');
  const editing = cannot('edit', 'Sorry, you are not allowed to edit this resource.');
  const deleting = cannot('delete', 'Sorry, you are not allowed to delete this resource.');
  const batching = cannot('batch', 'Sorry, you are not allowed to batch manipulate this resource.');

  it.each([
    ['GET', '/products', listing],
    ['GET', '/products/{id}', viewing],
    ['POST', '/products', creating],
    ['PUT', '/products/{id}', editing],
    ['PATCH', '/products/{id}', editing],
    ['POST', '/products/{id}', editing],
    ['DELETE', '/products/{id}', deleting],
    ['POST', '/products/batch', batching],
    ['GET', '/products/tags', listing],
    ['GET', '/products/tags/{id}', viewing],
    ['POST', '/products/tags', creating],
  ])(
    '%s %s answers the permission error of that route and changes nothing',
    async (method, route, refusal) => {
      const id = sandbox.createProduct({ name: 'Guarded', tags: ['guarded'] });
      const before = sandbox.product(id);
      expect(await send(method, route.replace('{id}', String(id)), 'none')).toMatchObject(refusal);
      expect(sandbox.product(id)).toEqual(before);
    },
  );
});

describe('paging headers', () => {
  /** Products only this test lists (by a search word of its own), oldest first. */
  const seed = (word: string, count: number) =>
    Array.from({ length: count }, (_, n) => sandbox.createProduct({ name: `${word} ${n + 1}` }));
  const page = async (query: string) => {
    const reply = await send('GET', `/products?${query}`);
    return {
      total: reply.headers.get('x-wp-total'),
      pages: reply.headers.get('x-wp-totalpages'),
      link: reply.headers.get('link'),
      ids: (reply.body as { id: number }[]).map((product) => product.id),
    };
  };

  it('counts the pages of a partial last one and links prev and next only, the keys left out', async () => {
    const ids = seed('Folio', 5);
    const query = 'per_page=2&search=folio&orderby=id&order=asc';
    const url = (n: number) => `<${api()}/products?${query}&page=${n}>`;
    const keys = `&consumer_key=${sandbox.consumerKey}&consumer_secret=${sandbox.consumerSecret}`;
    expect(await page(`${query}&page=1${keys}`)).toEqual({
      total: '5',
      pages: '3',
      link: `${url(2)}; rel="next"`,
      ids: ids.slice(0, 2),
    });
    expect(await page(`page=2&${query}`)).toEqual({
      total: '5',
      pages: '3',
      link: `${url(1)}; rel="prev", ${url(3)}; rel="next"`,
      ids: ids.slice(2, 4),
    });
    expect((await page(`${query}&page=3`)).link).toBe(`${url(2)}; rel="prev"`);
  });

  it('points prev at the last page from past it, and sends no Link for a single page', async () => {
    const ids = seed('Quire', 3);
    const query = 'search=quire&per_page=2';
    expect(await page(`${query}&page=9`)).toEqual({
      total: '3',
      pages: '2',
      link: `<${api()}/products?${query}&page=2>; rel="prev"`,
      ids: [],
    });
    expect(await page('search=quire&orderby=id&order=asc')).toEqual({
      total: '3',
      pages: '1',
      link: null,
      ids,
    });
  });

  it('pages an empty list as WooCommerce does: no pages, no Link, and prev page 0 past it', async () => {
    expect(await page('search=nothing-is-called-this')).toEqual({
      total: '0',
      pages: '0',
      link: null,
      ids: [],
    });
    expect((await page('search=nothing-is-called-this&page=2')).link).toBe(
      `<${api()}/products?search=nothing-is-called-this&page=0>; rel="prev"`,
    );
  });
});
