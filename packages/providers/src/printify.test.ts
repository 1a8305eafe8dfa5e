import { startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { describe, expect, it } from 'vitest';
import { eventually, providerFailure, useSandbox } from './test-kit.ts';
import {
  type PrintifyProduct,
  cloneProductInput,
  createPrintifyProductOnce,
  printifyBase64MaxBytes,
  printifyClient,
  printifyMarksOf,
  printifyProductShows,
  printifyProductsMade,
} from './printify.ts';
import { sellerFailure } from './seller-sentence.ts';

// The smallest valid PNG (1 × 1, transparent), and a second one with other bytes (opaque red).
const transparentPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const redPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

const env = useSandbox(() => startPrintifySandbox({ publishDelayMs: 20, slowMs: 1_000 }));

/** A client of the sandbox; `timeoutMs` short makes it give up on a slow answer. */
function client(apiKey = env.sandbox.token, timeoutMs?: number) {
  return printifyClient({ apiKey, baseUrl: env.sandbox.url, timeoutMs, ...env.transport });
}

const etsyShop = () => env.sandbox.shops.find((shop) => shop.sales_channel === 'etsy')!;
const customShop = () => env.sandbox.shops.find((shop) => shop.sales_channel === 'custom_integration')!;

/** Uploads a design and creates a product from the seeded template, as a listing run does. */
async function createFromTemplate(shopId = etsyShop().id, contents = transparentPng) {
  const printify = client();
  const template = await printify.getProduct(etsyShop().id, env.sandbox.templateProductId);
  const upload = await printify.uploadImage({ fileName: 'cat.png', contents });
  const input = cloneProductInput(template, {
    uploadId: upload.id,
    title: 'Retro sunset cat tee',
    description: '<p>A cat at sunset.</p>',
    tags: ['cat', 'retro'],
  });
  return { template, upload, product: await printify.createProduct(shopId, input) };
}

describe('printifyClient against the Printify sandbox', () => {
  it('lists the shops the token reaches, with bearer auth and a user agent', async () => {
    expect(await client().listShops()).toEqual(env.sandbox.shops);
    const [request] = env.sandbox.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/v1/shops.json' });
    expect(request!.headers.authorization).toBe(`Bearer ${env.sandbox.token}`);
    expect(request!.headers['user-agent']).toMatch(/^PodFlow\//);
  });

  it('reads the template product with its whole variant matrix', async () => {
    const template = await client().getProduct(String(etsyShop().id), env.sandbox.templateProductId);
    expect(template.id).toBe(env.sandbox.templateProductId);
    expect(template.variants.length).toBeGreaterThan(template.variants.filter((v) => v.is_enabled).length);
    expect(template.print_areas[0]!.placeholders[0]!.images[0]).toMatchObject({
      x: 0.5,
      y: 0.45,
      scale: 0.8,
    });
    expect(template).not.toHaveProperty('external');
  });

  it('uploads by base64; the same bytes give the same upload', async () => {
    const printify = client();
    const first = await printify.uploadImage({ fileName: 'cat.png', contents: redPng });
    const again = await printify.uploadImage({ fileName: 'cat-again.png', contents: redPng });
    expect(first).toMatchObject({ file_name: 'cat.png', width: 1, height: 1, mime_type: 'image/png' });
    expect(again.id).toBe(first.id);
    expect(env.sandbox.requests[0]!.body).toEqual({ file_name: 'cat.png', contents: redPng });
  });

  it('creates a product cloned from the template, with the design where the template had its own', async () => {
    const { template, upload, product } = await createFromTemplate();
    expect(product).toMatchObject({
      title: 'Retro sunset cat tee',
      tags: ['cat', 'retro'],
      blueprint_id: template.blueprint_id,
      print_provider_id: template.print_provider_id,
    });
    const enabled = (p: PrintifyProduct) =>
      p.variants.filter((v) => v.is_enabled).map(({ id, price }) => ({ id, price }));
    expect(enabled(product)).toEqual(enabled(template));
    const placed = product.print_areas.flatMap((area) => area.placeholders.flatMap((p) => p.images));
    expect(placed.map((image) => image.id)).toEqual([upload.id]);
    expect(placed[0]).toMatchObject({ x: 0.5, y: 0.45, scale: 0.8, angle: 0 });
    expect(product).not.toHaveProperty('external');
  });

  it("updates a product's texts, and its print areas with the clone's full variant coverage", async () => {
    const { template, product } = await createFromTemplate();
    const printify = client();
    const renamed = await printify.updateProduct(etsyShop().id, product.id, { title: 'Sunset cat tee' });
    expect(renamed.title).toBe('Sunset cat tee');
    const redesign = await printify.uploadImage({ fileName: 'red.png', contents: redPng });
    const { print_areas } = cloneProductInput(template, {
      uploadId: redesign.id,
      title: '',
      description: '',
      tags: [],
    });
    const updated = await printify.updateProduct(etsyShop().id, product.id, { print_areas });
    expect(updated.print_areas[0]!.placeholders[0]!.images[0]!.id).toBe(redesign.id);
  });

  it('publishes every field by default, then the product gets its listing', async () => {
    const { product } = await createFromTemplate();
    const printify = client();
    await printify.publishProduct(etsyShop().id, product.id);
    expect(env.sandbox.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/shops/${etsyShop().id}/products/${product.id}/publish.json`,
      body: {
        title: true,
        description: true,
        images: true,
        variants: true,
        tags: true,
        keyFeatures: true,
        shipping_template: true,
      },
    });
    const published = await eventually(
      () => printify.getProduct(etsyShop().id, product.id),
      (p) => !p.is_locked,
    );
    expect(published.external?.handle).toMatch(/^https:\/\//);
  });

  it('publishes only the fields asked for, and a locked product refuses edits', async () => {
    const { product } = await createFromTemplate(customShop().id);
    const printify = client();
    await printify.publishProduct(customShop().id, product.id, { images: false, shipping_template: false });
    expect(env.sandbox.requests.at(-1)!.body).toMatchObject({
      title: true,
      images: false,
      shipping_template: false,
    });
    const error = await providerFailure(
      printify.updateProduct(customShop().id, product.id, { title: 'Too soon' }),
    );
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect(error.message).toContain('is being published and cannot be edited');
  });
});

describe('printifyClient errors and retries against the sandbox', () => {
  it('reports a refused token as a Printify 401 without leaking it', async () => {
    const error = await providerFailure(client('not-the-token').listShops());
    expect(error).toMatchObject({ provider: 'Printify', status: 401, retryable: false });
    expect(error.message).toBe('Printify answered GET /v1/shops.json with HTTP 401 without a reason');
  });

  it("names Printify's reason and code for a product of another shop, and for unknown or malformed ids", async () => {
    const printify = client();
    const other = await providerFailure(printify.getProduct(customShop().id, env.sandbox.templateProductId));
    expect(other).toMatchObject({ status: 400, code: 8104 });
    expect(other.message).toContain(`does not belongs to shop #${customShop().id}`);
    const unknown = await providerFailure(printify.getProduct(etsyShop().id, 'ffffffffffffffffffffffff'));
    expect(unknown.message).toContain('HTTP 404: Not found');
    const malformed = await providerFailure(printify.getProduct(etsyShop().id, 'nope'));
    expect(malformed.message).toContain('HTTP 422: Invalid product ID format.');
  });

  it('names the failed field when a create is refused', async () => {
    const template = await client().getProduct(etsyShop().id, env.sandbox.templateProductId);
    const input = cloneProductInput(template, {
      uploadId: 'ffffffffffffffffffffffff',
      title: 'T',
      description: 'D',
      tags: [],
    });
    const error = await providerFailure(client().createProduct(etsyShop().id, { ...input, print_areas: [] }));
    expect(error).toMatchObject({ status: 400, code: 8150, retryable: false });
    expect(error.message).toMatch(/print_areas/);
  });

  it('waits out a 429 as told and retries 5xx on reads', async () => {
    env.sandbox.failNext('rate_limit');
    env.sandbox.failNext('server_error', 2);
    expect(await client().listShops()).toHaveLength(env.sandbox.shops.length);
    expect(env.sandbox.requests).toHaveLength(4);
    expect(env.sleeps[0]).toBe(20);
    expect(env.sleeps).toHaveLength(3);
  });

  it('does not repeat a create after a 500, so no duplicate product can be made', async () => {
    const { template, upload } = await createFromTemplate();
    const before = env.sandbox.products.size;
    env.sandbox.failNext('server_error');
    const input = cloneProductInput(template, {
      uploadId: upload.id,
      title: 'Cat',
      description: 'D',
      tags: [],
    });
    const error = await providerFailure(client().createProduct(etsyShop().id, input));
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(env.sandbox.products.size).toBe(before);
    expect(env.sleeps).toEqual([]);
  });
});

describe('createPrintifyProductOnce: one product per create, even when the answer is lost', () => {
  async function input(title: string) {
    const printify = client();
    const template = await printify.getProduct(etsyShop().id, env.sandbox.templateProductId);
    const upload = await printify.uploadImage({ fileName: 'cat.png', contents: transparentPng });
    return cloneProductInput(template, { uploadId: upload.id, title, description: 'D', tags: [] });
  }

  it('answers the product Printify made when the create timed out after Printify acted', async () => {
    const body = await input(`Timed out tee ${Date.now()}`);
    env.sandbox.requests.length = 0;
    const before = env.sandbox.products.size;
    env.sandbox.failNext('slow');
    const product = await createPrintifyProductOnce(client(undefined, 200), etsyShop().id, body);
    expect(env.sandbox.products.size).toBe(before + 1);
    expect(env.sandbox.products.get(product.id)?.title).toBe(body.title);
    expect(env.sandbox.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('lets a 500 through when Printify made nothing, a 400 without looking, and never takes an older namesake', async () => {
    const body = await input(`Refused tee ${Date.now()}`);
    const before = env.sandbox.products.size;
    env.sandbox.failNext('server_error');
    const error = await providerFailure(createPrintifyProductOnce(client(), etsyShop().id, body));
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(env.sandbox.products.size).toBe(before);
    env.sandbox.requests.length = 0;
    const invalid = await providerFailure(
      createPrintifyProductOnce(client(), etsyShop().id, { ...body, print_areas: [] }),
    );
    expect(invalid.status).toBe(400);
    expect(env.sandbox.requests.map((r) => r.method)).toEqual(['POST']);
    const older = await client().createProduct(etsyShop().id, body);
    env.sandbox.failNext('server_error');
    const later = Date.parse(older.created_at!) + 3 * 60_000;
    const stale = await providerFailure(
      createPrintifyProductOnce(client(), etsyShop().id, body, () => later),
    );
    expect(stale.status).toBe(500);
  });
});

describe('printifyProductsMade: a product known again by the upload and title it was made with', () => {
  it('finds the products showing the upload under the title since the create, oldest first, and nothing else', async () => {
    const printify = client();
    const shop = customShop().id;
    const { template, upload, product: before } = await createFromTemplate(shop);
    const since = Date.parse(before.created_at!) + 3 * 60_000;
    const body = cloneProductInput(template, {
      uploadId: upload.id,
      title: 'Marked tee',
      description: 'D',
      tags: [],
    });
    const marks = printifyMarksOf(body)!;
    expect(marks).toEqual({ uploadId: upload.id, title: 'Marked tee' });
    expect(printifyProductShows(before, upload.id)).toBe(true);
    expect(printifyProductShows(template, upload.id)).toBe(false);
    // The seller's own product of the same title with another file, and one of the file under another title.
    const red = await printify.uploadImage({ fileName: 'red.png', contents: redPng });
    await printify.createProduct(shop, cloneProductInput(template, { ...body, uploadId: red.id, tags: [] }));
    await printify.createProduct(shop, { ...body, title: 'Another tee' });
    const first = await printify.createProduct(shop, body);
    const second = await printify.createProduct(shop, body);
    const made = (since: number) => printifyProductsMade(printify, shop, { ...marks, since });
    expect((await made(Date.parse(first.created_at!))).map((p) => p.id)).toEqual([first.id, second.id]);
    // A create sent more than two minutes after a product was made did not make it.
    expect(await made(since + 60_000)).toEqual([]);
    expect(printifyMarksOf({ ...body, print_areas: [] })).toBeUndefined();
  });
});

describe('what Printify refuses of an upload', () => {
  it('refuses base64 contents over 5 MB with 413, which the seller reads as a file too large', async () => {
    const png = Buffer.from(transparentPng, 'base64');
    const over = Buffer.concat([png, Buffer.alloc(printifyBase64MaxBytes + 1 - png.length)]);
    const error = await providerFailure(
      client().uploadImage({ fileName: 'huge.png', contents: over.toString('base64') }),
    );
    expect(error).toMatchObject({ provider: 'Printify', status: 413, retryable: false });
    expect(error.message).toContain('upload larger files by url');
    expect(sellerFailure(error).sentence).toBe(
      'The file is too large for Printify: upload a smaller design.',
    );
    expect(env.sandbox.requests).toHaveLength(1);
  });
});
