import { describe, expect, it } from 'vitest';
import type { OrderProvider } from '@podflow/contract/orders';
import { orderSourceFactories } from './index.ts';

const settings = {
  printifyBaseUrl: 'http://127.0.0.1:9',
  gelatoBaseUrl: 'http://127.0.0.1:9',
  gelatoOrderBaseUrl: 'http://127.0.0.1:9',
  shopifyBaseUrl: 'http://127.0.0.1:9/{shop}',
  shopifyApiVersion: '2026-07',
  timeoutMs: 1_000,
};

// orderSourcesService's receive() reads a delivery with an adapter made without the connection's
// credential: every factory must make one, and refuse what is not a signed event.
describe.each(Object.keys(orderSourceFactories) as OrderProvider[])('the %s order source', (provider) => {
  it('reads a webhook without the credential, refusing a delivery that is no signed event', () => {
    const adapter = orderSourceFactories[provider]!({ shopId: 'shop', credential: '', settings });
    expect(adapter.provider).toBe(provider);
    for (const rawBody of ['not json', '{"id":1}', '']) {
      expect(adapter.verifyWebhook({ rawBody: Buffer.from(rawBody), headers: {} }, 'secret')).toBeNull();
    }
  });
});
