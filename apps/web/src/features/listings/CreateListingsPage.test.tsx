import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { GelatoInfo, ListingRun, PrintifyInfo } from '@podflow/contract/listings';
import { configureApiClient } from '../../api/client';
import { setCurrentWorkspaceId } from '../../api/session';
import { expectReason } from '../../test/expect-reason';
import {
  buildDesign,
  buildGelatoInfo,
  buildListingResult,
  buildListingRun,
  buildPrintifyInfo,
} from '../../test/factories';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { CreateListingsPage } from './CreateListingsPage';

const productId = '65a1b2c3d4e5f6a7b8c9d0e1';

interface ServerOptions {
  designs?: DesignLineItem[];
  printify?: PrintifyInfo[];
  gelato?: GelatoInfo[];
  printifyRun?: ListingRun | null;
  shops?: () => Response;
  savePrintify?: () => Response;
  saveGelato?: () => Response;
  createPrintify?: () => Response;
  /** Answers Create Gelato listings; a promise holds the answer back. */
  createGelato?: () => Response | Promise<Response>;
  designsAnswer?: () => Response;
}

/** The listing calls as the server answers them; `state` lets a test move a run along. */
function fakeServer(options: ServerOptions = {}) {
  const state = {
    designs: options.designs ?? [buildDesign('cat'), buildDesign('dog')],
    printify: options.printify ?? [],
    gelato: options.gelato ?? [],
    runs: { printify: options.printifyRun ?? null, gelato: null } as Record<string, ListingRun | null>,
  };
  const api = stubApi((url, body) => {
    const { pathname, searchParams } = new URL(url, 'http://podflow.test');
    switch (pathname) {
      case '/workspace/get_workarea_information/':
        return options.designsAnswer?.() ?? json(200, state.designs);
      case '/printify_app/fetch_workspace_printify_info/':
        return json(200, state.printify);
      case '/gelato_app/fetch_workspace_gelato_info/':
        return json(200, state.gelato);
      case '/listings_app/listing_run/':
        return json(200, { run: state.runs[searchParams.get('provider') ?? ''] ?? null });
      case '/printify_app/fetch_printify_shopIDs/':
        return (
          options.shops?.() ??
          json(200, {
            shops: [
              { id: 101, title: 'Cat Tees', sales_channel: 'etsy' },
              { id: 102, title: 'Dog Tees', sales_channel: 'shopify' },
            ],
          })
        );
      case '/printify_app/save_printify_template/': {
        if (options.savePrintify) return options.savePrintify();
        const sent = body as { shop_id: string; printify_product_id: string };
        const info = buildPrintifyInfo({
          api_key: '••••••••9xyz',
          shop_id: sent.shop_id,
          shop_title: 'Dog Tees',
          product_id: sent.printify_product_id,
        });
        state.printify = [info];
        return json(200, { message: 'Printify shop connected.', info });
      }
      case '/gelato_app/save_gelato_store_config/': {
        if (options.saveGelato) return options.saveGelato();
        const info = buildGelatoInfo({ api_key: '••••••••5678', template_title: 'Heavy tee' });
        state.gelato = [info];
        return json(200, { message: 'Gelato store connected.', info });
      }
      case '/printify_app/create_printify_listings_v2/': {
        if (options.createPrintify) return options.createPrintify();
        const run = buildListingRun(
          state.designs.map((design) => buildListingResult(design.lineitem_id)),
          {
            id: 'run-2',
            status: 'Pending',
          },
        );
        state.runs.printify = run;
        return json(200, { message: 'Creating listings for 2 designs.', run });
      }
      case '/gelato_app/create_gelato_listings/':
        // The fake fetch awaits its answer, so a promise holds the call open until the test answers.
        return options.createGelato?.() as Response | undefined;
      default:
        return undefined;
    }
  });
  return { ...api, state };
}

const routes = [
  { path: '/createPrintifyListings', element: <CreateListingsPage /> },
  { path: '/publishListings', element: <h1>Publish page</h1> },
  { path: '/updateMetadata', element: <h1>Metadata page</h1> },
  { path: '/prepareDesigns', element: <h1>Designs page</h1> },
];

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const card = (name: string) => screen.getByRole('article', { name });

async function renderLoaded() {
  renderRoutes(routes, '/createPrintifyListings');
  await screen.findByRole('article', { name: 'cat.png' });
}

async function openPrintifyModal() {
  await waitFor(() => expect(button('1. Connect Printify store').hasAttribute('disabled')).toBe(false));
  fireEvent.click(button('1. Connect Printify store'));
  return screen.findByRole('dialog', { name: 'Connect Printify store' });
}

describe('CreateListingsPage', () => {
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

  it('shows each design with its Printify product id, and keeps step 2 disabled with why until connected', async () => {
    const server = fakeServer({
      designs: [buildDesign('cat', { printify_product_id: productId }), buildDesign('dog')],
    });
    await renderLoaded();
    expect(within(card('cat.png')).getByText(`Printify Product ID: ${productId}`)).toBeTruthy();
    expect(within(card('dog.png')).queryByText(/Product ID/)).toBeNull();
    expect(screen.getByText('2 designs · 1 on Printify')).toBeTruthy();

    await expectReason(
      '2. Create Printify listings',
      'Connect a Printify shop and save the template product first (step 1).',
    );
    fireEvent.click(button('2. Create Printify listings'));
    await expectReason('2. Create Gelato listings', 'Connect a Gelato store and template first (step 1).');
    fireEvent.click(button('2. Create Gelato listings'));
    expect(server.count('/create_printify_listings_v2/')).toBe(0);
    expect(server.count('/create_gelato_listings/')).toBe(0);
    expect(screen.getAllByText('Not connected')).toHaveLength(2);
  });

  it('shows the connected shop and store: names, masked keys and template ids', async () => {
    fakeServer({ printify: [buildPrintifyInfo()], gelato: [buildGelatoInfo()] });
    await renderLoaded();
    const shop = await screen.findByLabelText('Printify connection');
    expect(within(shop).getByText('Cat Tees')).toBeTruthy();
    expect(within(shop).getByText('••••••••ab12')).toBeTruthy();
    expect(within(shop).getByText('5f1c0e2a9b3d4c5e6f7a8b9c')).toBeTruthy();
    const store = screen.getByLabelText('Gelato connection');
    expect(within(store).getByText('store-7')).toBeTruthy();
    expect(within(store).getByText('••••••••cd34')).toBeTruthy();
    expect(within(store).getByText('Classic tee (tmpl-9)')).toBeTruthy();
    expect(screen.getAllByText('Connected')).toHaveLength(2);
    expect(button('2. Create Printify listings').getAttribute('aria-disabled')).toBe('false');
  });

  it('connects Printify: Fetch Shops needs a key, fills the shop choice, checks the product id, saves the right body', async () => {
    const server = fakeServer();
    await renderLoaded();
    const modal = await openPrintifyModal();
    expect(within(modal).getByText(/24-character alphanumeric string/)).toBeTruthy();
    const link = within(modal).getByRole('link', { name: /Open Printify connections/ });
    expect(link.getAttribute('href')).toBe('https://printify.com/app/account/api');

    const fetchShops = within(modal).getByRole('button', { name: 'Fetch Shops' });
    expect(fetchShops.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(fetchShops);
    expect(await screen.findByText('Enter your Printify API key first.')).toBeTruthy();
    fireEvent.click(fetchShops);
    expect(server.count('/fetch_printify_shopIDs/')).toBe(0);
    const shopSelect = within(modal).getByRole('combobox', { name: 'Printify shop' });
    expect(shopSelect.hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(modal).getByLabelText(/Printify API key/), { target: { value: 'secret-key-1' } });
    fireEvent.click(fetchShops);
    expect(await within(modal).findByText('2 shops found for this key.')).toBeTruthy();
    expect(server.callsTo('/fetch_printify_shopIDs/')[0]?.body).toEqual({
      apiKey: 'secret-key-1',
      workspace_id: 'w1',
    });
    fireEvent.click(shopSelect);
    fireEvent.click(await screen.findByRole('option', { name: 'Dog Tees (shopify)' }));

    const product = within(modal).getByRole('textbox', { name: 'Template product ID' });
    const save = within(modal).getByRole('button', { name: 'Save' });
    fireEvent.change(product, { target: { value: '65a1b2c3' } });
    expect(within(modal).queryByText(/A product ID has 24 characters/)).toBeNull();
    fireEvent.blur(product);
    expect(within(modal).getByText('A product ID has 24 characters; this one has 8.')).toBeTruthy();
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(product, { target: { value: '65a1b2c3-xyz' } });
    expect(within(modal).getByText('A product ID has only the digits 0–9 and the letters a–f.')).toBeTruthy();
    // A pasted product address gives its id.
    fireEvent.change(product, { target: { value: `https://printify.com/app/editor/${productId}` } });
    expect((product as HTMLInputElement).value).toBe(productId);
    expect(save.getAttribute('aria-disabled')).toBe('false');

    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect Printify store' })).toBeNull());
    expect(server.callsTo('/save_printify_template/')[0]?.body).toEqual({
      workspace_id: 'w1',
      shop_id: '102',
      apiKey: 'secret-key-1',
      printify_product_id: productId,
    });
    expect(await screen.findByText('Printify shop connected.')).toBeTruthy();
    const shop = screen.getByLabelText('Printify connection');
    expect(within(shop).getByText('Dog Tees')).toBeTruthy();
    expect(within(shop).getByText('••••••••9xyz')).toBeTruthy();
    expect(button('2. Create Printify listings').getAttribute('aria-disabled')).toBe('false');
  });

  it('reopens with the saved shop, sends the masked key back for "the saved key", and replaces it when typed over', async () => {
    const server = fakeServer({ printify: [buildPrintifyInfo()] });
    await renderLoaded();
    const modal = await openPrintifyModal();
    const key = within(modal).getByLabelText(/Printify API key/) as HTMLInputElement;
    expect(key.value).toBe('••••••••ab12');
    expect(within(modal).getByText(/The saved key is used unless you type a new one/)).toBeTruthy();
    expect((within(modal).getByRole('combobox', { name: 'Printify shop' }) as HTMLInputElement).value).toBe(
      'Cat Tees',
    );
    expect(within(modal).getByRole('button', { name: 'Save' }).getAttribute('aria-disabled')).toBe('false');

    fireEvent.click(within(modal).getByRole('button', { name: 'Fetch Shops' }));
    await within(modal).findByText('2 shops found for this key.');
    expect(server.callsTo('/fetch_printify_shopIDs/')[0]?.body).toEqual({
      apiKey: '••••••••ab12',
      workspace_id: 'w1',
    });
    // The saved shop is among them: it stays chosen.
    expect((within(modal).getByRole('combobox', { name: 'Printify shop' }) as HTMLInputElement).value).toBe(
      'Cat Tees (etsy)',
    );

    fireEvent.change(key, { target: { value: '••••••••ab1' } });
    expect(key.value).toBe('');
    fireEvent.change(key, { target: { value: 'n' } });
    expect(key.value).toBe('n');
  });

  it("alerts SPEC's sentence when Printify cannot validate the template product", async () => {
    const sentence = 'Unable to validate the product, Check if the Product ID is Correct.';
    const server = fakeServer({
      printify: [buildPrintifyInfo()],
      savePrintify: () => json(400, errorBody(sentence, 'product_invalid')),
    });
    await renderLoaded();
    const modal = await openPrintifyModal();
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(sentence));
    expect(server.count('/save_printify_template/')).toBe(1);
    expect(within(modal).getByText(sentence)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Connect Printify store' })).toBeTruthy();
  });

  it("shows the server's sentence when Printify refuses the key", async () => {
    const sentence =
      'Printify did not accept this API key. Copy it again from Printify: My account → Connections.';
    fakeServer({ shops: () => json(400, errorBody(sentence, 'provider_refused')) });
    await renderLoaded();
    const modal = await openPrintifyModal();
    fireEvent.change(within(modal).getByLabelText(/Printify API key/), { target: { value: 'wrong' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Fetch Shops' }));
    expect(await within(modal).findByText(sentence)).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });

  it('creates Printify listings with the publish choice, shows live progress, then the new product ids', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({ printify: [buildPrintifyInfo()] });
    await renderLoaded();
    await waitFor(() =>
      expect(button('2. Create Printify listings').getAttribute('aria-disabled')).toBe('false'),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Publish to my sales channel after creating' }));
    fireEvent.click(button('2. Create Printify listings'));

    expect(await screen.findByText('Creating listings for 2 designs.')).toBeTruthy();
    expect(server.callsTo('/create_printify_listings_v2/')[0]?.body).toEqual({
      workspace_id: 'w1',
      publish: true,
    });
    expect(await screen.findByText('0 of 2 designs done')).toBeTruthy();
    expect(within(card('cat.png')).getByText('Printify: Waiting')).toBeTruthy();
    await expectReason(
      '2. Create Printify listings',
      'Listings are still being created for this workspace. Wait for this run to finish.',
    );

    server.state.runs.printify = buildListingRun(
      [buildListingResult('cat', { status: 'created', product_id: productId }), buildListingResult('dog')],
      { id: 'run-2', publish: true },
    );
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('1 of 2 designs done')).toBeTruthy();
    expect(screen.getByText('· 1 created')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Printify listing progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(within(card('cat.png')).getByText('Printify: Created')).toBeTruthy();

    const loads = server.count('/get_workarea_information/');
    server.state.designs = [
      buildDesign('cat', { printify_product_id: productId }),
      buildDesign('dog', { printify_product_id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
    ];
    server.state.runs.printify = buildListingRun(
      [
        buildListingResult('cat', { status: 'created', product_id: productId, published: true }),
        buildListingResult('dog', {
          status: 'updated',
          product_id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          published: true,
        }),
      ],
      { id: 'run-2', publish: true },
    );
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('Printify listings are ready')).toBeTruthy();
    await waitFor(() => expect(server.count('/get_workarea_information/')).toBeGreaterThan(loads));
    expect(await within(card('cat.png')).findByText(`Printify Product ID: ${productId}`)).toBeTruthy();
    expect(within(card('dog.png')).getByText('Printify Product ID: aaaaaaaaaaaaaaaaaaaaaaaa')).toBeTruthy();
    expect(within(card('dog.png')).getByText('Printify: Updated')).toBeTruthy();
    expect(screen.getByText(/Published to your sales channel/)).toBeTruthy();

    // The run is over: no more polling.
    const polls = server.count('/listing_run/');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(server.count('/listing_run/')).toBe(polls);
  });

  it('shows why designs failed in the latest run', async () => {
    fakeServer({
      printify: [buildPrintifyInfo()],
      printifyRun: buildListingRun([
        buildListingResult('cat', { status: 'created', product_id: productId }),
        buildListingResult('dog', {
          status: 'failed',
          reason: 'Printify refused the image: it is over 100 MB.',
        }),
      ]),
    });
    await renderLoaded();
    expect(await screen.findByText('Finished, but some designs failed')).toBeTruthy();
    expect(screen.getByText('· 1 created · 1 failed')).toBeTruthy();
    const dog = card('dog.png');
    expect(within(dog).getByText('Printify: Failed')).toBeTruthy();
    expect(within(dog).getByText('Printify refused the image: it is over 100 MB.')).toBeTruthy();
    expect(within(card('cat.png')).getByText('Printify: Created')).toBeTruthy();
  });

  it('answers a second start with the run already going: it shows, with no red toast', async () => {
    const running = buildListingRun([buildListingResult('cat'), buildListingResult('dog')], {
      id: 'run-0',
      status: 'In Progress',
    });
    const server = fakeServer({
      printify: [buildPrintifyInfo()],
      createPrintify: () =>
        json(200, {
          message: 'Listings are already being created for this workspace: this is that run.',
          run: running,
        }),
    });
    await renderLoaded();
    await waitFor(() =>
      expect(button('2. Create Printify listings').getAttribute('aria-disabled')).toBe('false'),
    );
    server.state.runs.printify = running;
    fireEvent.click(button('2. Create Printify listings'));
    expect(
      await screen.findByText('Listings are already being created for this workspace: this is that run.'),
    ).toBeTruthy();
    expect(await screen.findByText('0 of 2 designs done')).toBeTruthy();
    expect(screen.queryByText(/could not be created/)).toBeNull();
  });

  it('ticks Publish for a shop that sells on a store, says what each state does, and tells a refused publish', async () => {
    const refused = (id: string) =>
      buildListingResult(id, {
        status: 'created',
        product_id: productId,
        published: false,
        reason: 'Not published: The Printify shop is not linked to a sales channel.',
        detail: 'Printify answered POST /v1/shops/1/products/x/publish.json with HTTP 400, code 8254',
      });
    const finished = buildListingRun([refused('cat'), refused('dog')], { publish: true, id: 'run-2' });
    const server = fakeServer({
      printify: [buildPrintifyInfo({ sales_channel: 'shopify', publishes_to_store: true })],
      createPrintify: () => {
        server.state.runs.printify = finished;
        return json(200, { message: 'Creating listings for 2 designs.', run: finished });
      },
    });
    await renderLoaded();
    const publish = screen.getByRole('checkbox', { name: 'Publish to my sales channel after creating' });
    await waitFor(() => expect((publish as HTMLInputElement).checked).toBe(true));
    expect(
      screen.getByText('On: Printify lists each product in your Shopify store as soon as it is made.'),
    ).toBeTruthy();
    fireEvent.click(publish);
    expect((publish as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Off: the products wait in Printify until you publish them.')).toBeTruthy();
    fireEvent.click(publish);

    await waitFor(() =>
      expect(button('2. Create Printify listings').getAttribute('aria-disabled')).toBe('false'),
    );
    fireEvent.click(button('2. Create Printify listings'));
    server.state.runs.printify = buildListingRun([refused('cat'), refused('dog')], {
      publish: true,
      id: 'run-2',
    });
    expect(
      await screen.findByText(/Not published: Printify refused every publish/, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Published to your sales channel/)).toBeNull();
    expect(within(card('cat.png')).getByText(/Not published: The Printify shop/)).toBeTruthy();
    // The provider's own words only in the folded details.
    expect(within(card('cat.png')).getByText('Details')).toBeTruthy();
  });

  it('connects Gelato: Save waits for all three values; a refusal alerts as SPEC says', async () => {
    const server = fakeServer({
      saveGelato: () => json(400, errorBody('Gelato did not accept this API key.', 'provider_refused')),
    });
    await renderLoaded();
    fireEvent.click(button('1. Connect Gelato store'));
    const modal = await screen.findByRole('dialog', { name: 'Connect Gelato store' });
    const save = within(modal).getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(within(modal).getByLabelText(/Gelato API key/), { target: { value: 'g-key' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Store ID' }), {
      target: { value: 'store-7' },
    });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(save);
    expect(await screen.findByText('Fill in the API key, the store ID and the template ID.')).toBeTruthy();
    fireEvent.click(save);
    expect(server.count('/save_gelato_store_config/')).toBe(0);

    fireEvent.change(within(modal).getByRole('textbox', { name: 'Template ID' }), {
      target: { value: ' tmpl-9 ' },
    });
    expect(save.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(save);
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Failed to save Gelato credentials. Please check the values and try again.',
      ),
    );
    expect(server.callsTo('/save_gelato_store_config/')[0]?.body).toEqual({
      workspace_id: 'w1',
      api_key: 'g-key',
      store_id: 'store-7',
      template_id: 'tmpl-9',
    });
    expect(within(modal).getByRole('alert').textContent).toContain('Gelato did not accept this API key.');
  });

  it('says in the form when Gelato has no store with the ID typed', async () => {
    const wrongStore =
      'Gelato has no store with this ID for this API key. Copy the store ID from your Gelato dashboard (Stores), then save again.';
    fakeServer({ saveGelato: () => json(400, errorBody(wrongStore, 'store_unknown')) });
    await renderLoaded();
    fireEvent.click(button('1. Connect Gelato store'));
    const modal = await screen.findByRole('dialog', { name: 'Connect Gelato store' });
    fireEvent.change(within(modal).getByLabelText(/Gelato API key/), { target: { value: 'g-key' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Store ID' }), { target: { value: 'nope' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Template ID' }), {
      target: { value: 'tmpl-9' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toContain(wrongStore);
    expect(screen.getByRole('dialog', { name: 'Connect Gelato store' })).toBeTruthy();
  });

  it('saves the Gelato store and shows it connected', async () => {
    fakeServer();
    await renderLoaded();
    fireEvent.click(button('1. Connect Gelato store'));
    const modal = await screen.findByRole('dialog', { name: 'Connect Gelato store' });
    fireEvent.change(within(modal).getByLabelText(/Gelato API key/), { target: { value: 'g-key-5678' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Store ID' }), {
      target: { value: 'store-7' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Template ID' }), {
      target: { value: 'tmpl-9' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gelato store connected.')).toBeTruthy();
    const store = await screen.findByLabelText('Gelato connection');
    expect(within(store).getByText('Heavy tee (tmpl-9)')).toBeTruthy();
    expect(button('2. Create Gelato listings').getAttribute('aria-disabled')).toBe('false');
  });

  it('creates Gelato listings: progress while the call is out, then the created product ids', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => {};
    const server = fakeServer({
      gelato: [buildGelatoInfo()],
      createGelato: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    // The run before this one: it must not pass for the new one.
    server.state.runs.gelato = buildListingRun([buildListingResult('cat', { status: 'created' })], {
      id: 'old',
      provider: 'gelato',
      total: 1,
    });
    await renderLoaded();
    await screen.findByText('Gelato listings are ready');
    fireEvent.click(button('2. Create Gelato listings'));
    expect(await screen.findByText('Creating Gelato listings…')).toBeTruthy();
    expect(server.callsTo('/create_gelato_listings/')[0]?.body).toEqual({ workspace_id: 'w1' });
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(screen.queryByText('Gelato listings are ready')).toBeNull();

    const gelatoRun = (results: ReturnType<typeof buildListingResult>[]) =>
      buildListingRun(results, { id: 'g-2', provider: 'gelato' });
    server.state.runs.gelato = gelatoRun([
      buildListingResult('cat', { status: 'created', product_id: 'gel-1' }),
      // Gelato took the create and is making the product: the design says so meanwhile.
      buildListingResult('dog', { product_id: 'gel-2', reason: 'Creating on Gelato…' }),
    ]);
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(await screen.findByText('1 of 2 designs done')).toBeTruthy();
    expect(within(card('cat.png')).getByText('Gelato: Created')).toBeTruthy();
    expect(within(card('dog.png')).getByText('Creating on Gelato…')).toBeTruthy();

    const finished = gelatoRun([
      buildListingResult('cat', { status: 'created', product_id: 'gel-1' }),
      buildListingResult('dog', { status: 'created', product_id: 'gel-2' }),
    ]);
    server.state.runs.gelato = finished;
    server.state.designs = [
      buildDesign('cat', { gelato_product_id: 'gel-1' }),
      buildDesign('dog', { gelato_product_id: 'gel-2' }),
    ];
    await act(async () => {
      answer(
        json(200, {
          message: 'Created 2 Gelato products.',
          created_product_ids: ['gel-1', 'gel-2'],
          run: finished,
        }),
      );
    });
    expect(await screen.findByText('2 Gelato products created')).toBeTruthy();
    expect(screen.getByTestId('gelato-created-ids').textContent).toBe('gel-1, gel-2');
    expect(await within(card('dog.png')).findByText('Gelato Product ID: gel-2')).toBeTruthy();
    expect(within(card('dog.png')).queryByText('Creating on Gelato…')).toBeNull();
    expect(screen.getByText('Gelato listings are ready')).toBeTruthy();
  });

  it("alerts SPEC's sentences when Gelato listings fail, or the call gets no answer", async () => {
    let fail: () => Response | Promise<Response> = () =>
      json(400, errorBody('Connect a Gelato store and template first (step 1).', 'not_connected'));
    fakeServer({ gelato: [buildGelatoInfo()], createGelato: () => fail() });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderLoaded();
    await waitFor(() =>
      expect(button('2. Create Gelato listings').getAttribute('aria-disabled')).toBe('false'),
    );
    fireEvent.click(button('2. Create Gelato listings'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to create Gelato listings.'));
    expect(await screen.findByText('Connect a Gelato store and template first (step 1).')).toBeTruthy();

    fail = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(button('2. Create Gelato listings'));
    await waitFor(() =>
      expect(alert).toHaveBeenLastCalledWith('Error creating Gelato listings. See console for details.'),
    );
    expect(logged).toHaveBeenCalled();
    // Beside SPEC's sentence, what happened: never the console alone.
    const shown = screen
      .getAllByRole('alert')
      .find((element) => element.textContent?.includes('See console for details.'));
    expect(shown?.textContent).toMatch(/See console for details\. .*(reach|network|server)/i);
  });

  it('says what to do when the workspace has no designs', async () => {
    fakeServer({ designs: [], printify: [buildPrintifyInfo()] });
    renderRoutes(routes, '/createPrintifyListings');
    expect(await screen.findByRole('heading', { name: 'No designs yet' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Printify connection')).toBeTruthy());
    await expectReason(
      '2. Create Printify listings',
      'This workspace has no designs yet. Upload designs first.',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Go to Prepare Designs' }));
    expect(await screen.findByRole('heading', { name: 'Designs page' })).toBeTruthy();
  });

  it("shows SPEC's load failure with a retry", async () => {
    let answer = () => json(403, errorBody('You do not have access to this workspace.', 'forbidden'));
    fakeServer({ designsAnswer: () => answer() });
    renderRoutes(routes, '/createPrintifyListings');
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Error: 403 - You do not have access to this workspace.');
    answer = () => json(200, [buildDesign('cat')]);
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'cat.png' })).toBeTruthy();
  });

  it('goes back to Update Metadata', async () => {
    fakeServer();
    await renderLoaded();
    fireEvent.click(button('Back'));
    expect(await screen.findByRole('heading', { name: 'Metadata page' })).toBeTruthy();
  });

  it('goes on to Publish Listings', async () => {
    fakeServer();
    await renderLoaded();
    fireEvent.click(button('Next'));
    expect(await screen.findByRole('heading', { name: 'Publish page' })).toBeTruthy();
  });

  it('asks for a workspace first', async () => {
    window.localStorage.clear();
    fakeServer();
    renderRoutes(routes, '/createPrintifyListings');
    expect(await screen.findByRole('heading', { name: 'Choose a workspace first' })).toBeTruthy();
  });
});
