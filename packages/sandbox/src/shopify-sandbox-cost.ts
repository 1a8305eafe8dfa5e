import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  Kind,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isObjectType,
} from 'graphql';

/**
 * Shopify's query cost, roughly as shopify.md describes it: an object costs 1, a scalar or enum 0,
 * a connection 2 plus its page size times the cost of one item, a mutation 10. The requested cost
 * counts every page in full; the actual cost counts what came back (a null object is free, a
 * connection pays for the items it returned). Costs are debited from a leaky bucket.
 */

/** Shopify's limit on one query's requested cost. */
export const maxSingleQueryCost = 1000;
/** What each mutation field costs. */
export const mutationCost = 10;

type Composite = { name: string; getFields(): Record<string, GraphQLField<unknown, unknown>> };
type Context = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
};

/** The cost of an operation before it runs (`data` absent) or of its result (`data` given). */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  data?: Record<string, unknown> | null,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const context: Context = { schema, fragments, variables };
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  // Nothing ran (bad variables): nothing to pay.
  if (!root || data === null) return 0;
  if (operation.operation === 'mutation') {
    // Every mutation field costs a flat 10, whatever it selects; a skipped one costs nothing.
    const fields = fieldsOf(context, operation.selectionSet, root, data);
    return fields.filter(({ field }) => field).length * mutationCost;
  }
  return selectionCost(context, operation.selectionSet, root, data);
}

type Selected = { key: string; node: FieldNodeLike; field: GraphQLField<unknown, unknown> | undefined };
type FieldNodeLike = {
  name: { value: string };
  alias?: { value: string };
  arguments?: readonly { name: { value: string }; value: ValueNode }[];
  selectionSet?: SelectionSetNode;
};

/** The fields a selection set asks of `type`, through fragments (only those that apply to `data`). */
function fieldsOf(
  context: Context,
  selectionSet: SelectionSetNode,
  type: Composite,
  data: Record<string, unknown> | undefined,
): Selected[] {
  const selected: Selected[] = [];
  const visit = (set: SelectionSetNode, on: Composite) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        if (data !== undefined && !(key in data)) continue;
        selected.push({ key, node: selection, field: on.getFields()[selection.name.value] });
        continue;
      }
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT ? selection : context.fragments.get(selection.name.value);
      if (!fragment) continue;
      const condition = fragment.typeCondition
        ? context.schema.getType(fragment.typeCondition.name.value)
        : on;
      if (condition && (isObjectType(condition) || isInterfaceType(condition))) {
        visit(fragment.selectionSet, condition);
      }
    }
  };
  visit(selectionSet, type);
  return selected;
}

function selectionCost(
  context: Context,
  selectionSet: SelectionSetNode,
  type: Composite,
  data: Record<string, unknown> | undefined,
): number {
  let total = 0;
  for (const { key, node, field } of fieldsOf(context, selectionSet, type, data)) {
    if (!field || !node.selectionSet) continue;
    total += fieldCost(context, node, field, data === undefined ? undefined : data[key]);
  }
  return total;
}

/** `value` undefined: the requested cost; otherwise the cost of what was answered. */
function fieldCost(
  context: Context,
  node: FieldNodeLike,
  field: GraphQLField<unknown, unknown>,
  value: unknown,
): number {
  const named = getNamedType(field.type);
  if (isLeafType(named) || !node.selectionSet) return 0;
  if (!isObjectType(named) && !isInterfaceType(named)) return 0;
  const measured = value !== undefined;
  if (measured && value === null) return 0;
  // A list outside a connection (userErrors, accessScopes) costs what one of its items costs.
  const item = Array.isArray(value) ? value[0] : value;
  if (measured && item === undefined) return 0;
  if (named.name.endsWith('Connection')) return connectionCost(context, node, named, value);
  const own = named.name.endsWith('Edge') || named.name === 'PageInfo' ? 0 : 1;
  return own + selectionCost(context, node.selectionSet, named, measured ? asRecord(item) : undefined);
}

function connectionCost(context: Context, node: FieldNodeLike, type: Composite, value: unknown): number {
  const selectionSet = node.selectionSet;
  if (!selectionSet) return 2;
  if (value === undefined) {
    const size = argument(context, node, 'first') ?? argument(context, node, 'last') ?? 0;
    return 2 + size * selectionCost(context, selectionSet, type, undefined);
  }
  // One item at a time: the connection's list fields (nodes, edges) narrowed to their i-th entry.
  const connection = asRecord(value);
  const lists = Object.entries(connection).filter((entry): entry is [string, unknown[]] =>
    Array.isArray(entry[1]),
  );
  const count = Math.max(0, ...lists.map(([, list]) => list.length));
  let total = 2;
  for (let index = 0; index < count; index += 1) {
    const slice = Object.fromEntries(lists.map(([key, list]) => [key, [list[index] ?? null]]));
    total += selectionCost(context, selectionSet, type, slice);
  }
  return total;
}

function argument(context: Context, node: FieldNodeLike, name: string): number | undefined {
  const value = node.arguments?.find((arg) => arg.name.value === name)?.value;
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const given = context.variables[value.name.value];
    return typeof given === 'number' ? given : undefined;
  }
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The bucket as `extensions.cost.throttleStatus` shows it. */
export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };

/** A leaky bucket per app and store: points drain on use and come back at `restoreRate` a second. */
export function createCostBuckets(options: { maximumAvailable: number; restoreRate: number }) {
  const buckets = new Map<string, { available: number; at: number }>();
  const fill = (key: string, now: number) => {
    const bucket = buckets.get(key) ?? { available: options.maximumAvailable, at: now };
    const restored = ((now - bucket.at) / 1000) * options.restoreRate;
    bucket.available = Math.min(options.maximumAvailable, bucket.available + restored);
    bucket.at = now;
    buckets.set(key, bucket);
    return bucket;
  };
  const status = (available: number): ThrottleStatus => ({
    maximumAvailable: options.maximumAvailable,
    currentlyAvailable: Math.floor(available),
    restoreRate: options.restoreRate,
  });
  return {
    /** Debits `cost` if the bucket holds it; otherwise leaves it as it is. */
    take(key: string, cost: number, now = Date.now()): { ok: boolean; status: ThrottleStatus } {
      const bucket = fill(key, now);
      if (bucket.available < cost) return { ok: false, status: status(bucket.available) };
      bucket.available -= cost;
      return { ok: true, status: status(bucket.available) };
    },
    /** Gives back what was debited beyond the actual cost. */
    refund(key: string, points: number, now = Date.now()): ThrottleStatus {
      const bucket = fill(key, now);
      bucket.available = Math.min(options.maximumAvailable, bucket.available + points);
      return status(bucket.available);
    },
    peek: (key: string, now = Date.now()): ThrottleStatus => status(fill(key, now).available),
  };
}
