import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { ListingRun } from '@podflow/contract/listings';
import type { MockupGridRow } from '@podflow/contract/mockups';
import type { StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import {
  type PrintifySandbox,
  channelTemplateProductIds,
  startPrintifySandbox,
} from '@podflow/sandbox/printify-sandbox';
import { type ShopifySandbox, startShopifySandbox } from '@podflow/sandbox/shopify-sandbox';
import { storeChannels } from '@podflow/sandbox/store-channels';
import { type WooSandbox, startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from '../../test/factories.ts';
import { buildPng, templateData, templatePng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { SecretBox } from '../../platform/crypto/secrets.ts';
import { connectionKey } from '../listings/listings.service.ts';
import { shopifyWebhookSecret } from './stores.service.ts';

const shopName = 'podflow-demo';
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Two images Printify's own channel put on each store product: the seller's, never to be touched. */
const sellerImages = [
  { bytes: await buildPng({ width: 40, height: 40, alpha: false, seed: 101 }), alt: 'Printify front' },
  { bytes: await buildPng({ width: 40, height: 40, alpha: false, seed: 102 }), alt: 'Printify back' },
];

describe(`store sync to Shopify and WooCommerce on ${testDbKind}`, () => {
  let t: TestApp;
  let printify: PrintifySandbox;
  let shopify: ShopifySandbox;
  let woo: WooSandbox;
  let access: string;
  const workspaces: Record<TargetStore, string> = { shopify: '', woocommerce: '' };

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = access) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const designsOf = async (workspaceId: string) =>
    (await call('GET', `/workspace/get_workarea_information/?workspace_id=${workspaceId}`))
      .body as DesignLineItem[];

  /** Each design's mockup bytes' digests, in the order the store should show them. */
  const mockupDigests = async (workspaceId: string) => {
    const grid = (await call('GET', `/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`)).body
      .arr_mockup_images_grid as MockupGridRow[];
    const digests = new Map<string, string[]>();
    for (const row of grid) {
      const files = await Promise.all(
        row.mockup_images.map(async (m) =>
          sha(Buffer.from(await (await fetch(t.url + m.mockup_image)).arrayBuffer())),
        ),
      );
      digests.set(row.design_id, files);
    }
    return digests;
  };

  const sync = async (store: TargetStore, skipMockups = false): Promise<StoreSyncRun> => {
    const workspaceId = workspaces[store];
    const started =
      store === 'shopify'
        ? await call('POST', '/printify_app/sync_printify_shopify_metadata/', { workspace_id: workspaceId })
        : await call('POST', '/printify_app/sync_printify_listings_to_woocommerce/', {
            workspace_id: workspaceId,
            skip_mockups: skipMockups,
          });
    expect(started.status).toBe(200);
    await t.app.background.jobsIdle();
    const { run } = (
      await call('GET', `/printify_app/store_sync_run/?workspace_id=${workspaceId}&store=${store}`)
    ).body as { run: StoreSyncRun };
    return run;
  };

  /** Twenty designs with metadata and two mockups each, listed and published on the store's Printify shop. */
  async function prepare(store: TargetStore, templateIds: string[]) {
    const workspaceId = await buildWorkspace(t.app, access);
    workspaces[store] = workspaceId;
    const files = await Promise.all(
      Array.from({ length: 20 }, async (_, k) => ({
        name: `${store}-tee-${k + 1}.png`,
        data: await buildPng({ seed: k + (store === 'shopify' ? 0 : 50) }),
      })),
    );
    expect((await uploadDesigns(t.url, access, workspaceId, files)).status).toBe(201);
    const form = new FormData();
    for (const design of await designsOf(workspaceId)) {
      form.append('lineitem_id', design.lineitem_id);
      form.append('product_title', `Sunny ${store} Tee ${design.image_file_name.replace(/\D/g, '')}`);
      form.append('seo_keywords', `summer, beach, ${store} & sun`);
      form.append('product_description', 'A bright summer design.\n\nPrinted to order <3');
    }
    const saved = await fetch(`${t.url}/workspace/save_metadata/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(saved.status).toBe(200);
    expect(
      (
        await call('POST', '/mockups_app/set_templates_for_workspace/', {
          selectedTemplates: templateIds,
          workspace_id: workspaceId,
        })
      ).status,
    ).toBe(200);
    await call('GET', `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`);
    await t.app.background.jobsIdle();

    const shop = printify.shops.find((s) => s.sales_channel === store)!;
    const connected = await call('POST', '/printify_app/save_printify_template/', {
      workspace_id: workspaceId,
      shop_id: shop.id,
      apiKey: printify.token,
      printify_product_id: channelTemplateProductIds[store],
    });
    expect(connected.status).toBe(200);
    expect(
      (
        await call('POST', '/printify_app/create_printify_listings_v2/', {
          workspace_id: workspaceId,
          publish: true,
        })
      ).status,
    ).toBe(200);
    await t.app.background.jobsIdle();
    const listing = (
      await call('GET', `/listings_app/listing_run/?workspace_id=${workspaceId}&provider=printify`)
    ).body.run as ListingRun;
    expect(listing.created).toBe(20);
    // Publishing lists each product on the store a moment later.
    for (let tries = 0; tries < 200; tries += 1) {
      const mine = [...printify.products.values()].filter(
        (p) => p.shop_id === shop.id && p.id !== channelTemplateProductIds[store],
      );
      if (mine.length === 20 && mine.every((p) => p.external && !p.is_locked)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`The products were never published to ${store}`);
  }

  beforeAll(async () => {
    [shopify, woo] = await Promise.all([
      startShopifySandbox({
        seed: 5,
        shops: {
          [shopName]: {
            token: 'shpat_full',
            scopes: ['write_products', 'read_products', 'write_product_listings', 'read_product_listings'],
          },
          'narrow-shop': { token: 'shpat_narrow', scopes: ['read_products', 'write_products'] },
        },
      }),
      startWooSandbox({ seed: 5 }),
    ]);
    printify = await startPrintifySandbox({
      seed: 5,
      publishDelayMs: 5,
      fetchesLocalUrls: true,
      channels: storeChannels({
        shopify: { sandbox: shopify, shop: shopName },
        woocommerce: woo,
        images: async () => sellerImages,
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
    const user = await buildSignedInUser(t.app);
    access = user.tokens.access;
    await t.db
      .updateTable('users')
      .set({ plan: 'basic' })
      .where('email', '=', user.registration.username)
      .execute();
    const templateIds: string[] = [];
    for (const [i, hue] of [20, 200].entries()) {
      const response = await postForm(
        t.url,
        access,
        '/mockups_app/upload_image_mode_mockup_templates/',
        { templateData },
        [{ name: `shirt ${i + 1}.png`, data: await templatePng(hue) }],
        'file',
      );
      expect(response.status).toBe(201);
      templateIds.push(response.body.templates[0].mkp_template_id as string);
    }
    await prepare('shopify', templateIds);
    await prepare('woocommerce', templateIds);
  }, 180_000);

  afterAll(async () => {
    await t.close();
    await Promise.all([printify.close(), shopify.close(), woo.close()]);
  });

  it('connects Shopify only with a token that reaches the shop with the required scopes', async () => {
    const workspaceId = workspaces.shopify;
    const save = (token: string, shop: string) =>
      call('POST', '/printify_app/save_shopify_shop_info/', {
        workspace_id: workspaceId,
        shopify_admin_api_token: token,
        shopify_shop_name: shop,
      });
    expect((await call('GET', `/printify_app/get_target_store/?workspace_id=${workspaceId}`)).body).toEqual({
      target_store: 'shopify',
    });
    const wrong = await save('shpat_wrong', shopName);
    expect(wrong).toMatchObject({
      status: 400,
      body: { detail: 'Unable to save, validate if the information is correct.' },
    });
    const narrow = await save('shpat_narrow', 'narrow-shop');
    expect(narrow.status).toBe(400);
    expect(narrow.body.detail).toBe(
      'Unable to save, validate if the information is correct. The token lacks the write_product_listings scope.',
    );
    expect((await save('shpat_full', 'not a shop!')).body.detail).toMatch(/without \.myshopify\.com/);
    expect(
      (await call('GET', `/printify_app/get_shopify_shop_info/?workspace_id=${workspaceId}`)).body,
    ).toEqual([]);

    const ok = await save('shpat_full', `https://${shopName.toUpperCase()}.myshopify.com/`);
    expect(ok.status).toBe(200);
    const info = (await call('GET', `/printify_app/get_shopify_shop_info/?workspace_id=${workspaceId}`)).body;
    expect(info).toEqual([
      { shopify_admin_api_token: '••••••••full', shopify_shop_name: shopName, shopify_api_secret: '' },
    ]);
    // The masked token sent back keeps the stored one.
    expect((await save(info[0].shopify_admin_api_token, shopName)).status).toBe(200);
    const stored = await t.db
      .selectFrom('provider_connections')
      .select('api_key_sealed')
      .where('provider', '=', 'shopify')
      .executeTakeFirstOrThrow();
    expect(stored.api_key_sealed).not.toContain('shpat_full');
  });

  it("keeps the Shopify app's optional API secret key sealed, masked in answers, kept when sent back masked", async () => {
    const workspaceId = workspaces.shopify;
    const save = (secret?: string) =>
      call('POST', '/printify_app/save_shopify_shop_info/', {
        workspace_id: workspaceId,
        shopify_admin_api_token: '••••••••full',
        shopify_shop_name: shopName,
        ...(secret === undefined ? {} : { shopify_api_secret: secret }),
      });
    const info = async () =>
      (await call('GET', `/printify_app/get_shopify_shop_info/?workspace_id=${workspaceId}`)).body[0];
    const row = () =>
      t.db
        .selectFrom('provider_connections')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('provider', '=', 'shopify')
        .executeTakeFirstOrThrow();
    const secrets = new SecretBox(t.config.appSecret, t.config.appSecretPrevious);

    expect((await save('shpss_0123456789abcdef7a3c')).body.info.shopify_api_secret).toBe('••••••••7a3c');
    expect((await info()).shopify_api_secret).toBe('••••••••7a3c');
    expect((await row()).api_secret_sealed).not.toContain('0123456789abcdef');
    expect(shopifyWebhookSecret(secrets, await row())).toBe('shpss_0123456789abcdef7a3c');
    // The token opens as before: the key is a column of its own, not part of the token's seal.
    expect(connectionKey(secrets, await row())).toBe('shpat_full');
    expect((await save('••••••••7a3c')).status).toBe(200);
    expect((await save()).status).toBe(200);
    expect(shopifyWebhookSecret(secrets, await row())).toBe('shpss_0123456789abcdef7a3c');
    // A sealed key moved to another row does not open there.
    const other = { ...(await row()), workspace_id: workspaces.woocommerce };
    expect(shopifyWebhookSecret(secrets, other)).toBeUndefined();
    expect((await save('shpss with space')).status).toBe(400);
    expect((await save('')).body.info.shopify_api_secret).toBe('');
    expect((await row()).api_secret_sealed).toBeNull();
    expect(shopifyWebhookSecret(secrets, await row())).toBeUndefined();
  });

  it('syncs 20 designs to Shopify through throttling and failures: right copy, current mockups first, nothing else touched', async () => {
    shopify.failNext('throttled', 2);
    shopify.failNext('rate_limit');
    shopify.failNext('server_error');
    shopify.setFaultRate(0.05);
    const run = await sync('shopify');
    shopify.setFaultRate(0);
    expect(run).toMatchObject({ status: 'Completed', total: 20, updated: 20, failed: 0 });
    // Printify already pushed the title and tags; the HTML description, SEO and mockups were left to do.
    expect(run.results.every((r) => r.changes.includes('mockups') && !r.changes.includes('title'))).toBe(
      true,
    );
    expect(new Set(run.results.flatMap((r) => r.changes))).toEqual(
      new Set(['description', 'seo', 'mockups']),
    );

    const digests = await mockupDigests(workspaces.shopify);
    for (const design of await designsOf(workspaces.shopify)) {
      const result = run.results.find((r) => r.lineitem_id === design.lineitem_id)!;
      const product = shopify.product(shopName, result.store_product_id!)!;
      expect(product.title).toBe(design.product_title);
      expect(product.descriptionHtml).toBe('<p>A bright summer design.</p><p>Printed to order &lt;3</p>');
      expect([...product.tags].sort()).toEqual(['beach', 'shopify & sun', 'summer']);
      expect(product.seo).toEqual({
        title: design.product_title,
        description: 'A bright summer design. Printed to order <3',
      });
      expect(product.media.map((m) => m.sha256)).toEqual([
        ...digests.get(design.lineitem_id)!,
        ...sellerImages.map((image) => sha(image.bytes)),
      ]);
    }

    shopify.requests.length = 0;
    const again = await sync('shopify');
    expect(again).toMatchObject({ status: 'Completed', updated: 0, unchanged: 20, failed: 0 });
    const bodies = shopify.requests.map((r) => JSON.stringify(r.body));
    expect(bodies.filter((b) => b.includes('mutation'))).toEqual([]);
  }, 120_000);

  it("replaces only PodFlow's own mockups when they change, and keeps the seller's images", async () => {
    const workspaceId = workspaces.shopify;
    const grid = (await call('GET', `/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`)).body
      .arr_mockup_images_grid as MockupGridRow[];
    const first = grid[0]!;
    const removed = first.mockup_images[0]!.mockup_id;
    expect(
      (await call('POST', '/mockups_app/delete_selected_mockups/', { mockup_ids: [removed] })).status,
    ).toBe(200);
    const run = await sync('shopify');
    expect(run).toMatchObject({ status: 'Completed', updated: 1, unchanged: 19 });
    const result = run.results.find((r) => r.lineitem_id === first.design_id)!;
    expect(result.changes).toEqual(['mockups']);
    const digests = await mockupDigests(workspaceId);
    expect(shopify.product(shopName, result.store_product_id!)!.media.map((m) => m.sha256)).toEqual([
      ...digests.get(first.design_id)!,
      ...sellerImages.map((image) => sha(image.bytes)),
    ]);
  }, 60_000);

  it('connects WooCommerce only with keys the store accepts', async () => {
    const workspaceId = workspaces.woocommerce;
    const save = (url: string, key: string, secret: string) =>
      call('POST', '/printify_app/save_woocommerce_shop_info/', {
        workspace_id: workspaceId,
        woocommerce_store_url: url,
        woocommerce_consumer_key: key,
        woocommerce_consumer_secret: secret,
      });
    const wrong = await save(woo.url, woo.consumerKey, 'cs_wrong');
    expect(wrong).toMatchObject({
      status: 400,
      body: { detail: 'Unable to save. Please check your credentials.' },
    });
    expect((await save('not a url', woo.consumerKey, woo.consumerSecret)).body.detail).toMatch(/https:\/\//);
    expect(
      (await call('GET', `/printify_app/get_woocommerce_shop_info/?workspace_id=${workspaceId}`)).body,
    ).toEqual([]);
    expect((await save(`${woo.url}/`, woo.consumerKey, woo.consumerSecret)).status).toBe(200);
    const info = (await call('GET', `/printify_app/get_woocommerce_shop_info/?workspace_id=${workspaceId}`))
      .body;
    expect(info).toEqual([
      {
        woocommerce_store_url: woo.url,
        woocommerce_consumer_key: `••••••••${woo.consumerKey.slice(-4)}`,
        woocommerce_consumer_secret: `••••••••${woo.consumerSecret.slice(-4)}`,
      },
    ]);
    expect((await call('GET', `/printify_app/get_target_store/?workspace_id=${workspaceId}`)).body).toEqual({
      target_store: 'woocommerce',
    });
  });

  it('syncs 20 designs to WooCommerce through failures, in batches, and a second sync writes nothing', async () => {
    woo.failNext('rate_limit');
    woo.failNext('server_error');
    woo.setFaultRate(0.05);
    const run = await sync('woocommerce');
    woo.setFaultRate(0);
    expect(run).toMatchObject({ status: 'Completed', total: 20, updated: 20, failed: 0 });

    const digests = await mockupDigests(workspaces.woocommerce);
    for (const design of await designsOf(workspaces.woocommerce)) {
      const result = run.results.find((r) => r.lineitem_id === design.lineitem_id)!;
      const product = woo.product(Number(result.store_product_id))!;
      expect(product.name).toBe(design.product_title);
      expect(product.description).toBe('<p>A bright summer design.</p><p>Printed to order &lt;3</p>');
      expect(product.tags.map((tag) => tag.name).sort()).toEqual([
        'beach',
        'summer',
        'woocommerce &amp; sun',
      ]);
      expect(product.images.map((image) => image.sha256)).toEqual([
        ...digests.get(design.lineitem_id)!,
        ...sellerImages.map((image) => sha(image.bytes)),
      ]);
    }

    woo.requests.length = 0;
    const downloads = woo.downloads;
    const again = await sync('woocommerce');
    expect(again).toMatchObject({ status: 'Completed', updated: 0, unchanged: 20, failed: 0 });
    expect(woo.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(woo.downloads).toBe(downloads);
  }, 120_000);

  it('syncs only the metadata with skip_mockups, leaving the images as they are', async () => {
    const workspaceId = workspaces.woocommerce;
    const [design] = await designsOf(workspaceId);
    const form = new FormData();
    form.append('lineitem_id', design!.lineitem_id);
    form.append('product_title', 'Renamed Sunny Tee');
    form.append('seo_keywords', 'summer');
    form.append('product_description', 'New words.');
    await fetch(`${t.url}/workspace/save_metadata/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    const before = await sync('woocommerce', true);
    const result = before.results.find((r) => r.lineitem_id === design!.lineitem_id)!;
    expect(result.changes).toEqual(['title', 'description', 'tags', 'seo']);
    expect(before).toMatchObject({ updated: 1, unchanged: 19, skip_mockups: true });
    expect(woo.product(Number(result.store_product_id))!.name).toBe('Renamed Sunny Tee');
  }, 60_000);

  it("keeps every store call to the workspace's owner", async () => {
    const stranger = await buildSignedInUser(t.app);
    const other = stranger.tokens.access;
    const workspaceId = workspaces.shopify;
    for (const url of [
      `/printify_app/get_shopify_shop_info/?workspace_id=${workspaceId}`,
      `/printify_app/get_woocommerce_shop_info/?workspace_id=${workspaceId}`,
      `/printify_app/get_target_store/?workspace_id=${workspaceId}`,
      `/printify_app/store_sync_run/?workspace_id=${workspaceId}&store=shopify`,
    ]) {
      expect((await call('GET', url, undefined, other)).status).toBe(404);
    }
    const syncing = await call(
      'POST',
      '/printify_app/sync_printify_shopify_metadata/',
      { workspace_id: workspaceId },
      other,
    );
    expect(syncing.status).toBe(404);
    const saving = await call(
      'POST',
      '/printify_app/save_target_store/',
      { workspace_id: workspaceId, target_store: 'woocommerce' },
      other,
    );
    expect(saving.status).toBe(404);
  });

  it('refuses a store address on this machine or a private network when private addresses are not allowed', async () => {
    const strict = await startTestApp({});
    try {
      const user = await buildSignedInUser(strict.app);
      const workspaceId = await buildWorkspace(strict.app, user.tokens.access);
      const before = woo.requests.length;
      for (const url of [
        woo.url,
        woo.url.replace('http:', 'https:'),
        'https://169.254.169.254',
        'https://10.1.2.3',
      ]) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/printify_app/save_woocommerce_shop_info/',
          headers: { authorization: `Bearer ${user.tokens.access}` },
          payload: {
            workspace_id: workspaceId,
            woocommerce_store_url: url,
            woocommerce_consumer_key: woo.consumerKey,
            woocommerce_consumer_secret: woo.consumerSecret,
          },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(/https:\/\/|private or local|port 443/);
      }
      expect(woo.requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});
