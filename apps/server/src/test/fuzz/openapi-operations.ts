import type { JsonSchema } from './json-schema-arbitrary.ts';

type MediaType = { schema?: JsonSchema };
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type RawOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
  security?: Array<Record<string, unknown>>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** One call of the document, read into what a client needs to build a request and check the answer. */
export type Operation = {
  method: string;
  /** The document's path, e.g. /workspace/delete_workspace/{workspace_id}/ */
  path: string;
  /** The route table's spelling of the same path (Fastify's :param). */
  url: string;
  signedIn: boolean;
  pathParams: Parameter[];
  query: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
  responses: Record<string, { content?: Record<string, MediaType> }>;
};

/** The route table's url for a document path: {name} becomes :name. */
export const routeUrlOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Every operation of the document. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const parameters = raw.parameters ?? [];
      const [contentType, media] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        url: routeUrlOf(path),
        signedIn: (raw.security ?? []).some((scheme) => 'bearer' in scheme),
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        ...(contentType ? { body: { contentType, schema: media?.schema ?? {} } } : {}),
        responses: raw.responses ?? {},
      });
    }
  }
  return operations;
}

/** A resolver of #/components/schemas/… references. */
export function resolverOf(document: OpenApiDocument) {
  return function resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let depth = 0; current.$ref && depth < 10; depth += 1) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = document.components?.schemas?.[name] ?? {};
    }
    return current;
  };
}

/** The names of the body's fields (top level), for JSON and multipart bodies. */
export function bodyFields(operation: Operation, resolve: (s: JsonSchema) => JsonSchema): string[] {
  if (!operation.body) return [];
  return Object.keys(resolve(operation.body.schema).properties ?? {});
}
