import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { type ChatRequest, type RequestShape, chatRequest } from './openai-writer-request.ts';

/**
 * The writer's request held against the official openai SDK (devDependency, pinned): the
 * assignments below make `npm run typecheck` fail when the body drifts from the SDK's
 * chat-completion type, and the test reads the SDK's declarations to find any key it lacks.
 */

// Every body the writer builds is a valid non-streaming chat completion request...
export const asSdkRequest = (body: ChatRequest): ChatCompletionCreateParamsNonStreaming => body;
// ...and has no top-level key the SDK does not know (the type is `true` only then).
type UnknownToSdk = Exclude<keyof ChatRequest, keyof ChatCompletionCreateParamsNonStreaming>;
export const noKeyUnknownToSdk: [UnknownToSdk] extends [never] ? true : false = true;

const require = createRequire(import.meta.url);
// The SDK's exports map hides package.json; its main entry sits at the package's root.
const sdkRoot = require.resolve('openai').replace(/index\.js$/, '');
const declarations = (file: string) => readFileSync(`${sdkRoot}${file}`, 'utf8');

/** The member names of `interface name` in a .d.ts (inside `namespace` when given). */
function sdkMembers(source: string, name: string, namespace?: string): string[] {
  const from = namespace ? source.indexOf(`export declare namespace ${namespace} {`) : 0;
  const start = source.indexOf(`interface ${name} {`, from);
  if (from < 0 || start < 0) throw new Error(`The openai SDK has no interface ${namespace ?? ''}.${name}`);
  const members: string[] = [];
  let depth = 0;
  for (const line of source.slice(start).split('\n')) {
    const text = line.trim();
    if (depth === 1 && !text.startsWith('*') && !text.startsWith('/')) {
      const member = /^(?:readonly\s+)?(\w+)\??:/.exec(text)?.[1];
      if (member) members.push(member);
    }
    depth += (line.match(/{/g) ?? []).length - (line.match(/}/g) ?? []).length;
    if (depth === 0 && members.length > 0) return members;
  }
  return members;
}

const completions = declarations('resources/chat/completions/completions.d.ts');
const shared = declarations('resources/shared.d.ts');

const input = {
  image: Buffer.alloc(0),
  fileName: 'retro-sunset_cat-2.png',
  productTypes: ['T-shirt'],
  hints: { title: '', keywords: [], description: '' },
};
const shapes: Record<string, RequestShape> = {
  'an OpenAI-compatible server': { tokenLimitField: 'max_tokens', temperature: true, reasoning: false },
  'OpenAI itself': { tokenLimitField: 'max_completion_tokens', temperature: true, reasoning: false },
  'a reasoning model': { tokenLimitField: 'max_completion_tokens', temperature: false, reasoning: true },
};

describe('the OpenAI writer’s request against the openai SDK 7.57.0', () => {
  it('is read from the pinned SDK', () => {
    expect(JSON.parse(declarations('package.json')).version).toBe('7.57.0');
  });

  it.each(Object.entries(shapes))('for %s, sends only keys the SDK’s request types have', (_name, shape) => {
    const body = asSdkRequest(chatRequest('gpt-4o-mini', input, 'data:image/png;base64,iVBORw0=', shape));
    expect(Object.keys(body)).not.toEqual([]);
    expect(sdkMembers(completions, 'ChatCompletionCreateParamsBase')).toEqual(
      expect.arrayContaining(Object.keys(body)),
    );
    const [system, user] = body.messages;
    expect(sdkMembers(completions, 'ChatCompletionSystemMessageParam')).toEqual(
      expect.arrayContaining(Object.keys(system!)),
    );
    expect(sdkMembers(completions, 'ChatCompletionUserMessageParam')).toEqual(
      expect.arrayContaining(Object.keys(user!)),
    );
    const parts = Array.isArray(user!.content) ? user!.content : [];
    const [text, image] = parts;
    expect(sdkMembers(completions, 'ChatCompletionContentPartText')).toEqual(
      expect.arrayContaining(Object.keys(text!)),
    );
    expect(sdkMembers(completions, 'ChatCompletionContentPartImage')).toEqual(
      expect.arrayContaining(Object.keys(image!)),
    );
    const imageUrl = image && 'image_url' in image ? image.image_url : {};
    expect(sdkMembers(completions, 'ImageURL', 'ChatCompletionContentPartImage')).toEqual(
      expect.arrayContaining(Object.keys(imageUrl)),
    );
    const format = body.response_format!;
    expect(sdkMembers(shared, 'ResponseFormatJSONSchema')).toEqual(
      expect.arrayContaining(Object.keys(format)),
    );
    const schema = 'json_schema' in format ? format.json_schema : {};
    expect(sdkMembers(shared, 'JSONSchema', 'ResponseFormatJSONSchema')).toEqual(
      expect.arrayContaining(Object.keys(schema)),
    );
  });

  it('finds a key the SDK lacks, so the check above can fail', () => {
    expect(sdkMembers(completions, 'ChatCompletionCreateParamsBase')).toEqual(
      expect.arrayContaining(['model', 'messages', 'max_completion_tokens', 'max_tokens', 'temperature']),
    );
    expect(sdkMembers(completions, 'ChatCompletionCreateParamsBase')).not.toContain('max_output_tokens');
    expect(sdkMembers(completions, 'ImageURL', 'ChatCompletionContentPartImage')).toEqual(['url', 'detail']);
  });
});
