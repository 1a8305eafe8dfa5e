import type { ChannelListing, PrintifyProduct } from './printify-sandbox.ts';
import type { ShopifySandbox } from './shopify-sandbox.ts';
import type { WooSandbox } from './woocommerce-sandbox.ts';

/** The images a store product starts with when Printify lists it there. */
export type ChannelImages = (product: PrintifyProduct) => Promise<{ bytes: Buffer; alt: string }[]>;

/** Printify's own mockups of the product (its first two), as Printify's integrations push them. */
const printifyMockups: ChannelImages = async (product) =>
  Promise.all(
    product.images.slice(0, 2).map(async (image) => ({
      bytes: Buffer.from(await (await fetch(image.src)).arrayBuffer()),
      alt: `${product.title} (${image.position})`,
    })),
  );

/**
 * Printify sales channels that list a published product in the Shopify and WooCommerce sandboxes,
 * as Printify's integrations do: a store product with the Printify product's title, description,
 * tags and mockups. A product published again keeps its store product.
 */
export function storeChannels(stores: {
  shopify?: { sandbox: ShopifySandbox; shop: string };
  woocommerce?: WooSandbox;
  images?: ChannelImages;
}): Record<string, ChannelListing> {
  const images = stores.images ?? printifyMockups;
  const channels: Record<string, ChannelListing> = {};
  const { shopify, woocommerce } = stores;
  if (shopify) {
    channels.shopify = async (product, known) => ({
      id:
        known ??
        shopify.sandbox.createProduct(shopify.shop, {
          title: product.title,
          descriptionHtml: product.description,
          tags: product.tags,
          images: await images(product),
        }),
      handle: `https://${shopify.shop}.myshopify.com/products/${product.id}`,
    });
  }
  if (woocommerce) {
    channels.woocommerce = async (product, known) => {
      const id =
        known ??
        String(
          woocommerce.createProduct({
            name: product.title,
            description: product.description,
            tags: product.tags,
            images: await images(product),
          }),
        );
      return { id, handle: `${woocommerce.url}/?p=${id}` };
    };
  }
  return channels;
}
