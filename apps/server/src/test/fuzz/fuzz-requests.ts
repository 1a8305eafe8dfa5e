import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { multipartBody } from './multipart-body.ts';
import {
  type GeneratorContext,
  type MutationKind,
  loneSurrogates,
  mutate,
  mutationArbitrary,
  nastyStrings,
  validArbitrary,
} from './json-schema-arbitrary.ts';
import type { Operation } from './openapi-operations.ts';
import { type FileValue, type RequestParts, formPartsOf, isFile } from './request-builder.ts';

/** How a case is broken, if at all. */
export const variants = [
  'valid',
  'valid',
  'valid',
  'invalid-body',
  'invalid-body',
  'invalid-param',
  'malformed-body',
  'wrong-content-type',
  'auth',
] as const;
export type Variant = (typeof variants)[number];

export type FuzzCase = {
  variant: Variant;
  mutation?: MutationKind;
  parts: RequestParts;
  /** Who the request is sent as: the fixture's user, another user, or nobody. */
  as: 'owner' | 'other' | 'none' | 'garbage';
};

const malformedJson: Array<string | Buffer> = [
  '{"a":',
  '',
  'null',
  '[]',
  '"text"',
  '{"workspace_name":"\\ud800"}',
  '{"workspace_id":"\\udfff\\ud800","lineitem_ids":["\\ud800"]}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  '['.repeat(5000),
  '{"a":1,"a":2}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
];

const wrongTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'image/png',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json',
];

/** A broken multipart body: no boundary, cut short, garbage, a boundary that never comes, bad bytes. */
function malformedMultipart(
  fields: Record<string, unknown>,
  pick: number,
): { payload: Buffer; contentType?: string } {
  const good = multipartBody(formPartsOf(fields));
  switch (pick % 8) {
    case 0:
      return { payload: good.payload, contentType: 'multipart/form-data' };
    case 1:
      return {
        payload: good.payload.subarray(0, Math.floor(good.payload.length / 2)),
        contentType: good.contentType,
      };
    case 2:
      return { payload: randomBytes(200), contentType: good.contentType };
    case 3:
      return { payload: good.payload, contentType: 'multipart/form-data; boundary=nope' };
    case 4:
      return {
        payload: Buffer.from(
          `--${good.boundary}\r\nContent-Disposition: form-data; name="workspace_id"\r\n\r\n\xff\xfe\r\n`,
        ),
        contentType: good.contentType,
      };
    case 5:
      return {
        payload: Buffer.concat([
          Buffer.from(
            `--${good.boundary}\r\nContent-Disposition: form-data; name="files"; filename="${'a'.repeat(5000)}.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          randomBytes(100),
          Buffer.from(`\r\n--${good.boundary}--\r\n`),
        ]),
        contentType: good.contentType,
      };
    case 6:
      return {
        payload: Buffer.from(
          `--${good.boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${good.boundary}--\r\n`,
        ),
        contentType: good.contentType,
      };
    default:
      return { payload: Buffer.from(`--${good.boundary}--\r\n`), contentType: good.contentType };
  }
}

/** Every way of calling one operation: valid values from the pools, and each kind of breakage. */
export function caseArbitrary(operation: Operation, context: GeneratorContext): fc.Arbitrary<FuzzCase> {
  const resolve = context.resolve;
  const paramsArbitrary = (params: Operation['query']) => {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of params) record[p.name] = validArbitrary(p.schema ?? {}, context, p.name);
    return fc.record(record, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) });
  };
  const bodyArbitrary = operation.body
    ? validArbitrary(resolve(operation.body.schema), context)
    : fc.constant(undefined);
  return fc
    .record({
      variant: fc.constantFrom(...variants),
      pathParams: paramsArbitrary(operation.pathParams),
      query: paramsArbitrary(operation.query),
      body: bodyArbitrary,
      mutation: mutationArbitrary,
      pick: fc.nat(),
      as: fc.constantFrom('owner', 'owner', 'owner', 'other', 'none', 'garbage') as fc.Arbitrary<
        FuzzCase['as']
      >,
    })
    .map(({ variant, pathParams, query, body, mutation, pick, as }): FuzzCase => {
      const parts: RequestParts = { pathParams, query, body };
      const multipart = operation.body?.contentType === 'multipart/form-data';
      const extras = { junk: mutation.junk, id: mutation.id, huge: mutation.huge };
      switch (variant) {
        case 'invalid-body': {
          if (operation.body) {
            const broken = mutate(body, mutation.kind, pick, extras);
            parts.body =
              multipart && (typeof broken !== 'object' || broken === null) ? { value: broken } : broken;
            return { variant, mutation: mutation.kind, parts, as: 'owner' };
          }
          // No body: send one anyway, which a route without one must ignore or refuse.
          parts.raw = { payload: JSON.stringify(mutation.junk), contentType: 'application/json' };
          return { variant, parts, as: 'owner' };
        }
        case 'invalid-param': {
          const both = { ...pathParams, ...query };
          const names = [...operation.pathParams, ...operation.query].map((p) => p.name);
          if (!names.length) {
            parts.query = { [`x${pick % 3}`]: nastyStrings[pick % nastyStrings.length] };
            return { variant, parts, as: 'owner' };
          }
          const name = names[pick % names.length]!;
          const broken = [
            mutate(both[name] ?? 'x', mutation.kind, pick, extras),
            nastyStrings[pick % nastyStrings.length],
            loneSurrogates[pick % loneSurrogates.length],
            [both[name] ?? 'a', 'b'],
            undefined,
            mutation.huge.slice(0, 5000),
          ][pick % 6];
          if (name in pathParams) parts.pathParams = { ...pathParams, [name]: broken ?? '' };
          else parts.query = { ...query, [name]: broken };
          return { variant, mutation: mutation.kind, parts, as: 'owner' };
        }
        case 'malformed-body':
          parts.raw = multipart
            ? malformedMultipart((body as Record<string, unknown>) ?? {}, pick)
            : { payload: malformedJson[pick % malformedJson.length]!, contentType: 'application/json' };
          return { variant, parts, as: 'owner' };
        case 'wrong-content-type': {
          const contentType = wrongTypes[pick % wrongTypes.length]!;
          const payload = multipart
            ? JSON.stringify(
                Object.fromEntries(Object.entries((body as object) ?? {}).filter(([, v]) => !isFile(v))),
              )
            : contentType.startsWith('multipart')
              ? multipartBody(formPartsOf((body as Record<string, unknown>) ?? {})).payload
              : JSON.stringify(body ?? {});
          parts.raw = {
            payload,
            contentType: multipart && contentType.startsWith('multipart') ? 'application/json' : contentType,
          };
          return { variant, parts, as: 'owner' };
        }
        case 'auth':
          return { variant, parts, as: as === 'owner' ? 'none' : as };
        default:
          return { variant, parts, as };
      }
    });
}

/** Files the multipart fields draw from: good images, and broken or wrong ones. */
export function fileArbitrary(files: FileValue[]): fc.Arbitrary<unknown> {
  return fc.constantFrom(...files);
}

/** A short, readable and redacted account of a request for a failure message. */
export function describeRequest(options: {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  payload?: unknown;
}) {
  const payload = options.payload;
  const body =
    payload === undefined
      ? ''
      : Buffer.isBuffer(payload)
        ? payload.subarray(0, 300).toString('latin1')
        : String(payload).slice(0, 300);
  const type = options.headers?.['content-type'] ?? '';
  const auth = options.headers?.authorization ? 'Bearer [redacted]' : 'no token';
  return `${options.method} ${String(options.url).slice(0, 200)} (${auth}; ${type}) ${JSON.stringify(body)}`;
}
