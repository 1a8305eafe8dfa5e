import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GelatoSandbox, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { type OpenAiSandbox, startOpenAiSandbox } from '@podflow/sandbox/openai-sandbox';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import {
  type ShopifySandbox,
  defaultShopifyShops,
  startShopifySandbox,
} from '@podflow/sandbox/shopify-sandbox';
import { type StripeSandbox, startStripeSandbox } from '@podflow/sandbox/stripe-sandbox';
import { type WooSandbox, startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { ordersRepo } from '../../modules/orders/orders.repo.ts';
import { buildSnapshot } from '../../modules/orders/test-source.ts';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, postForm, uploadDesigns } from '../factories.ts';
import { buildPng, templateData, templatePng } from '../images.ts';
import { type TestApp, startTestApp } from '../test-app.ts';

/** The repository's root: no answer may name it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The Stripe sandbox's own prices. */
const prices = { basic: 'price_podflow_basic', premium: 'price_podflow_premium' };
const shopName = 'podflow-demo';

/** A password no strength check refuses, different on every call. */
export const strongPassword = () => `Fuzz-${randomBytes(12).toString('hex')}`;

export type Identity = {
  userId: string;
  username: string;
  password: string;
  access: string;
  refresh: string;
};

/** What one user owns after buildData: every kind of id the API takes. */
export type OwnedData = {
  workspaceId: string;
  designIds: string[];
  templateIds: string[];
  mockupIds: string[];
  listingRunIds: string[];
  syncRunIds: string[];
  aiRunIds: string[];
  mockupRunIds: string[];
  /** The seller's order sources (derived from the connections) and an order of theirs. */
  sourceIds: string[];
  orderIds: string[];
  /** A bulk order action of theirs (its order, sent to production). */
  orderRunIds: string[];
};

export type Sandboxes = {
  printify: PrintifySandbox;
  gelato: GelatoSandbox;
  shopify: ShopifySandbox;
  woo: WooSandbox;
  stripe: StripeSandbox;
  openai: OpenAiSandbox;
};

export type FuzzWorld = {
  t: TestApp;
  sandboxes: Sandboxes;
  /** Values an answer must never contain: APP_SECRET and every provider key of the fixture. */
  secrets: string[];
  prices: typeof prices;
  printifyShopId: number;
  newUser: () => Promise<Identity>;
  buildData: (who: Identity, options?: { full?: boolean }) => Promise<OwnedData>;
  call: (
    who: Identity | undefined,
    method: string,
    url: string,
    body?: unknown,
  ) => Promise<{ status: number; body: string }>;
  close: () => Promise<void>;
};

/**
 * The app on a fresh database with every sandbox it talks to (Printify, Gelato, Shopify,
 * WooCommerce, Stripe, an OpenAI-compatible model) on loopback, rate limits raised so a 429 never
 * hides an answer.
 */
export async function startFuzzWorld(): Promise<FuzzWorld> {
  const [printify, gelato, shopify, woo, stripe, openai] = await Promise.all([
    startPrintifySandbox({ seed: 18, fetchesLocalUrls: true }),
    startGelatoSandbox({ seed: 18 }),
    startShopifySandbox({ seed: 18, shops: defaultShopifyShops }),
    startWooSandbox({ seed: 18 }),
    startStripeSandbox(),
    startOpenAiSandbox(),
  ]);
  const port = await freePort();
  const t = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PRINTIFY_BASE_URL: printify.url,
    GELATO_BASE_URL: gelato.url,
    GELATO_ORDER_BASE_URL: gelato.url,
    SHOPIFY_BASE_URL: shopify.baseUrlTemplate,
    STORES_ALLOW_PRIVATE_URLS: 'true',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_BASE_URL: stripe.url,
    STRIPE_PRICE_BASIC: prices.basic,
    STRIPE_PRICE_PREMIUM: prices.premium,
    AI_BASE_URL: openai.url,
    AI_API_KEY: 'sk-sandbox',
    AI_MODEL: 'gpt-4o-mini',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_MAX_FAILURES: '100000000',
    ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600),
  });
  stripe.setWebhookUrl(`${t.url}/subscription_app/webhook/`);
  const template = printify.products.get(printify.templateProductId)!;
  const sandboxes = { printify, gelato, shopify, woo, stripe, openai };

  const call: FuzzWorld['call'] = async (who, method, url, body) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: who ? { authorization: `Bearer ${who.access}` } : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.body };
  };
  const expectOk = async (what: string, answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`fixture: ${what} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  };

  const newUser = async (): Promise<Identity> => {
    const password = strongPassword();
    const { registration, tokens } = await buildSignedInUser(t.app, { password });
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ plan: 'premium' }).where('id', '=', row.id).execute();
    return {
      userId: row.id,
      username: registration.username,
      password,
      access: tokens.access,
      refresh: tokens.refresh,
    };
  };

  const buildData: FuzzWorld['buildData'] = async (who, { full = true } = {}) => {
    const created = await call(who, 'POST', '/workspace/create_workspace/', {
      workspace_name: `Fuzz ${randomBytes(3).toString('hex')}`,
    });
    const workspaceId = (JSON.parse(created.body) as { workspace_id: string }).workspace_id;
    const files = await Promise.all(
      [1, 2].map(async (k) => ({ name: `fuzz-tee-${k}.png`, data: await buildPng({ seed: k }) })),
    );
    await expectOk('upload designs', uploadDesigns(t.url, who.access, workspaceId, files));
    const uploaded = await postForm(
      t.url,
      who.access,
      '/mockups_app/upload_image_mode_mockup_templates/',
      { templateData, workspace_id: workspaceId },
      [{ name: 'shirt.png', data: await templatePng(120) }],
      'file',
    );
    if (uploaded.status !== 201) throw new Error(`fixture: template upload ${uploaded.status}`);
    const designs = JSON.parse(
      (await call(who, 'GET', `/workspace/get_workarea_information/?workspace_id=${workspaceId}`)).body,
    ) as Array<{ lineitem_id: string }>;
    const designIds = designs.map((d) => d.lineitem_id);
    const templateIds = (uploaded.body.templates as Array<{ mkp_template_id: string }>).map(
      (x) => x.mkp_template_id,
    );
    const data: OwnedData = {
      workspaceId,
      designIds,
      templateIds,
      mockupIds: [],
      listingRunIds: [],
      syncRunIds: [],
      aiRunIds: [],
      mockupRunIds: [],
      sourceIds: [],
      orderIds: [],
      orderRunIds: [],
    };
    if (!full) return data;

    const form = new FormData();
    for (const id of designIds) {
      form.append('lineitem_id', id);
      form.append('product_title', 'Sunny fuzz tee');
      form.append('seo_keywords', 'summer, beach');
      form.append('product_description', 'A bright design.');
    }
    const saved = await fetch(`${t.url}/workspace/save_metadata/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.access}` },
      body: form,
    });
    if (saved.status !== 200) throw new Error(`fixture: save metadata ${saved.status}`);
    await expectOk(
      'generate mockups',
      call(who, 'GET', `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`),
    );
    await t.app.background.jobsIdle();
    const ai = await fetch(`${t.url}/openai_app/generate_textfields_openai/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.access}` },
      body: form,
    });
    if (ai.status !== 200) throw new Error(`fixture: generate metadata ${ai.status} ${await ai.text()}`);
    await expectOk(
      'connect Printify',
      call(who, 'POST', '/printify_app/save_printify_template/', {
        workspace_id: workspaceId,
        shop_id: template.shop_id,
        apiKey: printify.token,
        printify_product_id: printify.templateProductId,
      }),
    );
    await expectOk(
      'connect Gelato',
      call(who, 'POST', '/gelato_app/save_gelato_store_config/', {
        workspace_id: workspaceId,
        api_key: gelato.apiKey,
        store_id: gelato.storeId,
        template_id: gelato.templateId,
      }),
    );
    await expectOk(
      'connect Shopify',
      call(who, 'POST', '/printify_app/save_shopify_shop_info/', {
        workspace_id: workspaceId,
        shopify_admin_api_token: defaultShopifyShops[shopName].token,
        shopify_shop_name: shopName,
      }),
    );
    await expectOk(
      'connect WooCommerce',
      call(who, 'POST', '/printify_app/save_woocommerce_shop_info/', {
        workspace_id: workspaceId,
        woocommerce_store_url: woo.url,
        woocommerce_consumer_key: woo.consumerKey,
        woocommerce_consumer_secret: woo.consumerSecret,
      }),
    );
    await expectOk(
      'create listings',
      call(who, 'POST', '/printify_app/create_printify_listings_v2/', { workspace_id: workspaceId }),
    );
    await t.app.background.jobsIdle();
    await expectOk(
      'sync Shopify',
      call(who, 'POST', '/printify_app/sync_printify_shopify_metadata/', { workspace_id: workspaceId }),
    );
    await t.app.background.jobsIdle();

    const rows = <T extends 'mockups' | 'listing_runs' | 'store_sync_runs' | 'ai_tasks' | 'mockup_jobs'>(
      table: T,
      column: 'id' | 'run_id',
    ) =>
      t.db
        .selectFrom(table as 'mockups')
        .select(`${column} as id` as 'id')
        .where('workspace_id', '=', workspaceId)
        .execute()
        .then((found) => [...new Set(found.map((r) => r.id))]);
    data.mockupIds = await rows('mockups', 'id');
    data.listingRunIds = await rows('listing_runs', 'id');
    data.syncRunIds = await rows('store_sync_runs', 'id');
    data.aiRunIds = await rows('ai_tasks', 'run_id');
    data.mockupRunIds = await rows('mockup_jobs', 'run_id');
    const sources = await t.db
      .selectFrom('order_sources')
      .select(['id', 'user_id', 'provider'])
      .where('user_id', '=', who.userId)
      .orderBy('provider')
      .execute();
    data.sourceIds = sources.map((s) => s.id);
    const printifySource = sources.find((s) => s.provider === 'printify');
    if (printifySource) {
      const { orderId } = await ordersRepo(t.db).applySnapshot(
        printifySource,
        buildSnapshot({
          providerOrderId: `fuzz-${randomBytes(4).toString('hex')}`,
          status: 'awaiting_approval',
        }),
        'import',
        Date.now(),
      );
      data.orderIds = orderId ? [orderId] : [];
      const run = await call(who, 'POST', '/orders_app/runs/', {
        action: 'send_to_production',
        order_ids: data.orderIds,
      });
      data.orderRunIds = run.status === 200 ? [(JSON.parse(run.body) as { run: { id: string } }).run.id] : [];
    }
    return data;
  };

  return {
    t,
    sandboxes,
    secrets: [
      t.config.appSecret,
      printify.token,
      gelato.apiKey,
      defaultShopifyShops[shopName].token,
      woo.consumerKey,
      woo.consumerSecret,
      stripe.secretKey,
      stripe.webhookSecret,
      'sk-sandbox',
    ],
    prices,
    printifyShopId: template.shop_id,
    newUser,
    buildData,
    call,
    close: async () => {
      await t.app.background.jobsIdle();
      await t.close();
      await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.close()));
    },
  };
}
