/**
 * Stripe's parameter encoding, read back: form bodies and query strings with bracket keys
 * (`line_items[0][price]=p&metadata[k]=v&expand[]=subscription`) become nested objects and arrays.
 */

export type Params = { [key: string]: Param };
export type Param = string | Param[] | Params;

/** A key that is both a value and a hash or list (`a=1&a[b]=2`). */
export class ParamsError extends Error {
  readonly param: string;
  constructor(message: string, param: string) {
    super(message);
    this.param = param;
  }
}

/** Parses `a[b][0][c]=v&list[]=x` (form body or query string, without `?`) into nested params. */
export function parseParams(text: string): Params {
  const root: Building = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = splitKey(key);
    if (!path) throw new ParamsError(`Invalid parameter name: ${key}`, key);
    insert(root, path, value, key);
  }
  return arraysOf(root) as Params;
}

/** `a[b][]` → ['a', 'b', '']; undefined for a malformed key. */
function splitKey(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return undefined;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? '', ...rest];
}

type Building = { [key: string]: Building | string | string[] };

function insert(node: Building, path: string[], value: string, key: string): void {
  const [head = '', ...rest] = path;
  if (rest.length === 0) {
    // A value sent twice: the last one counts, as in the Rack-style parsing Stripe does.
    if (head in node && typeof node[head] !== 'string') throw new ParamsError(`Invalid hash: ${key}`, key);
    node[head] = value;
    return;
  }
  if (rest.length === 1 && rest[0] === '') {
    // `list[]=a&list[]=b`: values in order.
    const existing = node[head] ?? [];
    if (!Array.isArray(existing)) throw new ParamsError(`Invalid array: ${key}`, key);
    existing.push(value);
    node[head] = existing;
    return;
  }
  const child = node[head] ?? {};
  if (typeof child === 'string' || Array.isArray(child)) throw new ParamsError(`Invalid hash: ${key}`, key);
  node[head] = child;
  insert(child, rest, value, key);
}

/** Hashes keyed 0, 1, 2... (`line_items[0][price]`) become arrays in index order. */
function arraysOf(node: Building | string | string[]): Param {
  if (typeof node === 'string' || Array.isArray(node)) return node;
  const keys = Object.keys(node);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysOf(node[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

/** The same text for the same params whatever their order: what idempotency keys compare. */
export function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${fingerprint(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const isParams = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A param's text, or undefined when absent or not text. */
export const textOf = (value: Param | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
