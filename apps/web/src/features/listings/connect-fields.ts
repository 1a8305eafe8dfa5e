import { isMaskedKey, printifyProductIdPattern } from '@podflow/contract/listings';
import { listingsText as text } from './listings-messages';

/**
 * The key field after an edit. A field holding the saved key's masked form ('••••••••ab12') is
 * not edited character by character: what is typed or pasted after it replaces it, and a
 * deletion empties the field, so a half-masked key is never sent.
 */
export function editedKey(current: string, next: string): string {
  if (!isMaskedKey(current) || next === current) return next;
  return next.startsWith(current) ? next.slice(current.length) : isMaskedKey(next) ? '' : next;
}

/** A pasted product address gives its id; anything else is kept as typed, trimmed. */
export function productIdFrom(value: string): string {
  const trimmed = value.trim();
  if (!trimmed.includes('/')) return trimmed;
  return /(?:^|[^0-9a-f])([0-9a-f]{24})(?:$|[^0-9a-f])/i.exec(trimmed)?.[1] ?? trimmed;
}

/**
 * What is wrong with a template product id as typed, or null: a character no id has at once, a
 * wrong length once the field is left (or it is already too long).
 */
export function productIdProblem(value: string, left: boolean): string | null {
  if (value === '' || printifyProductIdPattern.test(value)) return null;
  if (/[^0-9a-f]/i.test(value)) return text.productIdCharacters;
  return left || value.length > 24 ? text.productIdLength(value.length) : null;
}
