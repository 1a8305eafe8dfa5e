import { type GelatoSandbox, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { type CallReply, buildSignedInUser, buildWorkspace, callAs } from '../../test/factories.ts';
import { type TestApp, startTestApp } from '../../test/test-app.ts';
import { type FakeOrderProvider, fakeOrderProvider } from './test-source.ts';

/**
 * The orders tests' world: PodFlow on a public origin the (local) providers can reach, the Printify
 * sandbox for saving connections, and the fake order provider behind every order source.
 */
export type OrdersWorld = {
  t: TestApp;
  printify: PrintifySandbox;
  gelato: GelatoSandbox;
  fake: FakeOrderProvider;
  /** The orders module's clock: `clock.now` is what it reads; a test moves it. */
  clock: { now: number };
  /** The Printify shop id the sandbox gives (the fake's shop of the same id holds its orders). */
  shopId: string;
  newSeller: () => Promise<{ access: string; userId: string; workspaceId: string }>;
  /** Saves the sandbox's Printify shop in the seller's workspace through the API (the hook derives the source). */
  connect: (seller: { access: string; workspaceId: string }) => Promise<void>;
  /** Saves the Gelato sandbox's store in the seller's workspace through the API. */
  connectGelato: (seller: { access: string; workspaceId: string }) => Promise<void>;
  call: (
    access: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<CallReply>;
  close: () => Promise<void>;
};

export async function startOrdersWorld(options: { pageSize?: number } = {}): Promise<OrdersWorld> {
  const [printify, gelato] = await Promise.all([
    startPrintifySandbox({ seed: 7 }),
    startGelatoSandbox({ seed: 7 }),
  ]);
  const fake = fakeOrderProvider(options);
  const clock = { now: Date.now() };
  const port = await freePort();
  const t = await startTestApp(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PRINTIFY_BASE_URL: printify.url,
      GELATO_BASE_URL: gelato.url,
      GELATO_ORDER_BASE_URL: gelato.url,
    },
    { orderSources: fake.adapter, ordersClock: () => clock.now },
  );
  const call: OrdersWorld['call'] = (access, method, url, payload) =>
    callAs(t.app, access, method, url, payload);
  return {
    t,
    printify,
    gelato,
    fake,
    clock,
    shopId: String(printify.shops[0]!.id),
    call,
    async newSeller() {
      const { registration, tokens } = await buildSignedInUser(t.app);
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', registration.username)
        .executeTakeFirstOrThrow();
      const workspaceId = await buildWorkspace(t.app, tokens.access, 'Shop');
      return { access: tokens.access, userId: user.id, workspaceId };
    },
    async connect(seller) {
      const saved = await call(seller.access, 'POST', '/printify_app/save_printify_template/', {
        workspace_id: seller.workspaceId,
        shop_id: printify.shops[0]!.id,
        apiKey: printify.token,
        printify_product_id: printify.templateProductId,
      });
      if (saved.status !== 200) throw new Error(`saving the connection failed: ${saved.text}`);
      await t.app.background.jobsIdle();
    },
    async connectGelato(seller) {
      const saved = await call(seller.access, 'POST', '/gelato_app/save_gelato_store_config/', {
        workspace_id: seller.workspaceId,
        api_key: gelato.apiKey,
        store_id: gelato.storeId,
        template_id: gelato.templateId,
      });
      if (saved.status !== 200) throw new Error(`saving the Gelato connection failed: ${saved.text}`);
      await t.app.background.jobsIdle();
    },
    async close() {
      await t.close();
      await printify.close();
      await gelato.close();
    },
  };
}
