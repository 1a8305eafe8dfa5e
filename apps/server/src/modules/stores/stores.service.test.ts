import { type WooSandbox, startWooSandbox } from '@podflow/sandbox/woocommerce-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../platform/errors.ts';
import {
  type StoresServiceDeps,
  type WooKeys,
  plainHttpRefused,
  storeClients,
  storesService,
} from './stores.service.ts';

/**
 * Connecting a WooCommerce store: what is remembered of how its host takes the keys, and why a
 * plain-http store is refused. The store is a sandbox behind a TLS-terminating proxy, so the client
 * sees https://shop.example.test.
 */

let plain: WooSandbox;
let stripping: WooSandbox;
beforeAll(async () => {
  [plain, stripping] = await Promise.all([startWooSandbox(), startWooSandbox({ stripsAuthorization: true })]);
});
afterAll(() => Promise.all([plain.close(), stripping.close()]));

function service(store: WooSandbox, allowPrivate = true) {
  const saved: { api_key_sealed: string; shop_id: string }[] = [];
  const proxy: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-proto', 'https');
    return fetch(`${store.url}${url.pathname}${url.search}`, { ...init, headers });
  };
  const deps = {
    workspaces: { requireOwned: async () => ({}) },
    connections: {
      connection: async () => undefined,
      saveConnection: async (row: { api_key_sealed: string; shop_id: string }) => void saved.push(row),
    },
    secrets: { seal: (plainText: string) => plainText },
    repo: { setTargetStore: async () => undefined },
    clients: storeClients(
      { shopifyBaseUrl: '', shopifyApiVersion: '', allowPrivateUrls: allowPrivate, timeoutMs: 5_000 },
      proxy,
    ),
  } as unknown as StoresServiceDeps;
  const save = (url: string) =>
    storesService(deps).saveWoo('user-1', {
      workspace_id: 'ws-1',
      woocommerce_store_url: url,
      woocommerce_consumer_key: store.consumerKey,
      woocommerce_consumer_secret: store.consumerSecret,
    });
  return { save, saved, clients: deps.clients };
}

describe('saveWoo', () => {
  it('remembers with the connection that the store’s host strips the Authorization header', async () => {
    const { save, saved, clients } = service(stripping);
    await save('https://shop.example.test');
    const sealed = JSON.parse(saved[0]!.api_key_sealed) as WooKeys;
    expect(sealed).toEqual({
      key: stripping.consumerKey,
      secret: stripping.consumerSecret,
      queryStringAuth: true,
    });
    // A sync's client, built from the sealed keys, sends them as query parameters from its first call.
    stripping.requests.length = 0;
    await clients.woocommerce('https://shop.example.test', sealed).checkAccess();
    expect(stripping.requests).toHaveLength(1);
    expect(stripping.requests[0]!.path).toContain('consumer_key=');
  });

  it('keeps Basic auth for a host that passes the header on', async () => {
    const { save, saved } = service(plain);
    await save('https://shop.example.test');
    expect(JSON.parse(saved[0]!.api_key_sealed)).toEqual({
      key: plain.consumerKey,
      secret: plain.consumerSecret,
    });
  });

  it('refuses a plain-http store in production, saying why, before any request', async () => {
    plain.requests.length = 0;
    const { save, saved } = service(plain, false);
    const error = await save('http://shop.example.test').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({ status: 400, message: plainHttpRefused, code: 'store_url_refused' });
    expect(saved).toEqual([]);
    expect(plain.requests).toEqual([]);
  });
});
