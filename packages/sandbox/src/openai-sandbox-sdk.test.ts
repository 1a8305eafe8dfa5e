import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiSandbox, startOpenAiSandbox } from './openai-sandbox.ts';

/**
 * The official openai SDK (devDependency openai 7.57.0) as the sandbox's client: a request the
 * real API refuses of a reasoning model is refused so that the SDK raises what OpenAI's answer
 * makes it raise, and a completion the sandbox writes is one the SDK reads.
 */

// The smallest valid PNG (1 × 1, transparent), as a client would inline it.
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let sandbox: OpenAiSandbox;
let openai: OpenAI;
beforeAll(async () => {
  sandbox = await startOpenAiSandbox({ reasoningModels: ['o4-mini'] });
  openai = new OpenAI({ baseURL: sandbox.url, apiKey: 'sk-sandbox', maxRetries: 0 });
});
afterAll(() => sandbox.close());

const request = (
  change: Partial<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming>,
): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming => ({
  model: 'o4-mini',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Design file name: moon-phase.png' },
        { type: 'image_url', image_url: { url: png, detail: 'low' } },
      ],
    },
  ],
  response_format: {
    type: 'json_schema',
    json_schema: {
      name: 'listing',
      strict: true,
      schema: {
        type: 'object',
        properties: { title: { type: 'string' } },
        required: ['title'],
        additionalProperties: false,
      },
    },
  },
  ...change,
});

/** What the SDK threw: its class, status and OpenAI's error fields. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  const { status, code, param, type } = error as InstanceType<typeof OpenAI.BadRequestError>;
  return { status, code, param, type };
}

describe('the OpenAI sandbox as a reasoning model, driven by the openai SDK 7.57.0', () => {
  it('refuses max_tokens and a temperature as BadRequestErrors naming the parameter', async () => {
    expect(await refusal(openai.chat.completions.create(request({ max_tokens: 500 })))).toEqual({
      status: 400,
      code: 'unsupported_parameter',
      param: 'max_tokens',
      type: 'invalid_request_error',
    });
    expect(await refusal(openai.chat.completions.create(request({ temperature: 0.7 })))).toEqual({
      status: 400,
      code: 'unsupported_value',
      param: 'temperature',
      type: 'invalid_request_error',
    });
  });

  it('answers max_completion_tokens without temperature with a completion the SDK reads', async () => {
    const completion = await openai.chat.completions.create(request({ max_completion_tokens: 2000 }));
    expect(completion.object).toBe('chat.completion');
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({
      title: expect.stringContaining('Moon Phase'),
    });
  });
});
