import { shopifyShopNamePattern } from '@podflow/contract/stores';
import { failureText } from '../../api/failure-text';
import { publishText as text } from './publish-messages';

/**
 * A shop name as typed or pasted, lowercased and trimmed: a pasted store address
 * ('https://my-shop.myshopify.com/admin', 'admin.shopify.com/store/my-shop') gives its name.
 */
export function shopNameFrom(value: string): string {
  const typed = value.trim().toLowerCase();
  const admin = /admin\.shopify\.com\/store\/([^/?#\s]+)/.exec(typed);
  if (admin?.[1]) return admin[1];
  return typed
    .replace(/^[a-z]+:\/\//, '')
    .replace(/\.myshopify\.com(?:[/?#].*)?$/, '')
    .replace(/\/+$/, '');
}

/** What is wrong with a shop name (as shopNameFrom gives it), or null. */
export function shopNameProblem(name: string): string | null {
  return name === '' || shopifyShopNamePattern.test(name) ? null : text.shopNameInvalid;
}

/** A store address once the field is left: trimmed, https:// added when no scheme was typed. */
export function storeUrlFrom(value: string): string {
  const typed = value.trim();
  if (typed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(typed)) return typed;
  return `https://${typed}`;
}

/**
 * What is wrong with a store address, or null: it must be a whole web address. Whether it must be
 * https:// and public is the server's call (its demo allows a local http:// sandbox).
 */
export function storeUrlProblem(value: string): string | null {
  const typed = value.trim();
  if (typed === '') return null;
  const url = URL.parse(typed);
  return url && /^https?:$/.test(url.protocol) && url.hostname ? null : text.storeUrlInvalid;
}

/** What a failed save says in the form: SPEC.md section 8's sentence the server answered, or a general one. */
export function saveFailedText(error: unknown): string {
  return failureText(error, text.saveFailed);
}
