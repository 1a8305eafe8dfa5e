import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from './sandbox-kit.ts';
import {
  type ShopifySandbox,
  type ShopifySandboxOptions,
  defaultShopifyShops,
  startShopifySandbox,
} from './shopify-sandbox.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read deep into whatever GraphQL answers
type Reply = { status: number; headers: Headers; body: Record<string, any> };

const shop = 'podflow-demo';
const token = defaultShopifyShops[shop].token;
const red = solidPng(40, 30, [200, 0, 0]);
const blue = solidPng(20, 20, [0, 0, 200]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let sandbox: ShopifySandbox;
const extra: ShopifySandbox[] = [];
beforeAll(async () => {
  sandbox = await startShopifySandbox({ mediaReadyMs: 20 });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await Promise.all(extra.splice(0).map((started) => started.close()));
});

async function start(options: ShopifySandboxOptions) {
  const started = await startShopifySandbox(options);
  extra.push(started);
  return started;
}

/** A GraphQL call as a client makes it. */
async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  on: { sandbox?: ShopifySandbox; shop?: string; token?: string | null; version?: string } = {},
): Promise<Reply> {
  const target = on.sandbox ?? sandbox;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = on.token === undefined ? token : on.token;
  if (key !== null) headers['x-shopify-access-token'] = key;
  const url = `${target.url}/${on.shop ?? shop}/admin/api/${on.version ?? '2026-07'}/graphql.json`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Reply['body'],
  };
}

const productQuery = `query P($id: ID!) { product(id: $id) {
  id title handle status descriptionHtml tags vendor productType updatedAt
  seo { title description }
  media(first: 50) { nodes { id alt mediaContentType status
    preview { image { url } }
    ... on MediaImage { image { url width height } } } } } }`;

const updateMutation = `mutation U($product: ProductUpdateInput!, $media: [CreateMediaInput!]) {
  productUpdate(product: $product, media: $media) {
    product { id title descriptionHtml tags seo { title description }
      media(first: 10) { nodes { id status } } }
    userErrors { field message } } }`;

const gidOf = (id: string) => `gid://shopify/Product/${id}`;

/** Waits until no media of the product is UPLOADED or PROCESSING. */
async function settled(id: string, on = sandbox) {
  for (let tries = 0; tries < 100; tries += 1) {
    const product = on.product(shop, id)!;
    if (product.media.every((media) => media.status === 'READY' || media.status === 'FAILED')) return product;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The media never settled');
}

/** Stages one file and PUTs the bytes; returns the resourceUrl. */
async function stage(bytes: Buffer, mimeType = 'image/png') {
  const staged = await gql(
    `mutation S($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) {
      stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } } }`,
    { input: [{ filename: 'mockup.png', mimeType, resource: 'IMAGE' }] },
  );
  const target = staged.body.data.stagedUploadsCreate.stagedTargets[0];
  const put = await fetch(target.url, { method: 'PUT', headers: { 'content-type': mimeType }, body: bytes });
  expect(put.status).toBe(200);
  return target as { url: string; resourceUrl: string; parameters: { name: string; value: string }[] };
}

describe('endpoint and auth', () => {
  it('answers 401 with Shopify body without the token or with a wrong one', async () => {
    const body = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };
    expect(await gql('{ shop { name } }', {}, { token: null })).toMatchObject({ status: 401, body });
    expect(await gql('{ shop { name } }', {}, { token: 'shpat_wrong' })).toMatchObject({ status: 401, body });
  });

  it('takes any YYYY-MM version and unstable, and answers 404 for an unknown shop or a malformed version', async () => {
    for (const version of ['2026-07', '2024-10', '2023-05', 'unstable']) {
      const reply = await gql('{ shop { name myshopifyDomain } }', {}, { version });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-shopify-api-version')).toBe(version);
      expect(reply.body.data.shop).toEqual({
        name: 'Podflow Demo',
        myshopifyDomain: 'podflow-demo.myshopify.com',
      });
    }
    for (const version of ['2026-13', 'latest', '26-07']) {
      expect((await gql('{ shop { name } }', {}, { version })).status).toBe(404);
    }
    expect(await gql('{ shop { name } }', {}, { shop: 'someone-else' })).toMatchObject({
      status: 404,
      body: { errors: 'Not Found' },
    });
  });

  it('lists the granted scopes and records the request', async () => {
    sandbox.requests.length = 0;
    const reply = await gql('{ currentAppInstallation { accessScopes { handle } } }');
    expect(
      reply.body.data.currentAppInstallation.accessScopes.map((s: { handle: string }) => s.handle),
    ).toEqual(defaultShopifyShops[shop].scopes);
    expect(sandbox.requests).toHaveLength(1);
    expect(sandbox.requests[0]).toMatchObject({
      method: 'POST',
      path: `/${shop}/admin/api/2026-07/graphql.json`,
      headers: { 'x-shopify-access-token': token },
    });
  });
});

describe('GraphQL', () => {
  it('answers an unknown field with a GraphQL error (HTTP 200, no data) and a cost extension', async () => {
    const reply = await gql('{ shop { name nope } }');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors[0]).toMatchObject({
      message: "Field 'nope' doesn't exist on type 'Shop'",
      locations: [{ line: 1, column: 15 }],
      extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'nope' },
    });
    expect(reply.body.extensions.cost).toMatchObject({ actualQueryCost: null });
  });

  it('answers a syntax error and a bad variable as GraphQL errors', async () => {
    const syntax = await gql('{ shop { name }');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors[0].message).toMatch(/^Syntax Error/);
    const variable = await gql(productQuery, { id: null });
    expect(variable.body.errors[0].message).toMatch(/\$id/);
    expect(variable.body.data).toBeUndefined();
  });

  it("refuses a media position that is not UnsignedInt64's string of digits, before touching the gallery", async () => {
    const id = sandbox.createProduct(shop, { title: 'Pin', images: [{ bytes: red }, { bytes: blue }] });
    const before = sandbox.product(shop, id)!.media.map((media) => media.id);
    const move = (newPosition: string) =>
      gql(`mutation { productReorderMedia(id: "${gidOf(id)}", moves: [{ id: "${before[1]}", newPosition: ${newPosition} }]) {
        job { id } } }`);
    for (const literal of ['1', '"-1"', '"18446744073709551616"']) {
      const reply = await move(literal);
      expect(reply.body.data).toBeUndefined();
      expect(reply.body.errors[0].message).toContain('UnsignedInt64');
    }
    expect(sandbox.product(shop, id)!.media.map((media) => media.id)).toEqual(before);
    expect((await move('"0"')).body.data.productReorderMedia.job.id).toMatch(/^gid:/);
    expect(sandbox.product(shop, id)!.media.map((media) => media.id)).toEqual([before[1], before[0]]);
  });

  it('answers productUpdate without a product (an optional argument in Shopify) with a userError', async () => {
    const reply = await gql(
      updateMutation.replace('$product: ProductUpdateInput!', '$product: ProductUpdateInput'),
    );
    expect(reply.body.data.productUpdate).toEqual({
      product: null,
      userErrors: [{ field: ['id'], message: 'Product does not exist' }],
    });
  });

  it('reads a product with its media in gallery order, null for an unknown id', async () => {
    const id = sandbox.createProduct(shop, {
      title: 'Retro Sunset Cat Tee',
      descriptionHtml: '<p>A cat.</p>',
      tags: ['cat', 'retro'],
      images: [{ bytes: red, alt: 'Front' }, { bytes: blue }],
    });
    const reply = await gql(productQuery, { id: gidOf(id) });
    const product = reply.body.data.product;
    expect(product).toMatchObject({
      id: gidOf(id),
      title: 'Retro Sunset Cat Tee',
      handle: 'retro-sunset-cat-tee',
      status: 'ACTIVE',
      tags: ['cat', 'retro'],
      seo: { title: null, description: null },
    });
    expect(product.media.nodes).toHaveLength(2);
    expect(product.media.nodes[0]).toMatchObject({
      alt: 'Front',
      mediaContentType: 'IMAGE',
      status: 'READY',
      image: { width: 40, height: 30 },
    });
    const served = await fetch(product.media.nodes[0].image.url);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(red));
    expect((await gql(productQuery, { id: 'gid://shopify/Product/1' })).body.data.product).toBeNull();
    const invalid = await gql(productQuery, { id: 'nope' });
    expect(invalid.body.errors[0].message).toBe("Invalid global id 'nope'");
  });
});

describe('cost and throttling', () => {
  it('reports the requested and actual cost and the bucket on every answer', async () => {
    const fresh = await start({});
    const id = fresh.createProduct(shop, { title: 'Mug', images: [{ bytes: red }, { bytes: blue }] });
    const reply = await gql(productQuery, { id: gidOf(id) }, { sandbox: fresh });
    // product 1 + seo 1 + media connection 2 + 50 x (node, preview, preview image, image).
    const { cost } = reply.body.extensions;
    expect(cost.requestedQueryCost).toBe(204);
    expect(cost.actualQueryCost).toBe(12);
    expect(cost.throttleStatus).toMatchObject({ maximumAvailable: 1000, restoreRate: 100 });
    expect(cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(988);
    expect(cost.throttleStatus.currentlyAvailable).toBeLessThan(1000);
  });

  it('refuses a query over the single query max cost', async () => {
    const reply = await gql(productQuery.replace('first: 50', 'first: 250'), {
      id: 'gid://shopify/Product/1',
    });
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors[0]).toMatchObject({
      message: 'Query cost is 1004, which exceeds the single query max cost limit (1000)',
      extensions: { code: 'MAX_COST_EXCEEDED' },
    });
  });

  it('answers THROTTLED (HTTP 200, no data) when the bucket lacks the points, and does not run the mutation', async () => {
    const small = await start({ bucket: { maximumAvailable: 25, restoreRate: 1 } });
    const id = small.createProduct(shop, { title: 'Cap' });
    const rename = (title: string) =>
      gql(updateMutation, { product: { id: gidOf(id), title } }, { sandbox: small });
    expect((await rename('One')).body.extensions.cost).toMatchObject({
      requestedQueryCost: 10,
      actualQueryCost: 10,
    });
    await rename('Two');
    const throttled = await rename('Three');
    expect(throttled.status).toBe(200);
    expect(throttled.body).toEqual({
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 10,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 25, currentlyAvailable: 5, restoreRate: 1 },
        },
      },
    });
    expect(small.product(shop, id)!.title).toBe('Two');
  });

  it('answers queued faults in order: THROTTLED, 429 with Retry-After, 500', async () => {
    sandbox.failNext('throttled');
    sandbox.failNext('rate_limit');
    sandbox.failNext('server_error');
    const throttled = await gql('{ shop { name } }');
    expect([throttled.status, throttled.body.errors[0].extensions.code]).toEqual([200, 'THROTTLED']);
    expect(throttled.body.extensions.cost.requestedQueryCost).toBe(1);
    const limited = await gql('{ shop { name } }');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    expect(await gql('{ shop { name } }')).toMatchObject({
      status: 500,
      body: { errors: 'Internal Server Error' },
    });
    expect((await gql('{ shop { name } }')).status).toBe(200);
  });
});

describe('access scopes', () => {
  it('answers ACCESS_DENIED naming the scope a field needs, and leaves the product as it was', async () => {
    const limited = await start({
      shops: { 'read-only': { token: 't1', scopes: ['read_products'] }, bare: { token: 't2', scopes: [] } },
    });
    const id = limited.createProduct('read-only', { title: 'Tote' });
    const on = { sandbox: limited, shop: 'read-only', token: 't1' };
    const update = await gql(updateMutation, { product: { id: gidOf(id), title: 'Bag' } }, on);
    expect(update.status).toBe(200);
    expect(update.body.data).toEqual({ productUpdate: null });
    expect(update.body.errors[0]).toMatchObject({
      path: ['productUpdate'],
      extensions: { code: 'ACCESS_DENIED' },
    });
    expect(update.body.errors[0].message).toContain('`write_products`');
    expect(limited.product('read-only', id)!.title).toBe('Tote');
    expect((await gql(productQuery, { id: gidOf(id) }, on)).body.data.product.title).toBe('Tote');
    const bare = await gql(productQuery, { id: gidOf(id) }, { sandbox: limited, shop: 'bare', token: 't2' });
    expect(bare.body.errors[0].message).toContain('`read_products`');
  });
});

describe('productUpdate', () => {
  it('changes only the fields given; tags replace the list', async () => {
    const id = sandbox.createProduct(shop, { title: 'Tee', descriptionHtml: '<p>Old</p>', tags: ['a', 'b'] });
    const reply = await gql(updateMutation, {
      product: { id: gidOf(id), tags: ['c', 'C', ' d '], seo: { title: 'SEO', description: 'Desc' } },
    });
    expect(reply.body.data.productUpdate).toMatchObject({
      product: { title: 'Tee', descriptionHtml: '<p>Old</p>', tags: ['c', 'd'], seo: { title: 'SEO' } },
      userErrors: [],
    });
  });

  it("refuses a blank title and more than 250 tags in userErrors, and more than 250 media as Shopify's input limit", async () => {
    const id = sandbox.createProduct(shop, { title: 'Tee' });
    const blank = await gql(updateMutation, { product: { id: gidOf(id), title: '  ' } });
    expect(blank.body.data.productUpdate).toEqual({
      product: null,
      userErrors: [{ field: ['title'], message: "Title can't be blank" }],
    });
    const tags = Array.from({ length: 251 }, (_, i) => `tag${i}`);
    const many = await gql(updateMutation, { product: { id: gidOf(id), tags } });
    expect(many.body.data.productUpdate.userErrors[0].field).toEqual(['tags']);
    const media = Array.from({ length: 251 }, () => ({
      originalSource: 'https://x.test/a.png',
      mediaContentType: 'IMAGE',
    }));
    const tooMany = await gql(updateMutation, { product: { id: gidOf(id) }, media });
    expect(tooMany.body.errors[0]).toMatchObject({
      message: 'The input array size of 251 is greater than the maximum allowed of 250.',
      extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
    });
    expect(sandbox.product(shop, id)).toMatchObject({ title: 'Tee', media: [] });
    const unknown = await gql(updateMutation, { product: { id: 'gid://shopify/Product/5', title: 'X' } });
    expect(unknown.body.data.productUpdate.userErrors).toEqual([
      { field: ['id'], message: 'Product does not exist' },
    ]);
  });
});

describe('media', () => {
  it('adds media from a staged upload: UPLOADED first, then READY with the bytes served at image.url', async () => {
    const id = sandbox.createProduct(shop, { title: 'Poster', images: [{ bytes: red }] });
    const target = await stage(blue);
    expect(target.parameters).toContainEqual({ name: 'content_type', value: 'image/png' });
    const reply = await gql(updateMutation, {
      product: { id: gidOf(id) },
      media: [{ originalSource: target.resourceUrl, mediaContentType: 'IMAGE', alt: 'Mockup' }],
    });
    const nodes = reply.body.data.productUpdate.product.media.nodes;
    expect(nodes.map((n: { status: string }) => n.status)).toEqual(['READY', 'UPLOADED']);
    const product = await settled(id);
    expect(product.media[1]).toMatchObject({
      id: nodes[1].id,
      alt: 'Mockup',
      status: 'READY',
      sha256: sha256(blue),
    });
    const served = await fetch(product.media[1]!.url!);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a PUT without the signature or with another content type', async () => {
    const staged = await gql(
      `mutation { stagedUploadsCreate(input: [{ filename: "a.png", mimeType: "image/png", resource: IMAGE }]) {
        stagedTargets { url resourceUrl } } }`,
    );
    const target = staged.body.data.stagedUploadsCreate.stagedTargets[0];
    const put = (url: string, type: string) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: red }).then((r) => r.status);
    expect(await put(target.resourceUrl, 'image/png')).toBe(403);
    expect(await put(target.url, 'image/jpeg')).toBe(403);
  });

  it('downloads media from a URL; a URL that 404s or bytes that are no image make the media FAILED', async () => {
    const source = sandbox.createProduct(shop, { title: 'Source', images: [{ bytes: red }] });
    const imageUrl = sandbox.product(shop, source)!.media[0]!.url!;
    const notImage = await stage(Buffer.from('just text'));
    const id = sandbox.createProduct(shop, { title: 'Target' });
    await gql(updateMutation, {
      product: { id: gidOf(id) },
      media: [imageUrl, `${sandbox.url}/missing.png`, notImage.resourceUrl].map((originalSource) => ({
        originalSource,
        mediaContentType: 'IMAGE',
      })),
    });
    const product = await settled(id);
    expect(product.media.map((m) => m.status)).toEqual(['READY', 'FAILED', 'FAILED']);
    expect(product.media[0]!.sha256).toBe(sha256(red));
    const read = await gql(
      `query P($id: ID!) { product(id: $id) { media(first: 5) { nodes { mediaErrors { code } } } } }`,
      {
        id: gidOf(id),
      },
    );
    const codes = read.body.data.product.media.nodes.map(
      (n: { mediaErrors: { code: string }[] }) => n.mediaErrors[0]?.code,
    );
    expect(codes).toEqual([undefined, 'IMAGE_DOWNLOAD_FAILURE', 'IMAGE_PROCESSING_FAILURE']);
  });

  it('removes media from a product with fileUpdate once READY; the file itself stays', async () => {
    const id = sandbox.createProduct(shop, { title: 'Hoodie', images: [{ bytes: red }, { bytes: blue }] });
    const [first, second] = sandbox.product(shop, id)!.media;
    const target = await stage(blue);
    const added = await gql(updateMutation, {
      product: { id: gidOf(id) },
      media: [{ originalSource: target.resourceUrl, mediaContentType: 'IMAGE' }],
    });
    const fresh = added.body.data.productUpdate.product.media.nodes[2].id;
    const remove = (ids: string[]) =>
      gql(
        `mutation F($files: [FileUpdateInput!]!) { fileUpdate(files: $files) {
          files { id fileStatus } userErrors { code field message } } }`,
        { files: ids.map((fileId) => ({ id: fileId, referencesToRemove: [gidOf(id)] })) },
      );
    const early = await remove([fresh]);
    expect(early.body.data.fileUpdate.userErrors).toEqual([
      { code: 'NON_READY_STATE', field: ['files', '0', 'id'], message: 'Non-ready files cannot be updated.' },
    ]);
    await settled(id);
    const done = await remove([first!.id]);
    expect(done.body.data.fileUpdate).toEqual({
      files: [{ id: first!.id, fileStatus: 'READY' }],
      userErrors: [],
    });
    expect(sandbox.product(shop, id)!.media.map((m) => m.id)).toEqual([second!.id, fresh]);
    expect((await fetch(first!.url!)).status).toBe(200);
  });

  it('reorders media with moves applied in order, and deletes media with productDeleteMedia', async () => {
    const id = sandbox.createProduct(shop, {
      title: 'Sticker',
      images: [{ bytes: red }, { bytes: blue }, { bytes: red }],
    });
    const [a, b, c] = sandbox.product(shop, id)!.media.map((m) => m.id);
    const reorder = (moves: unknown[]) =>
      gql(
        `mutation R($id: ID!, $moves: [MoveInput!]!) { productReorderMedia(id: $id, moves: $moves) {
          job { id done } mediaUserErrors { code field message } } }`,
        { id: gidOf(id), moves },
      );
    const reply = await reorder([
      { id: c, newPosition: '0' },
      { id: a, newPosition: '5' },
    ]);
    expect(reply.body.data.productReorderMedia).toMatchObject({ job: { done: true }, mediaUserErrors: [] });
    expect(sandbox.product(shop, id)!.media.map((m) => m.id)).toEqual([c, b, a]);
    const wrong = await reorder([{ id: 'gid://shopify/MediaImage/1', newPosition: '0' }]);
    expect(wrong.body.data.productReorderMedia.mediaUserErrors[0]).toMatchObject({
      code: 'MEDIA_DOES_NOT_EXIST_ON_PRODUCT',
      field: ['moves', '0', 'id'],
    });
    const deleted = await gql(
      `mutation D($p: ID!, $m: [ID!]!) { productDeleteMedia(productId: $p, mediaIds: $m) {
        deletedMediaIds mediaUserErrors { code } } }`,
      { p: gidOf(id), m: [b] },
    );
    expect(deleted.body.data.productDeleteMedia).toEqual({ deletedMediaIds: [b], mediaUserErrors: [] });
    expect(sandbox.product(shop, id)!.media.map((m) => m.id)).toEqual([c, a]);
  });
});

describe("the sandbox's product list (for end-to-end tests and the demo)", () => {
  it("lists a shop's products with their tags and media to the shop's token only", async () => {
    const fresh = await start({ mediaReadyMs: 1 });
    fresh.createProduct(shop, { title: 'Moon Mug', tags: ['moon'], images: [{ bytes: red, alt: 'Front' }] });
    const list = (headers: Record<string, string>) =>
      fetch(`${fresh.url}/${shop}/sandbox/products.json`, { headers });
    expect((await list({})).status).toBe(401);
    expect((await list({ 'x-shopify-access-token': 'shpat_wrong' })).status).toBe(401);
    expect((await fetch(`${fresh.url}/no-such-shop/sandbox/products.json`)).status).toBe(404);
    const { products } = (await (await list({ 'x-shopify-access-token': token })).json()) as {
      products: { title: string; tags: string[]; media: { alt: string; sha256: string }[] }[];
    };
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ title: 'Moon Mug', tags: ['moon'] });
    expect(products[0]!.media[0]).toMatchObject({ alt: 'Front', sha256: sha256(red) });
  });
});
