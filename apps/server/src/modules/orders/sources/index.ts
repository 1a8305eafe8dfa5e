import type { OrderProvider } from '@podflow/contract/orders';
import type { OrderSourceAdapter, OrderSourceFactory, SourceInput } from '../order-source.ts';

import { gelatoOrderSource } from './gelato.ts';
import { printifyOrderSource } from './printify.ts';
import { shopifyOrderSource } from './shopify.ts';
import { wooCommerceOrderSource } from './woocommerce.ts';

/**
 * The order-source adapters by provider, one per file of this folder. A provider missing here has
 * no adapter and its sources say so as their sync problem.
 */
export const orderSourceFactories: Partial<Record<OrderProvider, OrderSourceFactory>> = {
  printify: printifyOrderSource,
  gelato: gelatoOrderSource,
  shopify: shopifyOrderSource,
  woocommerce: wooCommerceOrderSource,
};

/** The adapter of a provider's source; throws (a sync problem) when the provider has none. */
export function registrySourceFor(provider: OrderProvider, input: SourceInput): OrderSourceAdapter {
  const factory = orderSourceFactories[provider];
  if (!factory) throw new Error(`PodFlow cannot read ${provider} orders yet.`);
  return factory(input);
}
