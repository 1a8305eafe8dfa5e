import type { FastifyReply } from 'fastify';

/**
 * What the OpenAI sandbox refuses, as api.openai.com refuses it (docs: providers/openai.md): a
 * wrong key, an unknown model, a malformed message list or image part, a response format that is
 * not strict structured outputs, and out-of-range numbers, each as OpenAI's error body.
 */

export type ApiError = {
  status: number;
  message: string;
  type: string;
  param: string | null;
  code: string | null;
};
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An error of any status, type and code, without a param. */
export const apiError = (status: number, type: string, code: string | null, message: string): ApiError => ({
  status,
  message,
  type,
  param: null,
  code,
});

/** A 400 invalid_request_error, naming the parameter at fault when there is one. */
export const invalid = (message: string, param: string | null = null): ApiError => ({
  ...apiError(400, 'invalid_request_error', null, message),
  param,
});

/** The error body of openai.md, exactly: `{error: {message, type, param, code}}`. */
export function sendError(reply: FastifyReply, error: ApiError, headers: Record<string, string> = {}) {
  const { status, message, type, param, code } = error;
  return reply.status(status).headers(headers).send({ error: { message, type, param, code } });
}

/** A 401 unless the Authorization header carries the sandbox's key. */
export function checkAuth(authorization: string | undefined, apiKey: string): ApiError | undefined {
  if (authorization === `Bearer ${apiKey}`) return undefined;
  const message = 'Incorrect API key provided. You can find your API key in your account settings.';
  return apiError(401, 'invalid_request_error', 'invalid_api_key', message);
}

/** The first thing api.openai.com would refuse in a chat completion request, if any. */
export function checkChatRequest(
  body: Json,
  models: readonly string[],
  reasoningModels: readonly string[] = [],
): ApiError | undefined {
  if (typeof body.model !== 'string') return invalid('You must provide a model parameter.');
  if (!models.includes(body.model)) {
    const message = `The model \`${body.model}\` does not exist or you do not have access to it.`;
    return apiError(404, 'invalid_request_error', 'model_not_found', message);
  }
  return (
    checkMessages(body.messages) ??
    checkResponseFormat(body.response_format) ??
    checkNumbers(body) ??
    (reasoningModels.includes(body.model) ? checkReasoningParameters(body) : undefined)
  );
}

/** A 400 naming the parameter, with OpenAI's `unsupported_parameter` or `unsupported_value` code. */
const unsupported = (param: string, code: string, message: string): ApiError => ({
  ...apiError(400, 'invalid_request_error', code, message),
  param,
});

/** What OpenAI's reasoning models refuse: max_tokens, and a temperature other than the default 1. */
function checkReasoningParameters(body: Json): ApiError | undefined {
  if (body.max_tokens !== undefined && body.max_tokens !== null) {
    return unsupported(
      'max_tokens',
      'unsupported_parameter',
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    );
  }
  if (body.temperature !== undefined && body.temperature !== null && body.temperature !== 1) {
    return unsupported(
      'temperature',
      'unsupported_value',
      `Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`,
    );
  }
  return undefined;
}

const roles = ['system', 'developer', 'user', 'assistant', 'tool'];

/** A non-empty message list whose parts are known, and a design image in some user message. */
function checkMessages(messages: unknown): ApiError | undefined {
  if (!Array.isArray(messages) || messages.length === 0) {
    return invalid("Invalid 'messages': expected a non-empty array of messages.", 'messages');
  }
  let images = 0;
  for (const [i, message] of messages.entries()) {
    const at = `messages[${i}]`;
    if (!isObject(message) || typeof message.role !== 'string' || !roles.includes(message.role)) {
      return invalid(`Invalid '${at}.role': expected one of ${roles.join(', ')}.`, `${at}.role`);
    }
    if (typeof message.content === 'string') continue;
    if (!Array.isArray(message.content)) {
      return invalid(`Invalid '${at}.content': expected a string or an array of parts.`, `${at}.content`);
    }
    for (const [j, part] of message.content.entries()) {
      const where = `${at}.content[${j}]`;
      if (isObject(part) && part.type === 'text' && typeof part.text === 'string') continue;
      if (!isObject(part) || part.type !== 'image_url' || message.role !== 'user') {
        return invalid(
          `Invalid '${where}': expected a text part, or an image_url part in a user message.`,
          where,
        );
      }
      const problem = checkImage(part.image_url, `${where}.image_url`);
      if (problem) return problem;
      images += 1;
    }
  }
  return images > 0
    ? undefined
    : invalid(
        'Send the design as an image_url part of a user message; this request has no image.',
        'messages',
      );
}

const signatures: Record<string, string> = {
  png: '\x89PNG\r\n\x1a\n',
  jpeg: '\xff\xd8\xff',
  webp: 'RIFF',
  gif: 'GIF8',
};

function checkImage(image: unknown, at: string): ApiError | undefined {
  if (!isObject(image) || typeof image.url !== 'string') {
    return invalid(`Missing required parameter: '${at}.url'.`, `${at}.url`);
  }
  if (image.detail !== undefined && !['auto', 'low', 'high'].includes(String(image.detail))) {
    return invalid(`Invalid '${at}.detail': expected 'auto', 'low' or 'high'.`, `${at}.detail`);
  }
  const match = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]+={0,2})$/.exec(image.url);
  if (!match) {
    return invalid(
      `Invalid '${at}.url': the sandbox takes base64 data URLs of PNG, JPEG, WEBP or GIF images (data:image/png;base64,...).`,
      `${at}.url`,
    );
  }
  const [, kind = '', data = ''] = match;
  const signature = signatures[kind] ?? '';
  const head = Buffer.from(data.slice(0, 24), 'base64').toString('latin1');
  const decodes = data.length % 4 === 0 && head.startsWith(signature);
  if (!decodes || (kind === 'webp' && head.slice(8, 12) !== 'WEBP')) {
    return invalid(`Invalid '${at}.url': the data is not a valid ${kind} image.`, `${at}.url`);
  }
  return undefined;
}

/** Structured outputs in strict mode, the only reply format the sandbox writes. */
function checkResponseFormat(format: unknown): ApiError | undefined {
  if (!isObject(format) || format.type !== 'json_schema') {
    return invalid(
      "Invalid 'response_format': the sandbox answers structured outputs only ({type: 'json_schema', json_schema: {...}}).",
      'response_format',
    );
  }
  const spec = format.json_schema;
  if (!isObject(spec)) {
    return invalid(
      "Missing required parameter: 'response_format.json_schema'.",
      'response_format.json_schema',
    );
  }
  if (typeof spec.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name)) {
    return invalid(
      "Invalid 'response_format.json_schema.name': use 1 to 64 letters, digits, '_' or '-'.",
      'response_format.json_schema.name',
    );
  }
  if (spec.strict !== true) {
    return invalid(
      "Invalid 'response_format.json_schema.strict': the sandbox expects strict: true.",
      'response_format.json_schema.strict',
    );
  }
  if (!isObject(spec.schema) || spec.schema.type !== 'object') {
    return invalid(
      `Invalid schema for response_format '${spec.name}': schema must be a JSON Schema of 'type: "object"'.`,
      'response_format',
    );
  }
  const problem = strictSchemaProblem(spec.schema, []);
  return problem
    ? invalid(`Invalid schema for response_format '${spec.name}': ${problem}`, 'response_format')
    : undefined;
}

/** Strict mode's rules: every object closed and every property required, all the way down. */
function strictSchemaProblem(schema: unknown, path: string[]): string | undefined {
  const where = `In context=(${path.map((step) => `'${step}'`).join(', ')})`;
  if (!isObject(schema)) return `${where}, schema must be a JSON Schema object.`;
  const children: [string[], unknown][] = [];
  if (schema.type === 'object' || schema.properties !== undefined) {
    if (schema.additionalProperties !== false) {
      return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required: unknown[] = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).filter((key) => !required.includes(key));
    if (missing.length > 0) {
      return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing ${missing.map((key) => `'${key}'`).join(', ')}.`;
    }
    for (const [key, child] of Object.entries(properties)) children.push([['properties', key], child]);
  }
  if (schema.items !== undefined) children.push([['items'], schema.items]);
  if (Array.isArray(schema.anyOf))
    schema.anyOf.forEach((child, i) => children.push([['anyOf', String(i)], child]));
  if (isObject(schema.$defs)) {
    for (const [key, child] of Object.entries(schema.$defs)) children.push([['$defs', key], child]);
  }
  for (const [steps, child] of children) {
    const problem = strictSchemaProblem(child, [...path, ...steps]);
    if (problem) return problem;
  }
  return undefined;
}

function checkNumbers(body: Json): ApiError | undefined {
  for (const field of ['max_completion_tokens', 'max_tokens']) {
    const value = body[field];
    if (value !== undefined && value !== null && !(Number.isInteger(value) && Number(value) >= 1)) {
      return invalid(`Invalid '${field}': expected an integer of at least 1.`, field);
    }
  }
  const temperature = body.temperature;
  if (
    temperature !== undefined &&
    !(typeof temperature === 'number' && temperature >= 0 && temperature <= 2)
  ) {
    return invalid("Invalid 'temperature': expected a number from 0 to 2.", 'temperature');
  }
  return undefined;
}
