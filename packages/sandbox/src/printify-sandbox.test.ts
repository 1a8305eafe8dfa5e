import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PrintifySandbox, startPrintifySandbox } from './printify-sandbox.ts';
import { solidPng } from './sandbox-kit.ts';

type Reply = { status: number; headers: Headers; body: Record<string, unknown> & { [key: string]: unknown } };
type Product = {
  id: string;
  title: string;
  is_locked: boolean;
  external?: { id: string; handle: string };
  blueprint_id: number;
  variants: { id: number; price: number; is_enabled: boolean }[];
  print_areas: {
    variant_ids: number[];
    placeholders: { position: string; images: Record<string, unknown>[] }[];
  }[];
  images: { src: string; variant_ids: number[] }[];
  created_at: string;
};

let sandbox: PrintifySandbox;
let etsyShop: number;
let apiShop: number;
let design: string;

beforeAll(async () => {
  // Its own preview URLs are on loopback: fetched here as they would be from a public host.
  sandbox = await startPrintifySandbox({ publishDelayMs: 40, fetchesLocalUrls: true });
  [etsyShop, apiShop] = sandbox.shops.map((shop) => shop.id) as [number, number];
  design = (await call('POST', '/uploads/images.json', { file_name: 'cat.png', contents: png(400, 300) }))
    .body.id as string;
});
afterAll(() => sandbox.close());

/** A JSON call as a client makes it, with the sandbox's token unless told otherwise. */
async function call(method: string, path: string, body?: unknown, token = sandbox.token): Promise<Reply> {
  const headers: Record<string, string> = { 'user-agent': 'podflow-test' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sandbox.url}/v1${path}`, { method, headers, body: JSON.stringify(body) });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Reply['body'],
  };
}
const png = (width: number, height: number) => solidPng(width, height, [10, 20, 30]).toString('base64');
const product = (reply: Reply) => reply.body as unknown as Product;
const productPath = (shop: number, id: string, suffix = '') => `/shops/${shop}/products/${id}${suffix}.json`;

/** A valid create body: two tee variants enabled, the design on the front of both. */
function teeBody(change: Record<string, unknown> = {}) {
  return {
    title: 'Retro Sunset Cat Tee',
    description: '<p>A cat at sunset.</p>',
    tags: ['cat', 'retro'],
    blueprint_id: 6,
    print_provider_id: 99,
    variants: [
      { id: 12100, price: 2499, is_enabled: true },
      { id: 12101, price: 2499 },
    ],
    print_areas: [
      {
        variant_ids: [12100, 12101],
        placeholders: [{ position: 'front', images: [{ id: design, x: 0.5, y: 0.5, scale: 1, angle: 0 }] }],
      },
    ],
    ...change,
  };
}
const allTeeVariants = [12100, 12101, 12102, 12103, 12110, 12111, 12112, 12113, 12120, 12121, 12122, 12123];

describe('auth', () => {
  it('answers 401 {} without the token or with a wrong one, and counts the limit on success', async () => {
    expect(await call('GET', '/shops.json', undefined, '')).toMatchObject({ status: 401, body: {} });
    expect(await call('GET', '/shops.json', undefined, 'nope')).toMatchObject({ status: 401, body: {} });
    const ok = await call('GET', '/shops.json');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('600');
    expect(Number(ok.headers.get('x-ratelimit-remaining'))).toBeLessThan(600);
  });

  it('answers 401 {} for a shop the token cannot reach, and 404 for an unknown route', async () => {
    expect(await call('GET', '/shops/999/products.json')).toMatchObject({ status: 401, body: {} });
    expect(await call('GET', '/nothing.json')).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });
});

describe('seed data', () => {
  it('lists an Etsy shop, a custom integration shop and Shopify and WooCommerce stores', async () => {
    const { body } = await call('GET', '/shops.json');
    expect(body).toEqual([
      { id: etsyShop, title: 'PodFlow Etsy Shop', sales_channel: 'etsy' },
      { id: apiShop, title: 'PodFlow API Shop', sales_channel: 'custom_integration' },
      { id: 8_123_403, title: 'PodFlow Shopify Store', sales_channel: 'shopify' },
      { id: 8_123_404, title: 'PodFlow WooCommerce Store', sales_channel: 'woocommerce' },
    ]);
  });

  it('has a template tee with a 12-variant matrix, a placed front design and mockups', async () => {
    const reply = await call('GET', productPath(etsyShop, sandbox.templateProductId));
    const template = product(reply);
    expect(template.id).toMatch(/^[0-9a-f]{24}$/);
    expect(template.blueprint_id).toBe(6);
    expect(template.variants.map((v) => v.id)).toEqual(allTeeVariants);
    expect(template.variants.filter((v) => v.is_enabled)).toHaveLength(8);
    expect(template.variants.find((v) => v.id === 12103)).toMatchObject({ price: 2699, is_enabled: true });
    const [placeholder] = template.print_areas[0]?.placeholders ?? [];
    expect(placeholder?.position).toBe('front');
    expect(placeholder?.images[0]).toMatchObject({ x: 0.5, y: 0.45, scale: 0.8, angle: 0, width: 1200 });
    expect(sandbox.uploads.get(String(placeholder?.images[0]?.id))?.file_name).toBe(
      'podflow-sample-design.png',
    );
    expect('external' in template).toBe(false);
    const mockup = await fetch(template.images[0]?.src ?? '');
    expect(mockup.headers.get('content-type')).toBe('image/png');
  });

  it('pages the shop products as a Laravel paginator', async () => {
    const { body } = await call('GET', `/shops/${etsyShop}/products.json?page=1&limit=1`);
    expect(body).toMatchObject({ current_page: 1, per_page: 1, from: 1, to: 1, prev_page_url: null });
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.first_page_url).toBe(`${sandbox.url}/v1/shops/${etsyShop}/products.json?page=1`);
    const tooMany = await call('GET', `/shops/${etsyShop}/products.json?limit=51`);
    expect(tooMany.body.errors).toEqual({
      reason: 'limit: The limit may not be greater than 50.',
      code: 8150,
    });
  });
});

describe('uploads', () => {
  it('reads the PNG size and gives the same id for the same bytes, by contents or by URL', async () => {
    const first = await call('POST', '/uploads/images.json', {
      file_name: 'wide.png',
      contents: png(640, 200),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      width: 640,
      height: 200,
      mime_type: 'image/png',
      file_name: 'wide.png',
    });
    expect(first.body.id).toMatch(/^[0-9a-f]{24}$/);
    const again = await call('POST', '/uploads/images.json', {
      file_name: 'other.png',
      contents: png(640, 200),
    });
    expect(again.body.id).toBe(first.body.id);
    const byUrl = await call('POST', '/uploads/images.json', {
      file_name: 'u.png',
      url: first.body.preview_url,
    });
    expect(byUrl.body.id).toBe(first.body.id);
    const other = await call('POST', '/uploads/images.json', {
      file_name: 'tall.png',
      contents: png(200, 640),
    });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('reads the size of a JPEG from its frame header', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x01, 0x2c, 0x01, 0x90, 3, 1, 2, 3, 4, 5, 6]);
    const { body } = await call('POST', '/uploads/images.json', {
      file_name: 'a.jpg',
      contents: jpeg.toString('base64'),
    });
    expect(body).toMatchObject({ mime_type: 'image/jpeg', width: 400, height: 300 });
  });

  it.each([
    [{ contents: png(2, 2) }, 'file_name: The file name field is required.'],
    [{ file_name: 'a.png' }, 'contents: The contents field is required when url is not present.'],
    [
      { file_name: 'a.txt', contents: Buffer.from('just text').toString('base64') },
      'contents: The file must be an image of type: png, jpg, jpeg.',
    ],
    [{ file_name: 'a.png', url: 'ftp://example.com/a.png' }, 'url: The url format is invalid.'],
  ])('refuses %j with a validation error', async (body, reason) => {
    const reply = await call('POST', '/uploads/images.json', body);
    expect(reply).toMatchObject({ status: 400 });
    expect(reply.body).toEqual({
      status: 'error',
      code: 8150,
      message: 'Validation failed.',
      errors: { reason, code: 8150 },
    });
  });

  it('refuses a URL it cannot download', async () => {
    const reply = await call('POST', '/uploads/images.json', {
      file_name: 'a.png',
      url: `${sandbox.url}/nowhere.png`,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toMatchObject({ code: 8150, reason: expect.stringMatching(/^url: .*404/) });
  });

  it('takes base64 contents up to 5 MB and refuses more with 413, pointing at url uploads', async () => {
    const image = solidPng(20, 20, [1, 2, 3]);
    // Bytes after a PNG's end are kept: the file is exactly as large as asked.
    const ofSize = (bytes: number) =>
      Buffer.concat([image, Buffer.alloc(bytes - image.length)]).toString('base64');
    const atLimit = await call('POST', '/uploads/images.json', {
      file_name: 'limit.png',
      contents: ofSize(5 * 1024 * 1024),
    });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.size).toBe(5 * 1024 * 1024);
    const over = await call('POST', '/uploads/images.json', {
      file_name: 'over.png',
      contents: ofSize(5 * 1024 * 1024 + 1),
    });
    expect(over).toMatchObject({
      status: 413,
      body: { error: 'The contents may not be greater than 5 MB: upload larger files by url.' },
    });
  });

  it('refuses a url on this machine or a private network unless told it may fetch those', async () => {
    const strict = await startPrintifySandbox();
    const seeded = strict.uploads.size;
    try {
      for (const url of [
        `${strict.url}/previews/x.png`,
        'http://localhost:8080/a.png',
        'http://10.1.2.3/a.png',
        'http://192.168.0.9/a.png',
        'http://[::1]:9/a.png',
        'http://podflow/a.png',
      ]) {
        const response = await fetch(`${strict.url}/v1/uploads/images.json`, {
          method: 'POST',
          headers: { authorization: `Bearer ${strict.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ file_name: 'a.png', url }),
        });
        expect(response.status, url).toBe(400);
        expect(await response.json()).toMatchObject({
          code: 8150,
          errors: {
            reason: 'url: The image could not be downloaded: the url is not reachable from the internet.',
          },
        });
      }
      expect(strict.uploads.size).toBe(seeded);
    } finally {
      await strict.close();
    }
  });
});

describe('products', () => {
  it('creates a product (200) with the whole variant matrix, enriched print areas and mockups', async () => {
    const reply = await call('POST', `/shops/${etsyShop}/products.json`, teeBody());
    expect(reply.status).toBe(200);
    const created = product(reply);
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/);
    expect(created.variants.map((v) => v.id)).toEqual(allTeeVariants);
    expect(created.variants.filter((v) => v.is_enabled).map((v) => v.id)).toEqual([12100, 12101]);
    expect(created.print_areas[0]?.placeholders[0]?.images[0]).toMatchObject({
      id: design,
      name: 'cat.png',
      width: 400,
      height: 300,
    });
    expect(created.images.length).toBeGreaterThan(0);
    expect('external' in created).toBe(false);
    expect(product(await call('GET', productPath(etsyShop, created.id)))).toEqual(created);
    expect(sandbox.products.get(created.id)?.shop_id).toBe(etsyShop);
  });

  it.each([
    ['print_areas', { print_areas: undefined }, 8150, 'print_areas: The print areas field is required.'],
    ['title', { title: '' }, 8150, 'title: The title field is required.'],
    [
      'a price',
      { variants: [{ id: 12100, is_enabled: true }] },
      8150,
      'variants.0.price: The variants.0.price field is required.',
    ],
    [
      'a foreign variant',
      { variants: [{ id: 33719, price: 999 }] },
      8150,
      'variants.0.id: The selected variants.0.id is invalid.',
    ],
    [
      'an unknown upload',
      {
        print_areas: [
          {
            variant_ids: [12100],
            placeholders: [
              { position: 'front', images: [{ id: 'a'.repeat(24), x: 0.5, y: 0.5, scale: 1, angle: 0 }] },
            ],
          },
        ],
      },
      8150,
      'print_areas.0.placeholders.0.images.0.id: The selected print areas.0.placeholders.0.images.0.id is invalid.',
    ],
    [
      'an unknown blueprint',
      { blueprint_id: 6, print_provider_id: 1 },
      8150,
      'print_provider_id: Print provider #1 does not offer blueprint #6.',
    ],
    [
      'shouting',
      { title: 'BEST CAT TEE EVER Gift' },
      61003,
      'Product is invalid. Title contains excessive caps.',
    ],
  ])('refuses a body with bad %s', async (_what, change, code, reason) => {
    const reply = await call('POST', `/shops/${etsyShop}/products.json`, teeBody(change));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 'error', code, errors: { reason, code } });
  });

  it('answers 422, 404 and 8104 for a malformed, unknown and other-shop product id', async () => {
    expect(await call('GET', productPath(etsyShop, 'abc'))).toMatchObject({
      status: 422,
      body: { error: 'Invalid product ID format.' },
    });
    expect(await call('GET', productPath(etsyShop, 'f'.repeat(24)))).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
    const other = await call('GET', productPath(apiShop, sandbox.templateProductId));
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 8104,
      errors: { reason: expect.stringContaining(`#${apiShop}`) },
    });
  });

  it('updates partially, merges variants by id and keeps the blueprint', async () => {
    const created = product(await call('POST', `/shops/${etsyShop}/products.json`, teeBody()));
    const reply = await call('PUT', productPath(etsyShop, created.id), {
      title: 'Sunset Cat Tee',
      blueprint_id: 68,
      variants: [{ id: 12102, price: 2599, is_enabled: true }],
    });
    expect(reply.status).toBe(200);
    const updated = product(reply);
    expect(updated).toMatchObject({ title: 'Sunset Cat Tee', blueprint_id: 6 });
    expect(updated.variants.filter((v) => v.is_enabled).map((v) => v.id)).toEqual([12100, 12101, 12102]);
    const shouting = await call('PUT', productPath(etsyShop, created.id), { title: 'MY BEST CAT TEE EVER' });
    expect(shouting.body).toMatchObject({ code: 61003 });
  });

  it('refuses print areas on update that do not cover every variant (8251)', async () => {
    const created = product(await call('POST', `/shops/${etsyShop}/products.json`, teeBody()));
    const partial = await call('PUT', productPath(etsyShop, created.id), {
      print_areas: teeBody().print_areas,
    });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ status: 'error', code: 8251, errors: { code: 8251 } });
    const [area] = teeBody().print_areas;
    const full = await call('PUT', productPath(etsyShop, created.id), {
      print_areas: [{ ...area, variant_ids: allTeeVariants }],
    });
    expect(full.status).toBe(200);
  });

  it("refuses an update with variants of another blueprint than the product's (8251)", async () => {
    const created = product(await call('POST', `/shops/${etsyShop}/products.json`, teeBody()));
    const mug = {
      variants: [{ id: 33719, price: 1500, is_enabled: true }],
      print_areas: [
        {
          variant_ids: [33719],
          placeholders: [{ position: 'front', images: [{ id: design, x: 0.5, y: 0.5, scale: 1, angle: 0 }] }],
        },
      ],
    };
    const reply = await call('PUT', productPath(etsyShop, created.id), mug);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: 8251,
      errors: {
        reason: expect.stringMatching(/^Variants do not match selected blueprint and print provider/),
      },
    });
    expect(
      product(await call('GET', productPath(etsyShop, created.id))).variants.some((v) => v.id === 33719),
    ).toBe(false);
  });

  it('deletes a product ({}), after which it is not found', async () => {
    const created = product(await call('POST', `/shops/${etsyShop}/products.json`, teeBody()));
    expect(await call('DELETE', productPath(etsyShop, created.id))).toMatchObject({ status: 200, body: {} });
    expect((await call('GET', productPath(etsyShop, created.id))).status).toBe(404);
  });
});

describe('publishing', () => {
  it('locks a product in the Etsy shop, then unlocks it with external a moment later', async () => {
    const created = product(await call('POST', `/shops/${etsyShop}/products.json`, teeBody()));
    const path = productPath(etsyShop, created.id);
    const publish = { title: true, description: true, images: true, variants: true, tags: true };
    expect(await call('POST', productPath(etsyShop, created.id, '/publish'), publish)).toMatchObject({
      status: 200,
      body: {},
    });
    const during = product(await call('GET', path));
    expect(during.is_locked).toBe(true);
    expect('external' in during).toBe(false);
    const locked = await call('PUT', path, { title: 'Changed' });
    expect(locked.status).toBe(400);
    const after = await vi.waitFor(async () => {
      const published = product(await call('GET', path));
      expect(published.is_locked).toBe(false);
      return published;
    });
    expect(after.external).toMatchObject({
      id: expect.any(String),
      handle: expect.stringContaining(after.external?.id ?? '-'),
    });
  });

  it('keeps a custom-integration product locked until publishing_succeeded sets external', async () => {
    const created = product(await call('POST', `/shops/${apiShop}/products.json`, teeBody()));
    const path = productPath(apiShop, created.id);
    await call('POST', productPath(apiShop, created.id, '/publish'), { title: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(product(await call('GET', path))).toMatchObject({ is_locked: true });
    expect('external' in product(await call('GET', path))).toBe(false);
    const missing = await call('POST', productPath(apiShop, created.id, '/publishing_succeeded'), {});
    expect(missing.body).toMatchObject({
      code: 8150,
      errors: { reason: 'external: The external field is required.' },
    });
    const external = { id: 'shop-42', handle: 'https://shop.example/p/42' };
    const done = await call('POST', productPath(apiShop, created.id, '/publishing_succeeded'), { external });
    expect(done).toMatchObject({ status: 200, body: { product_id: created.id } });
    expect(product(await call('GET', path))).toMatchObject({ is_locked: false, external });
  });

  it('unlocks without external on publishing_failed, which needs a reason', async () => {
    const created = product(await call('POST', `/shops/${apiShop}/products.json`, teeBody()));
    await call('POST', productPath(apiShop, created.id, '/publish'));
    const failed = productPath(apiShop, created.id, '/publishing_failed');
    expect((await call('POST', failed, {})).body).toMatchObject({ code: 8150 });
    expect((await call('POST', failed, { reason: 'Request timed out' })).status).toBe(200);
    const after = product(await call('GET', productPath(apiShop, created.id)));
    expect(after.is_locked).toBe(false);
    expect('external' in after).toBe(false);
  });
});

describe('native store channels', () => {
  it("lists a Shopify shop's product through its channel, again under the same id on republish", async () => {
    const listed: { title: string; known: string | undefined }[] = [];
    const withChannels = await startPrintifySandbox({
      publishDelayMs: 10,
      channels: {
        shopify: async (listing, known) => {
          listed.push({ title: listing.title, known });
          return { id: known ?? '9001', handle: 'https://podflow-demo.myshopify.com/products/retro-cat' };
        },
        woocommerce: async () => {
          throw new Error('the store is down');
        },
      },
    });
    try {
      const shopOf = (channel: string) => withChannels.shops.find((s) => s.sales_channel === channel)!.id;
      const headers = { authorization: `Bearer ${withChannels.token}`, 'content-type': 'application/json' };
      const post = (path: string, body: unknown) =>
        fetch(`${withChannels.url}/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      // Uploads are content-addressed: the same bytes get the id teeBody() places.
      await post('/uploads/images.json', { file_name: 'cat.png', contents: png(400, 300) });
      const publishIn = async (shop: number) => {
        const created = (await (await post(`/shops/${shop}/products.json`, teeBody())).json()) as Product;
        await post(productPath(shop, created.id, '/publish'), { title: true });
        return vi.waitFor(() => {
          const live = withChannels.products.get(created.id)!;
          expect(live.is_locked).toBe(false);
          return live;
        });
      };
      const shopify = await publishIn(shopOf('shopify'));
      expect(shopify.external).toMatchObject({ id: '9001', type: 'shopify' });
      await post(productPath(shopOf('shopify'), shopify.id, '/publish'), { title: true });
      await vi.waitFor(() => expect(listed).toHaveLength(2));
      expect(listed[1]).toEqual({ title: 'Retro Sunset Cat Tee', known: '9001' });
      const woo = await publishIn(shopOf('woocommerce'));
      expect('external' in woo).toBe(false);
    } finally {
      await withChannels.close();
    }
  });
});
