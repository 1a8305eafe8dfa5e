import { z } from 'zod';
import { isMaskedKey } from './listings.ts';

/** A string field whose message says whether it was missing or of the wrong type. */
export function text(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });
}

/** An id sent by a client: bounded text, so a huge or odd value is a 400, never a lookup. */
export function idField(label: string) {
  return text(label)
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(64, { error: `${label} is not a valid id.` });
}

/**
 * An API key, token or secret sent by a client: bounded visible ASCII (what every provider's keys
 * are made of, and all an HTTP header can carry), or the masked form a GET answered. Anything else
 * is a 400 that says so, never a call to the provider that cannot be sent.
 */
export function keyField(label: string) {
  return text(label)
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(2000, { error: `${label} is too long to be an API key.` })
    .refine((value) => isMaskedKey(value) || /^[\x21-\x7e]+$/.test(value), {
      error: `${label} holds characters no API key has (spaces, accents or control characters): copy the key again from the provider's settings.`,
    });
}
