import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkListing } from '@podflow/contract/metadata';
import { type OpenAiSandbox, startOpenAiSandbox } from '@podflow/sandbox/openai-sandbox';
import { type ListingInput, ListingWriterError } from './listing-writer.ts';
import { isReasoningModel } from './openai-writer-request.ts';
import { type OpenAiWriterOptions, normaliseListing, openAiListingWriter } from './openai-writer.ts';

let sandbox: OpenAiSandbox;
let design: Buffer;
/** The waits the writer asked for between attempts (the injected sleep returns at once). */
let sleeps: number[];

beforeAll(async () => {
  sandbox = await startOpenAiSandbox({ slowMs: 2_000, reasoningModels: ['o4-mini', 'house-reasoner'] });
  // Wider than the 768 px the model is sent, half transparent.
  design = await sharp({
    create: { width: 2000, height: 1000, channels: 4, background: { r: 200, g: 60, b: 20, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
  sleeps = [];
});

function writer(options: Partial<OpenAiWriterOptions> = {}) {
  return openAiListingWriter({
    baseUrl: sandbox.url,
    apiKey: 'sk-sandbox',
    model: 'gpt-4o-mini',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
}

function input(change: Partial<ListingInput> = {}): ListingInput {
  return {
    image: design,
    fileName: 'retro-sunset_cat-2.png',
    productTypes: ['T-shirt', 'Mug'],
    hints: { title: 'Sunset kitty tee', keywords: ['sunset cat', 'orange tabby'], description: '' },
    ...change,
  };
}

/** The message of the ListingWriterError a write fails with, and whether it is retryable. */
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ListingWriterError);
  const { message, retryable } = error as ListingWriterError;
  return { message, retryable };
}

type SentBody = {
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string; detail: string } }[];
  }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
} & Record<string, unknown>;

const sentBody = (index = 0) => sandbox.requests[index]!.body as SentBody;

describe('openAiListingWriter', () => {
  it('sends the design downscaled as a data URL, the strict schema and the seller’s words', async () => {
    const listing = await writer().write(input());
    expect(checkListing(listing)).toEqual([]);
    const body = sentBody();
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.max_tokens).toBe(1500);
    expect(body.temperature).toBe(0.4);
    expect(body).not.toHaveProperty('max_completion_tokens');
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'listing',
        strict: true,
        schema: expect.objectContaining({
          type: 'object',
          required: ['title', 'keywords', 'description'],
          additionalProperties: false,
        }),
      },
    });
    const [system, user] = body.messages;
    expect(system?.content).toMatch(/140 characters/);
    const parts = user?.content as Exclude<SentBody['messages'][number]['content'], string>;
    const text = parts.find((part) => part.type === 'text')?.text;
    expect(text).toContain('retro-sunset_cat-2.png');
    expect(text).toContain('T-shirt, Mug');
    expect(text).toContain('Sunset kitty tee');
    expect(text).toContain('sunset cat, orange tabby');
    const image = parts.find((part) => part.type === 'image_url')?.image_url;
    expect(image?.detail).toBe('low');
    const [, base64] = image!.url.split('data:image/png;base64,');
    const sent = await sharp(Buffer.from(base64!, 'base64')).metadata();
    expect([sent.format, sent.width, sent.height, sent.hasAlpha]).toEqual(['png', 768, 384, true]);
  });

  it('tells the model the words printed on the design when they were read', async () => {
    const textOf = () => {
      const parts = sentBody().messages[1]?.content as Exclude<
        SentBody['messages'][number]['content'],
        string
      >;
      return parts.find((part) => part.type === 'text')?.text ?? '';
    };
    await writer().write(input({ designText: '  But first, coffee ' }));
    expect(textOf()).toContain('Words printed on the design: But first, coffee');
    sandbox.requests.length = 0;
    await writer().write(input({ designText: '' }));
    expect(textOf()).not.toContain('Words printed on the design');
  });

  it('is named after its model and asks OpenAI itself with max_completion_tokens', async () => {
    const toSandbox: typeof fetch = (url, init) =>
      fetch(String(url).replace('https://api.openai.com/v1', sandbox.url), init);
    const openAi = writer({ baseUrl: 'https://api.openai.com/v1/', fetch: toSandbox });
    expect(openAi.name).toBe('gpt-4o-mini');
    await openAi.write(input());
    expect(sentBody().max_completion_tokens).toBeGreaterThan(0);
    expect(sentBody()).not.toHaveProperty('max_tokens');
  });

  it('cleans up the sandbox’s over-limit answer so it passes checkListing', async () => {
    const listing = await writer().write(input());
    expect(listing.title).toBe('Retro Sunset Cat Design & Graphic Tee, Mug and Wall Art Gift');
    expect(listing.keywords).toHaveLength(13);
    expect(listing.keywords.slice(0, 3)).toEqual(['retro sunset cat', 'retro', 'sunset']);
  });

  it('normalises a long, repetitive answer without losing words mid-way', async () => {
    const title = `Cat & Dog: 100% Cotton & Retro: Sunset 50% ${'Vintage Graphic '.repeat(12)}Tee`;
    sandbox.failNext({
      content: JSON.stringify({
        title: `  ${title}  `,
        keywords: [
          'Cat shirt',
          'cat SHIRT',
          'retro, sunset',
          'a very long keyword that goes on',
          'supercalifragilisticexpialidocious',
          ' ',
          ...Array.from({ length: 20 }, (_, i) => `tag ${i}`),
        ],
        description: '  A cat.  \n\n\n\nA dog.  ',
      }),
    });
    const listing = await writer().write(input());
    expect(checkListing(listing)).toEqual([]);
    // The second & : % read as words; the cut falls where a word ends, close to the 140 allowed.
    const whole = `Cat & Dog: 100% Cotton and Retro - Sunset 50 percent ${'Vintage Graphic '.repeat(12)}Tee`;
    expect(whole.startsWith(`${listing.title} `)).toBe(true);
    expect(listing.title.length).toBeGreaterThan(130);
    expect(listing.keywords).toEqual([
      'Cat shirt',
      'retro',
      'sunset',
      'a very long keyword',
      ...Array.from({ length: 9 }, (_, i) => `tag ${i}`),
    ]);
    expect(listing.description).toBe('A cat.\n\nA dog.');
  });

  it('always answers a listing that passes checkListing, or fails for an empty title', () => {
    const unit = fc.constantFrom('a', 'Z', ' ', '&', ':', '%', ',', '\n', 'é', '😀', '-');
    const text = (maxLength: number) => fc.string({ unit, maxLength });
    fc.assert(
      fc.property(
        fc.record({
          title: text(400),
          keywords: fc.array(text(40), { maxLength: 30 }),
          description: text(200),
        }),
        (raw) => {
          const listing = normaliseListing(raw);
          expect(checkListing(listing)).toEqual([]);
          expect(listing.keywords.every((keyword) => keyword !== '' && !keyword.includes(','))).toBe(true);
        },
      ),
    );
  });

  it('retries a 429 after the retry-after-ms it was told, then succeeds', async () => {
    sandbox.failNext('rate_limit');
    const listing = await writer().write(input());
    expect(checkListing(listing)).toEqual([]);
    expect(sleeps).toEqual([10]);
    expect(sandbox.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('retries a 500 with growing, jittered backoff', async () => {
    sandbox.failNext('server_error', 2);
    await writer().write(input());
    expect(sandbox.requests).toHaveLength(3);
    expect(sleeps[0]).toBeGreaterThanOrEqual(375);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
    expect(sleeps[1]).toBeGreaterThanOrEqual(750);
    expect(sleeps[1]).toBeLessThanOrEqual(1000);
  });

  it('gives up on 5xx after maxRetries with a retryable failure', async () => {
    sandbox.failNext('server_error', 3);
    const failure = await failureOf(writer({ maxRetries: 2 }).write(input()));
    expect(failure).toEqual({
      message:
        'The AI service failed (500) after 2 retries: The server had an error while processing your request.',
      retryable: true,
    });
    expect(sandbox.requests).toHaveLength(3);
  });

  it('does not retry when the service says x-should-retry: false, and reads vLLM’s older error shape', async () => {
    sandbox.failNext({
      status: 503,
      headers: { 'x-should-retry': 'false' },
      body: {
        object: 'error',
        message: 'Engine is shutting down',
        type: 'ServiceUnavailable',
        param: null,
        code: 503,
      },
    });
    const failure = await failureOf(writer().write(input()));
    expect(failure.message).toBe('The AI service failed (503): Engine is shutting down.');
    expect(sandbox.requests).toHaveLength(1);
  });

  it('fails at once on insufficient_quota, saying the account has no credit', async () => {
    sandbox.failNext('insufficient_quota');
    const failure = await failureOf(writer().write(input()));
    expect(failure).toEqual({
      message:
        'The AI account has no credit left (insufficient_quota). Add credit to it or set another AI_API_KEY.',
      retryable: false,
    });
    expect(sandbox.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('says what the service said about a bad request', async () => {
    sandbox.failNext({
      status: 400,
      body: {
        error: { message: 'Image too small', type: 'invalid_request_error', param: 'messages', code: null },
      },
    });
    const failure = await failureOf(writer().write(input()));
    expect(failure).toEqual({
      message: 'The AI service rejected the request (400): Image too small.',
      retryable: false,
    });
  });

  it.each([
    ['malformed', "The AI model's answer was not valid JSON."],
    ['truncated', "The AI model's answer was cut off at its length limit before it was complete."],
    [
      'refusal',
      `The AI model refused to write this listing: "I'm sorry, but I can't help with that request."`,
    ],
  ] as const)('fails a %s answer with its reason, without retrying', async (fault, message) => {
    sandbox.failNext(fault);
    expect(await failureOf(writer().write(input()))).toEqual({ message, retryable: false });
    expect(sandbox.requests).toHaveLength(1);
  });

  it('fails an answer that breaks the schema or has no title', async () => {
    sandbox.failNext({ content: '{"title":"Cat tee","keywords":"cat"}' });
    expect((await failureOf(writer().write(input()))).message).toBe(
      "The AI model's answer did not match the listing schema (keywords: Invalid input: expected array, received string).",
    );
    sandbox.failNext({ content: '{"title":"  ","keywords":[],"description":"A cat."}' });
    expect((await failureOf(writer().write(input()))).message).toBe('The AI model wrote an empty title.');
  });

  it('times out a slow reply with the timeout sentence, retryable', async () => {
    sandbox.failNext('slow');
    const failure = await failureOf(writer({ timeoutMs: 200, maxRetries: 0 }).write(input()));
    expect(failure).toEqual({ message: 'The AI model did not answer within 0.2 s.', retryable: true });
  });

  it('retries after a timeout', async () => {
    sandbox.failNext('slow');
    const listing = await writer({ timeoutMs: 200 }).write(input());
    expect(checkListing(listing)).toEqual([]);
    expect(sandbox.requests).toHaveLength(2);
  });

  it('stops at once when the caller aborts, during a reply or a backoff', async () => {
    sandbox.failNext('slow');
    const during = new AbortController();
    const writing = writer().write(input(), during.signal);
    // Abort once the sandbox holds the request (the image is downscaled first).
    await expect.poll(() => sandbox.requests.length, { interval: 5 }).toBe(1);
    const started = Date.now();
    during.abort(new Error('shutting down'));
    await expect(writing).rejects.toThrow('shutting down');
    expect(Date.now() - started).toBeLessThan(500);

    sandbox.failNext('server_error');
    const backoff = new AbortController();
    const forever = () => {
      backoff.abort(new Error('stopped in backoff'));
      return new Promise<void>(() => undefined);
    };
    await expect(writer({ sleep: forever }).write(input(), backoff.signal)).rejects.toThrow(
      'stopped in backoff',
    );
  });

  it('names AI_API_KEY for a refused key and the model and AI_BASE_URL for an unknown model', async () => {
    expect(await failureOf(writer({ apiKey: 'sk-wrong' }).write(input()))).toEqual({
      message: 'The AI service refused the API key (401). Check AI_API_KEY.',
      retryable: false,
    });
    expect((await failureOf(writer({ model: 'gpt-9' }).write(input()))).message).toBe(
      `The AI model 'gpt-9' was not found at ${sandbox.url} (404). Check AI_MODEL and AI_BASE_URL.`,
    );
    expect(sandbox.requests).toHaveLength(2);
  });

  it('says where it could not connect, after retrying', async () => {
    const gone = await startOpenAiSandbox();
    await gone.close();
    const failure = await failureOf(writer({ baseUrl: gone.url, maxRetries: 1 }).write(input()));
    expect(failure).toEqual({
      message: `The AI service at ${gone.url} could not be reached (ECONNREFUSED). Check AI_BASE_URL.`,
      retryable: true,
    });
    expect(sleeps).toHaveLength(1);
  });

  it('fails a design that is not an image', async () => {
    const failure = await failureOf(writer().write(input({ image: Buffer.from('not an image') })));
    expect(failure.message).toMatch(/^The design file could not be read as an image/);
    expect(sandbox.requests).toHaveLength(0);
  });
});

/** OpenAI's 400 for a parameter a model does not take; `param` null as some compatible servers leave it. */
const unsupported = (param: string, message: string, named = true) => ({
  status: 400,
  body: {
    error: {
      message,
      type: 'invalid_request_error',
      param: named ? param : null,
      code: named ? 'unsupported_parameter' : null,
    },
  },
});
const temperatureRefused = unsupported(
  'temperature',
  "Unsupported value: 'temperature' does not support 0.4 with this model. Only the default (1) value is supported.",
);
const sentKeys = () =>
  sandbox.requests.map((request) =>
    Object.keys(request.body as object)
      .slice(3)
      .sort(),
  );

describe('openAiListingWriter with reasoning models and parameters a server refuses', () => {
  it.each([
    ['o1', true],
    ['o3-mini', true],
    ['o4-mini-2025-04-16', true],
    ['gpt-5', true],
    ['gpt-5.1', true],
    ['openai/gpt-5-mini', true],
    ['GPT-5:latest', true],
    ['o3_pro', true],
    ['gpt-50', false],
    ['gpt-4o-mini', false],
    ['gpt-4.1', false],
    ['omni-vision', false],
    ['qwen2.5vl:7b', false],
    ['llava/o1x', false],
  ])('knows %s as a reasoning model: %s', (model, reasoning) => {
    expect(isReasoningModel(model)).toBe(reasoning);
  });

  it('asks a reasoning model named as one with max_completion_tokens and no temperature, in one request', async () => {
    const listing = await writer({ model: 'o4-mini' }).write(input());
    expect(checkListing(listing)).toEqual([]);
    expect(sandbox.requests).toHaveLength(1);
    expect(sentBody()).not.toHaveProperty('temperature');
    expect(sentBody()).not.toHaveProperty('max_tokens');
    expect(sentBody().max_completion_tokens).toBe(8000);
  });

  it('retries a refused max_tokens and temperature once each, then remembers for the next design', async () => {
    const reasoner = writer({ model: 'house-reasoner' });
    const listing = await reasoner.write(input());
    expect(checkListing(listing)).toEqual([]);
    expect(sentKeys()).toEqual([
      ['max_tokens', 'temperature'],
      ['max_completion_tokens', 'temperature'],
      ['max_completion_tokens'],
    ]);
    expect(sentBody(2).max_completion_tokens).toBe(8000);
    expect(sleeps).toEqual([]);
    sandbox.requests.length = 0;
    await reasoner.write(input({ fileName: 'second.png' }));
    expect(sentKeys()).toEqual([['max_completion_tokens']]);
  });

  it('lets designs written at the same time all learn from the refusals they were sent together', async () => {
    // The first two requests leave only once both are ready, so both are refused the same way.
    const together = Promise.withResolvers<void>();
    let sent = 0;
    const atOnce: typeof fetch = async (url, init) => {
      sent += 1;
      if (sent === 2) together.resolve();
      if (sent <= 2) await together.promise;
      return fetch(url, init);
    };
    const reasoner = writer({ model: 'house-reasoner', fetch: atOnce });
    const listings = await Promise.all([
      reasoner.write(input()),
      reasoner.write(input({ fileName: 'moon.png' })),
    ]);
    expect(listings.map((listing) => checkListing(listing))).toEqual([[], []]);
    expect(sentKeys().slice(0, 2)).toEqual([
      ['max_tokens', 'temperature'],
      ['max_tokens', 'temperature'],
    ]);
    expect(sentKeys().at(-1)).toEqual(['max_completion_tokens']);
    expect(sandbox.requests.length).toBeLessThanOrEqual(6);
    expect(sleeps).toEqual([]);
  });

  it('still backs off a 429 that follows a refusal, and writes the design once', async () => {
    sandbox.failNext('rate_limit');
    const listing = await writer({ model: 'house-reasoner' }).write(input());
    expect(checkListing(listing)).toEqual([]);
    expect(sandbox.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual([
      '0',
      '0',
      '0',
      '1',
    ]);
    expect(sleeps).toEqual([10]);
  });

  it.each(['unsupported_parameter', 'unsupported_value'])(
    'drops a parameter refused with code %s whatever the message says',
    async (code) => {
      const error = { message: 'This model takes no sampling settings.', type: 'invalid_request_error' };
      sandbox.failNext({ status: 400, body: { error: { ...error, param: 'temperature', code } } });
      expect(checkListing(await writer().write(input()))).toEqual([]);
      expect(sentKeys()).toEqual([['max_tokens', 'temperature'], ['max_tokens']]);
    },
  );

  it('does not loop when the server refuses the same parameter again', async () => {
    sandbox.failNext(temperatureRefused, 2);
    const failure = await failureOf(writer().write(input()));
    expect(failure).toEqual({
      message:
        "The AI service rejected the request (400): Unsupported value: 'temperature' does not support 0.4 with this model. Only the default (1) value is supported.",
      retryable: false,
    });
    expect(sentKeys()).toEqual([['max_tokens', 'temperature'], ['max_tokens']]);
  });

  it.each([
    [
      'a parameter it cannot do without',
      unsupported('response_format', "Unsupported parameter: 'response_format'."),
    ],
    ['a parameter it did not send', unsupported('top_p', "Unsupported value: 'top_p' does not support 0.5.")],
    [
      'a parameter without saying it is unsupported',
      {
        ...temperatureRefused,
        body: { error: { message: 'Bad temperature', param: 'temperature', code: 'invalid_value' } },
      },
    ],
  ])('fails at once on a 400 that names %s', async (_case, fault) => {
    sandbox.failNext(fault);
    expect((await failureOf(writer().write(input()))).message).toMatch(
      /^The AI service rejected the request \(400\)/,
    );
    expect(sandbox.requests).toHaveLength(1);
  });

  it('takes max_tokens where a server refuses max_completion_tokens by its message only, and stops when both are refused', async () => {
    const modern = () => writer({ tokenLimitField: 'max_completion_tokens' });
    const refusedNew = unsupported(
      'max_completion_tokens',
      "Unsupported parameter: 'max_completion_tokens'",
      false,
    );
    sandbox.failNext(refusedNew);
    await modern().write(input());
    expect(sentKeys()).toEqual([
      ['max_completion_tokens', 'temperature'],
      ['max_tokens', 'temperature'],
    ]);
    expect(sentBody(1).max_tokens).toBe(1500);
    sandbox.requests.length = 0;
    sandbox.failNext(refusedNew);
    sandbox.failNext(unsupported('max_tokens', "Unsupported parameter: 'max_tokens' is not supported."));
    const failure = await failureOf(modern().write(input()));
    expect(failure.message).toBe(
      "The AI service rejected the request (400): Unsupported parameter: 'max_tokens' is not supported.",
    );
    expect(sandbox.requests).toHaveLength(2);
  });
});
