import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '@podflow/contract/orders';
import { configureApiClient } from '../../api/client';
import { expectReason } from '../../test/expect-reason';
import {
  buildDesign,
  buildOrder,
  buildOrderCounts,
  buildOrderDetail,
  buildOrderSource,
} from '../../test/factories';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { OrdersPage } from './OrdersPage';

const quote = {
  items_cents: 1050,
  options: [
    { method: 'standard', name: 'Standard', price_cents: 475, currency: 'USD', min_days: 5, max_days: 8 },
    { method: 'express', name: 'Express', price_cents: 1299, currency: 'USD', min_days: 2, max_days: 3 },
  ],
};

/** The calls of a manual order; the order list grows by the order placed. */
function fakeServer(place: (body: unknown) => Response | undefined = () => undefined) {
  const orders: OrderSummary[] = [buildOrder('1001')];
  const keys: (string | null)[] = [];
  const api = stubApi((url, body, init) => {
    const { pathname } = new URL(url, 'http://podflow.test');
    switch (pathname) {
      case '/orders_app/summary/':
        return json(200, buildOrderCounts(0));
      case '/orders_app/sources/':
        return json(200, { sources: [buildOrderSource('src-printify')] });
      case '/orders_app/orders/':
        return json(200, { orders, next_cursor: null });
      case '/workspace/get_workarea_information/':
        return json(200, [buildDesign('cat', { product_title: 'Sleepy cat' })]);
      case '/orders_app/manual/products/':
        return json(200, {
          products: [
            {
              provider: 'printify',
              source_id: 'src-printify',
              shop_title: 'Cat Tees',
              product_id: 'p1',
              title: 'Sleepy cat tee',
              variants: [{ id: '17887', title: 'Black / M', cost_cents: 1050 }],
              currency: 'USD',
            },
          ],
        });
      case '/orders_app/manual/quote/':
        return json(200, quote);
      case '/orders_app/manual/': {
        keys.push(new Headers(init?.headers).get('Idempotency-Key'));
        const refused = place(body);
        if (refused) return refused;
        const order = buildOrder('2001', { number: 'PF-2001', customer: 'Grace Hopper' });
        orders.unshift(order);
        return json(200, { message: 'Order created.', order: buildOrderDetail(order) });
      }
      case '/orders_app/orders/2001/':
        return json(200, buildOrderDetail(orders[0]!));
      default:
        return undefined;
    }
  });
  return { ...api, keys };
}

async function choose(label: string, option: string) {
  const select = await screen.findByLabelText<HTMLSelectElement>(label);
  await waitFor(() => expect([...select.options].some((entry) => entry.text === option)).toBe(true));
  const value = [...select.options].find((entry) => entry.text === option)?.value;
  fireEvent.change(select, { target: { value } });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

async function fillOrder() {
  renderRoutes([{ path: '/orders/:orderId?', element: <OrdersPage /> }], '/orders?view=all');
  await screen.findByRole('table');
  fireEvent.click(screen.getByRole('button', { name: 'New order' }));
  await screen.findByRole('dialog', { name: 'New order' });
  await choose('Workspace', 'Cats collection');
  await choose('Design', 'Sleepy cat');
  await choose('Product', 'Sleepy cat tee (Printify, Cat Tees)');
  await choose('Variant', 'Black / M · $10.50');
}

/** A whole form filled in jsdom: a few seconds on a loaded machine. */
const formTimeout = { timeout: 15_000 };

describe('Manual order', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('goes from the quote to a placed order, sent once, and opens it', formTimeout, async () => {
    const api = fakeServer();
    await fillOrder();
    type('First name', 'Grace');
    type('Last name', 'Hopper');
    type('Address', '1 Navy Way');
    type('City', 'Arlington');
    type('Postal code', '22202');
    type('Country', 'us');
    fireEvent.click(screen.getByRole('button', { name: 'Get shipping options' }));

    const standard = await screen.findByRole('radio', { name: 'Standard · $4.75 · 5–8 days' });
    expect(standard).toHaveProperty('checked', true);
    expect(screen.getByText('Items: $10.50')).toBeTruthy();
    expect(api.callsTo('/orders_app/manual/quote/')[0]?.body).toMatchObject({
      source_id: 'src-printify',
      design_id: 'cat',
      product_id: 'p1',
      variant_id: '17887',
      quantity: 1,
      address: { first_name: 'Grace', country: 'US', address2: null },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Express · $12.99 · 2–3 days' }));

    // A changed draft needs a new quote before it is placed.
    type('City', 'Washington');
    expect(screen.getByRole('button', { name: 'Place order' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('You changed the order: get the shipping options again.')).toBeTruthy();
    type('City', 'Arlington');

    const place = screen.getByRole('button', { name: 'Place order' });
    fireEvent.click(place);
    fireEvent.click(place);
    await screen.findByText('Order created.');
    const placed = api.calls.filter(
      (call) => new URL(call.url, 'http://podflow.test').pathname === '/orders_app/manual/',
    );
    expect(placed).toHaveLength(1);
    expect(placed[0]?.body).toMatchObject({ shipping_method: 'express', address: { city: 'Arlington' } });
    expect(api.keys[0]).toMatch(/.{16,}/);

    // The new order opens in its drawer (titled by its number) over the list.
    const title = await screen.findByText('Order PF-2001', undefined, { timeout: 5000 });
    expect(title.closest('[role="dialog"]')).toBeTruthy();
    const list = screen.getByRole('table', { name: /newest first/ });
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Order PF-2001' })).toBeTruthy());
  });

  it(
    'shows field errors at the fields, then sends the same Idempotency-Key again when placing is retried',
    formTimeout,
    async () => {
      let first = true;
      const api = fakeServer(() => {
        if (!first) return undefined;
        first = false;
        return json(502, errorBody('Printify did not answer in time. Try again.', 'upstream_error'));
      });
      await fillOrder();
      fireEvent.click(screen.getByRole('button', { name: 'Get shipping options' }));
      expect(await screen.findByText('First name is required.')).toBeTruthy();
      expect(screen.getByLabelText(/^Country/).getAttribute('aria-invalid')).toBe('true');
      expect(api.count('/orders_app/manual/quote/')).toBe(0);
      await expectReason('Place order', 'Get the shipping options and choose one first.');

      type('First name', 'Grace');
      type('Last name', 'Hopper');
      type('Address', '1 Navy Way');
      type('City', 'Arlington');
      type('Postal code', '22202');
      type('Country', 'US');
      fireEvent.click(screen.getByRole('button', { name: 'Get shipping options' }));
      await screen.findByRole('radio', { name: /Standard/ });

      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Printify did not answer in time. Try again.',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
      await screen.findByText('Order created.');
      expect(api.keys).toHaveLength(2);
      expect(api.keys[1]).toBe(api.keys[0]);
    },
  );
});
