import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { connectionBinding, SecretBox } from '../../platform/crypto/secrets.ts';
import type { OrderSourcesTable } from '../../platform/db/schema.ts';
import { type CallReply, buildSignedInUser, buildWorkspace, callAs } from '../../test/factories.ts';
import { type TestApp, startTestApp } from '../../test/test-app.ts';
import type { OrderSnapshot } from './order-source.ts';
import { ordersRepo } from './orders.repo.ts';
import { type FakeActionsProvider, fakeActionsProvider } from './test-actions-source.ts';
import { buildSnapshot } from './test-source.ts';

/**
 * The order actions tests' world: an app whose order sources are the fake provider that takes
 * actions, and sellers each with a Printify shop and a Gelato store connected and orders in them
 * (stored as an import would store them, and held by the fake as the provider's truth).
 */
export type Reply = CallReply;
type Provider = 'printify' | 'gelato';

export async function startActionsWorld() {
  const fake = fakeActionsProvider();
  // The periodic sync stays out of the way: each test says what the provider and PodFlow hold.
  const t = await startTestApp({ ORDERS_SYNC_MINUTES: '1440' }, { orderSources: fake.adapter });
  return { t, fake, ...sellersOf(t, fake), close: () => t.close() };
}

export function sellersOf(t: TestApp, fake: FakeActionsProvider) {
  const secrets = new SecretBox(t.config.appSecret, t.config.appSecretPrevious);

  async function newSeller() {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const { id: userId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const at = Date.now();
    const sources = {} as Record<Provider, Selectable<OrderSourcesTable>>;
    for (const provider of ['printify', 'gelato'] as const) {
      const shopId = `${provider}-${userId.slice(0, 8)}`;
      const connection = {
        workspace_id: workspaceId,
        provider,
        user_id: userId,
        shop_id: shopId,
        shop_title: `My ${provider} shop`,
        template_id: 'template',
        template_title: 'Template',
        updated_at: at,
      };
      // In one transaction: the scheduler's derivation, running meanwhile, sees both or neither.
      sources[provider] = await t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('provider_connections')
          .values({ ...connection, api_key_sealed: secrets.seal('key', connectionBinding(connection)) })
          .execute();
        return trx
          .insertInto('order_sources')
          .values({
            id: randomUUID(),
            user_id: userId,
            provider,
            shop_id: shopId,
            shop_title: connection.shop_title,
            webhook_token: randomUUID(),
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    }

    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      key?: string,
    ): Promise<Reply> => callAs(t.app, tokens.access, method, url, payload, key);

    /** An order the provider holds and PodFlow imported (on hold, waiting for approval, unless told). */
    async function order(provider: Provider, overrides: Partial<OrderSnapshot> = {}) {
      const snapshot = buildSnapshot({
        providerOrderId: `o-${randomUUID().slice(0, 8)}`,
        status: 'awaiting_approval',
        providerStatus: 'on-hold',
        createdAt: Date.now() - 3_600_000,
        updatedAt: Date.now() - 3_600_000,
        ...overrides,
      });
      fake.shop(sources[provider].shop_id).orders.set(snapshot.providerOrderId, structuredClone(snapshot));
      const { orderId } = await ordersRepo(t.db).applySnapshot(
        sources[provider],
        snapshot,
        'import',
        Date.now(),
      );
      return { id: orderId!, providerOrderId: snapshot.providerOrderId };
    }

    /** Changes an order at the provider only (PodFlow's copy goes stale). */
    function atProvider(provider: Provider, providerOrderId: string, changes: Partial<OrderSnapshot>) {
      Object.assign(fake.shop(sources[provider].shop_id).orders.get(providerOrderId)!, changes);
    }

    return { userId, workspaceId, access: tokens.access, sources, call, order, atProvider };
  }

  return { newSeller };
}
