import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAiSandbox, sandboxListing, startOpenAiSandbox } from './openai-sandbox.ts';

// The smallest valid PNG (1 × 1, transparent), as a client would inline it.
const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const listingSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    keywords: { type: 'array', items: { type: 'string' } },
    description: { type: 'string' },
  },
  required: ['title', 'keywords', 'description'],
  additionalProperties: false,
};

type Body = Record<string, unknown>;

/** What PodFlow's writer sends, with `change` applied on top. */
function chatBody(change: Body = {}): Body {
  return {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'You write listings.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Design file name: retro-sunset_cat-2.png' },
          { type: 'image_url', image_url: { url: pngDataUrl, detail: 'low' } },
        ],
      },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'listing', strict: true, schema: listingSchema },
    },
    max_completion_tokens: 800,
    ...change,
  };
}

const withSchema = (schema: unknown) =>
  chatBody({
    response_format: { type: 'json_schema', json_schema: { name: 'listing', strict: true, schema } },
  });
const withImageUrl = (url: string) =>
  chatBody({
    messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }],
  });

let sandbox: OpenAiSandbox;
beforeAll(async () => {
  sandbox = await startOpenAiSandbox({ slowMs: 2_000, reasoningModels: ['o4-mini'] });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

function post(body: unknown, init: { key?: string; signal?: AbortSignal } = {}) {
  return fetch(`${sandbox.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${init.key ?? 'sk-sandbox'}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: init.signal,
  });
}

async function reply(body: unknown) {
  const response = await post(body);
  return { status: response.status, headers: response.headers, json: (await response.json()) as Body };
}

async function assistantMessage(body: unknown = chatBody()) {
  const { json } = await reply(body);
  type Choice = { finish_reason: string; message: { content: string | null; refusal: string | null } };
  const [choice] = json.choices as Choice[];
  return {
    finishReason: choice?.finish_reason,
    content: choice?.message.content,
    refusal: choice?.message.refusal,
  };
}

describe('the OpenAI sandbox', () => {
  it('answers a full chat.completion whose content is a listing from the file name, with headers', async () => {
    const { status, headers, json } = await reply(chatBody());
    expect(status).toBe(200);
    expect(headers.get('x-request-id')).toMatch(/^req_/);
    expect(headers.get('x-ratelimit-remaining-requests')).toBe('499');
    expect(json).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', refusal: null } }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
    });
    const [choice] = json.choices as { message: { content: string } }[];
    const listing = JSON.parse(choice!.message.content) as { title: string; keywords: string[] };
    expect(Object.keys(listing)).toEqual(['title', 'keywords', 'description']);
    expect(listing.title).toMatch(/^Retro Sunset Cat /);
    expect(listing).toEqual(sandboxListing('retro-sunset_cat-2.png'));
  });

  it('finds the file name in the prompt, spaces and all', () => {
    expect(sandboxListing('Design file name: Happy Camper 3.png\nPrinted on: Mug.').title).toMatch(
      /^Happy Camper Design /,
    );
    expect(sandboxListing('Write about night_owl.webp please').keywords[0]).toBe('night owl');
    expect(sandboxListing('').keywords[0]).toBe('custom design');
  });

  it('answers a little over the limits, so a client has to clean up', () => {
    const { title, keywords } = sandboxListing('Design file name: retro-sunset_cat-2.png');
    expect(keywords).toHaveLength(15);
    expect(keywords.some((keyword) => keyword.length > 20)).toBe(true);
    expect(new Set(keywords.map((keyword) => keyword.toLowerCase())).size).toBeLessThan(15);
    expect(title.split('&').length - 1).toBe(2);
    expect(title.length).toBeLessThanOrEqual(140);
  });

  it('records each request with its headers and body', async () => {
    await post(chatBody());
    expect(sandbox.requests).toHaveLength(1);
    expect(sandbox.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer sk-sandbox' },
      body: { model: 'gpt-4o-mini' },
    });
  });

  it('lists its models, and refuses a wrong key with invalid_api_key', async () => {
    const models = await fetch(`${sandbox.url}/models`, { headers: { authorization: 'Bearer sk-sandbox' } });
    expect(await models.json()).toMatchObject({
      object: 'list',
      data: [
        { id: 'gpt-4o-mini', object: 'model' },
        { id: 'o4-mini', object: 'model' },
      ],
    });
    const refused = await post(chatBody(), { key: 'sk-wrong' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('answers 404 model_not_found for a model it does not serve', async () => {
    const { status, json } = await reply(chatBody({ model: 'gpt-9' }));
    expect(status).toBe(404);
    expect(json).toEqual({
      error: {
        message: 'The model `gpt-9` does not exist or you do not have access to it.',
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    });
  });

  it.each([
    ['no messages', chatBody({ messages: [] }), 'messages'],
    ['an unknown role', chatBody({ messages: [{ role: 'robot', content: 'hi' }] }), 'messages[0].role'],
    ['no image', chatBody({ messages: [{ role: 'user', content: 'a cat' }] }), 'messages'],
    [
      'an image URL on the web',
      withImageUrl('https://example.com/a.png'),
      'messages[0].content[0].image_url.url',
    ],
    [
      'an SVG data URL',
      withImageUrl('data:image/svg+xml;base64,PHN2Zz4='),
      'messages[0].content[0].image_url.url',
    ],
    [
      'a PNG that is not one',
      withImageUrl('data:image/png;base64,SGVsbG8gd29ybGQh'),
      'messages[0].content[0].image_url.url',
    ],
    [
      'base64 that does not decode',
      withImageUrl(`${pngDataUrl.slice(0, -3)}`),
      'messages[0].content[0].image_url.url',
    ],
    [
      'an unknown detail',
      chatBody({
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: pngDataUrl, detail: 'max' } }] },
        ],
      }),
      'messages[0].content[0].image_url.detail',
    ],
    ['no response_format', chatBody({ response_format: undefined }), 'response_format'],
    ['JSON mode', chatBody({ response_format: { type: 'json_object' } }), 'response_format'],
    [
      'a bad schema name',
      chatBody({
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'my listing', strict: true, schema: listingSchema },
        },
      }),
      'response_format.json_schema.name',
    ],
    [
      'strict off',
      chatBody({
        response_format: { type: 'json_schema', json_schema: { name: 'listing', schema: listingSchema } },
      }),
      'response_format.json_schema.strict',
    ],
    [
      'a root that is not an object',
      withSchema({ type: 'array', items: { type: 'string' } }),
      'response_format',
    ],
    ['an open object', withSchema({ ...listingSchema, additionalProperties: true }), 'response_format'],
    [
      'an optional property',
      withSchema({ ...listingSchema, required: ['title', 'keywords'] }),
      'response_format',
    ],
    [
      'a nested open object',
      withSchema({
        type: 'object',
        properties: { items: { type: 'array', items: { type: 'object', properties: {} } } },
        required: ['items'],
        additionalProperties: false,
      }),
      'response_format',
    ],
    ['max_tokens of 0', chatBody({ max_completion_tokens: undefined, max_tokens: 0 }), 'max_tokens'],
    ['a temperature of 3', chatBody({ temperature: 3 }), 'temperature'],
  ])('refuses %s with 400 invalid_request_error naming the param', async (_, body, param) => {
    const { status, json } = await reply(body);
    expect(status).toBe(400);
    expect(json).toEqual({
      error: { message: expect.any(String), type: 'invalid_request_error', param, code: null },
    });
  });

  it('says which property strict mode misses', async () => {
    const { json } = await reply(withSchema({ ...listingSchema, required: ['title', 'keywords'] }));
    expect((json.error as Body).message).toMatch(/Missing 'description'/);
  });

  it('takes max_tokens as well as max_completion_tokens, and stops at the limit', async () => {
    const legacy = await assistantMessage(chatBody({ max_completion_tokens: undefined, max_tokens: 800 }));
    expect(legacy.finishReason).toBe('stop');
    const short = await assistantMessage(chatBody({ max_completion_tokens: 10 }));
    expect(short.finishReason).toBe('length');
    expect(String(short.content)).toHaveLength(40);
  });

  it('refuses max_tokens from a reasoning model as api.openai.com does', async () => {
    const { status, json } = await reply(
      chatBody({ model: 'o4-mini', max_completion_tokens: undefined, max_tokens: 800 }),
    );
    expect(status).toBe(400);
    expect(json).toEqual({
      error: {
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      },
    });
    expect(sandbox.requests).toHaveLength(1);
  });

  it('refuses a reasoning model any temperature but the default 1, and answers without one', async () => {
    const { status, json } = await reply(chatBody({ model: 'o4-mini', temperature: 0.7 }));
    expect(status).toBe(400);
    expect(json).toEqual({
      error: {
        message:
          "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
        type: 'invalid_request_error',
        param: 'temperature',
        code: 'unsupported_value',
      },
    });
    expect((await reply(chatBody({ model: 'o4-mini', temperature: 0 }))).status).toBe(400);
    expect((await reply(chatBody({ model: 'o4-mini', temperature: 1 }))).status).toBe(200);
    expect((await assistantMessage(chatBody({ model: 'o4-mini' }))).finishReason).toBe('stop');
  });

  it('lets other models take temperature and max_tokens', async () => {
    const plain = chatBody({ temperature: 0.7, max_completion_tokens: undefined, max_tokens: 800 });
    expect((await reply(plain)).status).toBe(200);
  });

  it('answers unparseable JSON and unknown paths in the OpenAI error shape', async () => {
    const broken = await reply('{"model":');
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ error: { type: 'invalid_request_error', param: null, code: null } });
    const lost = await fetch(`${sandbox.url}/completions/old`, {
      headers: { authorization: 'Bearer sk-sandbox' },
    });
    expect(lost.status).toBe(404);
    expect(await lost.json()).toMatchObject({ error: { message: 'Invalid URL (GET /v1/completions/old)' } });
  });
});

describe('the OpenAI sandbox faults', () => {
  it('rate_limit: 429 rate_limit_exceeded with a short retry-after-ms, then answers again', async () => {
    sandbox.failNext('rate_limit');
    const limited = await reply(chatBody());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after-ms')).toBe('10');
    expect(limited.json).toMatchObject({
      error: { type: 'rate_limit_exceeded', code: 'rate_limit_exceeded' },
    });
    expect((await reply(chatBody())).status).toBe(200);
  });

  it('insufficient_quota and server_error: 429 and 500 with their types and codes', async () => {
    sandbox.failNext('insufficient_quota');
    sandbox.failNext('server_error');
    const quota = await reply(chatBody());
    expect(quota.status).toBe(429);
    expect(quota.json).toMatchObject({ error: { type: 'insufficient_quota', code: 'insufficient_quota' } });
    const failed = await reply(chatBody());
    expect(failed.status).toBe(500);
    expect(failed.json).toMatchObject({ error: { type: 'server_error' } });
  });

  it('applies a fault as many times as asked, to valid requests only', async () => {
    sandbox.failNext('server_error', 2);
    expect((await reply(chatBody({ messages: [] }))).status).toBe(400);
    expect((await reply(chatBody())).status).toBe(500);
    expect((await reply(chatBody())).status).toBe(500);
    expect((await reply(chatBody())).status).toBe(200);
  });

  it('malformed, truncated, refusal and given content shape the 200 reply', async () => {
    sandbox.failNext('malformed');
    const malformed = await assistantMessage();
    expect(() => JSON.parse(String(malformed.content))).toThrow();

    sandbox.failNext('truncated');
    const truncated = await assistantMessage();
    expect(truncated.finishReason).toBe('length');
    expect(() => JSON.parse(String(truncated.content))).toThrow();

    sandbox.failNext('refusal');
    const refused = await assistantMessage();
    expect(refused).toMatchObject({ content: null, refusal: expect.stringMatching(/can't help/) });

    sandbox.failNext({ content: '{"title":"Given"}' });
    expect((await assistantMessage()).content).toBe('{"title":"Given"}');
  });

  it('answers any status and body it is given', async () => {
    sandbox.failNext({ status: 503, body: { object: 'error', message: 'overloaded', code: 503 } });
    const { status, json } = await reply(chatBody());
    expect(status).toBe(503);
    expect(json).toEqual({ object: 'error', message: 'overloaded', code: 503 });
  });

  it('slow: answers only after a delay, and lets go of a client that gave up', async () => {
    sandbox.failNext('slow');
    await expect(post(chatBody(), { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    const started = Date.now();
    expect((await reply(chatBody())).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('slow: the reply still comes, after slowMs', async () => {
    const patient = await startOpenAiSandbox({ slowMs: 300 });
    try {
      patient.failNext('slow');
      const started = Date.now();
      const response = await fetch(`${patient.url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-sandbox', 'content-type': 'application/json' },
        body: JSON.stringify(chatBody()),
      });
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await patient.close();
    }
  });
});

/** The request as the openai SDK (devDependency openai 7.57.0) types it. */
const sdkBody = (change: Body) =>
  chatBody(change) as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;

/** What the SDK threw: its class, status and OpenAI's error fields. */
async function sdkRefusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  const { status, code, param, type } = error as InstanceType<typeof OpenAI.BadRequestError>;
  return { status, code, param, type };
}

describe('the OpenAI sandbox as a reasoning model, driven by the openai SDK 7.57.0', () => {
  const openai = () => new OpenAI({ baseURL: sandbox.url, apiKey: 'sk-sandbox', maxRetries: 0 });

  it('refuses max_tokens and a temperature as BadRequestErrors naming the parameter', async () => {
    const withMaxTokens = sdkBody({ model: 'o4-mini', max_completion_tokens: undefined, max_tokens: 500 });
    expect(await sdkRefusal(openai().chat.completions.create(withMaxTokens))).toEqual({
      status: 400,
      code: 'unsupported_parameter',
      param: 'max_tokens',
      type: 'invalid_request_error',
    });
    const withTemperature = sdkBody({ model: 'o4-mini', temperature: 0.7 });
    expect(await sdkRefusal(openai().chat.completions.create(withTemperature))).toEqual({
      status: 400,
      code: 'unsupported_value',
      param: 'temperature',
      type: 'invalid_request_error',
    });
  });

  it('answers max_completion_tokens without temperature with a completion the SDK reads', async () => {
    const completion = await openai().chat.completions.create(sdkBody({ model: 'o4-mini' }));
    expect(completion.object).toBe('chat.completion');
    expect(JSON.parse(completion.choices[0]!.message.content!)).toMatchObject({
      title: expect.stringContaining('Retro Sunset Cat'),
    });
  });
});
