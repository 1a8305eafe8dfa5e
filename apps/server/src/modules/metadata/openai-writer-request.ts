import { listingLimits } from '@podflow/contract/metadata';
import type { ListingInput } from './listing-writer.ts';

/**
 * The Chat Completions request the OpenAI writer sends (docs: providers/openai.md), and how it
 * adapts to what a server refuses. Reasoning models (the o-series, gpt-5) take no `temperature`
 * and refuse `max_tokens`; OpenAI-compatible servers may only know `max_tokens`. Names tell most
 * of it up front; a 400 naming an unsupported parameter tells the rest, once per parameter.
 */

export type TokenLimitField = 'max_completion_tokens' | 'max_tokens';

/** What the writer sends besides the prompt: learnt from the model's name, then from refusals. */
export type RequestShape = {
  tokenLimitField: TokenLimitField;
  /** Whether `temperature` is sent (reasoning models accept only their default). */
  temperature: boolean;
  /** A reasoning model spends completion tokens thinking, so it gets a larger allowance. */
  reasoning: boolean;
};

/** The body, typed so that a test can hold it against the openai SDK's own request type. */
export type ChatRequest = {
  model: string;
  messages: (
    | { role: 'system'; content: string }
    | {
        role: 'user';
        content: (
          { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail: 'low' } }
        )[];
      }
  )[];
  response_format: {
    type: 'json_schema';
    json_schema: { name: string; strict: true; schema: Record<string, unknown> };
  };
  temperature?: number;
  max_completion_tokens?: number;
  max_tokens?: number;
};

const temperature = 0.4;
const maxAnswerTokens = 1500;
/** Room for the model's hidden reasoning as well as the answer (both count as completion tokens). */
const maxReasoningAnswerTokens = 8000;

/** o1, o3-mini, o4-mini, gpt-5, gpt-5-mini..., also behind a router's prefix (`openai/gpt-5`). */
export function isReasoningModel(model: string): boolean {
  return /^(?:[\w.-]+\/)*(?:o\d+|gpt-5)(?:$|[-.:_])/i.test(model);
}

/** The first request's shape: OpenAI and reasoning models get max_completion_tokens, others max_tokens. */
export function initialShape(
  baseUrl: string,
  model: string,
  tokenLimitField?: TokenLimitField,
): RequestShape {
  const reasoning = isReasoningModel(model);
  const openAi = new URL(baseUrl).hostname === 'api.openai.com';
  return {
    tokenLimitField: tokenLimitField ?? (openAi || reasoning ? 'max_completion_tokens' : 'max_tokens'),
    temperature: !reasoning,
    reasoning,
  };
}

/** The request for one design, sent as a small inline image. */
export function chatRequest(
  model: string,
  input: ListingInput,
  image: string,
  shape: RequestShape,
): ChatRequest {
  const body: ChatRequest = {
    model,
    messages: [
      { role: 'system', content: systemPrompt },
      {
        role: 'user',
        content: [
          { type: 'text', text: userPrompt(input) },
          { type: 'image_url', image_url: { url: image, detail: 'low' } },
        ],
      },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'listing', strict: true, schema: listingJsonSchema },
    },
  };
  if (shape.temperature) body.temperature = temperature;
  body[shape.tokenLimitField] = shape.reasoning ? maxReasoningAnswerTokens : maxAnswerTokens;
  return body;
}

/** What a 400's error body says. */
export type RefusalDetail = { message?: string; code?: string; param?: string };

/**
 * The parameter a 400 refuses as unsupported (OpenAI's `unsupported_parameter` and
 * `unsupported_value`, or only its message's wording on servers that leave `param` out).
 */
export function unsupportedParameter({ message, code, param }: RefusalDetail): string | undefined {
  const named = /^Unsupported (?:parameter|value): '([\w.]+)'/i.exec(message ?? '')?.[1];
  if (code !== 'unsupported_parameter' && code !== 'unsupported_value' && !named) return undefined;
  return param ?? named;
}

/**
 * The shape without `param`, or undefined when it is nothing the writer can leave out or swap:
 * temperature is dropped, one token-limit field gives way to the other unless that was refused too.
 */
export function shapeWithout(
  shape: RequestShape,
  param: string,
  refused: ReadonlySet<string>,
): RequestShape | undefined {
  if (param === 'temperature') return { ...shape, temperature: false };
  if (param !== shape.tokenLimitField) return undefined;
  const other: TokenLimitField = param === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
  if (refused.has(other)) return undefined;
  // Refusing max_tokens is how OpenAI's reasoning models answer.
  return { ...shape, tokenLimitField: other, ...(param === 'max_tokens' && { reasoning: true }) };
}

const { titleMaxChars, keywordsMax, keywordMaxChars, titleOnceChars } = listingLimits;

const systemPrompt = [
  'You write listing copy for print-on-demand products (T-shirts, mugs, posters and the like) sold on Etsy and Shopify.',
  'You are shown the design and answer its listing as JSON, written to be found by buyers searching the store:',
  `- title: what a buyer would search for first, then the subject, style and product; at most ${titleMaxChars} characters; use each of ${titleOnceChars.join(' ')} at most once.`,
  `- keywords: at most ${keywordsMax} search tags a buyer would type, each at most ${keywordMaxChars} characters, no commas, none repeated (in any letter case); mix broad and specific ones.`,
  '- description: two to four short paragraphs of plain text: the design, who it is for, occasions to give it. No sizes, materials or shipping (they depend on the product), no emojis, hashtags or markdown.',
  "Describe only what the design shows; do not name brands or characters you are not sure of. Write in the seller's language when they wrote something, else in English.",
].join('\n');

function userPrompt({ fileName, productTypes, hints, designText, designSmallPrint }: ListingInput): string {
  const lines = [`Design file name: ${fileName}`];
  if (designText?.trim()) lines.push(`Words printed on the design: ${designText.trim()}`);
  if (designSmallPrint?.trim()) lines.push(`Small print on the design: ${designSmallPrint.trim()}`);
  lines.push(
    productTypes.length > 0
      ? `Printed on: ${productTypes.join(', ')}.`
      : 'Printed on: products not chosen yet; keep the copy fit for any.',
  );
  if (hints.title.trim())
    lines.push(`The seller's title (keep their wording where it reads well): ${hints.title}`);
  if (hints.keywords.length > 0) {
    lines.push(`The seller's keywords (start your list with these): ${hints.keywords.join(', ')}`);
  }
  if (hints.description.trim()) {
    lines.push(`The seller's description (keep their wording where sensible):\n${hints.description}`);
  }
  return lines.join('\n');
}

/** Strict structured outputs: every field required, nothing else allowed. */
const listingJsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', description: `At most ${titleMaxChars} characters.` },
    keywords: {
      type: 'array',
      items: { type: 'string' },
      description: `At most ${keywordsMax} tags of at most ${keywordMaxChars} characters each.`,
    },
    description: { type: 'string' },
  },
  required: ['title', 'keywords', 'description'],
  additionalProperties: false,
};
