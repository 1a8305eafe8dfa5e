import { z } from 'zod';

/**
 * The one error body every call answers with. The spec's web client reads `detail`, `error` or
 * `message` depending on the screen, so all three carry the same human sentence; `fields` maps a
 * request field to what is wrong with it.
 */
export const errorBody = z
  .object({
    detail: z.string(),
    error: z.string(),
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** Builds an error body from a sentence, a machine code and optional per-field messages. */
export function errorBodyOf(message: string, code: string, fields?: Record<string, string>): ErrorBody {
  return { detail: message, error: message, message, code, ...(fields ? { fields } : {}) };
}
