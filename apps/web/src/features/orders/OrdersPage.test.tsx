import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRun, OrderSource, OrderSummary } from '@podflow/contract/orders';
import { configureApiClient } from '../../api/client';
import { expectReason } from '../../test/expect-reason';
import {
  buildOnHoldOrder,
  buildOrder,
  buildOrderCounts,
  buildOrderDetail,
  buildOrderRun,
  buildOrderSource,
} from '../../test/factories';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './OrdersPage';

interface ServerOptions {
  orders?: OrderSummary[];
  sources?: OrderSource[];
  attention?: number;
  /** Answers a single order's action; the order canceled unless told. */
  action?: (orderId: string, action: string) => Response | undefined;
}

/** The Orders calls as the server answers them; `state.run` lets a test move a bulk run along. */
function fakeServer(options: ServerOptions = {}) {
  const orders = options.orders ?? [buildOnHoldOrder('1002'), buildOrder('1001')];
  const state = { run: null as OrderRun | null, runKeys: [] as (string | null)[] };
  const api = stubApi((url, body, init) => {
    const { pathname, searchParams } = new URL(url, 'http://podflow.test');
    if (pathname === '/orders_app/summary/') {
      return json(
        200,
        buildOrderCounts(options.attention ?? orders.filter((order) => order.attention).length),
      );
    }
    if (pathname === '/orders_app/sources/') {
      return json(200, { sources: options.sources ?? [buildOrderSource('src-printify')] });
    }
    if (pathname === '/orders_app/orders/') {
      const attention = searchParams.get('attention') === 'true';
      const q = searchParams.get('q');
      const found = orders.filter(
        (order) =>
          (!attention || order.attention) &&
          (!q || order.number.includes(q)) &&
          (!searchParams.get('status') || order.status === searchParams.get('status')),
      );
      return json(200, { orders: found, next_cursor: null });
    }
    if (pathname === '/orders_app/runs/') {
      state.runKeys.push(new Headers(init?.headers).get('Idempotency-Key'));
      const sent = body as { action: OrderRun['action']; order_ids: string[] };
      state.run = buildOrderRun(
        sent.order_ids.map((id) => ({
          order_id: id,
          number: `#${id}`,
          status: 'pending',
          reason: null,
          detail: null,
        })),
        { action: sent.action, status: 'Pending' },
      );
      return json(200, { message: `Working on ${sent.order_ids.length} orders.`, run: state.run });
    }
    if (pathname === '/orders_app/runs/run-1/') return json(200, state.run);
    const sync = /^\/orders_app\/sources\/([^/]+)\/sync\/$/.exec(pathname);
    if (sync) {
      const source = (options.sources ?? []).find((candidate) => candidate.id === sync[1]);
      return json(200, { message: 'Syncing Whisker Prints.', source: { ...source, importing: true } });
    }
    const action = /^\/orders_app\/orders\/([^/]+)\/(send_to_production|cancel|retry)\/$/.exec(pathname);
    if (action) return options.action?.(action[1]!, action[2]!);
    const detail = /^\/orders_app\/orders\/([^/]+)\/$/.exec(pathname);
    if (detail) {
      const order = orders.find((candidate) => candidate.id === detail[1]);
      return order
        ? json(200, buildOrderDetail(order))
        : json(404, errorBody('Order not found.', 'not_found'));
    }
    return undefined;
  });
  return { ...api, state };
}

const routes = [
  { path: '/orders/:orderId?', element: <OrdersPage /> },
  { path: '/welcome', element: <h1>Workspaces page</h1> },
];

const table = () => screen.findByRole('table', { name: /newest first/ });
const listCalls = (api: ReturnType<typeof fakeServer>) =>
  api.callsTo('/orders_app/orders/?').map((call) => new URL(call.url, 'http://podflow.test').searchParams);

describe('OrdersPage', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens on the orders that need attention, each saying why and what to do', async () => {
    const api = fakeServer();
    renderRoutes(routes, '/orders');

    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(2); // the header and the one order on hold
    expect(
      within(rows[1]!).getByText('Waiting for your approval: send it to production or cancel it.'),
    ).toBeTruthy();
    expect(within(rows[1]!).getByText('On hold: waiting for approval')).toBeTruthy();
    expect(within(rows[1]!).getByText('on-hold at the provider')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Needs attention (1)' })).toHaveProperty('checked', true);
    expect(listCalls(api).every((params) => params.get('attention') === 'true')).toBe(true);
  });

  it('opens on all orders when none needs attention, and keeps the filters in the address', async () => {
    const api = fakeServer({ orders: [buildOrder('1001'), buildOrder('1003', { status: 'shipped' })] });
    const { router } = renderRoutes(routes, '/orders?provider=printify&q=100');

    expect(within(await table()).getAllByRole('row')).toHaveLength(3);
    const first = listCalls(api)[0]!;
    expect([first.get('attention'), first.get('provider'), first.get('q')]).toEqual([
      null,
      'printify',
      '100',
    ]);

    // A status count of the strip is a filter: pushed to the address, sent to the list call.
    fireEvent.click(screen.getByRole('button', { name: 'Show the 3 In production orders' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=in_production'));
    expect(router.state.location.search).toContain('view=all');
    expect(router.state.location.search).toContain('q=100');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(listCalls(api).at(-1)?.get('status')).toBe('in_production');

    // A date range is a filter too; each end bounds the other.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(listCalls(api).at(-1)?.get('from')).toBe('2026-11-01'));
    expect(router.state.location.search).toContain('from=2026-11-01');
    expect(screen.getByLabelText('To').getAttribute('min')).toBe('2026-11-01');
    await act(() => router.navigate(-1));

    // Back brings the previous filters back.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
  });

  it('searches once typing pauses, replacing the address instead of adding to history', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeServer({ orders: [buildOrder('1001'), buildOrder('2002')] });
    const { router } = renderRoutes(routes, '/orders?view=all');
    await table();
    const before = api.count('/orders_app/orders/?');

    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    fireEvent.change(box, { target: { value: '20' } });
    fireEvent.change(box, { target: { value: '200' } });
    await act(() => vi.advanceTimersByTimeAsync(350));

    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(
      listCalls(api)
        .slice(before)
        .map((params) => params.get('q')),
    ).toEqual(['200']);
    expect(router.state.location.search).toBe('?view=all&q=200');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says what to do when no shop is connected, when nothing matches and when nothing needs attention', async () => {
    fakeServer({ sources: [] });
    const first = renderRoutes(routes, '/orders');
    expect(
      await screen.findByText(
        'Connect a Printify shop or Gelato store in a workspace (step 7) to see its orders here.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your workspaces' }).getAttribute('href')).toBe('/welcome');
    first.unmount();

    fakeServer();
    const { router } = renderRoutes(routes, '/orders?view=all&q=nothing');
    await screen.findByText('No order matches these filters');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await table();
    expect(router.state.location.search).toBe('?view=all');

    await act(() => router.navigate('/orders?view=attention&status=delivered'));
    await screen.findByText('No order matches these filters');
  });

  it('says when nothing needs attention and shows all orders from there', async () => {
    fakeServer({ orders: [buildOrder('1001')] });
    const { router } = renderRoutes(routes, '/orders?view=attention');
    await screen.findByText('Nothing needs you right now');
    fireEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(within(await table()).getAllByRole('row')).toHaveLength(2);
    expect(router.state.location.search).toBe('?view=all');
  });

  it('shows each shop with its problem and the Gelato webhook address, and syncs one now', async () => {
    const api = fakeServer({
      sources: [
        buildOrderSource('src-printify', {
          problem: 'Printify refused the API key: reconnect the shop in step 7.',
        }),
        buildOrderSource('src-gelato', {
          provider: 'gelato',
          shop_title: 'Whisker Prints',
          webhooks: 'manual',
          webhook_url: 'https://podflow.example/webhooks/gelato/7c1f3e9a/',
        }),
      ],
    });
    renderRoutes(routes, '/orders');
    const shops = await screen.findByRole('region', { name: 'Shops' });
    expect(
      within(shops).getByText('Printify refused the API key: reconnect the shop in step 7.'),
    ).toBeTruthy();
    expect(within(shops).getByText('https://podflow.example/webhooks/gelato/7c1f3e9a/')).toBeTruthy();
    expect(within(shops).getByRole('button', { name: 'Copy' })).toBeTruthy();

    fireEvent.click(within(shops).getByRole('button', { name: 'Sync now Whisker Prints' }));
    await screen.findByText('Syncing Whisker Prints.');
    expect(within(shops).getByText('Importing the last 60 days…')).toBeTruthy();
    expect(api.count('/orders_app/sources/src-gelato/sync/')).toBe(1);
  });

  it('runs a bulk send to production on the orders that allow it, once, and shows each outcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeServer({
      orders: [buildOnHoldOrder('1002'), buildOnHoldOrder('1004'), buildOrder('1001')],
    });
    renderRoutes(routes, '/orders?view=all');
    await table();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order #1001' }));
    await expectReason(
      'Cancel',
      'None of the selected orders allows this. Printify cancels only orders on hold or waiting for payment.',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every order shown' }));

    const send = screen.getByRole('button', { name: 'Send to production (2)' });
    fireEvent.click(send);
    fireEvent.click(send);
    await screen.findByText('Working on 2 orders.');
    expect(api.callsTo('/orders_app/runs/').filter((call) => call.body)).toHaveLength(1);
    expect(api.callsTo('/orders_app/runs/')[0]?.body).toEqual({
      action: 'send_to_production',
      order_ids: ['1002', '1004'],
    });
    expect(api.state.runKeys[0]).toMatch(/.{16,}/);

    const progress = await screen.findByRole('region', { name: 'Sending to production…' });
    expect(within(progress).getByRole('status').textContent).toContain('0 of 2 orders done');

    api.state.run = buildOrderRun([
      { order_id: '1002', number: '#1002', status: 'done', reason: 'Sent to production.', detail: null },
      {
        order_id: '1004',
        number: '#1004',
        status: 'refused',
        reason:
          'Printify refused: the order has an unpaid balance. Add a payment method in Printify, then try again.',
        detail: 'Printify 400: {"code":8251,"message":"Payment required"}',
      },
    ]);
    const before = api.count('/orders_app/orders/?');
    await act(() => vi.advanceTimersByTimeAsync(1100));

    const finished = await screen.findByRole('region', { name: 'Send to production: finished' });
    expect(within(finished).getByRole('status').textContent).toContain(
      '2 of 2 orders done · 1 sent · 1 refused',
    );
    expect(within(finished).getByText(/the order has an unpaid balance/)).toBeTruthy();
    expect(
      within(finished).getByText('Printify 400: {"code":8251,"message":"Payment required"}'),
    ).toBeTruthy();
    await waitFor(() => expect(api.count('/orders_app/orders/?')).toBeGreaterThan(before));

    // Finished: no more polling.
    const polls = api.count('/orders_app/runs/run-1/');
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(api.count('/orders_app/runs/run-1/')).toBe(polls);
  });

  it('shows a refused cancel as the sentence with the provider words folded under it', async () => {
    const api = fakeServer({
      action: () =>
        json(409, {
          ...errorBody('Printify did not cancel #1002: it is already in production.', 'provider_refused'),
          provider_detail: 'Printify 400: Order can not be canceled',
          order: buildOrderDetail(buildOrder('1002')),
        }),
    });
    renderRoutes(routes, '/orders/1002');

    const drawer = await screen.findByRole('dialog', { name: 'Order #1002' });
    expect(within(drawer).getByText('12 St James Square', { exact: false })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order #1002?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));

    const refusal = await within(drawer).findByRole('alert');
    expect(refusal.textContent).toContain('Printify did not cancel #1002: it is already in production.');
    expect(within(refusal).getByText("The provider's own words")).toBeTruthy();
    expect(within(refusal).getByText('Printify 400: Order can not be canceled')).toBeTruthy();
    expect(api.count('/orders_app/orders/1002/cancel/')).toBe(1);
    // The order as the refusal read it again: it moved on to production.
    expect(within(drawer).getByText('In production')).toBeTruthy();
  });

  it('sends one order to production from its drawer and shows it as the server answered', async () => {
    const order = buildOnHoldOrder('1002');
    const api = fakeServer({
      orders: [order],
      action: (id, action) =>
        json(200, {
          message: 'Sent to production.',
          order: buildOrderDetail({
            ...order,
            id,
            status: 'sending_to_production',
            provider_status: 'sending-to-production',
            attention: null,
            blocked: { ...order.blocked, send_to_production: `Already ${action}.` },
          }),
        }),
    });
    const { router } = renderRoutes(routes, '/orders/1002?view=attention');
    const drawer = await screen.findByRole('dialog', { name: 'Order #1002' });
    expect(within(drawer).getByText(order.attention!.sentence)).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Send to production' }));
    await screen.findByText('Sent to production.');
    expect(within(drawer).getByText('Sending to production')).toBeTruthy();
    expect(api.count('/orders_app/orders/1002/send_to_production/')).toBe(1);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?view=attention');
  });

  it('downloads the filtered orders as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const api = fakeServer();
    const answer = vi.fn(
      () => new Response('number,customer\n#1001,Ada\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    const base = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/orders_app/export.csv') ? Promise.resolve(answer()) : base(input, init),
      ),
    );
    renderRoutes(routes, '/orders?view=all&provider=printify');
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Saved orders.csv');
    const exported = vi
      .mocked(globalThis.fetch)
      .mock.calls.find(([input]) => String(input).includes('export.csv'));
    const params = new URL(String(exported?.[0]), 'http://podflow.test').searchParams;
    expect([params.get('provider'), params.get('attention')]).toEqual(['printify', null]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(api.count('/orders_app/orders/?')).toBeGreaterThan(0);
  });
});
