import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import { shopifyClient } from '@podflow/providers/shopify';
import { wooClient } from '@podflow/providers/woocommerce';
import {
  type ShopifySandbox,
  defaultShopifyShops,
  startShopifySandbox,
} from '@podflow/sandbox/shopify-sandbox';
import { type WooSandbox, startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import type { SyncMockup } from './shopify-sync.ts';
import { syncShopifyProduct } from './shopify-sync.ts';
import { storeListingOf } from './store-listing.ts';
import { type StoresRepo, storesRepo } from './stores.repo.ts';
import { syncWooProducts } from './woocommerce-sync.ts';

/**
 * The repo of a sync killed -9 right after the store answered the write of media (`method`):
 * they are never recorded, and nothing the process would do after that happens either.
 */
function dyingRepo(repo: StoresRepo, method: keyof StoresRepo): { repo: StoresRepo; died: () => boolean } {
  let dead = false;
  const never = () => new Promise<never>(() => undefined);
  const proxy = new Proxy(repo, {
    get(target, key: keyof StoresRepo) {
      const value = target[key];
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (dead) return never();
        if (key === method) {
          dead = true;
          return never();
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { repo: proxy, died: () => dead };
}

const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 20_000) throw new Error('the sync never got that far');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
};

describe(`store media added once whatever dies when, on ${testDbKind}`, () => {
  let t: TestApp;
  let shopify: ShopifySandbox;
  let woo: WooSandbox;
  let cdn: Server;
  let repo: StoresRepo;
  let workspaceId: string;
  let designId: string;
  const shop = 'podflow-demo';
  const files = new Map<string, Buffer>();

  /** Two mockups of the design, served as PodFlow serves signed URLs. */
  const mockups = (): SyncMockup[] =>
    ['front', 'back'].map((side) => ({
      id: `mockup-${side}`,
      key: `mockups/${side}.png`,
      fileName: `${side}.png`,
      mimeType: 'image/png',
      alt: `Tee ${side}`,
      read: async () => files.get(side)!,
      url: () => `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/${side}.png`,
    }));
  const listing = () =>
    storeListingOf({
      product_title: 'Media tee',
      product_description: 'Once.',
      seo_keywords: 'tee',
      file_name: 'tee.png',
    });

  beforeAll(async () => {
    files.set('front', await buildPng({ seed: 1 }));
    files.set('back', await buildPng({ seed: 2 }));
    files.set('seller', await buildPng({ seed: 3 }));
    cdn = createServer((request, response) => {
      const file = files.get((request.url ?? '').replace(/^\/|\.png$/g, ''));
      if (file) response.writeHead(200, { 'content-type': 'image/png' }).end(file);
      else response.writeHead(404).end('Not Found');
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    [shopify, woo] = await Promise.all([startShopifySandbox({ seed: 5 }), startWooSandbox({ seed: 5 })]);
    t = await startTestApp({ ROLE: 'api' });
    repo = storesRepo(t.db);
    const user = await buildSignedInUser(t.app);
    workspaceId = await buildWorkspace(t.app, user.tokens.access);
    const png = { name: 'tee.png', data: await buildPng({ seed: 4 }) };
    expect((await uploadDesigns(t.url, user.tokens.access, workspaceId, [png])).status).toBe(201);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
      headers: { authorization: `Bearer ${user.tokens.access}` },
    });
    designId = (listed.json() as DesignLineItem[])[0]!.lineitem_id;
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await Promise.all([shopify.close(), woo.close()]);
    await new Promise((resolve) => cdn.close(resolve));
  });

  it('records the Shopify media a killed sync added, instead of adding them again beside the seller’s photo', async () => {
    const productId = shopify.createProduct(shop, {
      title: 'Media tee',
      images: [{ bytes: files.get('seller')!, alt: 'Seller photo' }],
    });
    const client = shopifyClient({
      shop,
      accessToken: defaultShopifyShops[shop].token,
      baseUrl: shopify.baseUrlTemplate,
    });
    const where = { workspaceId, store: 'shopify' as const, storeRef: shop, productId, designId };
    const dying = dyingRepo(repo, 'addMedia');
    void syncShopifyProduct(client, dying.repo, where, listing(), mockups());
    await until(() => dying.died());
    expect(shopify.product(shop, productId)!.media).toHaveLength(3);
    expect(await repo.media(where)).toEqual([]);

    const again = await syncShopifyProduct(client, repo, where, listing(), mockups());
    expect(again.changes).toContain('mockups');
    const media = shopify.product(shop, productId)!.media;
    // The two mockups first, once each, then the seller's own photo, untouched.
    expect(media.map((m) => m.alt)).toEqual(['Tee front', 'Tee back', 'Seller photo']);
    expect((await repo.media(where)).map((row) => row.mockup_id)).toEqual(['mockup-front', 'mockup-back']);
    const third = await syncShopifyProduct(client, repo, where, listing(), mockups());
    expect(third).toEqual({ status: 'unchanged', changes: [] });
    expect(shopify.product(shop, productId)!.media).toHaveLength(3);
  });

  it('keeps the WooCommerce images a killed sync sideloaded but never recorded, downloading nothing twice', async () => {
    const productId = woo.createProduct({
      name: 'Media tee',
      images: [{ bytes: files.get('seller')!, alt: 'Seller photo', name: 'seller-photo' }],
    });
    const client = wooClient({
      storeUrl: woo.url,
      consumerKey: woo.consumerKey,
      consumerSecret: woo.consumerSecret,
    });
    const item = {
      designId,
      where: { workspaceId, store: 'woocommerce' as const, storeRef: woo.url, productId: String(productId) },
      listing: listing(),
      mockups: mockups(),
    };
    const dying = dyingRepo(repo, 'replaceMedia');
    void syncWooProducts(client, dying.repo, [item], new Map());
    await until(() => dying.died());
    expect(woo.downloads).toBe(2);
    const sideloaded = woo.product(productId)!.images.map((image) => image.id);
    expect(await repo.media(item.where)).toEqual([]);

    const again = await syncWooProducts(client, repo, [item], new Map());
    expect(again.get(designId)).toEqual({ status: 'unchanged', changes: [] });
    expect(woo.downloads).toBe(2);
    expect(woo.product(productId)!.images.map((image) => image.id)).toEqual(sideloaded);
    expect((await repo.media(item.where)).map((row) => Number(row.remote_id))).toEqual(
      sideloaded.slice(0, 2),
    );
  });
});
