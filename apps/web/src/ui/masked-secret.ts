import { isMaskedKey } from '@podflow/contract/listings';

/**
 * A secret field after an edit. A field holding the saved secret's masked form ('••••••••ab12')
 * is not edited character by character: what is typed or pasted after it replaces it, and a
 * deletion empties the field, so a half-masked secret is never sent.
 */
export function editedSecret(current: string, next: string): string {
  if (!isMaskedKey(current) || next === current) return next;
  return next.startsWith(current) ? next.slice(current.length) : isMaskedKey(next) ? '' : next;
}
