import { printifyProductIdPattern } from '@podflow/contract/listings';
import { listingsText as text } from './listings-messages';

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
