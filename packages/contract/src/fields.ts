import { z } from 'zod';

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
