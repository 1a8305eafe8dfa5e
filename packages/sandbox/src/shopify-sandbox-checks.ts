import { GraphQLError } from 'graphql';

/**
 * The Shopify sandbox's checks of input and access, and its paging, in Shopify's words: a missing
 * scope or an oversized input array is a GraphQL error, a bad value comes back as a userError.
 */

/** A userError as payloads carry it; CodedError for media and files ones. */
export type UserError = { field: string[]; message: string };
export type CodedError = UserError & { code: string };
/** A GraphQL input object or a view handed to graphql-js. */
export type Json = Record<string, unknown>;

const maxInputArray = 250;

/** ACCESS_DENIED unless the token holds one of `anyOf` (a write_ scope grants its read_ one). */
export function requireScope(scopes: string[], field: string, anyOf: string[]): void {
  const granted = (scope: string) =>
    scopes.includes(scope) || (scope.startsWith('read_') && scopes.includes(`write_${scope.slice(5)}`));
  if (anyOf.some(granted)) return;
  const needed = `${anyOf.map((scope) => `\`${scope}\` access scope`).join(' or ')}.`;
  throw new GraphQLError(`Access denied for ${field} field. Required access: ${needed}`, {
    extensions: {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess: needed,
    },
  });
}

/** Shopify's limit of 250 items in an input array, as a top-level error. */
export function checkInputSize(list: unknown[]): void {
  if (list.length <= maxInputArray) return;
  throw new GraphQLError(
    `The input array size of ${list.length} is greater than the maximum allowed of ${maxInputArray}.`,
    { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } },
  );
}

/** A CreateMediaInput: an IMAGE from an http(s) URL. */
export function checkMediaInput(item: Json, index: number): UserError[] {
  const at = ['media', String(index)];
  if (item.mediaContentType !== 'IMAGE') {
    return [{ field: [...at, 'mediaContentType'], message: 'The sandbox only takes IMAGE media' }];
  }
  const source = String(item.originalSource ?? '').trim();
  if (!source) return [{ field: [...at, 'originalSource'], message: "Original source can't be blank" }];
  if (!/^https?:\/\//i.test(source) || !URL.canParse(source)) {
    return [{ field: [...at, 'originalSource'], message: 'Image URL is invalid' }];
  }
  return [];
}

/** A StagedUploadInput: a file name and type, PUT only, a size for videos and 3D models. */
export function checkStagedInput(item: Json, index: number): UserError[] {
  const at = ['input', String(index)];
  const errors: UserError[] = [];
  if (!String(item.filename ?? '').trim())
    errors.push({ field: [...at, 'filename'], message: "Filename can't be blank" });
  if (!String(item.mimeType ?? '').trim())
    errors.push({ field: [...at, 'mimeType'], message: "Mime type can't be blank" });
  if (item.httpMethod === 'POST') {
    errors.push({
      field: [...at, 'httpMethod'],
      message: 'The sandbox only takes PUT uploads (POST forms are not supported)',
    });
  }
  if ((item.resource === 'VIDEO' || item.resource === 'MODEL_3D') && item.fileSize == null) {
    errors.push({
      field: [...at, 'fileSize'],
      message: 'File size is required for video and 3D model uploads',
    });
  }
  return errors;
}

/** A connection's paging arguments. */
export type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
};

/** Relay-style paging over a connection (the gallery by default), with Shopify's limit of 250 a page. */
export function paginate<T extends { id: number }>(items: T[], args: PageArgs, field = 'media') {
  const { first, last } = args;
  if (first == null && last == null) throw new GraphQLError('you must provide one of first or last');
  for (const [name, size] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (size != null && (size < 0 || size > 250)) {
      throw new GraphQLError(`Argument '${name}' on Field '${field}' must be between 0 and 250.`);
    }
  }
  let start = 0;
  let end = items.length;
  if (args.after != null) start = indexAfter(items, args.after);
  if (args.before != null) end = Math.max(start, indexAfter(items, args.before) - 1);
  let window = items.slice(start, end);
  const hasNextPage = first != null ? window.length > first || end < items.length : end < items.length;
  if (first != null) window = window.slice(0, first);
  const hasPreviousPage = last != null ? window.length > last || start > 0 : start > 0;
  if (last != null) window = window.slice(Math.max(0, window.length - last));
  return { items: window, hasNextPage, hasPreviousPage };
}

/** A connection's answer (edges, nodes, pageInfo) over items keyed by id, each shown by `view`. */
export function connectionOf<T extends { id: number }>(
  items: T[],
  args: PageArgs,
  view: (item: T) => Json,
  field = 'media',
): Json {
  const page = paginate(items, args, field);
  const edges = page.items.map((item) => ({ cursor: cursorOf(item.id), node: view(item) }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** Shopify's cursors are opaque base64 JSON naming the last id seen. */
export const cursorOf = (id: number) => Buffer.from(JSON.stringify({ last_id: id })).toString('base64');

function indexAfter(items: { id: number }[], cursor: string): number {
  let lastId: unknown;
  try {
    lastId = (JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { last_id?: unknown }).last_id;
  } catch {
    lastId = undefined;
  }
  if (typeof lastId !== 'number') throw new GraphQLError(`Invalid cursor for current pagination sort.`);
  const index = items.findIndex((item) => item.id === lastId);
  return index === -1 ? items.length : index + 1;
}

/** UnsignedInt64 comes as a string of digits (a plain non-negative integer is taken too). */
export function positionOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

/** A string input as is; anything else (null included) as null. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
