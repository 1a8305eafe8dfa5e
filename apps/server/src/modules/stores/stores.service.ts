import { randomUUID } from 'node:crypto';
import { isMaskedKey, maskKey } from '@podflow/contract/listings';
import {
  type ShopifyInfo,
  type StoreSyncChange,
  type StoreSyncResultStatus,
  type StoreSyncRun,
  type TargetStore,
  type WooCommerceInfo,
  defaultTargetStore,
  shopifyRequiredScopes,
  shopifyShopNamePattern,
  storeMessages,
  targetStores,
} from '@podflow/contract/stores';
import type { ListingRunStatus } from '@podflow/contract/listings';
import { ProviderError } from '@podflow/providers/http';
import { sellerFailure } from '@podflow/providers/seller-sentence';
import { UnsafeUrlError, checkOutboundUrl, safeFetch } from '@podflow/providers/safe-fetch';
import { shopifyClient } from '@podflow/providers/shopify';
import { wooClient } from '@podflow/providers/woocommerce';
import { type SecretBox, SecretUnreadableError, connectionBinding } from '../../platform/crypto/secrets.ts';
import { UserError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { ConnectionRow, ListingsRepo } from '../listings/listings.repo.ts';
import { type ProviderSettings, connectionKey, transportOf } from '../listings/listings.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { StoreSyncResultRow, StoreSyncRunRow, StoresRepo } from './stores.repo.ts';

export const SYNC_STORE_JOB = 'sync-store';

export type StoreSettings = {
  shopifyBaseUrl: string;
  shopifyApiVersion: string;
  /** Tests and the demo only: a WooCommerce store may be plain http or on a private network. */
  allowPrivateUrls: boolean;
  timeoutMs: number;
  /** Told of every call's attempts (the metrics). */
  onAttempt?: ProviderSettings['onAttempt'];
};

/**
 * A WooCommerce connection's sealed keys; `queryStringAuth` once the store's host was seen to
 * strip the Authorization header (the keys then go as query parameters, over https only).
 */
export type WooKeys = { key: string; secret: string; queryStringAuth?: boolean };

/**
 * The store clients on the configured settings. WooCommerce stores are at an address the seller
 * typed, so every request to one goes through the SSRF-safe fetch.
 */
export function storeClients(settings: StoreSettings, storeFetch?: typeof globalThis.fetch) {
  const policy = { allowPrivate: settings.allowPrivateUrls, timeoutMs: settings.timeoutMs };
  // Tests may put a TLS-terminating proxy in front of a sandbox in place of the SSRF-safe fetch.
  const fetch = storeFetch ?? safeFetch(policy);
  return {
    policy,
    shopify: (shop: string, accessToken: string) =>
      shopifyClient({
        shop,
        accessToken,
        baseUrl: settings.shopifyBaseUrl,
        apiVersion: settings.shopifyApiVersion,
        ...transportOf(settings),
      }),
    woocommerce: (storeUrl: string, keys: WooKeys) =>
      wooClient({
        storeUrl,
        consumerKey: keys.key,
        consumerSecret: keys.secret,
        queryStringAuth: keys.queryStringAuth,
        ...transportOf(settings),
        fetch,
      }),
  };
}

export type StoreClients = ReturnType<typeof storeClients>;

export type StoresServiceDeps = {
  repo: StoresRepo;
  connections: Pick<ListingsRepo, 'connection' | 'saveConnection' | 'workspaceProducts'>;
  queue: JobQueue;
  secrets: SecretBox;
  workspaces: WorkspacesService;
  designs: DesignsService;
  clients: StoreClients;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A WooCommerce connection's opened key (what connectionKey answers for it) as its keys. */
export const parseWooKeys = (opened: string): WooKeys => JSON.parse(opened) as WooKeys;

/** The sealed WooCommerce keys of a connection, or undefined when they can no longer be opened. */
export function wooKeysOf(secrets: SecretBox, row: ConnectionRow): WooKeys | undefined {
  const sealed = connectionKey(secrets, row);
  return sealed === undefined ? undefined : parseWooKeys(sealed);
}

/** What the API secret key of a Shopify connection is sealed to: its row, and what it is. */
const apiSecretBinding = (row: { user_id: string; workspace_id: string; provider: string }) => [
  ...connectionBinding(row),
  'api_secret',
];

/**
 * The Shopify custom app's API secret key of a connection (what signs its webhooks), or undefined
 * when none was given or it can no longer be opened: the orders module then checks the shop's
 * orders periodically instead of registering webhooks.
 */
export function shopifyWebhookSecret(secrets: SecretBox, row: ConnectionRow): string | undefined {
  if (row.provider !== 'shopify' || !row.api_secret_sealed) return undefined;
  try {
    return secrets.open(row.api_secret_sealed, apiSecretBinding(row));
  } catch (error) {
    if (error instanceof SecretUnreadableError) return undefined;
    throw error;
  }
}

/** The run the web app shows: counts and one result per design. */
export function toStoreSyncRun(run: StoreSyncRunRow, results: StoreSyncResultRow[]): StoreSyncRun {
  const count = (status: StoreSyncResultStatus) => results.filter((r) => r.status === status).length;
  return {
    id: run.id,
    store: run.store as TargetStore,
    status: run.status as ListingRunStatus,
    skip_mockups: run.skip_mockups === 1,
    printify_shop: run.printify_shop,
    total: results.length,
    updated: count('updated'),
    unchanged: count('unchanged'),
    skipped: count('skipped'),
    failed: count('failed'),
    results: results.map((r) => ({
      lineitem_id: r.design_id,
      image_file_name: r.design_file_name,
      status: r.status as StoreSyncResultStatus,
      printify_product_id: r.printify_product_id,
      store_product_id: r.store_product_id,
      changes: r.changes === '' ? [] : (r.changes.split(',') as StoreSyncChange[]),
      reason: r.reason,
      detail: r.detail,
    })),
    reason: run.reason,
    created_at: iso(run.created_at)!,
    finished_at: iso(run.finished_at),
  };
}

/** A shop name as sellers paste it: "My-Shop", "my-shop.myshopify.com" or its admin URL. */
export function shopNameOf(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.myshopify\.com$/, '');
}

/** A store URL without a trailing slash, query or fragment. */
function storeUrlOf(typed: string): string {
  let url: URL;
  try {
    url = new URL(typed.trim());
  } catch {
    throw new UserError(400, storeMessages.storeUrlInvalid, { code: 'store_url_invalid' });
  }
  if (!['https:', 'http:'].includes(url.protocol) || url.hostname === '') {
    throw new UserError(400, storeMessages.storeUrlInvalid, { code: 'store_url_invalid' });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Why a plain-http store is refused (unless STORES_ALLOW_PRIVATE_URLS, for tests and the demo):
 * WooCommerce would take OAuth signatures there, but the keys, products and answers would cross
 * the internet readable and changeable by anyone on the way.
 */
export const plainHttpRefused =
  'PodFlow connects to WooCommerce stores over https:// only: over plain http:// anyone on the way ' +
  'could read and change what PodFlow and your store send each other. Turn on SSL (https) for your ' +
  'store, then enter its https:// address.';

/** Plain http is refused (see plainHttpRefused); a store answers on https's own port (443), any other reaches whatever else listens on that host. */
function assertStoreAddress(storeUrl: string, allowPrivate: boolean): void {
  const { port, protocol } = new URL(storeUrl);
  if (allowPrivate) return;
  if (protocol === 'http:') throw new UserError(400, plainHttpRefused, { code: 'store_url_refused' });
  if (port === '') return;
  const sentence = `The store address must use the standard https port 443; remove :${port} from it.`;
  throw new UserError(400, sentence, { code: 'store_url_refused' });
}

/** A store's refusal or silence as the seller should read it. */
function saveFailure(error: unknown, store: TargetStore): UserError {
  if (!(error instanceof ProviderError)) throw error;
  const sentence = store === 'shopify' ? storeMessages.shopifySaveFailed : storeMessages.wooSaveFailed;
  if (error.status === 0 || error.status >= 500 || error.status === 429) {
    return new UserError(400, `${sentence} ${sellerFailure(error).sentence}`, { code: 'store_unreachable' });
  }
  return new UserError(400, sentence, { code: 'store_refused' });
}

/** Each workspace's store connections (secrets sealed at rest, masked in answers), target store and syncs. */
export function storesService(deps: StoresServiceDeps) {
  const { repo, connections, queue, secrets, workspaces, designs, clients } = deps;

  async function runOf(id: string): Promise<StoreSyncRun> {
    const run = (await repo.findRun(id))!;
    return toStoreSyncRun(run, await repo.results(id));
  }

  /** The secret a form sent: a new one as typed, or the stored one when it sent the masked value back. */
  function secretFrom(sent: string, stored: string | undefined, label: string): string {
    if (!isMaskedKey(sent)) return sent;
    if (stored === undefined) throw new UserError(400, `Enter the ${label}.`, { code: 'secret_required' });
    return stored;
  }

  return {
    async targetStore(userId: string, workspaceId: string): Promise<TargetStore> {
      await workspaces.requireOwned(userId, workspaceId);
      const saved = await repo.targetStore(workspaceId);
      return targetStores.find((s) => s === saved) ?? defaultTargetStore;
    },

    async saveTargetStore(userId: string, workspaceId: string, store: TargetStore): Promise<TargetStore> {
      await workspaces.requireOwned(userId, workspaceId);
      await repo.setTargetStore(workspaceId, store);
      return store;
    },

    async shopifyInfo(userId: string, workspaceId: string): Promise<ShopifyInfo[]> {
      await workspaces.requireOwned(userId, workspaceId);
      const row = await connections.connection(workspaceId, 'shopify');
      const token = row && connectionKey(secrets, row);
      if (!row || token === undefined) return [];
      return [shopifyInfoOf(row.shop_id, token, shopifyWebhookSecret(secrets, row))];
    },

    async wooInfo(userId: string, workspaceId: string): Promise<WooCommerceInfo[]> {
      await workspaces.requireOwned(userId, workspaceId);
      const row = await connections.connection(workspaceId, 'woocommerce');
      const keys = row && wooKeysOf(secrets, row);
      return row && keys ? [wooInfoOf(row.shop_id, keys)] : [];
    },

    /**
     * Checks the token against the shop with a cheap query and the scopes SPEC.md requires, then
     * stores the connection (token sealed) and makes Shopify the target store.
     */
    async saveShopify(
      userId: string,
      input: {
        workspace_id: string;
        shopify_admin_api_token: string;
        shopify_shop_name: string;
        shopify_api_secret?: string;
      },
    ): Promise<ShopifyInfo> {
      await workspaces.requireOwned(userId, input.workspace_id);
      const shop = shopNameOf(input.shopify_shop_name);
      if (!shopifyShopNamePattern.test(shop)) {
        throw new UserError(400, storeMessages.shopNameInvalid, { code: 'shop_name_invalid' });
      }
      const stored = await connections.connection(input.workspace_id, 'shopify');
      const token = secretFrom(
        input.shopify_admin_api_token,
        stored && stored.shop_id === shop ? connectionKey(secrets, stored) : undefined,
        'Admin API access token',
      );
      // Optional: left out keeps the stored key (same shop), '' removes it, masked keeps it.
      const storedSecret =
        stored && stored.shop_id === shop ? shopifyWebhookSecret(secrets, stored) : undefined;
      const sentSecret = input.shopify_api_secret;
      const apiSecret =
        sentSecret === undefined
          ? storedSecret
          : sentSecret === ''
            ? undefined
            : secretFrom(sentSecret, storedSecret, 'API secret key');
      let access: { name: string; scopes: string[] };
      try {
        access = await clients.shopify(shop, token).checkAccess();
      } catch (error) {
        throw saveFailure(error, 'shopify');
      }
      const granted = new Set(access.scopes);
      const lacking = shopifyRequiredScopes.filter((scope) => !granted.has(scope));
      if (lacking.length > 0) {
        throw new UserError(
          400,
          `${storeMessages.shopifySaveFailed} The token lacks the ${lacking.join(' and ')} scope${lacking.length > 1 ? 's' : ''}.`,
          { code: 'scopes_missing' },
        );
      }
      const owner = { user_id: userId, workspace_id: input.workspace_id, provider: 'shopify' };
      await connections.saveConnection({
        workspace_id: input.workspace_id,
        provider: 'shopify',
        user_id: userId,
        api_key_sealed: secrets.seal(token, connectionBinding(owner)),
        api_secret_sealed: apiSecret === undefined ? null : secrets.seal(apiSecret, apiSecretBinding(owner)),
        shop_id: shop,
        shop_title: access.name,
        template_id: '',
        template_title: '',
        updated_at: Date.now(),
      });
      await repo.setTargetStore(input.workspace_id, 'shopify');
      return shopifyInfoOf(shop, token, apiSecret);
    },

    /**
     * Checks the store address (https, public addresses only) and the keys with a read call, then
     * stores the connection (keys sealed) and makes WooCommerce the target store.
     */
    async saveWoo(
      userId: string,
      input: {
        workspace_id: string;
        woocommerce_store_url: string;
        woocommerce_consumer_key: string;
        woocommerce_consumer_secret: string;
      },
    ): Promise<WooCommerceInfo> {
      await workspaces.requireOwned(userId, input.workspace_id);
      const storeUrl = storeUrlOf(input.woocommerce_store_url);
      assertStoreAddress(storeUrl, clients.policy.allowPrivate);
      try {
        await checkOutboundUrl(storeUrl, clients.policy);
      } catch (error) {
        if (error instanceof UnsafeUrlError)
          throw new UserError(400, error.message, { code: 'store_url_refused' });
        throw error;
      }
      const stored = await connections.connection(input.workspace_id, 'woocommerce');
      const storedKeys = stored && stored.shop_id === storeUrl ? wooKeysOf(secrets, stored) : undefined;
      const keys: WooKeys = {
        key: secretFrom(input.woocommerce_consumer_key, storedKeys?.key, 'consumer key'),
        secret: secretFrom(input.woocommerce_consumer_secret, storedKeys?.secret, 'consumer secret'),
      };
      try {
        const client = clients.woocommerce(storeUrl, keys);
        await client.checkAccess();
        // The check found the host strips the Authorization header: every later call sends the keys
        // as query parameters from the start.
        if (client.authMethod() === 'query-string') keys.queryStringAuth = true;
      } catch (error) {
        if (error instanceof UnsafeUrlError)
          throw new UserError(400, error.message, { code: 'store_url_refused' });
        throw saveFailure(error, 'woocommerce');
      }
      await connections.saveConnection({
        workspace_id: input.workspace_id,
        provider: 'woocommerce',
        user_id: userId,
        api_key_sealed: secrets.seal(
          JSON.stringify(keys),
          connectionBinding({ user_id: userId, workspace_id: input.workspace_id, provider: 'woocommerce' }),
        ),
        shop_id: storeUrl,
        shop_title: '',
        template_id: '',
        template_title: '',
        updated_at: Date.now(),
      });
      await repo.setTargetStore(input.workspace_id, 'woocommerce');
      return wooInfoOf(storeUrl, keys);
    },

    /**
     * Starts a sync of the workspace's designs to the store in the background (each design with
     * no product in the Printify shop selling there is skipped, saying why), or answers the sync
     * already running for the workspace and store. `started` is false for the latter.
     */
    async startSync(
      userId: string,
      workspaceId: string,
      store: TargetStore,
      skipMockups: boolean,
    ): Promise<{ run: StoreSyncRun; started: boolean }> {
      await workspaces.requireOwned(userId, workspaceId);
      const running = await repo.activeRun(workspaceId, store);
      if (running) return { run: await runOf(running.id), started: false };
      if (!(await connections.connection(workspaceId, store))) {
        throw new UserError(400, storeMessages.notConnected(store), { code: 'not_connected' });
      }
      if (!(await connections.connection(workspaceId, 'printify'))) {
        throw new UserError(400, storeMessages.notConnectedPrintify, { code: 'printify_not_connected' });
      }
      const listed = new Set(
        (await connections.workspaceProducts(workspaceId, 'printify')).map((p) => p.design_id),
      );
      if (listed.size === 0) throw new UserError(400, storeMessages.noListings, { code: 'no_listings' });
      const rows = await designs.listRows(workspaceId);
      const id = randomUUID();
      const inserted = await repo.insertRun(
        {
          id,
          workspace_id: workspaceId,
          user_id: userId,
          store,
          status: 'Pending',
          skip_mockups: skipMockups ? 1 : 0,
          reason: null,
          created_at: Date.now(),
          started_at: null,
          finished_at: null,
        },
        rows.map((design, position) => ({
          run_id: id,
          design_id: design.id,
          design_file_name: design.file_name,
          position,
          status: 'pending',
          printify_product_id: null,
          store_product_id: null,
          changes: '',
          reason: null,
        })),
      );
      if (inserted.started) await queue.enqueue(SYNC_STORE_JOB, id, { runId: id });
      return { run: await runOf(inserted.id), started: inserted.started };
    },

    async run(userId: string, workspaceId: string, store: TargetStore): Promise<StoreSyncRun | null> {
      await workspaces.requireOwned(userId, workspaceId);
      const run = await repo.latestRun(workspaceId, store);
      return run ? toStoreSyncRun(run, await repo.results(run.id)) : null;
    },
  };
}

function shopifyInfoOf(shop: string, token: string, apiSecret: string | undefined): ShopifyInfo {
  return {
    shopify_admin_api_token: maskKey(token),
    shopify_shop_name: shop,
    shopify_api_secret: maskKey(apiSecret ?? ''),
  };
}

function wooInfoOf(storeUrl: string, keys: WooKeys): WooCommerceInfo {
  return {
    woocommerce_store_url: storeUrl,
    woocommerce_consumer_key: maskKey(keys.key),
    woocommerce_consumer_secret: maskKey(keys.secret),
  };
}

export type StoresService = ReturnType<typeof storesService>;
