import type { InjectOptions } from 'fastify';
import { type FormPart, multipartBody } from './multipart-body.ts';
import type { Operation } from './openapi-operations.ts';

/** A file for a multipart field: what the generators draw for `format: binary`. */
export type FileValue = { fileName: string; type: string; data: Buffer };

export const isFile = (value: unknown): value is FileValue =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as FileValue).data);

export type RequestParts = {
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON or multipart body (by the operation's content type) as an object of fields. */
  body?: unknown;
  /** A body sent exactly as given instead (malformed JSON, broken multipart, a wrong content type). */
  raw?: { payload: Buffer | string; contentType?: string };
  headers?: Record<string, string>;
};

/** The parts of a multipart body for an object of fields: arrays repeat a field, files are file parts. */
export function formPartsOf(fields: Record<string, unknown>): FormPart[] {
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      // A mutated file may have lost its name or type: still a file part.
      if (isFile(item))
        parts.push({
          name,
          fileName: String(item.fileName ?? ''),
          type: String(item.type ?? 'application/octet-stream'),
          data: item.data,
        });
      else
        parts.push({ name, value: typeof item === 'string' ? item : (JSON.stringify(item) ?? String(item)) });
    }
  }
  return parts;
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Percent-encodes a path segment; a lone surrogate goes out as the bytes of one (not valid UTF-8). */
const encodeSegment = (value: string) =>
  value
    .split(/([\ud800-\udfff])/u)
    .map((piece) =>
      /^[\ud800-\udfff]$/u.test(piece)
        ? `%${[0xed, 0xa0 | ((piece.charCodeAt(0) >> 6) & 0x1f), 0x80 | (piece.charCodeAt(0) & 0x3f)]
            .map((byte) => byte.toString(16).toUpperCase())
            .join('%')}`
        : encodeURIComponent(piece),
    )
    .join('');

/** The URL of an operation with its path parameters and query filled in. */
export function urlOf(operation: Operation, parts: RequestParts): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeSegment(text(parts.pathParams[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, text(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** app.inject options for a request. */
export function injectOptionsOf(operation: Operation, parts: RequestParts): InjectOptions {
  const headers: Record<string, string> = { ...parts.headers };
  let payload: string | Buffer | undefined;
  if (parts.raw) {
    payload = parts.raw.payload;
    if (parts.raw.contentType) headers['content-type'] = parts.raw.contentType;
  } else if (parts.body !== undefined) {
    if (operation.body?.contentType === 'multipart/form-data') {
      const fields =
        parts.body && typeof parts.body === 'object' ? (parts.body as Record<string, unknown>) : {};
      const built = multipartBody(formPartsOf(fields));
      payload = built.payload;
      headers['content-type'] = built.contentType;
    } else {
      payload = JSON.stringify(parts.body);
      headers['content-type'] = 'application/json';
    }
  }
  return {
    method: operation.method as InjectOptions['method'],
    url: urlOf(operation, parts),
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}
