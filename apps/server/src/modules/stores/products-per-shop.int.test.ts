import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { ListingRun } from '@podflow/contract/listings';
import type { StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import {
  type PrintifySandbox,
  channelTemplateProductIds,
  startPrintifySandbox,
} from '@podflow/sandbox/printify-sandbox';
import {
  type ShopifySandbox,
  defaultShopifyShops,
  startShopifySandbox,
} from '@podflow/sandbox/shopify-sandbox';
import { storeChannels } from '@podflow/sandbox/store-channels';
import { type WooSandbox, startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

const shopName = 'podflow-demo';

/**
 * The workspace that sells through two Printify shops: one linked to Shopify, one to WooCommerce.
 * A Printify product belongs to one shop, so each design has a product per shop, and each store
 * is synced from the products of the shop that sells there.
 */
describe(`products per Printify shop, honest sync summaries and repeated starts on ${testDbKind}`, () => {
  let t: TestApp;
  let printify: PrintifySandbox;
  let shopify: ShopifySandbox;
  let woo: WooSandbox;
  let access: string;
  let workspaceId: string;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${access}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const shopOf = (store: TargetStore) => printify.shops.find((s) => s.sales_channel === store)!;
  const designIds = async () =>
    (
      (await call('GET', `/workspace/get_workarea_information/?workspace_id=${workspaceId}`))
        .body as DesignLineItem[]
    ).map((d) => d.lineitem_id);

  const connectPrintify = async (store: TargetStore) =>
    expect(
      (
        await call('POST', '/printify_app/save_printify_template/', {
          workspace_id: workspaceId,
          shop_id: shopOf(store).id,
          apiKey: printify.token,
          printify_product_id: channelTemplateProductIds[store],
        })
      ).status,
    ).toBe(200);

  const createListings = async (publish: boolean): Promise<ListingRun> => {
    expect(
      (
        await call('POST', '/printify_app/create_printify_listings_v2/', {
          workspace_id: workspaceId,
          publish,
        })
      ).status,
    ).toBe(200);
    await t.app.background.jobsIdle();
    await waitForPublishing();
    return (await call('GET', `/listings_app/listing_run/?workspace_id=${workspaceId}&provider=printify`))
      .body.run as ListingRun;
  };

  /** Printify unlocks a published product a moment later. */
  const waitForPublishing = async () => {
    for (let tries = 0; tries < 200; tries += 1) {
      if ([...printify.products.values()].every((p) => !p.is_locked)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  const sync = async (store: TargetStore): Promise<StoreSyncRun> => {
    const started =
      store === 'shopify'
        ? await call('POST', '/printify_app/sync_printify_shopify_metadata/', { workspace_id: workspaceId })
        : await call('POST', '/printify_app/sync_printify_listings_to_woocommerce/', {
            workspace_id: workspaceId,
          });
    expect(started.status).toBe(200);
    await t.app.background.jobsIdle();
    return (await call('GET', `/printify_app/store_sync_run/?workspace_id=${workspaceId}&store=${store}`))
      .body.run as StoreSyncRun;
  };

  const productsIn = (store: TargetStore) =>
    [...printify.products.values()].filter(
      (p) => p.shop_id === shopOf(store).id && p.id !== channelTemplateProductIds[store],
    );

  beforeAll(async () => {
    [shopify, woo] = await Promise.all([startShopifySandbox({ seed: 9 }), startWooSandbox({ seed: 9 })]);
    printify = await startPrintifySandbox({
      seed: 9,
      publishDelayMs: 5,
      fetchesLocalUrls: true,
      channels: storeChannels({
        shopify: { sandbox: shopify, shop: shopName },
        woocommerce: woo,
        images: async () => [],
      }),
    });
    const port = await freePort();
    t = await startTestApp({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PRINTIFY_BASE_URL: printify.url,
      SHOPIFY_BASE_URL: shopify.baseUrlTemplate,
      STORES_ALLOW_PRIVATE_URLS: 'true',
    });
    access = (await buildSignedInUser(t.app)).tokens.access;
    workspaceId = await buildWorkspace(t.app, access);
    const files = await Promise.all(
      ['sun', 'moon', 'star'].map(async (name, k) => ({
        name: `${name}-tee.png`,
        data: await buildPng({ seed: k }),
      })),
    );
    expect((await uploadDesigns(t.url, access, workspaceId, files)).status).toBe(201);
    expect(
      (
        await call('POST', '/printify_app/save_shopify_shop_info/', {
          workspace_id: workspaceId,
          shopify_shop_name: shopName,
          shopify_admin_api_token: defaultShopifyShops[shopName].token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/printify_app/save_woocommerce_shop_info/', {
          workspace_id: workspaceId,
          woocommerce_store_url: woo.url,
          woocommerce_consumer_key: woo.consumerKey,
          woocommerce_consumer_secret: woo.consumerSecret,
        })
      ).status,
    ).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await Promise.all([printify.close(), shopify.close(), woo.close()]);
  });

  it('says a sync of unpublished products synced nothing and skipped each, with why, and never calls it done', async () => {
    await connectPrintify('shopify');
    // The shop sells on a store: step 7's Publish starts ticked for it.
    expect(
      (await call('GET', `/printify_app/fetch_workspace_printify_info/?workspace_id=${workspaceId}`)).body[0],
    ).toMatchObject({
      shop_title: 'PodFlow Shopify Store',
      sales_channel: 'shopify',
      publishes_to_store: true,
    });
    const listing = await createListings(false);
    expect(listing).toMatchObject({ status: 'Completed', created: 3, published: 0, publish_failed: 0 });
    expect(listing.results.every((r) => r.published === null)).toBe(true);

    const run = await sync('shopify');
    expect(run).toMatchObject({
      status: 'Completed',
      total: 3,
      updated: 0,
      unchanged: 0,
      skipped: 3,
      failed: 0,
      printify_shop: 'PodFlow Shopify Store',
    });
    for (const result of run.results) {
      expect(result.reason).toBe(
        "Not on Shopify yet: tick 'Publish' in step 7 and create the listings again (or publish it from Printify), then sync.",
      );
    }
  });

  it('updates the same products when published, then keeps them when the shop is switched and makes new ones in the WooCommerce shop', async () => {
    const published = await createListings(true);
    expect(published).toMatchObject({ status: 'Completed', updated: 3, created: 0, published: 3 });
    const shopifyProducts = productsIn('shopify').map((p) => p.id);
    expect(shopifyProducts).toHaveLength(3);
    expect((await sync('shopify')).updated).toBe(3);

    // WooCommerce while step 7 still holds the Shopify shop: the shop selling on WooCommerce has none yet.
    const before = await sync('woocommerce');
    expect(before).toMatchObject({ skipped: 3, updated: 0, printify_shop: 'PodFlow WooCommerce Store' });
    expect(before.results[0]!.reason).toBe(
      'Not in your Printify shop "PodFlow WooCommerce Store", which sells on WooCommerce: connect that shop in step 7 and create the listings there.',
    );

    // Doing exactly that makes new products there (never Printify's 8104) and keeps the Shopify ones.
    await connectPrintify('woocommerce');
    const inWoo = await createListings(true);
    expect(inWoo).toMatchObject({ status: 'Completed', created: 3, updated: 0, failed: 0, published: 3 });
    expect(productsIn('woocommerce')).toHaveLength(3);
    expect(productsIn('shopify').map((p) => p.id)).toEqual(shopifyProducts);
    const kept = await t.db
      .selectFrom('design_products')
      .select(['shop_id'])
      .where('design_id', 'in', await designIds())
      .execute();
    expect(kept.filter((row) => row.shop_id === String(shopOf('shopify').id))).toHaveLength(3);
    expect(kept.filter((row) => row.shop_id === String(shopOf('woocommerce').id))).toHaveLength(3);

    const toWoo = await sync('woocommerce');
    expect(toWoo).toMatchObject({ status: 'Completed', updated: 3, failed: 0, skipped: 0 });
    const wooIds = new Set(productsIn('woocommerce').map((p) => p.id));
    expect(toWoo.results.every((r) => wooIds.has(r.printify_product_id!))).toBe(true);

    // Shopify still syncs from the products of the shop that sells there.
    const again = await sync('shopify');
    expect(again).toMatchObject({ failed: 0, skipped: 0, printify_shop: 'PodFlow Shopify Store' });
    expect(again.results.map((r) => r.printify_product_id).sort()).toEqual([...shopifyProducts].sort());
  });

  it("turns Printify's 8104 for another shop's product into a sentence, keeping the code in the details", async () => {
    const [first] = await designIds();
    const shopifyProduct = productsIn('shopify')[0]!.id;
    // A product id recorded under the wrong shop (as data from before products were kept per shop could be).
    await t.db
      .updateTable('design_products')
      .set({ product_id: shopifyProduct })
      .where('design_id', '=', first!)
      .where('shop_id', '=', String(shopOf('woocommerce').id))
      .execute();
    const run = await sync('woocommerce');
    const result = run.results.find((r) => r.lineitem_id === first)!;
    expect(result.status).toBe('failed');
    expect(result.reason).toBe(
      'This product belongs to another Printify shop than the one connected: create the listings again for the connected shop in step 7.',
    );
    expect(result.reason).not.toMatch(/belongs to shop|code/);
    expect(result.detail).toMatch(/HTTP 400, code 8104: Product .* does not belongs to shop #/);

    // Creating the listings again mends it: a new product in the connected shop, no failure.
    const mended = await createListings(false);
    expect(mended.failed).toBe(0);
    expect((await sync('woocommerce')).failed).toBe(0);
  });

  it('keeps a listing whose publish Printify refused, saying so, and counts no publish', async () => {
    const shop = printify.shops.find((s) => s.sales_channel === 'woocommerce')!;
    shop.sales_channel = 'disconnected';
    try {
      const run = await createListings(true);
      expect(run).toMatchObject({
        status: 'Completed',
        updated: 3,
        failed: 0,
        published: 0,
        publish_failed: 3,
      });
      for (const result of run.results) {
        expect(result.published).toBe(false);
        expect(result.reason).toBe(
          "Not published: The Printify shop is not linked to a sales channel, so nothing could be published: link it to your store in Printify, or untick 'Publish' in step 7.",
        );
        expect(result.detail).toContain('code 8254');
      }
    } finally {
      shop.sales_channel = 'woocommerce';
    }
  });

  it('answers a repeated start with the run already going on: one run, no error', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/printify_app/create_printify_listings_v2/', {
        workspace_id: workspaceId,
        publish: false,
      }),
      call('POST', '/printify_app/create_printify_listings_v2/', {
        workspace_id: workspaceId,
        publish: false,
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.run.id).toBe(b.body.run.id);
    expect([a.body.message, b.body.message]).toContain(
      'Listings are already being created for this workspace: this is that run.',
    );
    await t.app.background.jobsIdle();

    const [c, d] = await Promise.all([
      call('POST', '/printify_app/sync_printify_shopify_metadata/', { workspace_id: workspaceId }),
      call('POST', '/printify_app/sync_printify_shopify_metadata/', { workspace_id: workspaceId }),
    ]);
    expect([c.status, d.status]).toEqual([200, 200]);
    expect(c.body.run.id).toBe(d.body.run.id);
    await t.app.background.jobsIdle();
    const syncs = await t.db
      .selectFrom('store_sync_runs')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('store', '=', 'shopify')
      .where('created_at', '>=', Date.parse(c.body.run.created_at))
      .execute();
    expect(syncs.map((r) => r.id)).toEqual([c.body.run.id]);
    const listings = await t.db
      .selectFrom('listing_runs')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('created_at', '>=', Date.parse(a.body.run.created_at))
      .execute();
    expect(listings).toHaveLength(1);
  });
});
