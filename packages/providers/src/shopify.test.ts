import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { solidPng } from '@podflow/sandbox/sandbox-kit';
import { defaultShopifyShops, startShopifySandbox } from '@podflow/sandbox/shopify-sandbox';
import { describe, expect, it } from 'vitest';
import { documents } from './shopify-graphql.ts';
import { type ShopifyClientOptions, shopifyClient, shopifyGid } from './shopify.ts';
import { providerFailure, useSandbox } from './test-kit.ts';

const shop = 'podflow-demo';
const token = defaultShopifyShops[shop].token;
const red = solidPng(30, 20, [220, 0, 0]);
const blue = solidPng(10, 10, [0, 0, 220]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const env = useSandbox(() => startShopifySandbox({ mediaReadyMs: 300 }));

function client(options: Partial<ShopifyClientOptions> = {}) {
  return shopifyClient({
    shop,
    accessToken: token,
    baseUrl: env.sandbox.baseUrlTemplate,
    ...env.transport,
    ...options,
  });
}

/** A client whose waits are recorded and really last a few ms, for polling media the sandbox processes. */
const polling = () =>
  client({
    sleep: async (ms) => {
      env.sleeps.push(ms);
      await delay(20);
    },
  });

/** The GraphQL variables the sandbox received in its n-th request. */
const variables = (n: number) =>
  (env.sandbox.requests[n]!.body as { variables: Record<string, unknown> }).variables;

describe('shopifyClient against the Shopify sandbox', () => {
  it('checks access: the shop name and the granted scopes, with the token header on the pinned version', async () => {
    expect(await client().checkAccess()).toEqual({
      name: 'Podflow Demo',
      scopes: defaultShopifyShops[shop].scopes,
    });
    const [request] = env.sandbox.requests;
    expect(request).toMatchObject({ method: 'POST', path: `/${shop}/admin/api/2026-07/graphql.json` });
    expect(request!.headers['x-shopify-access-token']).toBe(token);
    expect(request!.headers['user-agent']).toMatch(/^PodFlow\//);
    await client({ apiVersion: '2025-10' }).checkAccess();
    expect(env.sandbox.requests[1]!.path).toBe(`/${shop}/admin/api/2025-10/graphql.json`);
  });

  it('reads a product by numeric id or GID with every page of its media in gallery order, null when unknown', async () => {
    const images = Array.from({ length: 120 }, (_, i) => ({ bytes: i % 2 ? red : blue, alt: `Image ${i}` }));
    const id = env.sandbox.createProduct(shop, {
      title: 'Tee',
      descriptionHtml: '<p>Hi</p>',
      tags: ['a'],
      images,
    });
    const product = await client().getProduct(id);
    expect(product).toMatchObject({
      id: `gid://shopify/Product/${id}`,
      title: 'Tee',
      descriptionHtml: '<p>Hi</p>',
      tags: ['a'],
      seo: { title: null, description: null },
    });
    expect(product!.media.map((m) => m.alt)).toEqual(images.map((image) => image.alt));
    expect(product!.media.map((m) => m.id)).toEqual(env.sandbox.product(shop, id)!.media.map((m) => m.id));
    expect(product!.media[0]).toMatchObject({ status: 'READY', mediaContentType: 'IMAGE' });
    expect(env.sandbox.requests).toHaveLength(2);
    expect((await client().getProduct(shopifyGid('Product', id)))!.media).toHaveLength(120);
    expect(await client().getProduct('1')).toBeNull();
  });

  it('updates only the fields given; tags replace the list', async () => {
    const id = env.sandbox.createProduct(shop, {
      title: 'Mug',
      descriptionHtml: '<p>Old</p>',
      tags: ['a', 'b'],
    });
    const updated = await client().updateProduct({
      id,
      tags: ['cat'],
      seo: { title: 'Cat mug', description: 'A mug.' },
    });
    expect(updated).toEqual({
      id: `gid://shopify/Product/${id}`,
      title: 'Mug',
      descriptionHtml: '<p>Old</p>',
      tags: ['cat'],
      seo: { title: 'Cat mug', description: 'A mug.' },
    });
    expect(variables(0)).toEqual({
      product: {
        id: `gid://shopify/Product/${id}`,
        tags: ['cat'],
        seo: { title: 'Cat mug', description: 'A mug.' },
      },
    });
    expect(env.sandbox.product(shop, id)).toMatchObject({ title: 'Mug', tags: ['cat'] });
  });

  it('names the field and the reason of a userError', async () => {
    const id = env.sandbox.createProduct(shop, { title: 'Mug' });
    const error = await providerFailure(client().updateProduct({ id, title: ' ' }));
    expect(error).toMatchObject({ provider: 'Shopify', status: 200, code: 'USER_ERROR', retryable: false });
    expect(error.message).toBe("Shopify refused productUpdate: title: Title can't be blank");
    expect(env.sandbox.product(shop, id)!.title).toBe('Mug');
  });

  it('stages an upload, adds it as media, waits until READY, then removes and reorders media', async () => {
    const id = env.sandbox.createProduct(shop, {
      title: 'Poster',
      images: [{ bytes: red, alt: 'Seller photo' }],
    });
    const shopify = polling();
    const resourceUrl = await shopify.stageUpload({
      filename: 'mockup.png',
      mimeType: 'image/png',
      bytes: blue,
    });
    const put = env.sandbox.requests.find((request) => request.method === 'PUT')!;
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.headers).not.toHaveProperty('x-shopify-access-token');
    const added = await shopify.addMedia(id, [{ originalSource: resourceUrl, alt: 'Mockup' }]);
    expect(added).toEqual([expect.objectContaining({ alt: 'Mockup', mediaContentType: 'IMAGE', url: null })]);
    expect(['UPLOADED', 'PROCESSING']).toContain(added[0]!.status);

    const [ready] = await shopify.waitForMedia(id, [added[0]!.id]);
    expect(ready).toMatchObject({ id: added[0]!.id, status: 'READY', url: expect.stringMatching(/^http:/) });
    expect(env.sleeps.length).toBeGreaterThan(0);
    expect(env.sandbox.product(shop, id)!.media[1]!.sha256).toBe(sha256(blue));

    const seller = env.sandbox.product(shop, id)!.media[0]!.id;
    await shopify.reorderMedia(id, [{ id: added[0]!.id, newPosition: 0 }]);
    expect(env.sandbox.product(shop, id)!.media.map((m) => m.id)).toEqual([added[0]!.id, seller]);
    await shopify.removeMedia(id, [added[0]!.id]);
    expect(env.sandbox.product(shop, id)!.media.map((m) => m.alt)).toEqual(['Seller photo']);
  });

  it("waits for Shopify's reorder job to finish, and gives up (retryable) on a job that never does", async () => {
    const slow = await startShopifySandbox({ jobReadsUntilDone: 2 });
    const stuck = await startShopifySandbox({ jobReadsUntilDone: 1_000 });
    try {
      for (const [sandbox, outcome] of [
        [slow, 'done'],
        [stuck, 'stuck'],
      ] as const) {
        const id = sandbox.createProduct(shop, { title: 'Mug', images: [{ bytes: red }, { bytes: blue }] });
        const [first, second] = sandbox.product(shop, id)!.media.map((media) => media.id);
        const reorder = client({ baseUrl: sandbox.baseUrlTemplate }).reorderMedia(id, [
          { id: second!, newPosition: 0 },
        ]);
        env.sleeps.length = 0;
        if (outcome === 'done') {
          await reorder;
          expect(env.sleeps).toEqual([500, 500]);
          expect(sandbox.requests.map((r) => (r.body as { query: string }).query)).toEqual([
            documents.reorder,
            documents.job,
            documents.job,
          ]);
        } else {
          const error = await providerFailure(reorder);
          expect(error).toMatchObject({ provider: 'Shopify', code: 'JOB_TIMEOUT', retryable: true });
          expect(error.message).toMatch(
            /^Shopify's reorder job gid:\/\/shopify\/Job\/\S+ had not finished after 30 checks$/,
          );
          // The reorder itself was sent once; only the job was read again.
          expect(
            sandbox.requests.filter((r) => (r.body as { query: string }).query === documents.reorder),
          ).toHaveLength(1);
          expect(env.sleeps).toHaveLength(30);
        }
        expect(sandbox.product(shop, id)!.media.map((media) => media.id)).toEqual([second, first]);
      }
    } finally {
      await Promise.all([slow.close(), stuck.close()]);
    }
  });

  it('reports media whose source cannot be downloaded as FAILED', async () => {
    const id = env.sandbox.createProduct(shop, { title: 'Cap' });
    const shopify = polling();
    const added = await shopify.addMedia(id, [{ originalSource: `${env.sandbox.url}/gone.png` }]);
    const [failed] = await shopify.waitForMedia(id, [added[0]!.id]);
    expect(failed).toMatchObject({ status: 'FAILED', url: null });
  });
});

describe('shopifyClient throttling, errors and retries', () => {
  it('waits out a THROTTLED answer (at least 1 s) and retries', async () => {
    env.sandbox.failNext('throttled', 2);
    expect((await client().checkAccess()).name).toBe('Podflow Demo');
    expect(env.sandbox.requests).toHaveLength(3);
    expect(env.sleeps).toEqual([1000, 1000]);
  });

  it('waits for the missing points at the restore rate, and gives up after the retries as a retryable error', async () => {
    const small = await startShopifySandbox({ bucket: { maximumAvailable: 25, restoreRate: 1 } });
    try {
      const id = small.createProduct(shop, { title: 'Tote' });
      const shopify = client({ baseUrl: small.baseUrlTemplate, maxRetries: 2 });
      await shopify.updateProduct({ id, title: 'One' });
      await shopify.updateProduct({ id, title: 'Two' });
      const error = await providerFailure(shopify.updateProduct({ id, title: 'Three' }));
      expect(error).toMatchObject({
        provider: 'Shopify',
        code: 'THROTTLED',
        retryable: true,
        retryAfterMs: 5000,
      });
      // 10 points asked, 5 left, 1 point a second back: 5 s each time.
      expect(env.sleeps).toEqual([5000, 5000]);
      expect(small.product(shop, id)!.title).toBe('Two');
    } finally {
      await small.close();
    }
  });

  it('waits out a 429 as told by Retry-After and retries', async () => {
    env.sandbox.failNext('rate_limit');
    expect((await client().checkAccess()).name).toBe('Podflow Demo');
    expect(env.sleeps).toEqual([20]);
  });

  it("reports a refused token as Shopify's 401 without the token", async () => {
    const wrong = 'shpat_not_the_token';
    const error = await providerFailure(client({ accessToken: wrong }).checkAccess());
    expect(error).toMatchObject({ provider: 'Shopify', status: 401, retryable: false });
    expect(error.message).toBe(
      `Shopify answered POST /${shop}/admin/api/2026-07/graphql.json with HTTP 401: ` +
        '[API] Invalid API key or access token (unrecognized login or wrong password)',
    );
    env.sandbox.failNext({ status: 401, body: { errors: `Token ${token} was revoked` } });
    const echoed = await providerFailure(client().checkAccess());
    expect(echoed.message).toContain('Token [redacted] was revoked');
    expect(JSON.stringify(echoed)).not.toContain(token);
  });

  it('reports ACCESS_DENIED with the scope Shopify names, not retried', async () => {
    const limited = await startShopifySandbox({ shops: { [shop]: { token, scopes: ['read_products'] } } });
    try {
      const id = limited.createProduct(shop, { title: 'Tote' });
      const error = await providerFailure(
        client({ baseUrl: limited.baseUrlTemplate }).updateProduct({ id, title: 'Bag' }),
      );
      expect(error).toMatchObject({ status: 200, code: 'ACCESS_DENIED', retryable: false });
      expect(error.message).toMatch(/^Shopify answered productUpdate with ACCESS_DENIED: .*`write_products`/);
      expect(limited.requests).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('does not repeat adding media after a 500 (no duplicate images), but retries an update of the copy', async () => {
    const id = env.sandbox.createProduct(shop, { title: 'Hoodie' });
    env.sandbox.failNext('server_error');
    const error = await providerFailure(
      client().addMedia(id, [{ originalSource: `${env.sandbox.url}/a.png`, alt: 'A' }]),
    );
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(error.message).toContain('Internal Server Error');
    expect(env.sandbox.requests).toHaveLength(1);
    expect(env.sleeps).toEqual([]);
    expect(env.sandbox.product(shop, id)!.media).toEqual([]);

    env.sandbox.failNext('server_error');
    expect((await client().updateProduct({ id, title: 'Zip hoodie' })).title).toBe('Zip hoodie');
    expect(env.sandbox.requests).toHaveLength(3);
    expect(env.sleeps).toHaveLength(1);
  });

  it('refuses ids and shop names that are not Shopify ones before sending anything', () => {
    expect(shopifyGid('MediaImage', '42')).toBe('gid://shopify/MediaImage/42');
    expect(shopifyGid('Product', 'gid://shopify/Product/7')).toBe('gid://shopify/Product/7');
    expect(() => shopifyGid('Product', '../7')).toThrow(TypeError);
    expect(() => client({ shop: 'evil.com/x#' })).toThrow(TypeError);
  });
});
