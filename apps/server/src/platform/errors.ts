import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBodyOf } from '@podflow/contract/errors';

/** A problem the user can fix: answered with its status and this exact message. */
export class UserError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  /** More fields of the error body (declared in the route's response schema), e.g. per-file results. */
  readonly extra: Record<string, unknown>;
  constructor(
    status: number,
    message: string,
    options: {
      code?: string;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
      /** What went wrong underneath, for the log only. */
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'UserError';
    this.status = status;
    this.code = options.code ?? 'user_error';
    this.fields = options.fields;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

/** An outside system failed or throttled us: retryable, names the provider and what it said. */
export class UpstreamError extends Error {
  readonly provider: string;
  readonly upstreamStatus: number | undefined;
  readonly retryable: boolean;
  constructor(provider: string, message: string, options: { status?: number; retryable?: boolean } = {}) {
    super(`${provider}: ${message}`);
    this.name = 'UpstreamError';
    this.provider = provider;
    this.upstreamStatus = options.status;
    this.retryable = options.retryable ?? true;
  }
}

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/** Turns a zod issue path (['body', 'password']) into the field name a client sent. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/** The one error handler: user errors, upstream errors, anything else (hidden, logged). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??=
          name === 'body'
            ? 'Send a JSON object with the fields of this call.'
            : (issue.message ?? `${name} is not valid.`);
      }
      // The sentences themselves name the field ("Password is required."), so they read well in a toast.
      const summary = [...new Set(Object.values(fields))].join(' ');
      return reply.status(400).send(errorBodyOf(summary, 'validation_error', fields));
    }
    if (error instanceof UserError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ ...error.extra, ...errorBodyOf(error.message, error.code, error.fields) });
    }
    if (error instanceof UpstreamError) {
      request.log.warn({ err: error, provider: error.provider }, 'upstream failure');
      return reply.status(502).send(errorBodyOf(error.message, 'upstream_error'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBodyOf('Too many requests. Please slow down and try again shortly.', 'rate_limited'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (malformed JSON, body too large, wrong content type).
      return reply.status(status).send(errorBodyOf(clientMessage(error), error.code ?? 'bad_request'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBodyOf(GENERIC_500, 'internal_error'));
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here; send JSON.';
    default:
      return error.message;
  }
}
