import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreSyncRun } from '@podflow/contract/stores';
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
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { waitFor } from '../../test/outages.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

const shopName = 'podflow-demo';
const designCount = 6;

describe(`a Shopify sync stopped mid-way (${testDbKind})`, () => {
  const apps: TestApp[] = [];
  let printify: PrintifySandbox | undefined;
  let shopify: ShopifySandbox | undefined;

  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close();
    await Promise.all([printify?.close(), shopify?.close()]);
  });

  it('records the products in hand, hands the rest back, and the next process updates each product once', async () => {
    shopify = await startShopifySandbox({ seed: 11, slowMs: 150 });
    printify = await startPrintifySandbox({
      seed: 11,
      publishDelayMs: 5,
      fetchesLocalUrls: true,
      channels: storeChannels({ shopify: { sandbox: shopify, shop: shopName }, images: async () => [] }),
    });
    const port = await freePort();
    const shared = {
      APP_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PRINTIFY_BASE_URL: printify.url,
      SHOPIFY_BASE_URL: shopify.baseUrlTemplate,
    };
    const first = await startTestApp({ ...shared, PORT: String(port) });
    apps.push(first);
    const access = (await buildSignedInUser(first.app)).tokens.access;
    const call = async (
      t: TestApp,
      method: 'GET' | 'POST',
      url: string,
      payload?: Record<string, unknown>,
    ) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${access}` },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const workspaceId = await buildWorkspace(first.app, access);
    const files = await Promise.all(
      Array.from({ length: designCount }, async (_, k) => ({
        name: `cap-${k}.png`,
        data: await buildPng({ seed: k }),
      })),
    );
    expect((await uploadDesigns(first.url, access, workspaceId, files)).status).toBe(201);
    await call(first, 'POST', '/printify_app/save_shopify_shop_info/', {
      workspace_id: workspaceId,
      shopify_shop_name: shopName,
      shopify_admin_api_token: defaultShopifyShops[shopName].token,
    });
    const shop = printify.shops.find((s) => s.sales_channel === 'shopify')!;
    await call(first, 'POST', '/printify_app/save_printify_template/', {
      workspace_id: workspaceId,
      shop_id: shop.id,
      apiKey: printify.token,
      printify_product_id: channelTemplateProductIds.shopify,
    });
    await call(first, 'POST', '/printify_app/create_printify_listings_v2/', {
      workspace_id: workspaceId,
      publish: true,
    });
    await first.app.background.jobsIdle();
    await waitFor(
      'the products to be published',
      async () => [...printify!.products.values()],
      (products) => products.every((p) => !p.is_locked),
    );
    const updates = () =>
      shopify!.requests.filter((r) => JSON.stringify(r.body).includes('productUpdate')).length;
    expect(updates()).toBe(0);

    // Every Shopify call now answers after 150 ms: the sync is stopped while it goes on.
    shopify.failNext('slow', 1000);
    await call(first, 'POST', '/printify_app/sync_printify_shopify_metadata/', { workspace_id: workspaceId });
    const results = () => first.db.selectFrom('store_sync_results').select(['status']).execute();
    await waitFor('the first synced product', results, (rows) => rows.some((r) => r.status !== 'pending'));
    await first.app.close();

    const left = await results();
    const synced = left.filter((r) => r.status === 'updated').length;
    expect(synced).toBeGreaterThan(0);
    expect(synced).toBeLessThan(designCount);
    expect(left.filter((r) => r.status === 'pending')).toHaveLength(designCount - synced);
    expect(updates()).toBe(synced); // every product updated in Shopify is recorded, none left unrecorded
    const stopped = await first.db.selectFrom('store_sync_runs').select('status').executeTakeFirstOrThrow();
    expect(stopped.status).toBe('In Progress');

    const second = await startTestApp({
      ...shared,
      DATA_DIR: first.config.dataDir,
      ...(first.config.database.kind === 'postgres' && { DATABASE_URL: first.config.database.url }),
    });
    apps.push(second);
    const finished = await waitFor(
      'the sync to end',
      async () =>
        (await call(second, 'GET', `/printify_app/store_sync_run/?workspace_id=${workspaceId}&store=shopify`))
          .run as StoreSyncRun,
      (run) => run.status !== 'In Progress',
    );
    expect(finished.status).toBe('Completed');
    expect(finished.results.map((r) => r.status)).toEqual(Array(designCount).fill('updated'));
    expect(updates()).toBe(designCount); // each product updated once
  }, 90_000);
});
