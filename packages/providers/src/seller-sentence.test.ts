import { startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { describe, expect, it } from 'vitest';
import { ProviderError } from './provider-error.ts';
import { printifyClient } from './printify.ts';
import { sellerFailure } from './seller-sentence.ts';
import { providerFailure, useSandbox } from './test-kit.ts';

const env = useSandbox(() => startPrintifySandbox());

const printify = () =>
  printifyClient({ apiKey: env.sandbox.token, baseUrl: env.sandbox.url, ...env.transport });
const shop = (channel: string) => env.sandbox.shops.find((s) => s.sales_channel === channel)!;

describe('sellerFailure: what a seller reads of a provider failure', () => {
  it("says what happened and what to do for Printify's 8104, keeping the raw reason and code in the details", async () => {
    const error = await providerFailure(
      printify().getProduct(shop('shopify').id, env.sandbox.templateProductId),
    );
    const { sentence, detail } = sellerFailure(error);
    expect(sentence).toBe(
      'This product belongs to another Printify shop than the one connected: create the listings again for the connected shop in step 7.',
    );
    expect(detail).toContain('HTTP 400, code 8104');
    expect(detail).toContain(`does not belongs to shop #${shop('shopify').id}`);
  });

  it('names the step that fixes a refused key, and never repeats the raw text', async () => {
    const refused = await providerFailure(
      printifyClient({ apiKey: 'wrong', baseUrl: env.sandbox.url, ...env.transport }).listShops(),
    );
    expect(sellerFailure(refused).sentence).toBe(
      'Printify no longer accepts the saved key, or it lacks a permission: connect Printify again in step 7.',
    );
    const store = new ProviderError(
      'WooCommerce answered PUT /products/batch with HTTP 401, code woocommerce_rest_cannot_edit',
      {
        provider: 'WooCommerce',
        status: 401,
        code: 'woocommerce_rest_cannot_edit',
        retryable: false,
      },
    );
    const { sentence, detail } = sellerFailure(store);
    expect(sentence).toBe(
      'WooCommerce no longer accepts the saved key, or it lacks a permission: connect WooCommerce again in step 8.',
    );
    expect(sentence).not.toContain('woocommerce_rest');
    expect(detail).toContain('woocommerce_rest_cannot_edit');
  });

  it('tells an outage, a throttle and a refusal apart', () => {
    const of = (status: number) =>
      sellerFailure(new ProviderError('raw', { provider: 'Shopify', status, retryable: status !== 400 }))
        .sentence;
    expect(of(0)).toBe('Shopify could not be reached or did not answer in time: try again in a few minutes.');
    expect(of(429)).toBe(
      'Shopify is limiting how fast PodFlow may send: wait a few minutes, then try again.',
    );
    expect(of(503)).toBe('Shopify had a problem on its side: try again in a few minutes.');
    expect(of(400)).toBe(
      'Shopify refused the change: try again, and if it keeps failing, check the connection in step 8.',
    );
  });

  it("passes PodFlow's own sentences through unchanged, with no details", () => {
    expect(sellerFailure(new Error('The design was deleted.'))).toEqual({
      sentence: 'The design was deleted.',
      detail: null,
    });
  });
});
