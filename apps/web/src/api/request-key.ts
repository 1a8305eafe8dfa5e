/**
 * A fresh Idempotency-Key for one create the seller means to make. crypto.randomUUID exists only
 * on secure pages, so plain-http deployments fall back to 16 random bytes.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
