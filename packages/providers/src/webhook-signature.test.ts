import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shopifyHeader, shopifyOrderGid, updatedSince, verifyShopifyWebhook } from './shopify-orders.ts';
import { base64HmacMatches, headerValue } from './webhook-signature.ts';
import { verifyWooWebhook, wooGmt, wooPingOf } from './woocommerce-orders.ts';

const body = Buffer.from('{"id":1001,"status":"processing"}');
const sign = (bytes: Buffer, secret: string) => createHmac('sha256', secret).update(bytes).digest('base64');

describe('base64 HMAC-SHA256 webhook signatures (Shopify and WooCommerce)', () => {
  it('takes the signature of the raw bytes under the secret, and nothing else', () => {
    const signature = sign(body, 's3cret');
    expect(base64HmacMatches(body, signature, 's3cret')).toBe(true);
    expect(verifyShopifyWebhook(body, signature, 's3cret')).toBe(true);
    expect(verifyWooWebhook(body, ` ${signature} `, 's3cret')).toBe(true);
    expect(base64HmacMatches(body, signature, 's3cret2')).toBe(false);
    expect(base64HmacMatches(Buffer.from(`${body.toString()} `), signature, 's3cret')).toBe(false);
  });

  it('refuses a missing header, an empty secret, hex, a truncated or padded signature', () => {
    const signature = sign(body, 's3cret');
    const hex = createHmac('sha256', 's3cret').update(body).digest('hex');
    expect(base64HmacMatches(body, undefined, 's3cret')).toBe(false);
    expect(base64HmacMatches(body, '', 's3cret')).toBe(false);
    expect(base64HmacMatches(body, sign(body, ''), '')).toBe(false);
    expect(base64HmacMatches(body, hex, 's3cret')).toBe(false);
    expect(base64HmacMatches(body, signature.slice(0, -4), 's3cret')).toBe(false);
    expect(base64HmacMatches(body, `${signature}AAAA`, 's3cret')).toBe(false);
    // Characters base64 skips would decode to the right bytes: not a signature all the same.
    expect(base64HmacMatches(body, `${signature.slice(0, 10)}!${signature.slice(10)}`, 's3cret')).toBe(false);
  });

  it('reads headers whatever their case, the first of repeated ones, and both Shopify spellings', () => {
    const headers = {
      'X-Shopify-Topic': 'orders/create',
      'shopify-webhook-id': 'abc',
      'x-shopify-hmac-sha256': ['h1', 'h2'],
    };
    expect(headerValue(headers, 'x-shopify-topic')).toBe('orders/create');
    expect(shopifyHeader(headers, 'Topic')).toBe('orders/create');
    expect(shopifyHeader(headers, 'Webhook-Id')).toBe('abc');
    expect(shopifyHeader(headers, 'Hmac-Sha256')).toBe('h1');
    expect(shopifyHeader(headers, 'Triggered-At')).toBeUndefined();
  });
});

describe('order ids and times', () => {
  it('takes a numeric Shopify order id or its GID, nothing else', () => {
    expect(shopifyOrderGid(' 5500000000001 ')).toBe('gid://shopify/Order/5500000000001');
    expect(shopifyOrderGid('gid://shopify/Order/12')).toBe('gid://shopify/Order/12');
    expect(() => shopifyOrderGid('gid://shopify/Product/12')).toThrow(TypeError);
    expect(() => shopifyOrderGid('12a')).toThrow(TypeError);
  });

  it("writes Shopify's search term in whole UTC seconds", () => {
    expect(updatedSince(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe("updated_at:>'2026-01-02T03:04:05Z'");
  });

  it("reads WooCommerce's zone-less GMT dates as UTC, and knows its ping", () => {
    expect(wooGmt('2026-01-02T03:04:05')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(wooGmt('2026-01-02T03:04:05+01:00')).toBe(Date.UTC(2026, 0, 2, 2, 4, 5));
    expect(wooGmt(null)).toBeNull();
    expect(wooGmt('soon')).toBeNull();
    expect(wooPingOf(Buffer.from('webhook_id=17'))).toBe('17');
    expect(wooPingOf(Buffer.from('webhook_id=17&x=1'))).toBeNull();
    expect(wooPingOf(body)).toBeNull();
  });
});
