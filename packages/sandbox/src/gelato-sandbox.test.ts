import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type GelatoProduct, type GelatoSandbox, startGelatoSandbox } from './gelato-sandbox.ts';
import { solidPng } from './sandbox-kit.ts';

type Reply = { status: number; body: Record<string, unknown> };

let sandbox: GelatoSandbox;
let files: Server;
let filesUrl: string;

beforeAll(async () => {
  sandbox = await startGelatoSandbox({ publishDelayMs: 40 });
  // A public file host as Gelato would download print files from.
  const png = solidPng(300, 300, [0, 128, 255]);
  files = createServer((request, response) => {
    if (request.url === '/design.png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (request.url === '/notes.txt')
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('hi');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => files.close(resolve));
});

async function call(method: string, path: string, body?: unknown, key = sandbox.apiKey): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (key) headers['x-api-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sandbox.url}/v1${path}`, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const products = () => `/stores/${sandbox.storeId}/products`;
const createPath = () => `${products()}:create-from-template`;
const asProduct = (reply: Reply) => reply.body as unknown as GelatoProduct;
const firstVariantId = '83e30e31-0aee-4eca-8a8f-dceb2455cdc1';

/** A valid create body with the design on the front of one variant, `change` on top. */
function createBody(change: Record<string, unknown> = {}) {
  return {
    templateId: sandbox.templateId,
    title: 'Retro Sunset Cat Tee',
    description: '<p>A cat at sunset.</p>',
    tags: ['cat', 'retro'],
    isVisibleInTheOnlineStore: false,
    salesChannels: ['web'],
    variants: [
      {
        templateVariantId: firstVariantId,
        imagePlaceholders: [{ name: 'ImageFront', fileUrl: `${filesUrl}/design.png`, fitMethod: 'meet' }],
      },
    ],
    ...change,
  };
}
const withFile = (fileUrl: string, name = 'ImageFront') =>
  createBody({ variants: [{ templateVariantId: firstVariantId, imagePlaceholders: [{ name, fileUrl }] }] });

describe('auth', () => {
  it('answers 401 without X-API-KEY and 403 with a wrong one', async () => {
    const path = `/templates/${sandbox.templateId}`;
    const missing = await call('GET', path, undefined, '');
    expect(missing).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    expect((await call('GET', path, undefined, 'wrong')).status).toBe(403);
    expect((await call('GET', path)).status).toBe(200);
  });
});

describe('template', () => {
  it('has three variants, each with an ImageFront placeholder', async () => {
    const { body } = await call('GET', `/templates/${sandbox.templateId}`);
    expect(body).toMatchObject({ id: sandbox.templateId, title: 'Classic Unisex Crewneck T-shirt' });
    const variants = body.variants as { id: string; title: string; imagePlaceholders: unknown[] }[];
    expect(variants.map((v) => v.title)).toEqual(['White - M', 'White - L', 'Black - L']);
    for (const variant of variants) {
      expect(variant.imagePlaceholders).toEqual([
        { name: 'ImageFront', printArea: 'front', height: 137.25, width: 244 },
      ]);
    }
    expect((await fetch(String(body.previewUrl))).headers.get('content-type')).toBe('image/png');
  });

  it('answers 404 with a message for an unknown template', async () => {
    expect(await call('GET', '/templates/00000000-0000-4000-8000-000000000000')).toEqual({
      status: 404,
      body: { message: 'Template not found.' },
    });
  });
});

describe('store products', () => {
  it('creates a product publishing with no externalId, active with one a moment later', async () => {
    const reply = await call('POST', createPath(), createBody());
    expect(reply.status).toBe(200);
    const created = asProduct(reply);
    expect(created).toMatchObject({
      storeId: sandbox.storeId,
      status: 'publishing',
      externalId: null,
      publishedAt: null,
      title: 'Retro Sunset Cat Tee',
      tags: ['cat', 'retro'],
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    expect(created.variants.map((v) => v.connectionStatus)).toEqual(Array(3).fill('not_connected'));
    const active = await vi.waitFor(async () => {
      const product = asProduct(await call('GET', `${products()}/${created.id}`));
      expect(product.status).toBe('active');
      return product;
    });
    expect(active.externalId).toMatch(/^\d+$/);
    expect(active.publishedAt).not.toBeNull();
    expect(active.variants.every((v) => v.connectionStatus === 'connected' && v.externalId)).toBe(true);
    expect(sandbox.products.get(created.id)?.status).toBe('active');
  });

  it('takes the legacy products route too, and all template variants without a variants list', async () => {
    const { variants: _omitted, ...body } = createBody();
    const reply = await call('POST', products(), body);
    expect(reply.status).toBe(200);
    expect(asProduct(reply).variants).toHaveLength(3);
  });

  it('lists with offset and limit (at most 100), newest first unless asked', async () => {
    const made = asProduct(await call('POST', createPath(), createBody({ title: 'Listed Tee' })));
    const newest = await call('GET', `${products()}?limit=1`);
    expect((newest.body.products as GelatoProduct[]).map((p) => p.id)).toEqual([made.id]);
    const oldest = await call('GET', `${products()}?order=asc&offset=0&limit=1`);
    expect((oldest.body.products as GelatoProduct[])[0]?.id).not.toBe(made.id);
    expect(await call('GET', `${products()}?limit=101`)).toEqual({
      status: 400,
      body: { message: 'limit must not be greater than 100.' },
    });
  });

  it('deletes a product, after which it is not found', async () => {
    const made = asProduct(await call('POST', createPath(), createBody()));
    expect(await call('DELETE', `${products()}/${made.id}`)).toEqual({ status: 200, body: {} });
    expect((await call('GET', `${products()}/${made.id}`)).status).toBe(404);
    expect((await call('DELETE', `${products()}/${made.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown store', async () => {
    const reply = await call('GET', '/stores/00000000-0000-4000-8000-000000000000/products');
    expect(reply).toEqual({ status: 404, body: { message: 'Store not found.' } });
  });
});

describe('create validation', () => {
  it.each([
    ['no templateId', { templateId: undefined }, 'templateId is required and must be a string.'],
    ['no title', { title: '' }, 'title is required and must be a string.'],
    ['no description', { description: undefined }, 'description is required and must be a string.'],
    [
      '14 tags',
      { tags: Array.from({ length: 14 }, (_, i) => `tag${i}`) },
      'tags must contain at most 13 items; got 14.',
    ],
    ['a bad channel', { salesChannels: ['pos'] }, 'salesChannels must be an array of "web" or "global".'],
    [
      'an unknown variant',
      { variants: [{ templateVariantId: 'nope', imagePlaceholders: [] }] },
      'variants[0].templateVariantId "nope" is not a variant of this template.',
    ],
  ])('refuses %s with a 400 message', async (_what, change, message) => {
    expect(await call('POST', createPath(), createBody(change))).toEqual({ status: 400, body: { message } });
  });

  it('refuses a placeholder name the template variant does not have', async () => {
    const reply = await call('POST', createPath(), withFile(`${filesUrl}/design.png`, 'ImageBack'));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('"ImageBack" does not match a placeholder');
  });

  it('refuses a fileUrl that is not http(s) at once', async () => {
    const notHttp = await call('POST', createPath(), withFile('file:///etc/passwd'));
    expect(notHttp).toEqual({
      status: 400,
      body: { message: 'variants[0].imagePlaceholders[0].fileUrl must be an http(s) URL.' },
    });
  });

  it('accepts a file it cannot fetch or print, then fails the product as a publishing error', async () => {
    const failedOf = async (fileUrl: string) => {
      const reply = await call('POST', createPath(), withFile(fileUrl));
      // Gelato accepts the create: the product is made (and fails) afterwards.
      expect(reply.status).toBe(200);
      expect(asProduct(reply)).toMatchObject({ status: 'publishing', externalId: null });
      return vi.waitFor(async () => {
        const product = asProduct(await call('GET', `${products()}/${asProduct(reply).id}`));
        expect(product.status).toBe('publishing_error');
        return product;
      });
    };
    const missing = await failedOf(`${filesUrl}/gone.png`);
    expect(missing.externalId).toBeNull();
    expect(missing.publishingErrorCode).toBe('file_download_failed');
    expect(missing.errors[0]?.message).toMatch(/Could not download the file at fileUrl ".*gone\.png": .*404/);
    expect(missing.publishingErrorDetails).toBe(missing.errors[0]?.message);
    const text = await failedOf(`${filesUrl}/notes.txt`);
    expect(text.errors[0]?.message).toMatch(/is not a JPG, PNG or PDF file/);
  });

  it('answers 404 for an unknown template', async () => {
    const reply = await call(
      'POST',
      createPath(),
      createBody({ templateId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(reply).toEqual({ status: 404, body: { message: 'Template not found.' } });
  });
});

describe('faults', () => {
  it('answers queued faults in order, then normally', async () => {
    sandbox.failNext('rate_limit');
    sandbox.failNext('server_error');
    sandbox.failNext('unauthorized');
    const limited = await fetch(`${sandbox.url}/v1/templates/${sandbox.templateId}`, {
      headers: { 'x-api-key': sandbox.apiKey },
    });
    expect([
      limited.status,
      limited.headers.get('retry-after'),
      limited.headers.get('retry-after-ms'),
    ]).toEqual([429, '1', '20']);
    expect((await call('GET', `/templates/${sandbox.templateId}`)).status).toBe(500);
    expect((await call('GET', `/templates/${sandbox.templateId}`)).status).toBe(401);
    expect((await call('GET', `/templates/${sandbox.templateId}`)).status).toBe(200);
  });

  it('fails about faultRate of the requests', async () => {
    const flaky = await startGelatoSandbox({ faultRate: 0.3, seed: 3 });
    try {
      const statuses: number[] = [];
      for (let batch = 0; batch < 8; batch += 1) {
        const replies = await Promise.all(
          Array.from({ length: 50 }, () =>
            fetch(`${flaky.url}/v1/templates/${flaky.templateId}`, {
              headers: { 'x-api-key': flaky.apiKey },
            }),
          ),
        );
        statuses.push(...replies.map((reply) => reply.status));
      }
      const share = statuses.filter((status) => status !== 200).length / statuses.length;
      expect(share).toBeGreaterThan(0.24);
      expect(share).toBeLessThan(0.36);
      expect(flaky.requests).toHaveLength(400);
    } finally {
      await flaky.close();
    }
  });
});
