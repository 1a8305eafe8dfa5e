import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { finished } from 'node:stream/promises';
import { UserError } from '../errors.ts';
import { strictUtf8 } from './utf8.ts';

/** One part of a multipart upload, streamed: services see this, never the parser. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      fileName: string;
      /** The file's bytes; stopping early leaves the rest for discard(). */
      chunks: () => AsyncIterable<Buffer>;
      /** Reads and drops whatever of the file is left, so the next part can arrive. */
      discard: () => Promise<void>;
      /** True when the file ran past the size limit and was cut. */
      truncated: () => boolean;
    }
  | { kind: 'too-many-files' };

export type FilePart = Extract<UploadPart, { kind: 'file' }>;

/** Registers the multipart parser for the routes of one plugin, with per-file and per-request limits. */
export async function registerMultipart(
  app: FastifyInstance,
  limits: { maxFileBytes: number; maxFiles: number; maxFields?: number },
): Promise<void> {
  const fields = limits.maxFields ?? 20;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    // Field bytes arrive as they were sent (one char per byte), so uploadParts can refuse invalid UTF-8.
    defCharset: 'latin1',
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields,
      fieldSize: 64 * 1024,
      parts: limits.maxFiles + fields,
    },
  });
}

/** Why a multipart body that the parser could not read is refused. */
export const malformedMultipartMessage =
  'The upload could not be read: the multipart body is malformed. Send the files again as multipart/form-data.';

/** The parser's own failure (a missing or empty boundary, a part cut short, garbage) as a 400. */
function malformed(error: unknown): unknown {
  if (error instanceof UserError) return error;
  return new UserError(400, malformedMultipartMessage, { code: 'multipart_malformed', cause: error });
}

/** A file's chunks, with the parser's failures (a part cut short) turned into the 400 above. */
async function* fileChunks(file: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* file;
  } catch (error) {
    throw malformed(error);
  }
}

/** The request's parts in order, each file streamed (never held whole in memory). */
export async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = strictUtf8(Buffer.from(String(part.value), 'latin1'));
        if (value === undefined) {
          throw new UserError(
            400,
            `The form field ${displayName(part.fieldname, 'field')} is not valid UTF-8 text. Send it again as UTF-8.`,
            { code: 'invalid_utf8' },
          );
        }
        yield { kind: 'field', name: part.fieldname, value };
        continue;
      }
      const file = part.file;
      yield {
        kind: 'file',
        fileName: part.filename,
        chunks: () => fileChunks(file.iterator({ destroyOnReturn: false })),
        discard: async () => {
          if (file.readableEnded) return;
          file.resume();
          await finished(file).catch(() => undefined);
        },
        truncated: () => file.truncated,
      };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      yield { kind: 'too-many-files' };
      return;
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new UserError(415, 'Send the files as multipart/form-data.', { code: 'not_multipart' });
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_REQ_FIELD_TOO_LARGE') {
      throw new UserError(413, 'A form field of this upload is too large or there are too many of them.', {
        code: 'fields_limit',
      });
    }
    throw malformed(error);
  }
}

/** A file name for display: no folders, no control characters, bounded. Never used in a storage key. */
export function displayName(raw: string, fallback: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || fallback;
}

/** Why a file over the size limit was refused, as a sentence that follows its name. */
export function tooLargeReason(maxFileBytes: number): string {
  const mb = (maxFileBytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `is larger than ${mb} MB, the limit for one file.`;
}

/** Why the files past the per-request count were refused. */
export function tooManyFilesReason(maxFiles: number): string {
  return `At most ${maxFiles} files can be sent in one upload; send the rest in another.`;
}
