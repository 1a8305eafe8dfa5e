import { createHash } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solidPng } from './sandbox-kit.ts';
import { type WooProduct, type WooSandbox, startWooSandbox } from './woocommerce-sandbox.ts';

type Reply = { status: number; headers: Headers; body: Record<string, unknown> & { [key: string]: unknown } };
type Auth = 'basic' | 'query' | 'none' | { key: string; secret: string };

const red = solidPng(40, 30, [220, 30, 30]);
const blue = solidPng(20, 20, [30, 30, 220]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let sandbox: WooSandbox;
/** A tiny image host the sandbox downloads from, as a CDN would serve PodFlow's mockups. */
let images: Server;
let imagesUrl: string;
/** An address where nothing listens. */
let refusedUrl: string;

beforeAll(async () => {
  sandbox = await startWooSandbox({ batchLimit: 5 });
  images = createServer((request, response) => {
    const files: Record<string, [string, Buffer]> = {
      '/red.png': ['image/png', red],
      '/blue': ['image/png', blue],
      '/notes.txt': ['text/plain', Buffer.from('not an image')],
    };
    const file = files[request.url ?? ''];
    if (!file) return void response.writeHead(404).end('Not Found');
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  imagesUrl = await listenOn(images);
  const closed = createServer();
  refusedUrl = await listenOn(closed);
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => images.close(resolve));
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

async function listenOn(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A JSON call to /wp-json/wc/v3 as a client makes it, with the sandbox's keys unless told otherwise,
 * through a TLS-terminating proxy (X-Forwarded-Proto: https), as WooCommerce takes keys only over SSL.
 */
async function call(method: string, path: string, body?: unknown, auth: Auth = 'basic'): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-proto': 'https' };
  const url = new URL(`${sandbox.url}/wp-json/wc/v3${path}`);
  const keys = typeof auth === 'object' ? auth : { key: sandbox.consumerKey, secret: sandbox.consumerSecret };
  if (auth === 'basic' || typeof auth === 'object') {
    headers.authorization = `Basic ${Buffer.from(`${keys.key}:${keys.secret}`).toString('base64')}`;
  } else if (auth === 'query') {
    url.searchParams.set('consumer_key', keys.key);
    url.searchParams.set('consumer_secret', keys.secret);
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const init = { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) };
  const response = await fetch(url, init);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Reply['body'],
  };
}

const product = (reply: Reply) => reply.body as unknown as WooProduct;
const list = (reply: Reply) => reply.body as unknown as WooProduct[];

describe('auth', () => {
  it('takes the keys as Basic auth or as query parameters', async () => {
    const id = sandbox.createProduct({ name: 'Auth probe' });
    expect(await call('GET', `/products/${id}`, undefined, 'basic')).toMatchObject({
      status: 200,
      body: { id },
    });
    expect(await call('GET', `/products/${id}`, undefined, 'query')).toMatchObject({
      status: 200,
      body: { id },
    });
  });

  it("answers WooCommerce's 401 bodies for an unknown key, a wrong secret, and no keys at all", async () => {
    // Basic auth with an unknown key sets no error: the request goes on as nobody's.
    const wrongKey = await call('GET', '/products', undefined, {
      key: 'ck_nope',
      secret: sandbox.consumerSecret,
    });
    expect(wrongKey).toMatchObject({
      status: 401,
      body: {
        code: 'woocommerce_rest_cannot_view',
        message: 'Sorry, you cannot list resources.',
        data: { status: 401 },
      },
    });
    const wrongSecret = await call('GET', '/products', undefined, {
      key: sandbox.consumerKey,
      secret: 'cs_nope',
    });
    expect(wrongSecret).toMatchObject({ status: 401, body: { message: 'Consumer secret is invalid.' } });
    expect(await call('GET', '/products', undefined, 'none')).toMatchObject({
      status: 401,
      body: { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.' },
    });
    expect(await call('POST', '/products', { name: 'x' }, 'none')).toMatchObject({
      status: 401,
      body: { code: 'woocommerce_rest_cannot_create' },
    });
  });

  it('answers rest_no_route for an unknown route, and Invalid ID. for an unknown product', async () => {
    expect(await call('GET', '/orders/nope', undefined, 'none')).toMatchObject({
      status: 404,
      body: { code: 'rest_no_route', data: { status: 404 } },
    });
    expect(await call('GET', '/products/999999')).toMatchObject({
      status: 404,
      body: { code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.', data: { status: 404 } },
    });
    expect(await call('PUT', '/products/999999', { name: 'x' })).toMatchObject({ status: 404 });
  });
});

describe('products', () => {
  it('creates a product with 201 and a Location, money and empty fields as strings, dates without a zone', async () => {
    const reply = await call('POST', '/products', { name: 'Retro Cat Tee', regular_price: '21.99' });
    expect(reply.status).toBe(201);
    const created = product(reply);
    expect(reply.headers.get('location')).toBe(`${sandbox.url}/wp-json/wc/v3/products/${created.id}`);
    expect(created).toMatchObject({
      name: 'Retro Cat Tee',
      slug: 'retro-cat-tee',
      status: 'publish',
      type: 'simple',
      price: '21.99',
      regular_price: '21.99',
      sale_price: '',
      sku: '',
      description: '',
      images: [],
      permalink: `${sandbox.url}/product/retro-cat-tee/`,
    });
    expect(created.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect((await call('GET', `/products/${created.id}`)).body).toEqual(created);
  });

  it('refuses bad JSON and wrongly typed fields, naming each parameter', async () => {
    expect(await call('POST', '/products', '{"name": ')).toMatchObject({
      status: 400,
      body: { code: 'rest_invalid_json' },
    });
    const reply = await call('POST', '/products', { name: 7, status: 'live', tags: [{ id: 'x' }] });
    expect(reply).toMatchObject({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): name, status, tags',
        data: {
          status: 400,
          params: {
            name: 'name is not of type string.',
            status: 'status is not one of draft, pending, private, publish, future.',
            tags: 'tags[0][id] is not of type integer.',
          },
        },
      },
    });
  });

  it('updates by PUT, PATCH or POST, keeps meta_data by key, and deletes to the trash or for good', async () => {
    const id = sandbox.createProduct({ name: 'Editable' });
    await call('PUT', `/products/${id}`, { meta_data: [{ key: 'seo', value: 'one' }] });
    await call('PATCH', `/products/${id}`, { description: '<p>Hi</p>' });
    const updated = product(
      await call('POST', `/products/${id}`, { meta_data: [{ key: 'seo', value: 'two' }] }),
    );
    expect(updated.description).toBe('<p>Hi</p>');
    expect(updated.meta_data).toEqual([{ id: expect.any(Number), key: 'seo', value: 'two' }]);
    expect(product(await call('DELETE', `/products/${id}`)).status).toBe('trash');
    expect((await call('GET', `/products/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/products/${id}?force=true`)).status).toBe(200);
    expect((await call('GET', `/products/${id}`)).status).toBe(404);
  });

  it('pages the list with X-WP-Total, X-WP-TotalPages and Link, and reads many by include', async () => {
    const ids = ['Pager A', 'Pager B', 'Pager C'].map((name) => sandbox.createProduct({ name }));
    const all = await call('GET', '/products?per_page=1&page=2&search=pager&orderby=id&order=asc');
    expect(list(all).map((p) => p.id)).toEqual([ids[1]]);
    expect(all.headers.get('x-wp-total')).toBe('3');
    expect(all.headers.get('x-wp-totalpages')).toBe('3');
    const link = all.headers.get('link') ?? '';
    expect(link).toContain('page=1>; rel="prev"');
    expect(link).toContain('page=3>; rel="next"');
    expect(link).toContain('search=pager');
    const picked = await call('GET', `/products?include=${ids[2]},${ids[0]}&orderby=include`);
    expect(list(picked).map((p) => p.id)).toEqual([ids[2], ids[0]]);
    expect(list(await call('GET', '/products?include=&search=pager'))).toHaveLength(3);
    expect(await call('GET', '/products?per_page=101')).toMatchObject({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        data: { params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' } },
      },
    });
  });

  it('refuses a duplicate SKU with the product that holds it', async () => {
    const first = product(await call('POST', '/products', { name: 'SKU one', sku: 'PF-SKU-1' }));
    const again = await call('POST', '/products', { name: 'SKU two', sku: 'PF-SKU-1' });
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'product_invalid_sku', data: { resource_id: first.id } },
    });
  });
});

describe('images', () => {
  it('downloads an image src into a new attachment with a local src, keeping alt and name', async () => {
    const before = sandbox.downloads;
    const reply = await call('POST', '/products', {
      name: 'Sideloaded',
      images: [
        { src: `${imagesUrl}/red.png`, alt: 'Front', name: 'podflow-front' },
        { src: `${imagesUrl}/blue` },
      ],
    });
    expect(reply.status).toBe(201);
    const [front, back] = product(reply).images;
    expect(front).toMatchObject({ alt: 'Front', name: 'podflow-front' });
    expect(front!.src).toBe(`${sandbox.url}/wp-content/uploads/${front!.id}/red.png`);
    expect(back).toMatchObject({ alt: '', name: 'blue.png' });
    expect(sandbox.downloads - before).toBe(2);
    const served = await fetch(front!.src);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(red)).toBe(true);
    expect(sandbox.product(product(reply).id)!.images.map((image) => image.sha256)).toEqual([
      sha256(red),
      sha256(blue),
    ]);
  });

  it('answers woocommerce_product_image_upload_error and leaves the product as it was when a src fails', async () => {
    const id = sandbox.createProduct({ name: 'Keeps its image', images: [{ bytes: blue, alt: 'Blue' }] });
    const before = sandbox.product(id);
    for (const src of [`${imagesUrl}/missing.png`, `${refusedUrl}/red.png`, `${imagesUrl}/notes.txt`]) {
      const reply = await call('PUT', `/products/${id}`, { name: 'Renamed', images: [{ src }] });
      expect(reply).toMatchObject({
        status: 400,
        body: { code: 'woocommerce_product_image_upload_error', data: { status: 400 } },
      });
      expect(sandbox.product(id)).toEqual(before);
    }
    const notFound = await call('PUT', `/products/${id}`, { images: [{ src: `${imagesUrl}/missing.png` }] });
    expect(notFound.body.message).toBe(
      `Error getting remote image ${imagesUrl}/missing.png. Error: the server answered 404`,
    );
    const refused = await call('POST', '/products', {
      name: 'Never made',
      images: [{ src: `${refusedUrl}/a.png` }],
    });
    expect(refused.status).toBe(400);
    const names = list(await call('GET', '/products?search=never%20made')).map((p) => p.name);
    expect(names).toEqual([]);
  });

  it('replaces the image set on update: {id} reuses an attachment, [] removes them all', async () => {
    const id = sandbox.createProduct({ name: 'Two images', images: [{ bytes: red }, { bytes: blue }] });
    const [first, second] = sandbox.product(id)!.images;
    const downloads = sandbox.downloads;
    const swapped = product(
      await call('PUT', `/products/${id}`, { images: [{ id: second!.id, alt: 'Now first' }] }),
    );
    const { sha256: _, ...kept } = second!;
    expect(swapped.images).toEqual([{ ...kept, alt: 'Now first' }]);
    expect(sandbox.product(id)!.images.map((image) => image.id)).not.toContain(first!.id);
    expect(sandbox.downloads).toBe(downloads);
    expect(product(await call('PUT', `/products/${id}`, { images: [] })).images).toEqual([]);
    expect(await call('PUT', `/products/${id}`, { images: [{ id: 987654 }] })).toMatchObject({
      status: 400,
      body: { code: 'woocommerce_product_invalid_image_id', message: '#987654 is an invalid image ID.' },
    });
  });
});

describe('tags', () => {
  it('creates a tag with 201, and answers term_exists with resource_id for the same name in any case', async () => {
    const created = await call('POST', '/products/tags', { name: 'Sunset Vibes' });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Sunset Vibes', slug: 'sunset-vibes', count: 0 },
    });
    const again = await call('POST', '/products/tags', { name: 'sunset vibes' });
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'term_exists', data: { status: 400, resource_id: created.body.id } },
    });
    const bySlug = await call('GET', '/products/tags?slug=sunset-vibes');
    expect((bySlug.body as unknown as { id: number }[]).map((tag) => tag.id)).toEqual([created.body.id]);
    expect(bySlug.headers.get('x-wp-total')).toBe('1');
    // wc/v3's slug is one string: "a,b" is sanitized to the slug "ab", so a list finds nothing.
    await call('POST', '/products/tags', { name: 'Moon' });
    const listed = await call('GET', '/products/tags?slug=sunset-vibes,moon');
    expect(listed).toMatchObject({ status: 200, body: [] });
    expect(listed.headers.get('x-wp-total')).toBe('0');
    const sanitized = await call('GET', `/products/tags?slug=${encodeURIComponent(' Sunset Vibes! ')}`);
    expect((sanitized.body as unknown as { id: number }[]).map((tag) => tag.id)).toEqual([created.body.id]);
    expect(await call('GET', '/products/tags?slug[]=moon')).toMatchObject({
      status: 400,
      body: { code: 'rest_invalid_param', data: { params: { slug: 'slug is not of type string.' } } },
    });
    expect((await call('GET', `/products/tags/${String(created.body.id)}`)).body).toMatchObject({
      name: 'Sunset Vibes',
    });
    expect(await call('GET', '/products/tags/999999')).toMatchObject({
      status: 404,
      body: { code: 'woocommerce_rest_term_invalid' },
    });
  });

  it('stores names as WordPress does (& as an entity) and slugs without punctuation', async () => {
    expect((await call('POST', '/products/tags', { name: ' Cats  & Dogs ' })).body).toMatchObject({
      name: 'Cats &amp; Dogs',
      slug: 'cats-dogs',
    });
    expect(await call('POST', '/products/tags', { name: 'cats & dogs' })).toMatchObject({ status: 400 });
    expect((await call('POST', '/products/tags', { name: "Mom's Gift" })).body).toMatchObject({
      slug: 'moms-gift',
    });
  });

  it('links tags to products by id only: a name alone and an unknown id are ignored', async () => {
    const tag = (await call('POST', '/products/tags', { name: 'Cats' })).body as { id: number };
    const reply = await call('POST', '/products', {
      name: 'Tagged',
      tags: [{ id: tag.id }, { name: 'Hounds' }, { id: 999999 }],
    });
    expect(product(reply).tags).toEqual([{ id: tag.id, name: 'Cats', slug: 'cats' }]);
    const hounds = await call('GET', '/products/tags?search=hounds');
    expect(hounds.body).toEqual([]);
  });
});

describe('batch', () => {
  it('answers per-item errors inside a 200, in request order', async () => {
    const id = sandbox.createProduct({ name: 'Batch target' });
    const gone = sandbox.createProduct({ name: 'Batch victim' });
    const reply = await call('POST', '/products/batch', {
      create: [{ name: 'Batch new' }, { name: 'Batch bad', images: [{ src: `${imagesUrl}/missing.png` }] }],
      update: [
        { id: 999999, name: 'x' },
        { id, name: 'Batch renamed' },
      ],
      delete: [gone],
    });
    expect(reply.status).toBe(200);
    const body = reply.body as unknown as Record<'create' | 'update' | 'delete', Record<string, unknown>[]>;
    expect(body.create[0]).toMatchObject({ name: 'Batch new' });
    expect(body.create[1]).toMatchObject({
      id: 0,
      error: { code: 'woocommerce_product_image_upload_error', data: { status: 400 } },
    });
    expect(body.update[0]).toMatchObject({
      id: 999999,
      error: { code: 'woocommerce_rest_product_invalid_id' },
    });
    expect(body.update[1]).toMatchObject({ id, name: 'Batch renamed' });
    expect(body.delete[0]).toMatchObject({ id: gone, name: 'Batch victim' });
    expect(sandbox.product(gone)).toBeUndefined();
  });

  it('refuses more items than the batch limit with 413', async () => {
    const reply = await call('POST', '/products/batch', { create: [{}, {}], delete: [1, 2, 3, 4] });
    expect(reply).toMatchObject({
      status: 413,
      body: {
        code: 'woocommerce_rest_request_entity_too_large',
        message: 'Unable to accept more than 5 items for this request.',
      },
    });
    expect(sandbox.requests).toHaveLength(1);
  });
});

describe('faults', () => {
  it("answers queued faults in WooCommerce's error shape, then normally again", async () => {
    sandbox.failNext('rate_limit');
    sandbox.failNext('server_error');
    sandbox.failNext('unauthorized');
    const limited = await call('GET', '/products');
    expect(limited).toMatchObject({ status: 429, body: { data: { status: 429 } } });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await call('GET', '/products')).toMatchObject({
      status: 500,
      body: { code: 'internal_server_error' },
    });
    expect(await call('GET', '/products')).toMatchObject({
      status: 401,
      body: { code: 'woocommerce_rest_authentication_error' },
    });
    expect((await call('GET', '/products')).status).toBe(200);
    expect(sandbox.requests.map((request) => request.path)).toEqual(Array(4).fill('/wp-json/wc/v3/products'));
  });
});
