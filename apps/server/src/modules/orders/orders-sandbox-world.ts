import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OrderRun } from '@podflow/contract/orders';
import { type GelatoSandbox, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { defaultShopifyShops, startShopifySandbox } from '@podflow/sandbox/shopify-sandbox';
import { startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, callAs } from '../../test/factories.ts';
import { type TestApp, startTestApp } from '../../test/test-app.ts';

/**
 * The orders tests against the real sandboxes through the real order sources (sources/index.ts):
 * PodFlow listening on a public origin the local sandboxes reach, so webhooks are registered and
 * delivered signed, and a seller whose Printify shop (and Gelato store) is connected through the API.
 */
export async function startSandboxOrdersWorld(env: Record<string, string> = {}) {
  const [printify, gelato, shopify, woo] = await Promise.all([
    startPrintifySandbox({ seed: 23, seedOrders: false, lostAnswerMs: 50, productionDelayMs: 0 }),
    // A create whose answer is lost hangs until PodFlow gives up (PROVIDER_TIMEOUT_SECONDS below).
    startGelatoSandbox({ seed: 23, slowMs: 3_000 }),
    startShopifySandbox({ seed: 23 }),
    startWooSandbox({ seed: 23 }),
  ]);
  const port = await freePort();
  const appEnv = {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PRINTIFY_BASE_URL: printify.url,
    GELATO_BASE_URL: gelato.url,
    // Stated, not left to startTestApp: the kill test starts main.ts on this same env.
    GELATO_ORDER_BASE_URL: gelato.url,
    SHOPIFY_BASE_URL: shopify.baseUrlTemplate,
    // The periodic reconcile stays out of the way: each test says when PodFlow reads the provider.
    ORDERS_SYNC_MINUTES: '1440',
    PROVIDER_TIMEOUT_SECONDS: '1',
    // The WooCommerce sandbox is a plain-http store on loopback.
    STORES_ALLOW_PRIVATE_URLS: 'true',
    ...env,
  };
  const t: TestApp = await startTestApp(appEnv);
  const shopId = printify.shops[0]!.id;

  const { registration, tokens } = await buildSignedInUser(t.app);
  const workspaceId = await buildWorkspace(t.app, tokens.access, 'Shop');
  const access = tokens.access;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
    callAs(t.app, access, method, url, payload, key);

  /** Saves a connection through the API, as the seller does; the hook derives the source and imports its orders. */
  async function save(what: string, url: string, body: object) {
    const saved = await call('POST', url, body);
    if (saved.status !== 200) throw new Error(`saving the ${what} connection failed: ${saved.text}`);
    await t.app.background.jobsIdle();
  }

  /** The sandbox's Printify shop: the source is derived, webhooks registered, orders imported. */
  const connectPrintify = (shop = { id: shopId, productId: printify.templateProductId, workspaceId }) =>
    save('Printify', '/printify_app/save_printify_template/', {
      workspace_id: shop.workspaceId,
      shop_id: shop.id,
      apiKey: printify.token,
      printify_product_id: shop.productId,
    });

  const connectGelato = () =>
    save('Gelato', '/gelato_app/save_gelato_store_config/', {
      workspace_id: workspaceId,
      api_key: gelato.apiKey,
      store_id: gelato.storeId,
      template_id: gelato.templateId,
    });

  /** The Shopify sandbox's shop (with the app's API secret key, which signs its webhooks) in a workspace. */
  async function connectShopify(inWorkspace: string) {
    const [name, shop] = Object.entries(defaultShopifyShops)[0]!;
    await save('Shopify', '/printify_app/save_shopify_shop_info/', {
      workspace_id: inWorkspace,
      shopify_shop_name: name,
      shopify_admin_api_token: shop.token,
      shopify_api_secret: shop.apiSecret,
    });
    return name;
  }

  /** The WooCommerce sandbox's store (with its REST keys) in a workspace. */
  const connectWoo = (inWorkspace: string) =>
    save('WooCommerce', '/printify_app/save_woocommerce_shop_info/', {
      workspace_id: inWorkspace,
      woocommerce_store_url: woo.url,
      woocommerce_consumer_key: woo.consumerKey,
      woocommerce_consumer_secret: woo.consumerSecret,
    });

  /** The seller's source of a provider. */
  async function source(provider: string) {
    const { body } = await call('GET', '/orders_app/sources/');
    return (body.sources as { id: string; provider: string; webhooks: string }[]).find(
      (s) => s.provider === provider,
    )!;
  }

  type Listed = { id: string; provider_order_id: string; status: string; provider_status: string };
  /** PodFlow's orders (the newest 200) by the provider's order id. */
  async function listed(): Promise<Map<string, Listed>> {
    const { body } = await call('GET', '/orders_app/orders/?limit=200');
    return new Map((body.orders as Listed[]).map((order) => [order.provider_order_id, order]));
  }

  /** PodFlow's order of the provider's order id (undefined while it has none). */
  const orderOf = async (providerOrderId: string) => (await listed()).get(providerOrderId);

  /**
   * `count` new orders on hold in the Printify shop, imported by saving its connection: the
   * sandbox's orders and PodFlow's, in the same order (read with one list call).
   */
  async function importedOrders(count: number) {
    const made = Array.from({ length: count }, () => printify.addOrder(shopId));
    await connectPrintify();
    const byProviderId = await listed();
    return { made, stored: made.map((order) => byProviderId.get(order.id)!) };
  }

  /** Waits until the sandbox's webhook deliveries were made and PodFlow applied what they told. */
  async function settled() {
    await printify.webhooksSettled();
    await t.app.background.jobsIdle();
  }

  /**
   * Sends the orders a bulk run failed in later runs on `app`, as a seller would, until none fails or
   * three rounds went by; answers the last run (`finished` waits for a run's end). An order whose
   * answer was lost is never refused for looking sent.
   */
  async function sendFailedAgain(
    app: FastifyInstance,
    run: OrderRun,
    finished: (id: string) => Promise<OrderRun>,
  ) {
    for (let round = 0; round < 3 && run.failed > 0; round += 1) {
      expect(run.refused).toBe(0);
      const failed = run.items.filter((item) => item.status === 'failed').map((item) => item.order_id);
      const again = await app.inject({
        method: 'POST',
        url: '/orders_app/runs/',
        headers: { authorization: `Bearer ${access}` },
        payload: { action: 'send_to_production', order_ids: failed },
      });
      run = await finished(again.json<{ run: OrderRun }>().run.id);
    }
    return run;
  }

  return {
    t,
    appEnv,
    port,
    printify,
    gelato,
    shopify,
    woo,
    shopId,
    email: registration.username,
    access,
    workspaceId,
    call,
    connectPrintify,
    connectGelato,
    connectShopify,
    connectWoo,
    newWorkspace: (name: string) => buildWorkspace(t.app, access, name),
    source,
    orderOf,
    importedOrders,
    settled,
    sendFailedAgain,
    async close() {
      await t.close();
      await printify.close();
      await gelato.close();
      await shopify.close();
      await woo.close();
    },
  };
}

export type SandboxOrdersWorld = Awaited<ReturnType<typeof startSandboxOrdersWorld>>;
export type { GelatoSandbox, PrintifySandbox };
