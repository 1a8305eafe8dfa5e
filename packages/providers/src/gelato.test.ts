import { startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { describe, expect, it } from 'vitest';
import { gelatoClient, gelatoProductInput } from './gelato.ts';
import { eventually, providerFailure, useSandbox } from './test-kit.ts';

const env = useSandbox(() => startGelatoSandbox({ publishDelayMs: 20 }));

function client(apiKey = env.sandbox.apiKey) {
  return gelatoClient({ apiKey, baseUrl: env.sandbox.url, ...env.transport });
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
