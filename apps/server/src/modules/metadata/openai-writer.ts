import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { type Listing, listingLimits } from '@podflow/contract/metadata';
import { type ListingInput, type ListingWriter, ListingWriterError } from './listing-writer.ts';
import {
  type ChatRequest,
  type TokenLimitField,
  chatRequest,
  initialShape,
  shapeWithout,
  unsupportedParameter,
} from './openai-writer-request.ts';

/**
 * The AI port over any OpenAI-compatible chat model with vision (docs: providers/openai.md): one
 * Chat Completions call per design, the design as a small inline image, the answer bound to a
 * strict JSON schema, retried like the official SDK retries, and once more without a parameter the
 * server refused as unsupported (openai-writer-request.ts). Whatever the model writes is then
 * cleaned up to fit every limit of `checkListing`, since no model keeps count of characters.
 */

export type OpenAiWriterOptions = {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), the sandbox's url. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per attempt. */
  timeoutMs?: number;
  /**
   * OpenAI wants max_completion_tokens (reasoning models refuse max_tokens); Ollama and vLLM know
   * max_tokens. Unset: chosen from the host and model, then from what the server refuses.
   */
  tokenLimitField?: TokenLimitField;
  maxRetries?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

/** The long side the design is sent at: enough for a model to see it, small to send (low detail reads 512). */
const imageMaxSide = 768;

type Attempt =
  | { kind: 'response'; status: number; headers: Headers; text: string }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; reason: string };

/** A ListingWriter that asks the model at `baseUrl`; its name is the model's. */
export function openAiListingWriter(options: OpenAiWriterOptions): ListingWriter {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { apiKey, model, timeoutMs = 60_000, maxRetries = 3 } = options;
  let shape = initialShape(baseUrl, model, options.tokenLimitField);
  /** Parameters a server refused as unsupported: never sent again by this writer. */
  const refused = new Set<string>();
  const fetchOnce = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));

  async function attempt(body: string, retry: number, signal: AbortSignal | undefined): Promise<Attempt> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchOnce(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'x-stainless-retry-count': String(retry),
        },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      return {
        kind: 'response',
        status: response.status,
        headers: response.headers,
        text: await response.text(),
      };
    } catch (error) {
      signal?.throwIfAborted();
      if (timeout.aborted) return { kind: 'timeout' };
      return { kind: 'unreachable', reason: causeOf(error) };
    }
  }

  /** Waits before a retry, but an aborted caller stops at once. */
  async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (!signal) return sleep(ms);
    const stop = Promise.withResolvers<never>();
    const onAbort = () => stop.reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await Promise.race([sleep(ms), stop.promise]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** The last attempt at one body: a 2xx, or what made the writer stop retrying, and after how many retries. */
  async function send(body: string, signal: AbortSignal | undefined) {
    for (let retry = 0; ; retry += 1) {
      const result = await attempt(body, retry, signal);
      if (result.kind === 'response' && result.status >= 200 && result.status < 300) return { result, retry };
      if (retry >= maxRetries || !worthRetrying(result)) return { result, retry };
      await pause(retryDelayMs(result, retry), signal);
    }
  }

  /**
   * Whether a 400 refused a parameter of `body` as unsupported that the writer can do without; if
   * so the shape changes for this and every later design. A design written at the same time may
   * have learnt it already: then the shape no longer sends it (nothing is ever sent again once
   * refused), and asking again without it is enough. Each retry sends one refused parameter less, so
   * a write asks at most three more times.
   */
  function adaptTo(result: Attempt, body: ChatRequest): boolean {
    if (result.kind !== 'response' || result.status !== 400) return false;
    const param = unsupportedParameter(errorOf(result.text));
    if (!param || !Object.hasOwn(body, param)) return false;
    if (refused.has(param)) return true;
    const next = shapeWithout(shape, param, refused);
    if (!next) return false;
    refused.add(param);
    shape = next;
    return true;
  }

  /** The sentence a seller or operator reads in the task's failure reason. */
  function failure(result: Attempt, retries: number): ListingWriterError {
    if (result.kind === 'timeout') {
      return new ListingWriterError(
        `The AI model did not answer within ${Number((timeoutMs / 1000).toFixed(1))} s.`,
        true,
      );
    }
    if (result.kind === 'unreachable') {
      return new ListingWriterError(
        `The AI service at ${baseUrl} could not be reached (${result.reason}). Check AI_BASE_URL.`,
        true,
      );
    }
    const { status } = result;
    const error = errorOf(result.text);
    const said = error.message ? `: ${sentence(redact(error.message))}` : '';
    const after = retries === 0 ? '' : ` after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
    if (isQuotaError(result)) {
      return new ListingWriterError(
        'The AI account has no credit left (insufficient_quota). Add credit to it or set another AI_API_KEY.',
      );
    }
    if (status === 401)
      return new ListingWriterError('The AI service refused the API key (401). Check AI_API_KEY.');
    if (status === 403) {
      return new ListingWriterError(
        `The AI service denied access to the model '${model}' (403)${said || '.'} Check what AI_API_KEY may use.`,
      );
    }
    if (status === 404) {
      return new ListingWriterError(
        `The AI model '${model}' was not found at ${baseUrl} (404). Check AI_MODEL and AI_BASE_URL.`,
      );
    }
    if (status === 429) {
      return new ListingWriterError(
        `The AI service is rate-limiting requests (429)${after}. Try again in a few minutes.`,
        true,
      );
    }
    if (status === 400 || status === 422) {
      return new ListingWriterError(`The AI service rejected the request (${status})${said || '.'}`);
    }
    const retryable = status >= 500 || status === 408 || status === 409;
    return new ListingWriterError(`The AI service failed (${status})${after}${said || '.'}`, retryable);
  }

  function redact(message: string): string {
    const text = apiKey ? message.replaceAll(apiKey, '[redacted]') : message;
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  }

  return {
    name: model,
    async write(input: ListingInput, signal?: AbortSignal): Promise<Listing> {
      const image = await designDataUrl(input.image);
      // A 400 is answered before the model runs, so resending costs the account nothing.
      for (;;) {
        const body = chatRequest(model, input, image, shape);
        const { result, retry } = await send(JSON.stringify(body), signal);
        if (result.kind === 'response' && result.status >= 200 && result.status < 300) {
          return listingOf(result.text);
        }
        if (!adaptTo(result, body)) throw failure(result, retry);
      }
    },
  };
}

const { titleMaxChars, keywordsMax, keywordMaxChars, titleOnceChars, descriptionMaxChars } = listingLimits;

/** The design at most 768 px on its long side, as a PNG (transparency kept) with a 256-colour palette. */
async function designDataUrl(image: Buffer): Promise<string> {
  try {
    const png = await sharp(image)
      .resize(imageMaxSide, imageMaxSide, { fit: 'inside', withoutEnlargement: true })
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch (error) {
    throw new ListingWriterError(`The design file could not be read as an image (${causeOf(error)}).`);
  }
}

/** A message as a sentence, so more can follow it. */
const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function causeOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? (cause instanceof Error ? cause.message : error.message) : String(error);
}

/** Both error shapes: `{error: {...}}` and older vLLM's top-level `{object: 'error', message, ...}`. */
const errorFields = z.object({
  message: z.string().nullish(),
  type: z.string().nullish(),
  param: z.string().nullish().catch(undefined),
  code: z.unknown(),
});
const errorBody = z.union([z.object({ error: errorFields }), errorFields]);

function errorOf(text: string): { message?: string; type?: string; code?: string; param?: string } {
  const parsed = errorBody.safeParse(parseJson(text));
  if (!parsed.success) return {};
  const error = 'error' in parsed.data ? parsed.data.error : parsed.data;
  return {
    message: error.message ?? undefined,
    type: error.type ?? undefined,
    code: error.code === null || error.code === undefined ? undefined : String(error.code),
    param: error.param ?? undefined,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isQuotaError(result: Attempt): boolean {
  if (result.kind !== 'response' || result.status !== 429) return false;
  const { type, code } = errorOf(result.text);
  return type === 'insufficient_quota' || code === 'insufficient_quota';
}

/** openai.md's SDK policy: connection errors, 408, 409, 429 and 5xx, unless `x-should-retry` says otherwise. */
function worthRetrying(result: Attempt): boolean {
  if (result.kind !== 'response') return true;
  if (isQuotaError(result)) return false;
  const told = result.headers.get('x-should-retry');
  if (told === 'true' || told === 'false') return told === 'true';
  return [408, 409, 429].includes(result.status) || result.status >= 500;
}

/** The server's retry-after-ms or retry-after when 0-60 s, else min(0.5 s · 2^n, 8 s) less up to 25 % jitter. */
function retryDelayMs(result: Attempt, retry: number): number {
  if (result.kind === 'response') {
    const ms = Number.parseFloat(result.headers.get('retry-after-ms') ?? '');
    const after = result.headers.get('retry-after') ?? '';
    const seconds = Number.parseFloat(after);
    const told = !Number.isNaN(ms)
      ? ms
      : !Number.isNaN(seconds)
        ? seconds * 1000
        : Date.parse(after) - Date.now();
    if (told >= 0 && told <= 60_000) return told;
  }
  return Math.min(500 * 2 ** retry, 8000) * (1 - Math.random() * 0.25);
}

const completionBody = z.object({
  choices: z.array(
    z.object({
      finish_reason: z.string().nullish(),
      message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
    }),
  ),
});

const modelListing = z.object({ title: z.string(), keywords: z.array(z.string()), description: z.string() });

/** The listing in a completion, or why there is none. */
function listingOf(text: string): Listing {
  const completion = completionBody.safeParse(parseJson(text));
  if (!completion.success) {
    throw new ListingWriterError(
      'The AI service answered something that is not a chat completion. Check AI_BASE_URL.',
    );
  }
  const choice = completion.data.choices[0];
  if (!choice) throw new ListingWriterError('The AI service answered a chat completion without any choice.');
  const { content, refusal } = choice.message;
  if (refusal) throw new ListingWriterError(`The AI model refused to write this listing: "${refusal}"`);
  if (choice.finish_reason === 'length') {
    throw new ListingWriterError(
      "The AI model's answer was cut off at its length limit before it was complete.",
    );
  }
  if (choice.finish_reason === 'content_filter') {
    throw new ListingWriterError("The AI service's content filter withheld the answer for this design.");
  }
  if (!content?.trim()) throw new ListingWriterError("The AI model's answer was empty.");
  const json = parseJson(content);
  if (json === undefined) throw new ListingWriterError("The AI model's answer was not valid JSON.");
  const answer = modelListing.safeParse(json);
  if (!answer.success) {
    const [issue] = answer.error.issues;
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new ListingWriterError(
      `The AI model's answer did not match the listing schema (${where}${issue?.message ?? 'unknown'}).`,
    );
  }
  const listing = normaliseListing(answer.data);
  if (!listing.title) throw new ListingWriterError('The AI model wrote an empty title.');
  return listing;
}

/** What a second %, : or & in a title becomes. */
const onceReplacements: Record<string, string> = { '&': ' and ', ':': ' - ', '%': ' percent ' };

/** The model's listing made to pass `checkListing`, keeping as much of its wording as fits. */
export function normaliseListing(listing: Listing): Listing {
  const seen = new Set<string>();
  const once = new RegExp(`\\s*([${titleOnceChars.map((char) => `\\${char}`).join('')}])\\s*`, 'g');
  const title = oneLine(
    oneLine(listing.title).replace(once, (match, char: string) => {
      if (seen.has(char)) return onceReplacements[char] ?? ' ';
      seen.add(char);
      return match;
    }),
  );
  const keywords: string[] = [];
  for (const raw of listing.keywords.flatMap((keyword) => keyword.split(','))) {
    const keyword = cutAtWord(oneLine(raw), keywordMaxChars);
    if (!keyword || keywords.some((kept) => kept.toLowerCase() === keyword.toLowerCase())) continue;
    keywords.push(keyword);
    if (keywords.length === keywordsMax) break;
  }
  const description = listing.description
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return {
    title: cutAtWord(title, titleMaxChars) ?? cutHard(title, titleMaxChars),
    keywords,
    description: cutAtWord(description, descriptionMaxChars) ?? cutHard(description, descriptionMaxChars),
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const cutHard = (text: string, max: number) => [...text].slice(0, max).join('').trim();

/** Text of at most `max` characters, cut at the last space that fits; undefined when one word is too long. */
function cutAtWord(text: string, max: number): string | undefined {
  const characters = [...text];
  if (characters.length <= max) return text;
  const head = characters.slice(0, max + 1).join('');
  const space = head.search(/\s\S*$/);
  const cut = space > 0 ? head.slice(0, space).replace(/[\s,;:|&/+-]+$/, '') : '';
  return cut || undefined;
}
