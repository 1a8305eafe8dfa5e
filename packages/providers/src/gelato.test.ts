import { startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { describe, expect, it } from 'vitest';
import {
  type GelatoProduct,
  type GelatoClient,
  createGelatoProductOnce,
  followGelatoProduct,
  gelatoClient,
  gelatoProductInput,
  gelatoProductProgress,
  gelatoProductsMade,
  gelatoPublishingFailure,
} from './gelato.ts';
import { ProviderError } from './provider-error.ts';
import { eventually, providerFailure, useSandbox } from './test-kit.ts';

const env = useSandbox(() => startGelatoSandbox({ publishDelayMs: 20, slowMs: 1_000 }));

/** A client of the sandbox; `timeoutMs` short makes it give up on a slow answer. */
function client(apiKey = env.sandbox.apiKey, timeoutMs?: number) {
  return gelatoClient({ apiKey, baseUrl: env.sandbox.url, timeoutMs, ...env.transport });
}

const design = () => ({
  // A PNG the sandbox serves itself, standing in for a public design URL.
  fileUrl: `${env.sandbox.url}/previews/design-cat.png`,
  title: 'Retro sunset cat tee',
  description: '<p>A cat at sunset.</p>',
  tags: ['cat', 'retro', 'sunset'],
});

describe('gelatoClient against the Gelato sandbox', () => {
  it('reads the template with X-API-KEY auth', async () => {
    const template = await client().getTemplate(env.sandbox.templateId);
    expect(template.id).toBe(env.sandbox.templateId);
    expect(template.variants.length).toBeGreaterThan(0);
    expect(template.variants[0]!.imagePlaceholders[0]!.name).toBe('ImageFront');
    const [request] = env.sandbox.requests;
    expect(request).toMatchObject({ method: 'GET', path: `/v1/templates/${env.sandbox.templateId}` });
    expect(request!.headers['x-api-key']).toBe(env.sandbox.apiKey);
    expect(request!.headers['user-agent']).toMatch(/^PodFlow\//);
  });

  it('creates a store product from the template with the design on every variant, then it gets published', async () => {
    const gelato = client();
    const template = await gelato.getTemplate(env.sandbox.templateId);
    const created = await gelato.createProductFromTemplate(
      env.sandbox.storeId,
      gelatoProductInput(template, design()),
    );
    expect(created).toMatchObject({
      storeId: env.sandbox.storeId,
      title: 'Retro sunset cat tee',
      externalId: null,
      tags: ['cat', 'retro', 'sunset'],
    });
    expect(env.sandbox.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/stores/${env.sandbox.storeId}/products:create-from-template`,
    });
    const sent = env.sandbox.requests.at(-1)!.body as ReturnType<typeof gelatoProductInput>;
    expect(sent.variants!.map((variant) => variant.templateVariantId)).toEqual(
      template.variants.map((v) => v.id),
    );

    const published = await eventually(
      () => gelato.getProduct(env.sandbox.storeId, created.id),
      (product) => product.status === 'active',
    );
    expect(published.id).toBe(created.id);
    expect(published.externalId).toEqual(expect.any(String));
  });
});

describe('gelatoClient errors and retries against the sandbox', () => {
  it("reports a refused key with Gelato's message and without the key", async () => {
    const error = await providerFailure(client('wrong-key-123456').getTemplate(env.sandbox.templateId));
    expect(error).toMatchObject({ provider: 'Gelato', status: 403, retryable: false });
    expect(error.message).toMatch(/^Gelato answered GET \/v1\/templates\/.+ with HTTP 403.*: .*key/i);
    expect(error.message).not.toContain('wrong-key-123456');
  });

  it('names what is missing for an unknown template or product', async () => {
    const gelato = client();
    const template = await providerFailure(gelato.getTemplate('00000000-0000-4000-8000-000000000000'));
    expect(template).toMatchObject({ status: 404 });
    expect(template.message).toContain('Template not found.');
    const product = await providerFailure(
      gelato.getProduct(env.sandbox.storeId, '00000000-0000-4000-8000-000000000000'),
    );
    expect(product.message).toContain('Product not found.');
  });

  it('retries reads through a 429 and 5xx, but not a create after a 500', async () => {
    const gelato = client();
    env.sandbox.failNext('rate_limit');
    env.sandbox.failNext('server_error');
    const template = await gelato.getTemplate(env.sandbox.templateId);
    expect(env.sleeps).toEqual([20, 0]);

    const before = env.sandbox.products.size;
    env.sandbox.failNext('server_error');
    const error = await providerFailure(
      gelato.createProductFromTemplate(env.sandbox.storeId, gelatoProductInput(template, design())),
    );
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(error.message).toContain('Internal Server Error');
    expect(env.sandbox.products.size).toBe(before);
  });
});

describe('what Gelato refuses, and what it accepts and fails later', () => {
  it('accepts a design URL Gelato cannot fetch, then the product fails with a sentence naming PUBLIC_URL', async () => {
    const gelato = client();
    const template = await gelato.getTemplate(env.sandbox.templateId);
    const unreachable = { ...design(), fileUrl: `${env.sandbox.url}/nowhere/design.png` };
    const created = await gelato.createProductFromTemplate(
      env.sandbox.storeId,
      gelatoProductInput(template, unreachable),
    );
    expect(gelatoProductProgress(created)).toBe('in_progress');
    const failed = await eventually(
      () => gelato.getProduct(env.sandbox.storeId, created.id),
      (product) => gelatoProductProgress(product) !== 'in_progress',
    );
    expect(gelatoProductProgress(failed)).toBe('failed');
    const { sentence, detail } = gelatoPublishingFailure(failed);
    expect(sentence).toMatch(
      /^Gelato could not fetch the design from PodFlow: set PUBLIC_URL to an address reachable from the internet, then create the listings again\. Gelato says: Could not download the file at fileUrl/,
    );
    expect(detail).toMatch(/^Gelato publishing_error \(file_download_failed\): Could not download .*404/);
  });

  it('answers 404 for a store this key does not reach, and lists the products of its own', async () => {
    const gelato = client();
    const error = await providerFailure(
      gelato.listProducts('00000000-0000-4000-8000-000000000000', { limit: 1 }),
    );
    expect(error).toMatchObject({ provider: 'Gelato', status: 404, retryable: false });
    expect(error.message).toContain('Store not found.');
    const page = await gelato.listProducts(env.sandbox.storeId, { limit: 1 });
    expect(page.products.length).toBeLessThanOrEqual(1);
    expect(env.sandbox.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/stores/${env.sandbox.storeId}/products?offset=0&limit=1&order=desc&orderBy=createdAt`,
    });
  });
});

describe('gelatoProductProgress and gelatoPublishingFailure', () => {
  const product = (change: Partial<GelatoProduct>): GelatoProduct => ({
    id: 'p1',
    storeId: 's1',
    externalId: null,
    title: 'T',
    description: 'D',
    status: 'publishing_error',
    publishedAt: null,
    createdAt: '2024-01-01T00:00:00+0000',
    updatedAt: '2024-01-01T00:00:00+0000',
    ...change,
  });

  it('is ready only when active, failed only on publishing_error, in progress for anything else', () => {
    expect(gelatoProductProgress({ status: 'active' })).toBe('ready');
    expect(gelatoProductProgress({ status: 'publishing_error' })).toBe('failed');
    for (const status of ['created', 'publishing', 'publishing_queued', 'something_new']) {
      expect(gelatoProductProgress({ status })).toBe('in_progress');
    }
  });

  it("gives Gelato's words from errors, then details, then says none were given", () => {
    const both = gelatoPublishingFailure(
      product({
        errors: [{ message: 'Template is archived.' }],
        publishingErrorDetails: { reason: 'Store offline.' },
      }),
    );
    expect(both.sentence).toBe(
      'Gelato could not make this product: fix what it says, then create the listings again in step 7. Gelato says: Template is archived. Store offline.',
    );
    expect(both.detail).toBe('Gelato publishing_error: Template is archived. Store offline.');
    const bare = gelatoPublishingFailure(product({ publishingErrorCode: 'E42' }));
    expect(bare.detail).toBe('Gelato publishing_error (E42): no reason given');
    const long = gelatoPublishingFailure(product({ publishingErrorDetails: 'x'.repeat(300) }));
    expect(long.sentence).toContain(`${'x'.repeat(199)}…`);
    expect(long.detail).toContain('x'.repeat(300));
  });
});

describe('createGelatoProductOnce: one product per create, even when the answer is lost', () => {
  const input = async (title: string) => {
    const template = await client().getTemplate(env.sandbox.templateId);
    return gelatoProductInput(template, { ...design(), title });
  };

  it('answers the product Gelato made when the create timed out after Gelato acted', async () => {
    const body = await input(`Timed out tee ${Date.now()}`);
    env.sandbox.requests.length = 0;
    const before = env.sandbox.products.size;
    env.sandbox.failNext('slow');
    const product = await createGelatoProductOnce(client(undefined, 200), env.sandbox.storeId, body);
    expect(env.sandbox.products.size).toBe(before + 1);
    expect(env.sandbox.products.get(product.id)?.title).toBe(body.title);
    expect(env.sandbox.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(env.sandbox.requests[1]!.path).toMatch(/^\/v1\/stores\/[^/]+\/products\?/);
  });

  it('lets a 500 through when Gelato made nothing, and a 400 without looking', async () => {
    const body = await input(`Refused tee ${Date.now()}`);
    const before = env.sandbox.products.size;
    env.sandbox.failNext('server_error');
    const error = await providerFailure(createGelatoProductOnce(client(), env.sandbox.storeId, body));
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(env.sandbox.products.size).toBe(before);
    expect(env.sandbox.requests.at(-1)).toMatchObject({ method: 'GET' });
    env.sandbox.requests.length = 0;
    const invalid = await providerFailure(
      createGelatoProductOnce(client(), env.sandbox.storeId, { ...body, title: '' }),
    );
    expect(invalid.status).toBe(400);
    expect(env.sandbox.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('does not take an older product of the same title for the lost one', async () => {
    const body = await input(`Older tee ${Date.now()}`);
    const older = await client().createProductFromTemplate(env.sandbox.storeId, body);
    env.sandbox.failNext('server_error');
    const later = Date.parse(older.createdAt) + 3 * 60_000;
    const error = await providerFailure(
      createGelatoProductOnce(client(), env.sandbox.storeId, body, () => later),
    );
    expect(error.status).toBe(500);
  });
});

describe('followGelatoProduct', () => {
  /** A Gelato whose product answers these statuses in turn (the last one from then on), on a clock the waits move. */
  function world(statuses: (string | ProviderError)[]) {
    const clock = { now: 0, waits: [] as number[], reads: 0 };
    const client = {
      getProduct: async () => {
        const next = statuses[Math.min(clock.reads++, statuses.length - 1)]!;
        if (next instanceof ProviderError) throw next;
        return { id: 'p1', status: next };
      },
    } as unknown as GelatoClient;
    const follow = {
      firstDelayMs: 500,
      maxDelayMs: 2_000,
      totalMs: 5_000,
      now: () => clock.now,
      sleep: async (ms: number) => {
        clock.waits.push(ms);
        clock.now += ms;
      },
    };
    return { clock, follow: () => followGelatoProduct(client, 's1', 'p1', follow) };
  }

  it('reads again after waits that double up to the most, until the product is made', async () => {
    const { clock, follow } = world(['created', 'publishing', 'publishing_queued', 'active']);
    expect((await follow())?.status).toBe('active');
    expect(clock.waits).toEqual([500, 1_000, 2_000]);
  });

  it('stops at a failure at once', async () => {
    const { clock, follow } = world(['publishing', 'publishing_error']);
    expect((await follow())?.status).toBe('publishing_error');
    expect(clock.waits).toEqual([500]);
  });

  it('gives the last read when the time is up, still in progress, without waiting past it', async () => {
    const { clock, follow } = world(['publishing']);
    expect((await follow())?.status).toBe('publishing');
    // 500 + 1000 + 2000 = 3500; another 2000 would pass the 5000 allowed.
    expect(clock.waits).toEqual([500, 1_000, 2_000]);
    expect(clock.reads).toBe(4);
  });

  it('answers undefined for a product Gelato no longer has, and lets other failures through', async () => {
    const gone = new ProviderError('Gelato answered 404', {
      provider: 'Gelato',
      status: 404,
      retryable: false,
    });
    expect(await world(['publishing', gone]).follow()).toBeUndefined();
    const down = new ProviderError('Gelato answered 500', {
      provider: 'Gelato',
      status: 500,
      retryable: true,
    });
    await expect(world([down]).follow()).rejects.toBe(down);
  });
});

describe('gelatoProductsMade: a product known again by its title and time', () => {
  it('finds the products of the title made since the create, oldest first, reading 100 at a time', async () => {
    const gelato = client();
    const template = await gelato.getTemplate(env.sandbox.templateId);
    const title = `Known tee ${Date.now()}`;
    const body = gelatoProductInput(template, { ...design(), title });
    const first = await gelato.createProductFromTemplate(env.sandbox.storeId, body);
    await gelato.createProductFromTemplate(env.sandbox.storeId, { ...body, title: `${title} (seller's)` });
    const second = await gelato.createProductFromTemplate(env.sandbox.storeId, body);
    env.sandbox.requests.length = 0;
    const since = Date.parse(first.createdAt);
    const made = await gelatoProductsMade(gelato, env.sandbox.storeId, { title, since });
    expect(made.map((product) => product.id)).toEqual([first.id, second.id]);
    expect(env.sandbox.requests.map((r) => r.path)).toEqual([
      `/v1/stores/${env.sandbox.storeId}/products?offset=0&limit=100&order=desc&orderBy=createdAt`,
    ]);
    const later = since + 3 * 60_000;
    expect(await gelatoProductsMade(gelato, env.sandbox.storeId, { title, since: later })).toEqual([]);
  });
});
