import type { IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyError, type FastifyRequest } from 'fastify';
import {
  type ApiError,
  type Json,
  apiError,
  checkAuth,
  checkChatRequest,
  invalid,
  isObject,
  sendError,
} from './openai-sandbox-checks.ts';

/**
 * An OpenAI-compatible chat server on loopback (docs: providers/openai.md), for tests and the
 * offline demo. It refuses what api.openai.com refuses of the calls PodFlow makes (key, model,
 * image part, strict structured outputs, a reasoning model's unsupported parameters), with the
 * same error bodies, so a client that passes here is shaped right for the real service.
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
  /**
   * Models served as reasoning models (o-series, gpt-5): like api.openai.com they refuse
   * `max_tokens` and any `temperature` but their default 1, with OpenAI's error bodies.
   */
  reasoningModels?: string[];
  /** How long a 'slow' fault waits before answering. */
  slowMs?: number;
};

/** Starts the sandbox (port 0: a free one) and resolves once it listens. */
export async function startOpenAiSandbox(options: OpenAiSandboxOptions = {}): Promise<OpenAiSandbox> {
  const { port = 0, host = '127.0.0.1', apiKey = 'sk-sandbox', reasoningModels = [] } = options;
  const models = [...(options.models ?? ['gpt-4o-mini']), ...reasoningModels];
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
    const refused = checkAuth(request.headers.authorization, apiKey);
    if (refused) return sendError(reply, refused);
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
    const problem = checkChatRequest(body, models, reasoningModels);
    if (problem) return sendError(reply, problem);

    const fault = faults.shift();
    if (fault === 'slow') await pause(slowMs, request);
    if (typeof fault === 'object' && 'status' in fault) {
      return reply
        .status(fault.status)
        .headers(fault.headers ?? {})
        .send(fault.body);
    }
    const failure = errorFault(fault, String(body.model));
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
