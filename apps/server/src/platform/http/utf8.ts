import type { FastifyInstance } from 'fastify';
import { UserError } from '../errors.ts';

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The bytes as text, or undefined when they are not valid UTF-8. */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return fatalDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

const notUtf8 = (what: string) =>
  new UserError(400, `The request body is not valid UTF-8 text: ${what}. Send it again encoded as UTF-8.`, {
    code: 'invalid_utf8',
  });

/** True when every string of a parsed JSON value (keys too) is well-formed Unicode. */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return value.isWellFormed();
  if (Array.isArray(value)) return value.every(wellFormed);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(([key, item]) => key.isWellFormed() && wellFormed(item));
  }
  return true;
}

/**
 * Fastify's JSON parser (prototype poisoning refused as before), behind two checks: the bytes must
 * be UTF-8, and no string may hold a lone surrogate (a JSON escape like "\ud800" without its pair),
 * which no UTF-8 text can carry and which would break whatever encodes it next.
 */
export function registerStrictJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = strictUtf8(body as Buffer);
    if (text === undefined) {
      done(notUtf8('it holds bytes that are not UTF-8'), undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (!wellFormed(value)) {
        return done(
          notUtf8('a string holds a lone surrogate (an escape such as \\ud800 without its pair)'),
          undefined,
        );
      }
      done(null, value);
    });
  });
}
