import type { IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * An OpenAI-compatible chat server on loopback (docs: providers/openai.md), for tests and the
 * offline demo. It refuses what api.openai.com refuses of the calls PodFlow makes (key, model,
 * image part, strict structured outputs), with the same error bodies, so a client that passes
 * here is shaped right for the real service.
 *
 * Its reply is a deterministic listing made from the words of the design's file name found in
 * the user's text (`retro-sunset_cat-2.png` -> "retro sunset cat"), fitted to the request's
 * schema. Like real models, it is a little over Etsy's limits on purpose, so a client's clean-up
 * is exercised on every call: 15 keywords (13 allowed), one of them a case-variant repeat of
 * another, one longer than 20 characters, and '&' twice in the title. `failNext` queues faults.
 */

export type OpenAiSandboxFault =
  /** 429 rate_limit_exceeded with `retry-after-ms: 10`. */
  | 'rate_limit'
  /** 429 insufficient_quota: the account has no credit (never worth retrying). */
  | 'insufficient_quota'
  /** 500 server_error. */
  | 'server_error'
  /** 200 whose content is prose, not JSON. */
  | 'malformed'
  /** 200 with finish_reason 'length' and the JSON cut in half. */
  | 'truncated'
  /** 200 with content null and a refusal sentence. */
  | 'refusal'
  /** The normal reply after `slowMs` (or sooner if the client hangs up). */
  | 'slow'
  /** Any answer at all. */
  | { status: number; body: unknown; headers?: Record<string, string> }
  /** A normal completion whose assistant content is exactly this text. */
  | { content: string };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
};

export type OpenAiSandbox = {
  /** Base URL ending in /v1, as a client's baseUrl. */
  url: string;
  /** Every request received, oldest first; tests may empty it. */
  requests: RecordedRequest[];
  /** The next `times` valid chat requests (after key, model and body checks) answer with this fault. */
  failNext(fault: OpenAiSandboxFault, times?: number): void;
  close(): Promise<void>;
};

export type OpenAiSandboxOptions = {
  port?: number;
  host?: string;
  apiKey?: string;
  models?: string[];
  /** How long a 'slow' fault waits before answering. */
  slowMs?: number;
};

type ApiError = { status: number; message: string; type: string; param: string | null; code: string | null };
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const apiError = (status: number, type: string, code: string | null, message: string): ApiError => ({
  status,
  message,
  type,
  param: null,
  code,
});
const invalid = (message: string, param: string | null = null): ApiError => ({
  ...apiError(400, 'invalid_request_error', null, message),
  param,
});

/** The error body of openai.md, exactly: `{error: {message, type, param, code}}`. */
function sendError(reply: FastifyReply, error: ApiError, headers: Record<string, string> = {}) {
  const { status, message, type, param, code } = error;
  return reply.status(status).headers(headers).send({ error: { message, type, param, code } });
}

/** Starts the sandbox (port 0: a free one) and resolves once it listens. */
export async function startOpenAiSandbox(options: OpenAiSandboxOptions = {}): Promise<OpenAiSandbox> {
  const { port = 0, host = '127.0.0.1', apiKey = 'sk-sandbox', models = ['gpt-4o-mini'] } = options;
  const slowMs = options.slowMs ?? 5_000;
  const requests: RecordedRequest[] = [];
  const faults: OpenAiSandboxFault[] = [];
  const pauses = new Set<() => void>();
  let served = 0;

  // Design images arrive inline as base64; OpenAI takes up to 20 MB per image.
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024, forceCloseConnections: true });

  app.addHook('onRequest', async (request, reply) => {
    served += 1;
    reply.header('x-request-id', `req_sandbox${served.toString(16).padStart(8, '0')}`);
  });
  app.addHook('preHandler', async (request, reply) => {
    requests.push({
      method: request.method,
      path: request.url,
      headers: flatHeaders(request.headers),
      body: request.body,
    });
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      const message = 'Incorrect API key provided. You can find your API key in your account settings.';
      return sendError(reply, apiError(401, 'invalid_request_error', 'invalid_api_key', message));
    }
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(reply, invalid('We could not parse the JSON body of your request.'));
    }
    const status = error.statusCode ?? 500;
    const type = status < 500 ? 'invalid_request_error' : 'server_error';
    return sendError(reply, apiError(status, type, null, error.message));
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      apiError(404, 'invalid_request_error', null, `Invalid URL (${request.method} ${request.url})`),
    ),
  );

  app.get('/v1/models', async () => ({
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'sandbox' })),
  }));

  app.post('/v1/chat/completions', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    if (typeof body.model !== 'string')
      return sendError(reply, invalid('You must provide a model parameter.'));
    if (!models.includes(body.model)) {
      const message = `The model \`${body.model}\` does not exist or you do not have access to it.`;
      return sendError(reply, apiError(404, 'invalid_request_error', 'model_not_found', message));
    }
    const problem =
      checkMessages(body.messages) ?? checkResponseFormat(body.response_format) ?? checkNumbers(body);
    if (problem) return sendError(reply, problem);

    const fault = faults.shift();
    if (fault === 'slow') await pause(slowMs, request);
    if (typeof fault === 'object' && 'status' in fault) {
      return reply
        .status(fault.status)
        .headers(fault.headers ?? {})
        .send(fault.body);
    }
    const failure = errorFault(fault, body.model);
    if (failure)
      return sendError(reply, failure, failure.code === 'rate_limit_exceeded' ? rateLimitHeaders(true) : {});
    reply.headers(rateLimitHeaders(false));
    return completion(body, fault, served);
  });

  /** Waits, but lets go when the client hangs up or the sandbox closes. */
  function pause(ms: number, request: FastifyRequest): Promise<void> {
    return new Promise((resolve) => {
      const socket = request.raw.socket;
      const done = () => {
        clearTimeout(timer);
        pauses.delete(done);
        socket.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pauses.add(done);
      socket.once('close', done);
    });
  }

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}/v1`,
    requests,
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    async close() {
      for (const done of [...pauses]) done();
      await app.close();
    },
  };
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** OpenAI's rate-limit headers; an exhausted window also says when to come back. */
function rateLimitHeaders(exhausted: boolean): Record<string, string> {
  const retry: Record<string, string> = exhausted ? { 'retry-after-ms': '10', 'retry-after': '1' } : {};
  return {
    ...retry,
    'x-ratelimit-limit-requests': '500',
    'x-ratelimit-remaining-requests': exhausted ? '0' : '499',
    'x-ratelimit-reset-requests': '120ms',
    'x-ratelimit-limit-tokens': '200000',
    'x-ratelimit-remaining-tokens': exhausted ? '0' : '199000',
    'x-ratelimit-reset-tokens': '300ms',
  };
}

/** The faults that answer an error instead of a completion. */
function errorFault(fault: OpenAiSandboxFault | undefined, model: string): ApiError | undefined {
  if (fault === 'rate_limit') {
    const message = `Rate limit reached for ${model} on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 10ms.`;
    return apiError(429, 'rate_limit_exceeded', 'rate_limit_exceeded', message);
  }
  if (fault === 'insufficient_quota') {
    const message = 'You exceeded your current quota, please check your plan and billing details.';
    return apiError(429, 'insufficient_quota', 'insufficient_quota', message);
  }
  if (fault === 'server_error') {
    return apiError(
      500,
      'server_error',
      'server_error',
      'The server had an error while processing your request.',
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

/** The user's words, where the design's file name is looked for. */
function userText(messages: unknown[]): string {
  return messages
    .filter((message) => isObject(message) && message.role === 'user')
    .flatMap((message) => {
      const content = isObject(message) ? message.content : '';
      if (typeof content === 'string') return [content];
      return Array.isArray(content)
        ? content.map((part) => (isObject(part) ? String(part.text ?? '') : ''))
        : [];
    })
    .join('\n');
}

type SandboxListing = { title: string; keywords: string[]; description: string };

const fillerKeywords = ['gift idea', 'graphic tee', 'wall art', 'mug gift', 'unisex shirt', 'cute present'];
const fillerKeywordsMore = ['trendy design', 'aesthetic art', 'vintage style', 'minimalist', 'birthday gift'];
const capitalise = (words: string[]) => words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join(' ');

/** The deterministic listing (see the module comment for how it breaks the limits on purpose). */
export function sandboxListing(text: string): SandboxListing {
  // 'file name: My Cat.png' as PodFlow writes it, else any word that looks like an image's name.
  const fileName =
    /file name:[ \t]*(.+\.(?:png|jpe?g|webp|gif))\b/i.exec(text)?.[1] ??
    /[\w.-]+\.(?:png|jpe?g|webp|gif)\b/i.exec(text)?.[0];
  const source = fileName ? fileName.replace(/\.\w+$/, '') : text;
  const found = source
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 1)
    .slice(0, 4);
  const words = found.length > 0 ? found : ['custom', 'design'];
  const phrase = words.join(' ');
  const title = capitalise(words);
  const keywords = [
    phrase,
    title,
    `${phrase} graphic tee design`,
    ...words,
    ...fillerKeywords,
    ...fillerKeywordsMore,
  ].slice(0, 15);
  return {
    title: `${title} Design & Graphic Tee, Mug & Wall Art Gift`,
    keywords,
    description: `A ${phrase} design, printed to order on each product.\n\nA thoughtful gift for anyone who loves ${words[0]}. See the size chart before ordering.`,
  };
}

/** A value of the request's schema, taking the listing's fields where the names match. */
function fillSchema(schema: unknown, listing: SandboxListing, key = ''): unknown {
  if (!isObject(schema)) return null;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (type === 'object') {
    const properties = isObject(schema.properties) ? schema.properties : {};
    return Object.fromEntries(
      Object.entries(properties).map(([name, child]) => [name, fillSchema(child, listing, name)]),
    );
  }
  if (type === 'array') return key === 'keywords' ? listing.keywords : [fillSchema(schema.items, listing)];
  if (type === 'string') return key === 'title' || key === 'description' ? listing[key] : listing.title;
  if (type === 'number' || type === 'integer') return 1;
  return type === 'boolean' ? true : null;
}

/** A full chat.completion: the listing, or what a content fault makes of it. */
function completion(body: Json, fault: OpenAiSandboxFault | undefined, served: number): Json {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const prompt = userText(messages);
  const format = isObject(body.response_format) ? body.response_format.json_schema : undefined;
  const listing = sandboxListing(prompt);
  let content: string | null = JSON.stringify(fillSchema(isObject(format) ? format.schema : {}, listing));
  let refusal: string | null = null;
  let finishReason = 'stop';
  const limit = Number(body.max_completion_tokens ?? body.max_tokens ?? Infinity);
  if (fault === 'malformed')
    content = `Here is a listing for "${listing.title}": a lovely design for any fan.`;
  if (typeof fault === 'object' && 'content' in fault) content = fault.content;
  if (fault === 'refusal') [content, refusal] = [null, "I'm sorry, but I can't help with that request."];
  // Like a model, stop mid-answer at the token limit (about 4 characters a token).
  if (content !== null && (fault === 'truncated' || Math.ceil(content.length / 4) > limit)) {
    content = content.slice(0, fault === 'truncated' ? Math.floor(content.length / 2) : limit * 4);
    finishReason = 'length';
  }
  const promptTokens = Math.ceil(prompt.length / 4) + 85;
  const completionTokens = Math.ceil((content ?? refusal ?? '').length / 4);
  return {
    id: `chatcmpl-sandbox${served}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        finish_reason: finishReason,
        logprobs: null,
        message: { role: 'assistant', content, refusal },
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    system_fingerprint: 'fp_sandbox',
    service_tier: 'default',
  };
}
