import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as the OpenAPI document has it) the generators read. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

export type GeneratorContext = {
  /** Follows a $ref into the document's components. */
  resolve: (schema: JsonSchema) => JsonSchema;
  /** Real values for a field name (ids, keys of the fixture), drawn most of the time when present. */
  pool: (field: string) => readonly unknown[] | undefined;
  /** Files for `format: binary` fields (multipart uploads). */
  binary: fc.Arbitrary<unknown>;
};

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3, noNullPrototype: true }),
);

/** Strings that have broken servers before: control and combining characters, paths, SQL, markup. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'e\u0301\u0301\u0301',
  '😀🏳️‍🌈',
  '\u202eevil',
  'ＡＢＣ１２３',
  '../../../etc/passwd',
  '..\\..\\windows',
  '%00%2e%2e%2f',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${{7*7}}',
  'null',
  'undefined',
  '-1',
  '1e309',
  '0x7fffffff',
  'a'.repeat(300),
];

/** Lone surrogates, which JSON can carry escaped but UTF-8 cannot. */
export const loneSurrogates = ['\ud800', 'abc\udfff', '\udc00\ud800x'];

const extremeNumbers = [-1, -0, 0, 1.5, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    const max = schema.maxLength ?? 64;
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max);
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 4 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
  );
}

/** Values that match the schema, drawing on the context's pools of real values by field name. */
export function validArbitrary(
  given: JsonSchema,
  context: GeneratorContext,
  field = '',
): fc.Arbitrary<unknown> {
  const schema = context.resolve(given);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => validArbitrary(option, context, field)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf), context, field);
  const types = typesOf(schema);
  const pool = context.pool(field);
  const base = (type: string | undefined): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return schema.format === 'binary' ? context.binary : stringArbitrary(schema);
      case 'integer':
        return fc.integer({
          min: schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1,
          max: schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1,
        });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
        return fc.array(validArbitrary(schema.items ?? {}, context, field), { minLength, maxLength });
      }
      case 'object': {
        const properties = schema.properties ?? {};
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties))
          record[name] = validArbitrary(property, context, name);
        return fc.record(record, { requiredKeys: (schema.required ?? []).filter((n) => n in properties) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  const arbitrary = types.length > 1 ? fc.oneof(...types.map(base)) : base(types[0]);
  if (!pool?.length || types.includes('array') || types.includes('object')) return arbitrary;
  return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 5 }, { arbitrary: arbitrary, weight: 1 });
}

export const mutationKinds = [
  'wrong-type',
  'drop-required',
  'extra-field',
  'huge-string',
  'lone-surrogate',
  'nasty-string',
  'extreme-number',
  'random-id',
] as const;
export type MutationKind = (typeof mutationKinds)[number];

type Node = { path: Array<string | number>; value: unknown };

function nodesOf(value: unknown, path: Array<string | number> = []): Node[] {
  const nodes: Node[] = [{ path, value }];
  if (Array.isArray(value)) value.forEach((item, i) => nodes.push(...nodesOf(item, [...path, i])));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      // Walking into an own "__proto__" would reach Object.prototype on the way back down.
      if (key !== '__proto__') nodes.push(...nodesOf(item, [...path, key]));
    }
  return nodes;
}

function replaceAt(root: unknown, path: Array<string | number>, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  Object.defineProperty(node, path.at(-1)!, {
    value: next,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** One wrong value: a valid one with one node broken the given way (the node picked by `pick`). */
export function mutate(
  value: unknown,
  kind: MutationKind,
  pick: number,
  extra: { junk: unknown; id: string; huge: string },
): unknown {
  try {
    return mutateNode(value, kind, pick, extra);
  } catch {
    // A generated value with keys no path can name (null-prototype objects): break it whole.
    return extra.junk;
  }
}

function mutateNode(
  value: unknown,
  kind: MutationKind,
  pick: number,
  extra: { junk: unknown; id: string; huge: string },
): unknown {
  const nodes = nodesOf(value);
  const choose = (candidates: Node[]) => candidates[pick % candidates.length];
  const strings = nodes.filter((n) => typeof n.value === 'string');
  const objects = nodes.filter((n) => n.value && typeof n.value === 'object' && !Array.isArray(n.value));
  const stringNode = choose(strings.length ? strings : nodes)!;
  switch (kind) {
    case 'wrong-type': {
      const node = choose(nodes)!;
      const next = typeof node.value === typeof extra.junk ? [extra.junk] : extra.junk;
      return replaceAt(value, node.path, next);
    }
    case 'drop-required': {
      const node = choose(objects);
      if (!node) return undefined;
      const keys = Object.keys(node.value as object);
      if (!keys.length) return replaceAt(value, node.path, null);
      const { [keys[pick % keys.length]!]: _dropped, ...rest } = node.value as Record<string, unknown>;
      return replaceAt(value, node.path, rest);
    }
    case 'extra-field': {
      const node = choose(objects);
      if (!node) return { value, __proto__x: extra.junk };
      const name = ['__proto__', 'constructor', 'isAdmin', 'user_id', `x${pick}`][pick % 5]!;
      return replaceAt(value, node.path, { ...(node.value as object), [name]: extra.junk });
    }
    case 'huge-string':
      return replaceAt(value, stringNode.path, extra.huge);
    case 'lone-surrogate':
      return replaceAt(value, stringNode.path, loneSurrogates[pick % loneSurrogates.length]);
    case 'nasty-string':
      return replaceAt(value, stringNode.path, nastyStrings[pick % nastyStrings.length]);
    case 'extreme-number': {
      const numbers = nodes.filter((n) => typeof n.value === 'number');
      const node = choose(numbers.length ? numbers : strings.length ? strings : nodes)!;
      const number = extremeNumbers[pick % extremeNumbers.length]!;
      return replaceAt(value, node.path, typeof node.value === 'string' ? String(number) : number);
    }
    case 'random-id':
      return replaceAt(value, stringNode.path, extra.id);
  }
}

/** Inputs for mutate: a kind, which node, a junk value, an id nobody has, a huge string. */
export const mutationArbitrary = fc.record({
  kind: fc.constantFrom(...mutationKinds),
  pick: fc.nat(),
  junk,
  id: fc.oneof(
    fc.uuid(),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }),
  ),
  huge: fc.oneof(
    fc.constant('x'.repeat(70_000)),
    fc.constant('é'.repeat(40_000)),
    fc.constant('😀'.repeat(20_000)),
  ),
});
