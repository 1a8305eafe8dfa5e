import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { errorBody } from '@podflow/contract/errors';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart/form-data body, for the OpenAPI document only: the handler streams
     * the parts itself, so nothing validates against it (file fields are `z.file()`).
     */
    multipart?: ZodType;
    /**
     * The JSON body of a route that reads its body raw (a signed webhook: the signature is over the
     * exact bytes), for the OpenAPI document only: nothing validates against it.
     */
    rawBody?: ZodType;
  }
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers every route can give whatever its handler does, added to its response schema
 * where missing (errorBody), so the document lists them and they are serialized like any other:
 * 400 when something of the request is validated, 401 on signed-in routes, 404 when the path takes
 * an id (414 when it is longer than the router takes), 413 and 415 when a body is parsed (too large, a content type not accepted), 429 when the
 * route is rate limited, 431 on every route (headers or address too long).
 */
export function addStandardErrors(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema || schema.hide) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const takesBody = methods.some((method) => bodyMethods.has(method));
  const validates = Boolean(
    schema.body ?? schema.querystring ?? schema.params ?? schema.multipart ?? schema.rawBody,
  );
  const signedIn = (schema.security ?? []).some((scheme) => 'bearer' in scheme);
  const limited = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false;
  const standard: Record<number, boolean> = {
    400: validates || takesBody,
    401: signedIn,
    404: Boolean(schema.params),
    414: Boolean(schema.params),
    413: takesBody,
    415: takesBody,
    429: limited,
    // Node refuses headers or an address over 16 KB before any route is found.
    431: true,
  };
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, applies] of Object.entries(standard)) {
    if (applies && !(status in response)) response[status] = errorBody;
  }
  route.schema = { ...schema, response };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod transform, with a route's `multipart` fields shown as its multipart/form-data body and
 * its `rawBody` as its JSON body.
 */
export function transformRoute(document: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { multipart, rawBody } = (document.schema ?? {}) as { multipart?: ZodType; rawBody?: ZodType };
  if (!multipart && !rawBody) return jsonSchemaTransform(document);
  const { multipart: _form, rawBody: _raw, ...schema } = document.schema as Record<string, unknown>;
  const body = multipart
    ? { body: multipart, consumes: ['multipart/form-data'] }
    : { body: rawBody, consumes: ['application/json'] };
  return jsonSchemaTransform({ ...document, schema: { ...schema, ...body } });
}

type MediaType = { schema?: Record<string, unknown> };
type Operation = { responses?: Record<string, { content?: Record<string, MediaType> }> };

const binaryType = /^(application\/(zip|octet-stream)|image\/|video\/)/;

/**
 * Each answer under the content type it really has: errors are always JSON (a route's `produces`
 * names its success type only), and files are strings (binary for zips, images and video).
 */
export function normaliseContentTypes(paths: Record<string, Record<string, Operation>>): void {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!answer.content) continue;
        if (Number(status) >= 400) {
          const json = answer.content['application/json'] ?? Object.values(answer.content)[0]!;
          answer.content = { 'application/json': json };
          continue;
        }
        for (const [type, media] of Object.entries(answer.content)) {
          if (type === 'application/json' || media.schema?.type) continue;
          const description = media.schema?.description;
          media.schema = {
            type: 'string',
            ...(binaryType.test(type) ? { format: 'binary' } : {}),
            ...(description ? { description } : {}),
          };
        }
      }
    }
  }
}
