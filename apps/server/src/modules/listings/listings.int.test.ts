import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { ListingRun } from '@podflow/contract/listings';
import { type GelatoSandbox, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`listings on Printify and Gelato on ${testDbKind}`, () => {
  let t: TestApp;
  let printify: PrintifySandbox;
  let gelato: GelatoSandbox;
  let access: string;
  let workspaceId: string;
  /** Everything the server wrote to stdout (its log lines) while the suite ran. */
  const logged: string[] = [];
  const answers: string[] = [];

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${access}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    answers.push(response.body);
    return { status: response.statusCode, body: response.json() };
  };
  const designs = async () =>
    (await call('GET', `/workspace/get_workarea_information/?workspace_id=${workspaceId}`))
      .body as DesignLineItem[];
  const waitForRun = async (provider: 'printify' | 'gelato'): Promise<ListingRun> => {
    for (;;) {
      const { run } = (
        await call('GET', `/listings_app/listing_run/?workspace_id=${workspaceId}&provider=${provider}`)
      ).body as { run: ListingRun };
      if (run.status === 'Completed' || run.status === 'Failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /** Saves the Gelato sandbox's store and template with its key, `change` on top. */
  const saveGelato = (change: Record<string, string> = {}) =>
    call('POST', '/gelato_app/save_gelato_store_config/', {
      workspace_id: workspaceId,
      api_key: gelato.apiKey,
      store_id: gelato.storeId,
      template_id: gelato.templateId,
      ...change,
    });
  const productsOfShop = (shopId: number) =>
    [...printify.products.values()].filter((p) => p.shop_id === shopId);

  beforeAll(async () => {
    const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array) => boolean;
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return write(chunk);
    });
    [printify, gelato] = await Promise.all([
      startPrintifySandbox({ seed: 7, fetchesLocalUrls: true }),
      startGelatoSandbox({ seed: 7 }),
    ]);
    const port = await freePort();
    t = await startTestApp({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PRINTIFY_BASE_URL: printify.url,
      GELATO_BASE_URL: gelato.url,
      LOG_LEVEL: 'debug',
    });
    const user = await buildSignedInUser(t.app);
    access = user.tokens.access;
    await t.db
      .updateTable('users')
      .set({ plan: 'basic' })
      .where('email', '=', user.registration.username)
      .execute();
    workspaceId = await buildWorkspace(t.app, access);
    const files = await Promise.all(
      Array.from({ length: 25 }, async (_, k) => ({
        name: `summer-tee-${k + 1}.png`,
        data: await buildPng({ seed: k }),
      })),
    );
    expect((await uploadDesigns(t.url, access, workspaceId, files)).status).toBe(201);
    const form = new FormData();
    for (const design of await designs()) {
      form.append('lineitem_id', design.lineitem_id);
      form.append('product_title', `Summer Tee ${design.image_file_name.replace(/\D/g, '')}`);
      form.append('seo_keywords', 'summer, beach, sunshine');
      form.append('product_description', 'A bright summer design.');
    }
    const saved = await fetch(`${t.url}/workspace/save_metadata/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(saved.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    await Promise.all([printify.close(), gelato.close()]);
  });

  it('refuses a wrong key, a wrong product and an unreachable provider with SPEC.md words, saving nothing', async () => {
    const shopId = String(printify.shops[0]!.id);
    const wrongKey = await call('POST', '/printify_app/fetch_printify_shopIDs/', { apiKey: 'not-a-token' });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.detail).toMatch(/did not accept this API key/);
    const wrongProduct = await call('POST', '/printify_app/save_printify_template/', {
      workspace_id: workspaceId,
      shop_id: shopId,
      apiKey: printify.token,
      printify_product_id: 'ffffffffffffffffffffffff',
    });
    expect(wrongProduct.status).toBe(400);
    expect(wrongProduct.body.detail).toBe(
      'Unable to validate the product, Check if the Product ID is Correct.',
    );
    const gelatoWrong = await call('POST', '/gelato_app/save_gelato_store_config/', {
      workspace_id: workspaceId,
      api_key: 'wrong-key',
      store_id: gelato.storeId,
      template_id: gelato.templateId,
    });
    expect(gelatoWrong.status).toBe(400);
    expect(gelatoWrong.body.detail).toBe(
      'Failed to save Gelato credentials. Please check the values and try again.',
    );
    expect(
      (await call('GET', `/printify_app/fetch_workspace_printify_info/?workspace_id=${workspaceId}`)).body,
    ).toEqual([]);
    expect(
      (await call('GET', `/gelato_app/fetch_workspace_gelato_info/?workspace_id=${workspaceId}`)).body,
    ).toEqual([]);

    const closed = await freePort();
    const offline = await startTestApp({
      PRINTIFY_BASE_URL: `http://127.0.0.1:${closed}`,
      PROVIDER_TIMEOUT_SECONDS: '2',
    });
    try {
      const user = await buildSignedInUser(offline.app);
      const response = await offline.app.inject({
        method: 'POST',
        url: '/printify_app/fetch_printify_shopIDs/',
        headers: { authorization: `Bearer ${user.tokens.access}` },
        payload: { apiKey: printify.token },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toBe(
        'Printify could not be reached. Check your connection and try again in a minute.',
      );
    } finally {
      await offline.close();
    }
  }, 60_000);

  it('creates exactly one product per design through failing calls (one in ten), then updates them and creates none', async () => {
    const shop = printify.shops[0]!;
    const shops = await call('POST', '/printify_app/fetch_printify_shopIDs/', { apiKey: printify.token });
    expect(shops.body.shops.map((s: { id: number }) => s.id)).toContain(shop.id);
    const saved = await call('POST', '/printify_app/save_printify_template/', {
      workspace_id: workspaceId,
      shop_id: shop.id,
      apiKey: printify.token,
      printify_product_id: printify.templateProductId,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.info).toMatchObject({
      shop_id: String(shop.id),
      product_id: printify.templateProductId,
    });
    expect(saved.body.info.api_key).toBe(`••••••••${printify.token.slice(-4)}`);

    const template = printify.products.get(printify.templateProductId)!;
    const enabled = template.variants.filter((v) => v.is_enabled).map((v) => [v.id, v.price]);
    // One call in ten answers 429 or 500, none of them retried by this test: a 500 on a create is
    // a lost answer (looked for, then tried again under the design's intent), and a design fails
    // only when all three of its tries fail (about 1 in 1000). At one in five that was about 1 in
    // 150 per design: one of 25 failed in about one run in six.
    printify.setFaultRate(0.1);
    onTestFinished(() => printify.setFaultRate(0)); // the next test starts without faults, whatever happens here
    const started = await call('POST', '/printify_app/create_printify_listings_v2/', {
      workspace_id: workspaceId,
    });
    expect(started.status).toBe(200);
    const first = await waitForRun('printify');
    expect(first).toMatchObject({ status: 'Completed', total: 25, created: 25, updated: 0, failed: 0 });
    const products = productsOfShop(shop.id).filter((p) => p.id !== printify.templateProductId);
    expect(products).toHaveLength(25);
    const byId = new Map((await designs()).map((d) => [d.printify_product_id, d]));
    for (const product of products) {
      const design = byId.get(product.id)!;
      expect(design).toBeDefined();
      expect(product.title).toBe(`Summer Tee ${design.image_file_name.replace(/\D/g, '')}`);
      expect(product.tags).toEqual(['summer', 'beach', 'sunshine']);
      expect(product.blueprint_id).toBe(template.blueprint_id);
      expect(product.variants.filter((v) => v.is_enabled).map((v) => [v.id, v.price])).toEqual(enabled);
      const image = product.print_areas[0]!.placeholders[0]!.images[0]!;
      expect(printify.uploads.get(image.id)?.file_name).toBe(design.image_file_name);
      const templateImage = template.print_areas[0]!.placeholders[0]!.images[0]!;
      expect([image.x, image.y, image.scale, image.angle]).toEqual([
        templateImage.x,
        templateImage.y,
        templateImage.scale,
        templateImage.angle,
      ]);
    }

    const again = await call('POST', '/printify_app/create_printify_listings_v2/', {
      workspace_id: workspaceId,
    });
    expect(again.status).toBe(200);
    const second = await waitForRun('printify');
    expect(second).toMatchObject({ status: 'Completed', created: 0, updated: 25, failed: 0 });
    expect(productsOfShop(shop.id)).toHaveLength(26);
    printify.setFaultRate(0);
  }, 180_000);

  it('creates Gelato products from the template with the designs at public signed URLs, once', async () => {
    const saved = await saveGelato();
    expect(saved.status).toBe(200);
    expect(saved.body.info.api_key).toBe(`••••••••${gelato.apiKey.slice(-4)}`);
    // Sending the masked key back keeps the stored one.
    const resaved = await call('POST', '/gelato_app/save_gelato_store_config/', {
      workspace_id: workspaceId,
      api_key: saved.body.info.api_key,
      store_id: gelato.storeId,
      template_id: gelato.templateId,
    });
    expect(resaved.status).toBe(200);
    const created = await call('POST', '/gelato_app/create_gelato_listings/', { workspace_id: workspaceId });
    expect(created.status).toBe(200);
    expect(created.body.created_product_ids).toHaveLength(25);
    expect(gelato.products.size).toBe(25);
    const twice = await call('POST', '/gelato_app/create_gelato_listings/', { workspace_id: workspaceId });
    expect(twice.body.created_product_ids).toEqual([]);
    expect(gelato.products.size).toBe(25);
  }, 180_000);

  it('gives each design a new product when the template product changed blueprint, its file sent by URL', async () => {
    const shop = printify.shops[0]!;
    const image = [...printify.uploads.values()][0]!;
    /** A product the seller makes in Printify, saved as the template product. */
    const useTemplate = async (product: Record<string, unknown>) => {
      const made = await fetch(`${printify.url}/v1/shops/${shop.id}/products.json`, {
        method: 'POST',
        headers: { authorization: `Bearer ${printify.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Template', description: 'A template.', ...product }),
      });
      const { id } = (await made.json()) as { id: string };
      const saved = await call('POST', '/printify_app/save_printify_template/', {
        workspace_id: workspaceId,
        shop_id: shop.id,
        apiKey: printify.token,
        printify_product_id: id,
      });
      expect(saved.status).toBe(200);
    };
    const placed = (variantIds: number[]) => [
      {
        variant_ids: variantIds,
        placeholders: [{ position: 'front', images: [{ id: image.id, x: 0.5, y: 0.5, scale: 1, angle: 0 }] }],
      },
    ];
    const run = async () => {
      const started = await call('POST', '/printify_app/create_printify_listings_v2/', {
        workspace_id: workspaceId,
      });
      expect(started.status).toBe(200);
      return waitForRun('printify');
    };
    // Every design has its tee from the seeded template (made now when this test runs alone).
    const seeded = printify.products.get(printify.templateProductId)!;
    await useTemplate({
      blueprint_id: seeded.blueprint_id,
      print_provider_id: seeded.print_provider_id,
      variants: seeded.variants.filter((v) => v.is_enabled).map((v) => ({ id: v.id, price: v.price })),
      print_areas: placed(seeded.print_areas.flatMap((area) => area.variant_ids)),
    });
    expect(await run()).toMatchObject({ status: 'Completed', failed: 0 });
    const before = new Map((await designs()).map((d) => [d.lineitem_id, d.printify_product_id!]));
    const count = printify.products.size;

    // The same blueprint, but print areas that leave variants out: Printify's 8251 is a failure
    // to fix, not a reason for new products.
    await useTemplate({
      blueprint_id: 6,
      print_provider_id: 99,
      variants: [{ id: 12100, price: 2499, is_enabled: true }],
      print_areas: placed([12100]),
    });
    const partial = await run();
    expect(partial).toMatchObject({ status: 'Failed', created: 0, updated: 0, failed: 25 });
    expect(partial.results[0]!.reason).toBe(
      "Printify refused the product: its variants no longer match the template product's. Choose the template product again in step 7.",
    );
    expect(printify.products.size).toBe(count + 1);

    // A mug now: the designs' tee products cannot become mugs, so each design gets a mug.
    await useTemplate({
      blueprint_id: 68,
      print_provider_id: 1,
      variants: [{ id: 33719, price: 1500, is_enabled: true }],
      print_areas: placed([33719]),
    });
    printify.requests.length = 0;
    const mugs = await run();
    expect(mugs).toMatchObject({ status: 'Completed', created: 25, updated: 0, failed: 0 });
    for (const result of mugs.results) {
      const old = before.get(result.lineitem_id)!;
      expect(result.product_id).not.toBe(old);
      expect(result.reason).toBe(
        `The template product is now another product type, so this design got a new Printify product; its old one (${old}) is still in your shop.`,
      );
      expect(printify.products.get(result.product_id!)?.blueprint_id).toBe(68);
      expect(printify.products.get(old)?.blueprint_id).toBe(6);
    }
    // Printify fetches each file from PodFlow's signed URL (the sandbox, like PodFlow, is local).
    const uploads = printify.requests.filter((r) => r.path === '/v1/uploads/images.json');
    expect(uploads).toHaveLength(25);
    for (const upload of uploads) {
      expect(upload.body).toEqual({
        file_name: expect.stringMatching(/^summer-tee-\d+\.png$/),
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\?exp=\d+&sig=/),
      });
    }
  }, 180_000);

  it('refuses a Gelato store id the key does not reach, and shows on its design a product Gelato failed to make', async () => {
    const saved = await saveGelato();
    expect(saved.status).toBe(200);
    const wrongStore = await saveGelato({ store_id: '00000000-0000-4000-8000-000000000000' });
    expect(wrongStore.status).toBe(400);
    expect(wrongStore.body.detail).toBe(
      'Gelato has no store with this ID for this API key. Copy the store ID from your Gelato dashboard (Stores), then save again.',
    );
    // The connection saved before is kept.
    const info = await call('GET', `/gelato_app/fetch_workspace_gelato_info/?workspace_id=${workspaceId}`);
    expect(info.body).toMatchObject([{ store_id: gelato.storeId }]);
    // Every design on Gelato (made now when this test runs alone).
    expect(
      (await call('POST', '/gelato_app/create_gelato_listings/', { workspace_id: workspaceId })).status,
    ).toBe(200);

    // Gelato lost the design's product, and PodFlow can no longer serve its file: Gelato takes
    // the new create, then fails the product because it cannot download the file.
    const [design] = await designs();
    gelato.products.delete(design!.gelato_product_id!);
    const row = await t.db
      .selectFrom('designs')
      .select('storage_key')
      .where('id', '=', design!.lineitem_id)
      .executeTakeFirstOrThrow();
    rmSync(path.join(filesRoot(t), row.storage_key));
    const created = await call('POST', '/gelato_app/create_gelato_listings/', { workspace_id: workspaceId });
    expect(created.status).toBe(200);
    expect(created.body.created_product_ids).toEqual([]);
    const run = created.body.run as ListingRun;
    expect(run).toMatchObject({ status: 'Completed', total: 25, skipped: 24, failed: 1 });
    const failed = run.results.find((r) => r.status === 'failed')!;
    expect(failed.lineitem_id).toBe(design!.lineitem_id);
    expect(failed.reason).toMatch(
      /^Gelato could not fetch the design from PodFlow: set PUBLIC_URL to an address reachable from the internet, then create the listings again\. Gelato says: Could not download the file at fileUrl/,
    );
    expect(failed.detail).toMatch(/^Gelato publishing_error \(file_download_failed\): .*answered 404/);
    expect(gelato.products.get(failed.product_id!)?.status).toBe('publishing_error');
    // The failed product is not the design's: the next run makes it again.
    const after = (await designs()).find((d) => d.lineitem_id === design!.lineitem_id)!;
    expect(after.gelato_product_id).toBeNull();
    expect(gelato.products.size).toBe(25);
  }, 180_000);

  it('never lets a stored key out: not in answers, not in log lines', () => {
    const everything = [...answers, ...logged].join('\n');
    expect(everything).not.toContain(printify.token);
    expect(everything).not.toContain(gelato.apiKey);
    expect(logged.length).toBeGreaterThan(10);
  });
});
