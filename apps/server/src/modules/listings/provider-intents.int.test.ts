import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { ListingProvider } from '@podflow/contract/listings';
import { type GelatoSandbox, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { cloneProductInput, printifyClient } from '@podflow/providers/printify';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { SecretBox } from '../../platform/crypto/secrets.ts';
import { UrlSigner } from '../../platform/storage/signed-urls.ts';
import { localDiskStorage } from '../../platform/storage/local-disk-storage.ts';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';
import { designsRepo } from '../designs/designs.repo.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import { createListingsJob } from './create-listings.job.ts';
import { type ListingsRepo, listingsRepo } from './listings.repo.ts';

/** What the queue hands a handler: the run's job, first attempt, never aborted. */
const context = (jobId: string) => ({ jobId, attempt: 1, signal: new AbortController().signal });

/**
 * The repo of a worker killed -9 right after the provider answered its `n`-th create: that
 * product is never recorded, and nothing the process would do after that happens either.
 */
function dyingRepo(repo: ListingsRepo, n: number): ListingsRepo {
  let records = 0;
  let dead = false;
  const never = () => new Promise<never>(() => undefined);
  return new Proxy(repo, {
    get(target, key: keyof ListingsRepo) {
      const value = target[key];
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (dead) return never();
        if (key === 'setDesignProduct' && ++records === n) {
          dead = true;
          return never();
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe(`one provider product per design whatever dies when, on ${testDbKind}`, () => {
  let t: TestApp;
  let printify: PrintifySandbox;
  let gelato: GelatoSandbox;
  let access: string;
  let workspaceId: string;
  let userId: string;
  let repo: ListingsRepo;
  /** The workspace's designs by title ('Intent tee 0'...). */
  const designOf = new Map<string, string>();

  const call = async (url: string, body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${access}` },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  };
  const etsyShop = () => printify.shops.find((shop) => shop.sales_channel === 'etsy')!;
  const printifyProducts = (title: string) =>
    [...printify.products.values()].filter((p) => p.shop_id === etsyShop().id && p.title === title);
  const gelatoProducts = (title: string) => [...gelato.products.values()].filter((p) => p.title === title);
  const productOf = (designId: string, provider: ListingProvider) =>
    repo.designProduct(designId, provider, provider === 'printify' ? String(etsyShop().id) : gelato.storeId);
  const ids = (titles: string[]) => titles.map((title) => designOf.get(title)!);

  /** A run of `designIds` as step 7 starts it (the api process only queues it: no worker here). */
  const startRun = async (provider: ListingProvider, designIds: string[]) => {
    const id = randomUUID();
    await repo.insertRun(
      {
        id,
        workspace_id: workspaceId,
        user_id: userId,
        provider,
        status: 'Pending',
        publish: 0,
        reason: null,
        created_at: Date.now(),
        started_at: null,
        finished_at: null,
      },
      designIds.map((designId, position) => ({
        run_id: id,
        design_id: designId,
        design_file_name: `${position}.png`,
        position,
        status: 'pending',
        product_id: null,
        reason: null,
      })),
    );
    return id;
  };

  /** A worker's listing job on `jobRepo`, one design at a time. */
  const worker = (jobRepo: ListingsRepo) =>
    createListingsJob({
      repo: jobRepo,
      designs: { findRow: (id: string) => designsRepo(t.db).findById(id) } as unknown as DesignsService,
      storage: localDiskStorage(filesRoot(t)),
      signer: new UrlSigner(t.config.appSecret, t.config.signedUrlTtlSeconds),
      secrets: new SecretBox(t.config.appSecret, t.config.appSecretPrevious),
      providers: t.config.providers,
      publicUrl: t.config.publicUrl,
      concurrency: 1,
      gelatoFollow: { firstDelayMs: 10, maxDelayMs: 50, totalMs: 5_000 },
    });

  /** Runs a run's job in a worker killed after the provider answered its `n`-th create, until it dies. */
  const runUntilKilled = async (runId: string, n: number, created: () => number) => {
    void worker(dyingRepo(repo, n)).handle({ runId }, context(runId));
    for (let waited = 0; created() < n; waited += 20) {
      if (waited > 20_000) throw new Error(`the worker made ${created()} products, not ${n}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The process is gone: its last create's answer was never recorded.
    await new Promise((resolve) => setTimeout(resolve, 100));
  };

  /**
   * Lists `titles` in a worker killed right after the provider answered its second create, then
   * in a healthy one: each design ends with one product, the second design's being the orphan.
   */
  const killThenRunAgain = async (provider: ListingProvider, titles: string[]) => {
    const productsOf: (title: string) => { id: string }[] =
      provider === 'printify' ? printifyProducts : gelatoProducts;
    const runId = await startRun(provider, ids(titles));
    await runUntilKilled(runId, 2, () => titles.flatMap(productsOf).length);
    const orphan = productsOf(titles[1]!);
    expect(orphan).toHaveLength(1);
    const designId = designOf.get(titles[1]!)!;
    expect(await productOf(designId, provider)).toBeNull();

    expect(await worker(repo).handle({ runId }, context(runId))).toEqual({ status: 'completed' });
    // One product per design: the orphan is the design's, nothing was made twice.
    for (const title of titles) expect(productsOf(title)).toHaveLength(1);
    expect(await productOf(designId, provider)).toBe(orphan[0]!.id);
    const results = await repo.results(runId);
    expect(results.map((r) => r.status)).toEqual(titles.map(() => 'created'));
    expect(results.find((r) => r.design_id === designId)?.product_id).toBe(orphan[0]!.id);
    return { designId, productId: orphan[0]!.id };
  };

  beforeAll(async () => {
    [printify, gelato] = await Promise.all([
      startPrintifySandbox({ seed: 3, fetchesLocalUrls: true, publishDelayMs: 20 }),
      startGelatoSandbox({ seed: 3 }),
    ]);
    const port = await freePort();
    t = await startTestApp({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PRINTIFY_BASE_URL: printify.url,
      GELATO_BASE_URL: gelato.url,
      ROLE: 'api',
    });
    repo = listingsRepo(t.db);
    const user = await buildSignedInUser(t.app);
    access = user.tokens.access;
    const seller = await t.db
      .updateTable('users')
      .set({ plan: 'basic' })
      .where('email', '=', user.registration.username)
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = seller.id;
    workspaceId = await buildWorkspace(t.app, access);
    const files = await Promise.all(
      Array.from({ length: 9 }, async (_, k) => ({
        name: `tee-${k}.png`,
        data: await buildPng({ seed: 40 + k }),
      })),
    );
    expect((await uploadDesigns(t.url, access, workspaceId, files)).status).toBe(201);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
      headers: { authorization: `Bearer ${access}` },
    });
    const form = new FormData();
    for (const design of listed.json() as DesignLineItem[]) {
      const title = `Intent tee ${design.image_file_name.replace(/\D/g, '')}`;
      designOf.set(title, design.lineitem_id);
      form.append('lineitem_id', design.lineitem_id);
      form.append('product_title', title);
      form.append('seo_keywords', 'tee, intent');
      form.append('product_description', 'A tee made once.');
    }
    const saved = await fetch(`${t.url}/workspace/save_metadata/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(saved.status).toBe(200);
    await call('/printify_app/save_printify_template/', {
      workspace_id: workspaceId,
      shop_id: etsyShop().id,
      apiKey: printify.token,
      printify_product_id: printify.templateProductId,
    });
    await call('/gelato_app/save_gelato_store_config/', {
      workspace_id: workspaceId,
      api_key: gelato.apiKey,
      store_id: gelato.storeId,
      template_id: gelato.templateId,
    });
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await Promise.all([printify.close(), gelato.close()]);
  });

  it('adopts the Printify product a killed worker made but never recorded, and makes each other design one', async () => {
    const adopted = await killThenRunAgain('printify', [
      'Intent tee 0',
      'Intent tee 1',
      'Intent tee 2',
      'Intent tee 3',
    ]);
    // Never adopted again: not by another design (it holds it), nor by its own (its intent made it).
    const key = { provider: 'printify' as const, shopId: String(etsyShop().id), kind: 'product' as const };
    for (const designId of [adopted.designId, designOf.get('Intent tee 2')!]) {
      const taken = await repo.alreadyTaken({ ...key, designId }, [
        adopted.productId,
        'ffffffffffffffffffffffff',
      ]);
      expect([...taken]).toEqual([adopted.productId]);
    }
    const open = await t.db
      .selectFrom('provider_intents')
      .selectAll()
      .where('closed_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it("creates once for a stale intent that made nothing, never adopting the seller's namesake, another design's product or another shop's intent", async () => {
    const shop = String(etsyShop().id);
    const [stale, other] = ids(['Intent tee 4', 'Intent tee 5']);
    const client = printifyClient({ apiKey: printify.token, baseUrl: printify.url });
    const template = await client.getProduct(shop, printify.templateProductId);
    // Design 4's earlier try died before its create reached Printify; the seller then made a
    // product of the same title by hand, from another file.
    const redPng = await buildPng({ seed: 99 });
    const red = await client.uploadImage({ fileName: 'red.png', contents: redPng.toString('base64') });
    const tee0 = printifyProducts('Intent tee 0')[0]!;
    const tee0Upload = tee0.print_areas[0]!.placeholders[0]!.images[0]!.id;
    const key = { provider: 'printify' as const, shopId: shop, kind: 'product' as const };
    await repo.startIntent(
      { ...key, designId: stale! },
      JSON.stringify({ uploadId: tee0Upload, title: 'Intent tee 4' }),
    );
    const sellers = await client.createProduct(
      shop,
      cloneProductInput(template, { uploadId: red.id, title: 'Intent tee 4', description: 'Mine', tags: [] }),
    );
    // Design 5 has an open intent whose marks are design 0's product's (taken), and one in another shop.
    await repo.startIntent(
      { ...key, designId: other! },
      JSON.stringify({ uploadId: tee0Upload, title: tee0.title }),
    );
    await repo.startIntent({ ...key, shopId: 'another-shop', designId: other! }, '{}');

    printify.requests.length = 0;
    const runId = await startRun('printify', [stale!, other!]);
    expect(await worker(repo).handle({ runId }, context(runId))).toEqual({ status: 'completed' });
    const creates = printify.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/products.json'));
    expect(creates).toHaveLength(2);
    expect(printifyProducts('Intent tee 4')).toHaveLength(2);
    const mine = await productOf(stale!, 'printify');
    expect(mine).not.toBe(sellers.id);
    expect(printify.products.get(mine!)?.title).toBe('Intent tee 4');
    expect(await productOf(other!, 'printify')).not.toBe(tee0.id);
    expect(await productOf(designOf.get('Intent tee 0')!, 'printify')).toBe(tee0.id);
    const intents = await t.db
      .selectFrom('provider_intents')
      .selectAll()
      .where('design_id', 'in', [stale!, other!])
      .execute();
    // The stale ones closed with nothing, the new ones with their products; another shop's stays open.
    expect(intents.filter((i) => i.closed_at !== null && i.result_id === null)).toHaveLength(2);
    expect(
      intents
        .filter((i) => i.result_id !== null)
        .map((i) => i.result_id)
        .sort(),
    ).toEqual([mine, await productOf(other!, 'printify')].sort());
    expect(intents.filter((i) => i.closed_at === null).map((i) => i.shop_id)).toEqual(['another-shop']);
  });

  it('adopts the Gelato product a killed worker made but never recorded, and follows it until made', async () => {
    await killThenRunAgain('gelato', ['Intent tee 6', 'Intent tee 7', 'Intent tee 8']);
  });
});
