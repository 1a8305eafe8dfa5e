import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WooSandbox, startWooSandbox } from './woocommerce-sandbox.ts';

/** The WooCommerce sandbox's order and webhook refusals, in WooCommerce's words. */

let sandbox: WooSandbox;

beforeAll(async () => {
  sandbox = await startWooSandbox();
});
afterAll(() => sandbox.close());

/** A JSON call with Basic keys through a TLS-terminating proxy, as the store takes keys only over SSL. */
async function call(method: string, path: string, body?: unknown) {
  const basic = Buffer.from(`${sandbox.consumerKey}:${sandbox.consumerSecret}`).toString('base64');
  const response = await fetch(`${sandbox.url}/wp-json/wc/v3${path}`, {
    method,
    headers: {
      'x-forwarded-proto': 'https',
      authorization: `Basic ${basic}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('orders', () => {
  it('refuses a date modified_after cannot read, and an unknown order id', async () => {
    expect(await call('GET', '/orders?modified_after=yesterday')).toMatchObject({
      status: 400,
      body: { code: 'rest_invalid_param', data: { params: { modified_after: 'Invalid date.' } } },
    });
    expect(await call('GET', '/orders/424242')).toMatchObject({
      status: 404,
      body: { code: 'woocommerce_rest_shop_order_invalid_id', message: 'Invalid ID.' },
    });
  });

  it('pages with X-WP-Total and X-WP-TotalPages', async () => {
    sandbox.seedOrders([sandbox.createProduct({ name: 'Mug' })]);
    const page = await call('GET', '/orders?per_page=2&page=2');
    expect(page.headers.get('x-wp-total')).toBe('5');
    expect(page.headers.get('x-wp-totalpages')).toBe('3');
    expect(page.headers.get('link')).toContain('rel="next"');
  });
});

describe('webhooks', () => {
  it('refuses a webhook without topic and address, with an unknown topic, or a bad address', async () => {
    expect(await call('POST', '/webhooks', {})).toMatchObject({
      status: 400,
      body: { code: 'rest_missing_callback_param', message: 'Missing parameter(s): topic, delivery_url' },
    });
    const bad = { delivery_url: 'https://podflow.example/hook', topic: 'order.paid' };
    expect(await call('POST', '/webhooks', bad)).toMatchObject({
      status: 400,
      body: { code: 'woocommerce_rest_shop_webhook_invalid_topic' },
    });
    expect(
      await call('POST', '/webhooks', { topic: 'order.updated', delivery_url: 'ftp://x' }),
    ).toMatchObject({
      status: 400,
      body: { code: 'woocommerce_rest_shop_webhook_invalid_delivery_url' },
    });
    expect(sandbox.webhooks()).toEqual([]);
  });

  it('does not trash a webhook (force=true deletes it) and can re-enable a disabled one', async () => {
    // Nobody answers the ping here: creation still succeeds.
    const created = await call('POST', '/webhooks', {
      topic: 'order.updated',
      delivery_url: 'http://127.0.0.1:9/x',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { topic: 'order.updated', resource: 'order', event: 'updated' },
    });
    const id = created.body.id as number;
    expect(sandbox.deliveries.at(-1)).toMatchObject({ body: `webhook_id=${id}`, status: 0 });
    expect(await call('PUT', `/webhooks/${id}`, { status: 'disabled' })).toMatchObject({
      body: { status: 'disabled' },
    });
    expect(await call('PUT', `/webhooks/${id}`, { status: 'active' })).toMatchObject({
      body: { status: 'active' },
    });
    expect(await call('DELETE', `/webhooks/${id}`)).toMatchObject({
      status: 501,
      body: { code: 'woocommerce_rest_trash_not_supported' },
    });
    expect(await call('DELETE', `/webhooks/${id}?force=true`)).toMatchObject({ status: 200, body: { id } });
    expect(await call('GET', `/webhooks/${id}`)).toMatchObject({
      status: 404,
      body: { code: 'woocommerce_rest_shop_webhook_invalid_id' },
    });
  });
});
