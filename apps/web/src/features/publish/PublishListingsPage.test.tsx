import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { ShopifyInfo, StoreSyncRun, TargetStore, WooCommerceInfo } from '@podflow/contract/stores';
import { configureApiClient } from '../../api/client';
import { setCurrentWorkspaceId } from '../../api/session';
import { expectReason } from '../../test/expect-reason';
import { buildDesign, buildSyncResult, buildSyncRun } from '../../test/factories';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { PublishListingsPage } from './PublishListingsPage';

const catProduct = '65a1b2c3d4e5f6a7b8c9d0e1';
const dogProduct = '65a1b2c3d4e5f6a7b8c9d0e2';
const shopify: ShopifyInfo = {
  shopify_shop_name: 'cat-tees',
  shopify_admin_api_token: '••••••••ab12',
  shopify_api_secret: '',
};
const woo: WooCommerceInfo = {
  woocommerce_store_url: 'https://shop.example.com',
  woocommerce_consumer_key: '••••••••ck12',
  woocommerce_consumer_secret: '••••••••cs34',
};

interface ServerOptions {
  designs?: DesignLineItem[];
  /** Answers get_target_store; the saved choice is shopify unless told. */
  target?: () => Response;
  shopify?: ShopifyInfo[];
  woocommerce?: WooCommerceInfo[];
  saveShopify?: () => Response;
  saveWooCommerce?: () => Response;
  sync?: (store: TargetStore) => Response | undefined;
}

/** The store calls as the server answers them; `state` lets a test move a sync along. */
function fakeServer(options: ServerOptions = {}) {
  const state = {
    designs: options.designs ?? [
      buildDesign('cat', { printify_product_id: catProduct }),
      buildDesign('dog', { printify_product_id: dogProduct }),
    ],
    shopify: options.shopify ?? [],
    woocommerce: options.woocommerce ?? [],
    runs: { shopify: null, woocommerce: null } as Record<TargetStore, StoreSyncRun | null>,
  };
  const startSync = (store: TargetStore, skipMockups: boolean) => {
    const run = buildSyncRun(
      state.designs.map((design) => buildSyncResult(design.lineitem_id)),
      { id: 'sync-2', store, status: 'Pending', skip_mockups: skipMockups },
    );
    state.runs[store] = run;
    return json(200, { message: `Syncing ${run.total} designs.`, run });
  };
  const api = stubApi((url, body) => {
    const { pathname, searchParams } = new URL(url, 'http://podflow.test');
    switch (pathname) {
      case '/workspace/get_workarea_information/':
        return json(200, state.designs);
      case '/printify_app/get_target_store/':
        return options.target?.() ?? json(200, { target_store: 'shopify' });
      case '/printify_app/save_target_store/':
        return json(200, { target_store: (body as { target_store: string }).target_store });
      case '/printify_app/get_shopify_shop_info/':
        return json(200, state.shopify);
      case '/printify_app/get_woocommerce_shop_info/':
        return json(200, state.woocommerce);
      case '/printify_app/save_shopify_shop_info/': {
        if (options.saveShopify) return options.saveShopify();
        const sent = body as { shopify_shop_name: string; shopify_api_secret?: string };
        const info = {
          shopify_shop_name: sent.shopify_shop_name,
          shopify_admin_api_token: '••••••••9xyz',
          shopify_api_secret: sent.shopify_api_secret ? `••••••••${sent.shopify_api_secret.slice(-4)}` : '',
        };
        state.shopify = [info];
        return json(200, { message: 'Shopify store connected.', info });
      }
      case '/printify_app/save_woocommerce_shop_info/':
        return options.saveWooCommerce?.();
      case '/printify_app/store_sync_run/':
        return json(200, { run: state.runs[searchParams.get('store') as TargetStore] ?? null });
      case '/printify_app/sync_printify_shopify_metadata/':
        return options.sync?.('shopify') ?? startSync('shopify', false);
      case '/printify_app/sync_printify_listings_to_woocommerce/':
        return (
          options.sync?.('woocommerce') ??
          startSync('woocommerce', (body as { skip_mockups: boolean }).skip_mockups)
        );
      default:
        return undefined;
    }
  });
  return { ...api, state };
}

const routes = [
  { path: '/publishListings', element: <PublishListingsPage /> },
  { path: '/createPrintifyListings', element: <h1>Listings page</h1> },
  { path: '/welcome', element: <h1>Workspaces page</h1> },
  { path: '/prepareDesigns', element: <h1>Designs page</h1> },
];

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Designs and their store products' })).getByRole('article', {
    name,
  });

async function renderLoaded() {
  renderRoutes(routes, '/publishListings');
  await screen.findByRole('article', { name: 'cat.png' });
}

async function waitEnabled(name: string) {
  await waitFor(() => expect(button(name).getAttribute('aria-disabled')).toBe('false'));
}

async function openShopifyModal() {
  await waitFor(() => expect(button('1. Connect Shopify store').hasAttribute('disabled')).toBe(false));
  fireEvent.click(button('1. Connect Shopify store'));
  return screen.findByRole('dialog', { name: 'Connect Shopify store' });
}

/** Step 2, then SPEC.md's question, then Proceed. */
async function syncAndProceed(store: string) {
  fireEvent.click(button(`2. Sync to ${store}`));
  const dialog = await screen.findByRole('dialog', { name: `Sync to ${store}` });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
}

describe('PublishListingsPage', () => {
  let alert: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
    setCurrentWorkspaceId('w1');
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('targets Shopify when the saved choice cannot be loaded (SPEC.md section 4)', async () => {
    const server = fakeServer({
      target: () => json(403, errorBody('You do not have access to this workspace.', 'forbidden')),
    });
    await renderLoaded();
    await waitFor(() => expect(server.count('/get_target_store/')).toBe(1));
    const radio = screen.getByRole('radio', { name: 'Shopify' }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'WooCommerce' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('heading', { name: 'Shopify' })).toBeTruthy();
    expect(button('1. Connect Shopify store')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '1. Connect WooCommerce store' })).toBeNull();
  });

  it('shows the saved target store, and saves a new choice', async () => {
    const server = fakeServer({
      target: () => json(200, { target_store: 'woocommerce' }),
      woocommerce: [woo],
    });
    await renderLoaded();
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'WooCommerce' }) as HTMLInputElement).checked).toBe(true),
    );
    const store = await screen.findByLabelText('WooCommerce connection');
    expect(within(store).getByText('https://shop.example.com')).toBeTruthy();
    expect(within(store).getByText('••••••••ck12')).toBeTruthy();
    expect(within(store).getByText('••••••••cs34')).toBeTruthy();

    const shopify = screen.getByRole('radio', { name: 'Shopify' }) as HTMLInputElement;
    fireEvent.click(shopify);
    // Checked as the click ends, not a tick later (a controlled radio that waits for the query
    // cache's notification is unchecked again by React in between).
    expect(shopify.checked).toBe(true);
    expect(await screen.findByRole('button', { name: '1. Connect Shopify store' })).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('/save_target_store/')[0]?.body).toEqual({
        workspace_id: 'w1',
        target_store: 'shopify',
      }),
    );
    expect(screen.getByText('Not connected')).toBeTruthy();
  });

  it('connects Shopify: the shop name is checked and cleaned, Save waits for both fields, sends the right body', async () => {
    const server = fakeServer();
    await renderLoaded();
    const modal = await openShopifyModal();
    expect(within(modal).getByText('.myshopify.com')).toBeTruthy();
    expect(within(modal).getByText(/Your custom app needs/).textContent).toBe(
      'Your custom app needs the Admin API scopes write_products and write_product_listings (the read scopes come with them). For your orders to show in PodFlow, add read_orders too.',
    );
    const name = within(modal).getByRole('textbox', { name: 'Shop name' }) as HTMLInputElement;
    const save = within(modal).getByRole('button', { name: 'Save' });
    const invalid =
      'Enter the shop name without .myshopify.com: lowercase letters, digits and hyphens (e.g. my-shop).';

    fireEvent.change(name, { target: { value: 'Cat Tees' } });
    expect(name.value).toBe('cat tees');
    expect(within(modal).getByText(invalid)).toBeTruthy();
    fireEvent.change(name, { target: { value: '-cat' } });
    expect(within(modal).queryByText(invalid)).toBeNull();
    fireEvent.blur(name);
    expect(within(modal).getByText(invalid)).toBeTruthy();

    // A pasted store address gives its name.
    fireEvent.change(name, { target: { value: ' https://Cat-Tees.myshopify.com/admin ' } });
    expect(name.value).toBe('cat-tees');
    expect(within(modal).queryByText(invalid)).toBeNull();
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(save);
    expect(await screen.findByText('Fill in the shop name and the Admin API access token.')).toBeTruthy();
    fireEvent.click(save);
    expect(server.count('/save_shopify_shop_info/')).toBe(0);

    fireEvent.change(within(modal).getByLabelText(/Admin API access token/), {
      target: { value: ' shpat_secret1234 ' },
    });
    expect(save.getAttribute('aria-disabled')).toBe('false');
    // The API secret key is optional and says what it is for.
    const apiSecret = within(modal).getByLabelText(/API secret key \(optional\)/) as HTMLInputElement;
    expect(apiSecret.required).toBe(false);
    expect(within(modal).getByText(/Needed for live order updates/).textContent).toContain(
      'Without it PodFlow checks orders every few minutes.',
    );
    fireEvent.change(apiSecret, { target: { value: ' shpss_live9abc ' } });
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect Shopify store' })).toBeNull());
    expect(server.callsTo('/save_shopify_shop_info/')[0]?.body).toEqual({
      workspace_id: 'w1',
      shopify_shop_name: 'cat-tees',
      shopify_admin_api_token: 'shpat_secret1234',
      shopify_api_secret: 'shpss_live9abc',
    });
    expect(await screen.findByText('Shopify store connected.')).toBeTruthy();
    const shop = screen.getByLabelText('Shopify connection');
    expect(within(shop).getByText('cat-tees.myshopify.com')).toBeTruthy();
    expect(within(shop).getByText('••••••••9xyz')).toBeTruthy();
    expect(within(shop).getByText('••••••••9abc')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    await waitEnabled('2. Sync to Shopify');
  });

  it("shows SPEC's save failure in the modal, which stays open with what was typed", async () => {
    const sentence =
      'Unable to save, validate if the information is correct. The token is missing the write_products scope.';
    const server = fakeServer({
      shopify: [shopify],
      saveShopify: () => json(400, errorBody(sentence, 'shopify_refused')),
    });
    await renderLoaded();
    await screen.findByLabelText('Shopify connection');
    fireEvent.click(screen.getByRole('button', { name: 'Edit connection' }));
    const modal = await screen.findByRole('dialog', { name: 'Connect Shopify store' });
    const token = within(modal).getByLabelText(/Admin API access token/) as HTMLInputElement;
    expect(token.value).toBe('••••••••ab12');
    expect(within(modal).getByText(/The saved value is used unless you type a new one/)).toBeTruthy();
    const name = within(modal).getByRole('textbox', { name: 'Shop name' });
    fireEvent.change(name, { target: { value: 'dog-tees' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));

    expect((await within(modal).findByRole('alert')).textContent).toBe(sentence);
    // The masked token sent back unchanged keeps the stored one.
    expect(server.callsTo('/save_shopify_shop_info/')[0]?.body).toEqual({
      workspace_id: 'w1',
      shopify_shop_name: 'dog-tees',
      shopify_admin_api_token: '••••••••ab12',
      shopify_api_secret: '',
    });
    expect(screen.getByRole('dialog', { name: 'Connect Shopify store' })).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('dog-tees');

    // Typing over the masked token replaces it; deleting from it empties it.
    fireEvent.change(token, { target: { value: '••••••••ab1' } });
    expect(token.value).toBe('');
    fireEvent.change(token, { target: { value: 's' } });
    expect(token.value).toBe('s');
  });

  it("connects WooCommerce: the store address gets https://, and the server's refusal shows in the modal", async () => {
    const refusal =
      'The store address points to a private or local network address. Use the public address of your store.';
    const server = fakeServer({
      target: () => json(200, { target_store: 'woocommerce' }),
      saveWooCommerce: () => json(400, errorBody(refusal, 'unsafe_url')),
    });
    await renderLoaded();
    await waitFor(() => expect(button('1. Connect WooCommerce store').hasAttribute('disabled')).toBe(false));
    fireEvent.click(button('1. Connect WooCommerce store'));
    const modal = await screen.findByRole('dialog', { name: 'Connect WooCommerce store' });
    const url = within(modal).getByRole('textbox', { name: 'Store URL' }) as HTMLInputElement;
    const save = within(modal).getByRole('button', { name: 'Save' });
    fireEvent.change(url, { target: { value: ' shop.internal ' } });
    fireEvent.blur(url);
    expect(url.value).toBe('https://shop.internal');
    fireEvent.change(within(modal).getByLabelText(/Consumer key/), { target: { value: 'ck_123' } });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(within(modal).getByLabelText(/Consumer secret/), { target: { value: 'cs_456' } });
    fireEvent.click(save);

    expect((await within(modal).findByRole('alert')).textContent).toBe(refusal);
    expect(server.callsTo('/save_woocommerce_shop_info/')[0]?.body).toEqual({
      workspace_id: 'w1',
      woocommerce_store_url: 'https://shop.internal',
      woocommerce_consumer_key: 'ck_123',
      woocommerce_consumer_secret: 'cs_456',
    });
    expect(screen.getByRole('dialog', { name: 'Connect WooCommerce store' })).toBeTruthy();
  });

  it('keeps step 2 disabled with why: not connected, then no design on Printify yet', async () => {
    const server = fakeServer({ designs: [buildDesign('cat'), buildDesign('dog')] });
    await renderLoaded();
    await expectReason('2. Sync to Shopify', 'Connect your Shopify store first.');
    expect(within(row('cat.png')).getByText('Not on Printify yet')).toBeTruthy();

    server.state.shopify = [shopify];
    const modal = await openShopifyModal();
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Shop name' }), {
      target: { value: 'cat-tees' },
    });
    fireEvent.change(within(modal).getByLabelText(/Admin API access token/), {
      target: { value: 'shpat_1' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await screen.findByLabelText('Shopify connection');
    await expectReason('2. Sync to Shopify', 'Create the Printify listings first (step 7).');
    fireEvent.click(button('2. Sync to Shopify'));
    expect(screen.queryByRole('dialog', { name: 'Sync to Shopify' })).toBeNull();
    expect(server.count('/sync_printify_shopify_metadata/')).toBe(0);
  });

  it("asks SPEC's question first: Cancel sends nothing, Proceed starts the Shopify sync", async () => {
    const server = fakeServer({ shopify: [shopify] });
    await renderLoaded();
    await waitEnabled('2. Sync to Shopify');
    fireEvent.click(button('2. Sync to Shopify'));
    let dialog = await screen.findByRole('dialog', { name: 'Sync to Shopify' });
    expect(within(dialog).getByText('Are you sure you want to sync the metadata?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sync to Shopify' })).toBeNull());
    expect(server.count('/sync_printify_shopify_metadata/')).toBe(0);

    fireEvent.click(button('2. Sync to Shopify'));
    dialog = await screen.findByRole('dialog', { name: 'Sync to Shopify' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Syncing 2 designs.')).toBeTruthy();
    expect(server.callsTo('/sync_printify_shopify_metadata/')[0]?.body).toEqual({ workspace_id: 'w1' });
  });

  it('sends skip_mockups when WooCommerce keeps its images', async () => {
    const server = fakeServer({
      target: () => json(200, { target_store: 'woocommerce' }),
      woocommerce: [woo],
    });
    await renderLoaded();
    await waitEnabled('2. Sync to WooCommerce');
    fireEvent.click(screen.getByRole('checkbox', { name: "Keep the store's images (sync metadata only)" }));
    await syncAndProceed('WooCommerce');
    await waitFor(() =>
      expect(server.callsTo('/sync_printify_listings_to_woocommerce/')[0]?.body).toEqual({
        workspace_id: 'w1',
        skip_mockups: true,
      }),
    );
  });

  it("shows the sync's live progress and each design's outcome, then a toast when it is over", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({ shopify: [shopify] });
    await renderLoaded();
    await waitEnabled('2. Sync to Shopify');
    expect(within(row('cat.png')).getByText('Shopify: not synced yet')).toBeTruthy();
    await syncAndProceed('Shopify');

    expect(await screen.findByText('0 of 2 designs done')).toBeTruthy();
    expect(within(row('cat.png')).getByText('Shopify: Waiting')).toBeTruthy();
    await expectReason(
      '2. Sync to Shopify',
      'A sync to Shopify is still running for this workspace. Wait for it to finish.',
    );

    server.state.runs.shopify = buildSyncRun(
      [
        buildSyncResult('cat', {
          status: 'updated',
          store_product_id: '8001',
          changes: ['title', 'tags', 'mockups'],
        }),
        buildSyncResult('dog'),
      ],
      { id: 'sync-2' },
    );
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('1 of 2 designs done')).toBeTruthy();
    expect(
      screen.getByText('1 synced (1 updated, 0 already up to date) · 0 skipped · 0 failed'),
    ).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Shopify sync progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    const cat = row('cat.png');
    expect(within(cat).getByText('Shopify: Updated')).toBeTruthy();
    expect(within(cat).getByText('Changed title, tags and mockups')).toBeTruthy();
    expect(within(cat).getByText('Shopify product ID: 8001')).toBeTruthy();
    expect(within(cat).getByText(`Printify Product ID: ${catProduct}`)).toBeTruthy();

    server.state.runs.shopify = buildSyncRun(
      [
        buildSyncResult('cat', { status: 'updated', changes: ['title', 'tags', 'mockups'] }),
        buildSyncResult('dog', {
          status: 'skipped',
          reason: 'Printify has not published this product to Shopify yet.',
        }),
      ],
      { id: 'sync-2' },
    );
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    // One of two synced is not 'up to date': the title says how many, the skip says why.
    expect(await screen.findByText('Synced 1 of 2 designs to Shopify')).toBeTruthy();
    expect(screen.queryByText(/is up to date/)).toBeNull();
    expect(
      screen.getByText('1 synced (1 updated, 0 already up to date) · 1 skipped · 0 failed'),
    ).toBeTruthy();
    const dog = row('dog.png');
    expect(within(dog).getByText('Shopify: Skipped')).toBeTruthy();
    expect(within(dog).getByText('Printify has not published this product to Shopify yet.')).toBeTruthy();
    const reasons = screen.getByRole('list', { name: 'Why designs were skipped or failed' });
    expect(reasons.textContent).toBe(
      '1 design skipped: Printify has not published this product to Shopify yet.',
    );
    expect(
      await screen.findByText(
        'Synced 1 of 2 designs to Shopify: 1 updated, 0 already up to date, 1 skipped.',
      ),
    ).toBeTruthy();

    // The sync is over: no more polling.
    const polls = server.count('/store_sync_run/');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(server.count('/store_sync_run/')).toBe(polls);
  });

  it("alerts SPEC's WooCommerce sentence when the sync is refused, with the reason in the card and the console", async () => {
    const refused = 'Connect your Printify shop and create the listings first (step 7).';
    fakeServer({
      target: () => json(200, { target_store: 'woocommerce' }),
      woocommerce: [woo],
      sync: () => json(400, errorBody(refused, 'not_connected')),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderLoaded();
    await waitEnabled('2. Sync to WooCommerce');
    await syncAndProceed('WooCommerce');
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('WooCommerce sync failed. See console for details.'),
    );
    expect(logged).toHaveBeenCalled();
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('WooCommerce sync failed. See console for details.');
    expect(failure.textContent).toContain(refused);
  });

  it("alerts SPEC's WooCommerce sentence when a sync seen running stops", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({
      target: () => json(200, { target_store: 'woocommerce' }),
      woocommerce: [woo],
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderLoaded();
    await waitEnabled('2. Sync to WooCommerce');
    await syncAndProceed('WooCommerce');
    expect(await screen.findByText('0 of 2 designs done')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();

    server.state.runs.woocommerce = buildSyncRun(
      [
        buildSyncResult('cat', { status: 'failed', reason: 'WooCommerce answered 401.' }),
        buildSyncResult('dog'),
      ],
      {
        id: 'sync-2',
        store: 'woocommerce',
        status: 'Failed',
        reason: 'WooCommerce refused the key.',
        finished_at: '2026-01-01T00:01:00.000Z',
      },
    );
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('The sync stopped before it finished')).toBeTruthy();
    // SPEC's sentence where the eye is, and the real reason beside it.
    const stopped = screen
      .getAllByRole('alert')
      .find((element) => element.textContent?.includes('WooCommerce sync failed. See console for details.'));
    expect(stopped?.textContent).toContain('WooCommerce refused the key.');
    expect(alert).toHaveBeenCalledWith('WooCommerce sync failed. See console for details.');
    expect(logged).toHaveBeenCalled();
    expect(within(row('cat.png')).getByText('WooCommerce answered 401.')).toBeTruthy();
  });

  it('does not alert for a sync that had failed before the page opened', async () => {
    const server = fakeServer({ shopify: [shopify] });
    server.state.runs.shopify = buildSyncRun(
      [buildSyncResult('cat', { status: 'failed', reason: 'Gone.' })],
      {
        status: 'Failed',
        reason: 'Shopify could not be reached.',
      },
    );
    await renderLoaded();
    expect(await screen.findByText('Shopify could not be reached.')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });

  it('never calls a sync that synced nothing a success: it counts the skips, says why once, and links to step 7', async () => {
    const server = fakeServer({ shopify: [shopify] });
    const why =
      "Not on Shopify yet: tick 'Publish' in step 7 and create the listings again (or publish it from Printify), then sync.";
    server.state.runs.shopify = buildSyncRun(
      [
        buildSyncResult('cat', { status: 'skipped', reason: why }),
        buildSyncResult('dog', { status: 'skipped', reason: why }),
      ],
      { printify_shop: 'Cat Tees' },
    );
    await renderLoaded();
    expect(await screen.findByText('Nothing was synced to Shopify')).toBeTruthy();
    expect(screen.queryByText(/up to date:/)).toBeNull();
    expect(
      screen.getByText('0 synced (0 updated, 0 already up to date) · 2 skipped · 0 failed'),
    ).toBeTruthy();
    expect(
      screen.getByText('From the products of your Printify shop "Cat Tees", which sells on this store.'),
    ).toBeTruthy();
    const reasons = screen.getByRole('list', { name: 'Why designs were skipped or failed' });
    expect(reasons.textContent).toBe(`2 designs skipped: ${why}`);
    fireEvent.click(button('Go to step 7: Create Listings'));
    expect(await screen.findByRole('heading', { name: 'Listings page' })).toBeTruthy();
  });

  it('says what to do when the workspace has no designs', async () => {
    fakeServer({ designs: [], shopify: [shopify] });
    renderRoutes(routes, '/publishListings');
    expect(await screen.findByRole('heading', { name: 'No designs yet' })).toBeTruthy();
    await screen.findByLabelText('Shopify connection');
    await expectReason('2. Sync to Shopify', 'This workspace has no designs yet. Upload designs first.');
    fireEvent.click(screen.getByRole('link', { name: 'Go to Prepare Designs' }));
    expect(await screen.findByRole('heading', { name: 'Designs page' })).toBeTruthy();
  });

  it('goes back to Create Listings (the last step has no Next)', async () => {
    fakeServer();
    await renderLoaded();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(button('Back'));
    expect(await screen.findByRole('heading', { name: 'Listings page' })).toBeTruthy();
  });

  it('is done at the workspaces', async () => {
    fakeServer();
    await renderLoaded();
    fireEvent.click(button('Done'));
    expect(await screen.findByRole('heading', { name: 'Workspaces page' })).toBeTruthy();
  });
});
