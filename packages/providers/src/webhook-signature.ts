import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether `signature` (a base64 HMAC-SHA256 header) is the body's HMAC under `secret`: compared
 * in constant time on the raw bytes. Shopify signs with the app's client secret (X-Shopify-Hmac-Sha256),
 * WooCommerce with the webhook's secret (X-WC-Webhook-Signature).
 */
export function base64HmacMatches(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(signature.trim(), 'base64');
  // Buffer.from skips what is not base64: a header that does not round-trip is not a signature.
  if (given.toString('base64') !== signature.trim() || given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}

/** A header's value whatever its case, the first one when repeated. */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  const found = Object.entries(headers).find(([header]) => header.toLowerCase() === wanted)?.[1];
  return Array.isArray(found) ? found[0] : found;
}
