/**
 * `npm run demo`: PodFlow with every external API replaced by its sandbox on loopback, and a demo
 * account owning a workspace with sample designs, selected starter templates and generated
 * mockups, connected to the Printify sandbox's Shopify-linked shop, the Shopify sandbox and Gelato,
 * with the designs made Printify and Gelato products and orders of them waiting on the Orders
 * screen (some needing the seller), so a newcomer can click through the whole workflow offline. Its data lives in ./data-demo
 * (DEMO_DATA_DIR), apart from `npm start`'s; a second start signs in to what the first one made.
 * New orders arrive in the sandboxes now and then (DEMO_PRINTIFY_ORDER_EVERY_MS and
 * DEMO_GELATO_ORDER_EVERY_MS; 0: none); DEMO_ORDER_PRODUCTS=0 seeds no products of the designs.
 */
import path from 'node:path';
import { startGelatoSandbox } from '../packages/sandbox/src/gelato-sandbox.ts';
import { startOpenAiSandbox } from '../packages/sandbox/src/openai-sandbox.ts';
import { channelTemplateProductIds, startPrintifySandbox } from '../packages/sandbox/src/printify-sandbox.ts';
import { defaultShopifyShops, startShopifySandbox } from '../packages/sandbox/src/shopify-sandbox.ts';
import { storeChannels } from '../packages/sandbox/src/store-channels.ts';
import { startStripeSandbox } from '../packages/sandbox/src/stripe-sandbox.ts';
import { startWooSandbox } from '../packages/sandbox/src/woocommerce-sandbox.ts';
import { designPng, sampleDesigns } from './demo-designs.ts';
import { ensureWebBuild } from './web-build.ts';

const demoAccount = {
  first_name: 'Demo',
  last_name: 'Seller',
  username: 'demo@podflow.local',
  password: 'podflow-demo',
};
const workspaceName = 'Demo shop';
const starterTemplates = ['T-shirt (white)', 'Mug 11 oz (white)', 'Poster 2:3 in a black frame (angled)'];

async function call<T>(base: string, route: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(`${base}${route}`, { ...init, headers });
  const body = (await response.json().catch(() => ({}))) as T & { detail?: string };
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${body.detail ?? ''}`);
  return body;
}

/** A call as the demo account. */
type Api = <T>(route: string, init?: RequestInit) => Promise<T>;
/** The demo account's calls, its workspace, and whether this start seeded it. */
type Seeded = { api: Api; workspaceId: string; fresh: boolean };

/** Signs in to the demo account, registering it and seeding its workspace the first time. */
async function seed(
  base: string,
  printify: { token: string; shopId: number; productId: string },
  shopify: { shop: string; token: string; apiSecret: string },
  gelato: { apiKey: string; storeId: string; templateId: string },
): Promise<Seeded> {
  const credentials = JSON.stringify({ username: demoAccount.username, password: demoAccount.password });
  const signIn = () => call<{ access: string }>(base, '/api/token/', { method: 'POST', body: credentials });
  let { access } = await signIn().catch(async () => {
    await call(base, '/api/user/register/', { method: 'POST', body: JSON.stringify(demoAccount) });
    return signIn();
  });
  /** A call as the demo account, signing in again when its short-lived access token has expired. */
  const api: Api = async <T>(route: string, init: RequestInit = {}): Promise<T> => {
    try {
      return await call<T>(base, route, { ...init, token: access });
    } catch (error) {
      if (!String(error).includes(' answered 401:')) throw error;
      ({ access } = await signIn());
      return call<T>(base, route, { ...init, token: access });
    }
  };
  const workspaces = await api<{ workspace_id: string; workspace_name: string }[]>(
    '/workspace/get_workspaces/',
  );
  const existing = workspaces.find((w) => w.workspace_name === workspaceName);
  if (existing) return { api, workspaceId: existing.workspace_id, fresh: false };
  await api('/workspace/create_workspace/', {
    method: 'POST',
    body: JSON.stringify({ workspace_name: workspaceName }),
  });
  const workspace = (
    await api<{ workspace_id: string; workspace_name: string }[]>('/workspace/get_workspaces/', {})
  ).find((w) => w.workspace_name === workspaceName)!;
  const id = workspace.workspace_id;

  const form = new FormData();
  form.append('workspace_id', id);
  for (const design of sampleDesigns) {
    form.append(
      'files',
      new Blob([new Uint8Array(await designPng(design))], { type: 'image/png' }),
      design.file,
    );
  }
  await api('/workspace/upload_designs/', { method: 'POST', body: form });

  const { templates_information: all } = await api<{
    templates_information: { mkp_template_id: string; user_file_name: string }[];
  }>(`/mockups_app/get_all_templates_information/?workspace_id=${id}`);
  const selected = all
    .filter((t) => starterTemplates.includes(t.user_file_name))
    .map((t) => t.mkp_template_id);
  await api('/mockups_app/set_templates_for_workspace/', {
    method: 'POST',
    body: JSON.stringify({ workspace_id: id, selectedTemplates: selected }),
  });
  await api('/printify_app/save_printify_template/', {
    method: 'POST',
    body: JSON.stringify({
      workspace_id: id,
      shop_id: printify.shopId,
      apiKey: printify.token,
      printify_product_id: printify.productId,
    }),
  });
  await api('/printify_app/save_shopify_shop_info/', {
    method: 'POST',
    body: JSON.stringify({
      workspace_id: id,
      shopify_shop_name: shopify.shop,
      shopify_admin_api_token: shopify.token,
      // The app's API secret key: Shopify signs its order webhooks with it.
      shopify_api_secret: shopify.apiSecret,
    }),
  });
  await api('/gelato_app/save_gelato_store_config/', {
    method: 'POST',
    body: JSON.stringify({
      workspace_id: id,
      api_key: gelato.apiKey,
      store_id: gelato.storeId,
      template_id: gelato.templateId,
    }),
  });
  await api(`/mockups_python_engine_app/generate_mockups/?workspace_id=${id}`);
  for (;;) {
    const { job_logs } = await api<{ job_logs: { status: string }[] }>(
      `/mockups_app/get_mockup_job_logs/?workspace_id=${id}`,
    );
    if (job_logs.every((job) => job.status === 'Completed' || job.status === 'Failed')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { api, workspaceId: id, fresh: true };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Source = { id: string; provider: string; importing: boolean; last_synced_at: string | null };
type Sources = { sources: (Source & { webhook_url: string | null })[] };

/** The seller's order sources once their three shops have one each, all imported since `since`. */
async function synced(api: Api, since: number): Promise<Sources['sources']> {
  for (const until = Date.now() + 60_000; Date.now() < until; await pause(300)) {
    const { sources } = await api<Sources>('/orders_app/sources/');
    const done = (s: Source) =>
      !s.importing && s.last_synced_at !== null && Date.parse(s.last_synced_at) >= since;
    if (sources.length >= 3 && sources.every(done)) return sources;
  }
  throw new Error('the import of the orders did not finish in a minute');
}

/**
 * The Orders screen's story: the demo's designs made Printify products (unpublished) and Gelato
 * products, then orders of them arrive in both (several needing the seller: on hold for approval,
 * payment not received, out of stock, an issue; one in production, one shipped with tracking),
 * beside the sandboxes' seeded orders in every status (a stuck send, one shipped untracked). One
 * Gelato order's items are printed while its status still says passed (Gelato's status lags), so
 * a cancel PodFlow allows is refused by Gelato. Then each shop is imported again. `withProducts`
 * false (DEMO_ORDER_PRODUCTS=0, for the media scripts, which make the listings on screen): no
 * products made, only the sandboxes' own orders.
 */
async function seedOrders(
  { api, workspaceId }: Seeded,
  sandboxes: {
    printify: Awaited<ReturnType<typeof startPrintifySandbox>>;
    shopId: number;
    gelato: Awaited<ReturnType<typeof startGelatoSandbox>>;
    withProducts: boolean;
  },
): Promise<void> {
  const { printify, shopId, gelato } = sandboxes;
  const lagging = [...gelato.orders.orders.values()].find(
    (order) => order.fulfillmentStatus === 'passed' && order.financialStatus === 'to_be_invoiced',
  );
  for (const item of lagging?.items ?? []) item.fulfillmentStatus = 'printed';
  if (sandboxes.withProducts) await ordersOfTheDesigns(api, workspaceId, { printify, shopId, gelato });
  // The new orders (made before the Gelato webhook URL is set) come in with an import of each shop.
  const asked = Date.now() - 1_000;
  for (const source of await synced(api, 0)) {
    await api(`/orders_app/sources/${source.id}/sync/`, { method: 'POST', body: '{}' });
  }
  await synced(api, asked);
}

/** Printify and Gelato products of the demo's designs, and orders of them in both. */
async function ordersOfTheDesigns(
  api: Api,
  workspaceId: string,
  { printify, shopId, gelato }: Omit<Parameters<typeof seedOrders>[1], 'withProducts'>,
): Promise<void> {
  await api('/printify_app/create_printify_listings_v2/', {
    method: 'POST',
    body: JSON.stringify({ workspace_id: workspaceId, publish: false }),
  });
  type Run = { status: string; results: { product_id: string | null }[] };
  /** The Printify run once it has finished. */
  const finished = async (): Promise<Run> => {
    for (;;) {
      const { run } = await api<{ run: Run | null }>(
        `/listings_app/listing_run/?workspace_id=${workspaceId}&provider=printify`,
      );
      if (run && (run.status === 'Completed' || run.status === 'Failed')) return run;
      await pause(300);
    }
  };
  const run = await finished();
  await api('/gelato_app/create_gelato_listings/', {
    method: 'POST',
    body: JSON.stringify({ workspace_id: workspaceId }),
  });
  const products = run.results.flatMap((result) => (result.product_id ? [result.product_id] : []));
  const stories: [status: string, after?: (orderId: string) => void][] = [
    ['on-hold'],
    ['payment-not-received'],
    ['on-hold', (id) => printify.setOrderStatus(id, 'on-hold', 'out-of-stock')],
    ['had-issues'],
    ['in-production'],
    ['fulfilled', (id) => printify.addShipment(id)],
  ];
  stories.forEach(([status, after], index) => {
    const productId = products[index % Math.max(1, products.length)];
    const order = printify.addOrder(shopId, {
      ...(productId ? { productId } : {}),
      status,
      createdAt: new Date(Date.now() - (index + 1) * 40 * 60_000),
    });
    after?.(order.id);
  });
  gelato.orders.addOrder({ fulfillmentStatus: 'created', financialStatus: 'pending' });
  gelato.orders.addOrder({ fulfillmentStatus: 'in_production', financialStatus: 'paid' });
}

ensureWebBuild();
const shopName = 'podflow-demo';
const [openAi, gelato, shopify, woo, stripe] = await Promise.all([
  startOpenAiSandbox(),
  // Fixed ports when asked (the e2e suite reads what the sandboxes hold).
  // Seeded with an order in each status; a new store order arrives every three minutes
  // (DEMO_GELATO_ORDER_EVERY_MS=0: none, for tests that count orders).
  startGelatoSandbox({
    port: Number(process.env.DEMO_GELATO_PORT ?? 0),
    newOrderEveryMs: Number(process.env.DEMO_GELATO_ORDER_EVERY_MS ?? 180_000),
  }),
  startShopifySandbox({ port: Number(process.env.DEMO_SHOPIFY_PORT ?? 0) }),
  // A fixed port when asked (the e2e suite connects to it by address).
  startWooSandbox({ port: Number(process.env.DEMO_WOOCOMMERCE_PORT ?? 0) }),
  startStripeSandbox(),
]);
const printify = await startPrintifySandbox({
  // A fixed port when asked (the e2e suite reads the orders it holds). A new order arrives in a
  // shop every four minutes (DEMO_PRINTIFY_ORDER_EVERY_MS=0: none, for tests that count orders).
  port: Number(process.env.DEMO_PRINTIFY_PORT ?? 0),
  newOrderEveryMs: Number(process.env.DEMO_PRINTIFY_ORDER_EVERY_MS ?? 240_000),
  // The demo's PodFlow is on this machine: the sandbox may fetch print files from it.
  fetchesLocalUrls: true,
  channels: storeChannels({ shopify: { sandbox: shopify, shop: shopName }, woocommerce: woo }),
});
const shopifyShop = printify.shops.find((s) => s.sales_channel === 'shopify')!;
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
/**
 * The one origin of the demo: printed, opened in the browser, and the origin of every link the
 * server hands out (Stripe's return pages, Gelato's and WooCommerce's downloads). Browser storage
 * is per origin, so a return page on another spelling of the address would find the seller
 * signed out.
 */
const origin = (
  process.env.PUBLIC_URL ||
  (['0.0.0.0', '::', ''].includes(host) ? `http://localhost:${port}` : `http://${host}:${port}`)
).replace(/\/+$/, '');
/**
 * AI metadata comes from the built-in offline writer, as on a server without an AI key; with
 * DEMO_AI=sandbox it goes to the OpenAI-compatible sandbox instead (the model adapter's path,
 * with the sandbox's canned copy).
 */
const aiSandbox = process.env.DEMO_AI === 'sandbox';
Object.assign(process.env, {
  DATA_DIR: process.env.DEMO_DATA_DIR ?? path.resolve('data-demo'),
  ...(aiSandbox
    ? { AI_BASE_URL: openAi.url, AI_API_KEY: 'sk-sandbox', AI_MODEL: 'gpt-4o-mini' }
    : { AI_BASE_URL: '' }),
  PRINTIFY_BASE_URL: printify.url,
  GELATO_BASE_URL: gelato.url,
  // The sandbox serves Gelato's order API (/v4) beside the e-commerce one.
  GELATO_ORDER_BASE_URL: gelato.url,
  SHOPIFY_BASE_URL: shopify.baseUrlTemplate,
  // The WooCommerce sandbox is plain http on loopback: allowed here, never in production.
  STORES_ALLOW_PRIVATE_URLS: 'true',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_BASE_URL: stripe.url,
  STRIPE_PRICE_BASIC: 'price_podflow_basic',
  STRIPE_PRICE_PREMIUM: 'price_podflow_premium',
  // Gelato and WooCommerce download files from PodFlow's signed URLs, as the real ones would.
  PUBLIC_URL: origin,
  PORT: String(port),
});
const { runServer } = await import('../apps/server/src/server.ts');
await runServer();
const base = origin;
// The sandbox's hosted checkout and billing portal send their signed events here, as Stripe would.
stripe.setWebhookUrl(`${base}/subscription_app/webhook/`);
const shopifyToken = defaultShopifyShops[shopName].token;
console.log('Seeding the demo account (designs, templates, mockups, products, orders)...');
await seed(
  base,
  { token: printify.token, shopId: shopifyShop.id, productId: channelTemplateProductIds.shopify },
  { shop: shopName, token: shopifyToken, apiSecret: defaultShopifyShops[shopName].apiSecret },
  { apiKey: gelato.apiKey, storeId: gelato.storeId, templateId: gelato.templateId },
)
  .then(async (seeded) => {
    if (seeded.fresh) {
      const withProducts = process.env.DEMO_ORDER_PRODUCTS !== '0';
      await seedOrders(seeded, { printify, shopId: shopifyShop.id, gelato, withProducts });
    }
    // Gelato has no webhook API: its dashboard (the sandbox) is given the source's address.
    const url = (await synced(seeded.api, 0)).find((s) => s.provider === 'gelato')?.webhook_url;
    if (url) gelato.orders.setWebhookUrl(url);
  })
  .catch((error: unknown) => console.error(`The demo account could not be seeded: ${String(error)}`));
console.log(`
PodFlow demo on ${origin}
  Sign in as ${demoAccount.username} with the password ${demoAccount.password}
  Sandboxes on loopback (each starts empty but for its seed data):
    AI metadata           ${aiSandbox ? `OpenAI-compatible sandbox ${openAi.url}` : 'the built-in offline writer (DEMO_AI=sandbox: the OpenAI-compatible sandbox)'}
    Printify              ${printify.url}  API key ${printify.token}
                          shops: ${printify.shops.map((s) => `${s.title} (${s.sales_channel})`).join(', ')}
                          template products: ${printify.templateProductId} (Etsy), ${channelTemplateProductIds.shopify} (Shopify), ${channelTemplateProductIds.woocommerce} (WooCommerce)
    Gelato                ${gelato.url}  API key ${gelato.apiKey}, store ${gelato.storeId}, template ${gelato.templateId}
    Shopify               shop ${shopName}, Admin API token ${shopifyToken}
    WooCommerce           ${woo.url}  consumer key ${woo.consumerKey}, secret ${woo.consumerSecret}
    Stripe                ${stripe.url}  hosted checkout and billing portal; coupons LAUNCH20 and WELCOME10
  Data in ${process.env.DATA_DIR} (delete it to start afresh). Ctrl+C stops.
`);
