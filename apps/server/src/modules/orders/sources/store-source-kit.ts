import { createHash } from 'node:crypto';

/**
 * What the Shopify and WooCommerce order adapters share: money and words as the stores give
 * them, and the reading of a delivery's body.
 */

/** A decimal money string ("24.99") in minor units; null when it is not a number. */
export function centsOf(amount: string | number | null | undefined): number | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** A store's status word as its admin shows it: "PARTIALLY_REFUNDED" and "on-hold" read "Partially refunded", "On hold". */
export function storeWords(raw: string): string {
  const words = raw.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first 32 hex digits of the body's SHA-256: an event key when the provider gives none. */
export const bodyHash = (rawBody: Buffer) => createHash('sha256').update(rawBody).digest('hex').slice(0, 32);

/** The body as a JSON object, or null when it is not one. */
export function jsonObject(rawBody: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(rawBody.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A store order id as the body names it (a positive integer), else null. */
export function orderIdOf(body: Record<string, unknown> | null): string | null {
  const id = body?.id;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return String(id);
  if (typeof id === 'string' && /^\d{1,20}$/.test(id)) return id;
  return null;
}

/** A time string in ms, or null. */
export function msOf(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
