import { createHash } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solidPng } from '@podflow/sandbox/sandbox-kit';
import { startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFailure, useSandbox } from './test-kit.ts';
import { type WooClientOptions, wooApiBase, wooClient } from './woocommerce.ts';

const red = solidPng(30, 20, [200, 40, 40]);
const blue = solidPng(20, 20, [40, 40, 200]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const env = useSandbox(() => startWooSandbox());

/** Where the store downloads mockups from, as it would from PodFlow's signed URLs. */
let cdn: Server;
let cdnUrl: string;
beforeAll(async () => {
  cdn = createServer((request, response) => {
    const file = { '/red.png': red, '/blue.png': blue }[request.url ?? ''];
    if (file) response.writeHead(200, { 'content-type': 'image/png' }).end(file);
    else response.writeHead(404).end('Not Found');
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => cdn.close(resolve)));

function client(change: Partial<WooClientOptions> = {}) {
  const { url, consumerKey, consumerSecret } = env.sandbox;
  return wooClient({ storeUrl: url, consumerKey, consumerSecret, ...env.transport, ...change });
}

const batchRequests = () =>
  env.sandbox.requests.filter((r) => r.path.startsWith('/wp-json/wc/v3/products/batch'));

describe('wooClient against the WooCommerce sandbox', () => {
  it('proves the keys with one cheap read, signed with OAuth 1.0a over http (the secret never sent)', async () => {
    await client().checkAccess();
    const [request] = env.sandbox.requests;
    const url = new URL(request!.path, env.sandbox.url);
    expect(request!.method).toBe('GET');
    expect(url.pathname).toBe('/wp-json/wc/v3/products');
    expect(url.searchParams.get('per_page')).toBe('1');
    expect(url.searchParams.get('oauth_consumer_key')).toBe(env.sandbox.consumerKey);
    expect(url.searchParams.get('oauth_signature_method')).toBe('HMAC-SHA256');
    expect(request!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(request)).not.toContain(env.sandbox.consumerSecret);
    expect(env.sandbox.requests).toHaveLength(1);
  });

  it('creates a product with tags by id and images by URL, which the store downloads', async () => {
    const woo = client();
    const tags = await woo.ensureTags(['Retro', 'Sunset']);
    const before = env.sandbox.downloads;
    const product = await woo.createProduct({
      name: 'Retro Sunset Tee',
      description: '<p>A sunset.</p>',
      tags: [...tags.values()].map((id) => ({ id })),
      images: [{ src: `${cdnUrl}/red.png`, alt: 'Front', name: 'podflow-mockup-1' }],
    });
    expect(product.tags.map((tag) => tag.name)).toEqual(['Retro', 'Sunset']);
    expect(product.images[0]).toMatchObject({ alt: 'Front', name: 'podflow-mockup-1' });
    expect(product.images[0]!.src.startsWith(env.sandbox.url)).toBe(true);
    expect(env.sandbox.downloads - before).toBe(1);
    expect(env.sandbox.product(product.id)!.images[0]!.sha256).toBe(sha256(red));
    expect(await woo.getProduct(product.id)).toEqual(product);
  });

  it('replaces the image set on update, reusing an attachment by id without downloading it again', async () => {
    const id = env.sandbox.createProduct({
      name: 'Two-image tee',
      images: [{ bytes: red }, { bytes: blue }],
    });
    const [front, back] = env.sandbox.product(id)!.images;
    const before = env.sandbox.downloads;
    const updated = await client().updateProduct(id, {
      images: [{ id: back!.id }, { src: `${cdnUrl}/red.png` }],
    });
    expect(updated.images[0]!.id).toBe(back!.id);
    expect(updated.images.map((image) => image.id)).not.toContain(front!.id);
    expect(env.sandbox.product(id)!.images.map((image) => image.sha256)).toEqual([sha256(blue), sha256(red)]);
    expect(env.sandbox.downloads - before).toBe(1);
  });

  it("names the store's reason when it cannot download an image, and leaves the product as it was", async () => {
    const id = env.sandbox.createProduct({ name: 'Keeps its mockup', images: [{ bytes: blue }] });
    const before = env.sandbox.product(id);
    const error = await providerFailure(
      client().updateProduct(id, { name: 'Changed', images: [{ src: `${cdnUrl}/gone.png` }] }),
    );
    expect(error).toMatchObject({
      provider: 'WooCommerce',
      status: 400,
      code: 'woocommerce_product_image_upload_error',
      retryable: false,
    });
    expect(error.message).toContain(`Error getting remote image ${cdnUrl}/gone.png`);
    expect(env.sandbox.product(id)).toEqual(before);
  });

  it('lists a page with its totals, and reads many products by id in pages of 100', async () => {
    const ids = Array.from({ length: 150 }, (_, n) => env.sandbox.createProduct({ name: `Bulk ${n}` }));
    const woo = client();
    env.sandbox.requests.length = 0;
    const found = await woo.productsById([...ids, ids[0]!, 999_999]);
    expect([...found.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect(found.get(ids[7]!)?.name).toBe('Bulk 7');
    const reads = env.sandbox.requests.map((r) => new URL(r.path, env.sandbox.url).searchParams);
    expect(reads.map((query) => query.get('include')!.split(',').length)).toEqual([100, 51]);
    expect(reads.every((query) => query.get('per_page') === '100')).toBe(true);

    const page = await woo.listProducts({ perPage: 7, page: 2 });
    expect(page.products).toHaveLength(7);
    expect(page.total).toBeGreaterThanOrEqual(150);
    expect(page.totalPages).toBe(Math.ceil(page.total / 7));
    const few = await woo.listProducts({ include: [ids[3]!, ids[4]!] });
    expect(few).toMatchObject({ total: 2, totalPages: 1 });
    env.sandbox.requests.length = 0;
    expect(await woo.listProducts({ include: [] })).toEqual({ products: [], total: 0, totalPages: 0 });
    expect(env.sandbox.requests).toEqual([]);
  });
});

describe('wooClient batches', () => {
  it('splits 250 updates into 3 requests and answers each item in order, errors included', async () => {
    const ids = Array.from({ length: 250 }, (_, n) => env.sandbox.createProduct({ name: `Batch ${n}` }));
    const update = ids.map((id) => ({ id, name: `Renamed ${id}` }));
    update[120] = { id: 999_999, name: 'Nobody' };
    const result = await client().batchProducts({ update });
    expect(batchRequests().map((r) => (r.body as { update: unknown[] }).update.length)).toEqual([
      100, 100, 50,
    ]);
    expect(result.create).toEqual([]);
    expect(result.update).toHaveLength(250);
    expect(result.update[120]).toEqual({
      id: 999_999,
      error: { code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.', status: 404 },
    });
    for (const k of [0, 119, 121, 249])
      expect(result.update[k]).toMatchObject({ id: ids[k], name: `Renamed ${ids[k]}` });
  });

  it('sends creates, updates and deletes together within the limit', async () => {
    const keep = env.sandbox.createProduct({ name: 'Batch keep' });
    const drop = env.sandbox.createProduct({ name: 'Batch drop' });
    const result = await client().batchProducts({
      create: [{ name: 'Batch made' }],
      update: [{ id: keep, status: 'draft' }],
      delete: [drop, 999_998],
    });
    expect(batchRequests()).toHaveLength(1);
    expect(result.create[0]).toMatchObject({ name: 'Batch made', status: 'publish' });
    expect(result.update[0]).toMatchObject({ id: keep, status: 'draft' });
    expect(result.delete[0]).toMatchObject({ id: drop });
    expect(result.delete[1]).toMatchObject({ id: 999_998, error: { status: 404 } });
    expect(env.sandbox.product(drop)).toBeUndefined();
  });

  it('does not repeat a batch that creates after a 500, but repeats one of updates only', async () => {
    const woo = client();
    env.sandbox.failNext('server_error');
    const error = await providerFailure(woo.batchProducts({ create: [{ name: 'Maybe made' }] }));
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(batchRequests()).toHaveLength(1);
    expect(env.sleeps).toEqual([]);

    const id = env.sandbox.createProduct({ name: 'Retried' });
    env.sandbox.failNext('server_error');
    const result = await woo.batchProducts({ update: [{ id, name: 'Retried once' }] });
    expect(result.update[0]).toMatchObject({ name: 'Retried once' });
    expect(batchRequests()).toHaveLength(3);
  });
});

describe('wooClient tags', () => {
  it('finds existing tags by slug and any-case name, creating only the missing ones', async () => {
    env.sandbox.createProduct({ name: 'Tagged', tags: ['Cats', 'Cats & Dogs'] });
    env.sandbox.requests.length = 0;
    const ids = await client().ensureTags(['cats', 'Cats & Dogs', 'Space Whales', ' space  whales ', '']);
    const creates = env.sandbox.requests.filter((r) => r.method === 'POST');
    expect(creates.map((r) => r.body)).toEqual([{ name: 'Space Whales' }]);
    // One slug a request (wc/v3's slug filter takes one): three slugs, three reads.
    const slugs = env.sandbox.requests
      .filter((r) => r.method === 'GET')
      .map((r) => new URL(r.path, env.sandbox.url).searchParams.getAll('slug'));
    expect(slugs).toEqual([['cats'], ['cats-dogs'], ['space-whales']]);
    expect([...ids.keys()]).toEqual(['cats', 'Cats & Dogs', 'Space Whales', ' space  whales ']);
    expect(ids.get('Space Whales')).toBe(ids.get(' space  whales '));
    const tagged = env.sandbox.product(env.sandbox.createProduct({ name: 'Probe', tags: ['CATS'] }))!;
    expect(ids.get('cats')).toBe(tagged.tags[0]!.id);
    expect(new Set(ids.values()).size).toBe(3);
  });

  it('finds 13 existing tags with 13 reads and no failing request', async () => {
    const names = ['Retro', 'Sunset', 'Cats & Dogs', 'Mom Life', 'Coffee', 'Vintage', 'Beach'];
    names.push('Summer', 'Gift Idea', 'Funny', 'Hiking', 'Café', 'Space Whales 2');
    const seeded = env.sandbox.product(env.sandbox.createProduct({ name: 'Thirteen', tags: names }))!;
    env.sandbox.requests.length = 0;
    const statuses: number[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const ids = await client({ fetch: recording }).ensureTags(names.map((name) => name.toUpperCase()));
    expect(statuses).toEqual(Array(13).fill(200));
    expect(env.sandbox.requests.every((r) => r.method === 'GET')).toBe(true);
    expect([...ids.values()].sort()).toEqual(seeded.tags.map((tag) => tag.id).sort());
  });

  it('takes the resource_id of term_exists when the tag appears between lookup and create', async () => {
    let racedId: number | undefined;
    const racing: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (racedId === undefined && init?.method === 'POST' && url.pathname.endsWith('/products/tags')) {
        // Another writer (Printify's own channel) tags a product with it first.
        const rival = env.sandbox.createProduct({ name: 'Rival', tags: ['Race Day'] });
        racedId = env.sandbox.product(rival)!.tags[0]!.id;
      }
      return fetch(input, init);
    };
    const ids = await client({ fetch: racing }).ensureTags(['Race Day']);
    expect(racedId).toBeGreaterThan(0);
    expect(ids.get('Race Day')).toBe(racedId);
    const creates = env.sandbox.requests.filter((r) => r.method === 'POST');
    expect(creates.map((r) => r.body)).toEqual([{ name: 'Race Day' }]);
  });
});

describe('wooClient errors and retries', () => {
  it('reports a wrong secret (over http, a signature that does not match) as a 401 with its reason, never the keys', async () => {
    const error = await providerFailure(client({ consumerSecret: 'cs_wrong_secret_123' }).checkAccess());
    expect(error).toMatchObject({ provider: 'WooCommerce', status: 401, retryable: false });
    expect(error.message).toBe(
      'WooCommerce answered GET /wp-json/wc/v3/products with HTTP 401, ' +
        'code woocommerce_rest_authentication_error: Invalid signature - provided signature does not match.',
    );
  });

  it('redacts the keys from an error message that echoes them', async () => {
    const { consumerKey, consumerSecret } = env.sandbox;
    env.sandbox.failNext({
      status: 400,
      body: {
        code: 'bad_request',
        message: `Refused ${consumerKey}:${consumerSecret}`,
        data: { status: 400 },
      },
    });
    const error = await providerFailure(client().getProduct(1));
    const seen = `${error.message} ${JSON.stringify(error)}`;
    expect(seen).toContain('Refused [redacted]:[redacted]');
    expect(seen).not.toContain(consumerKey);
    expect(seen).not.toContain(consumerSecret);
  });

  it('waits out a 429 as told, then succeeds', async () => {
    const id = env.sandbox.createProduct({ name: 'Throttled' });
    env.sandbox.failNext('rate_limit');
    expect((await client().getProduct(id)).name).toBe('Throttled');
    expect(env.sandbox.requests).toHaveLength(2);
    expect(env.sleeps).toEqual([20]);
  });

  it('repeats an update after a 500 but never a create', async () => {
    const id = env.sandbox.createProduct({ name: 'Flaky' });
    env.sandbox.failNext('server_error');
    expect((await client().updateProduct(id, { name: 'Steady' })).name).toBe('Steady');
    expect(env.sandbox.requests).toHaveLength(2);
    env.sandbox.requests.length = 0;
    env.sandbox.failNext('server_error');
    const error = await providerFailure(client().createProduct({ name: 'Once' }));
    expect(error).toMatchObject({ status: 500, code: 'internal_server_error', retryable: true });
    expect(env.sandbox.requests).toHaveLength(1);
  });
});

describe('wooApiBase', () => {
  it('appends /wp-json/wc/v3 to the store URL, sub-path and trailing slash included', async () => {
    expect(wooApiBase('https://shop.example.com')).toBe('https://shop.example.com/wp-json/wc/v3');
    expect(wooApiBase(' https://example.com/store/ ')).toBe('https://example.com/store/wp-json/wc/v3');
    expect(wooApiBase('https://example.com/store/wp-json/wc/v3/')).toBe(
      'https://example.com/store/wp-json/wc/v3',
    );
    const seen: string[] = [];
    const recording: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    };
    await client({ storeUrl: 'https://example.com/store/?lang=en', fetch: recording }).checkAccess();
    expect(seen).toEqual(['https://example.com/store/wp-json/wc/v3/products?per_page=1']);
  });

  it('refuses a URL that is not http(s) or that holds credentials', () => {
    expect(() => client({ storeUrl: 'ftp://shop.example.com' })).toThrow(TypeError);
    expect(() => client({ storeUrl: 'https://user:pass@shop.example.com' })).toThrow(TypeError);
    expect(() => client({ storeUrl: 'shop.example.com' })).toThrow(TypeError);
  });
});
