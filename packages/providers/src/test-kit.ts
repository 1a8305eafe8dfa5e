import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type HttpClientOptions, httpClient } from './http.ts';
import { ProviderError } from './provider-error.ts';

/** For tests: the ProviderError a call rejects with (the test fails if it resolves or throws anything else). */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** For tests: reads until `done` holds (a sandbox publishes a moment after the call), at most about half a second. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 50; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The condition never held');
}

type Sandbox = { url: string; requests: unknown[]; close(): Promise<void> };

/**
 * For tests: starts a sandbox around the file's tests and empties its request log before each;
 * `transport` makes a client record its waits in `sleeps` instead of sleeping, with no jitter.
 */
export function useSandbox<S extends Sandbox>(start: () => Promise<S>) {
  const env = {
    sandbox: undefined as unknown as S,
    sleeps: [] as number[],
    transport: { sleep: async (ms: number) => void env.sleeps.push(ms), random: () => 0 },
  };
  beforeAll(async () => {
    env.sandbox = await start();
  });
  afterAll(() => env.sandbox.close());
  beforeEach(() => {
    env.sleeps.length = 0;
    env.sandbox.requests.length = 0;
  });
  return env;
}

/** For tests: how the local server answers one request (`body` is the request's, as text). */
export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** For tests: the API key of `useLocalServer`'s client, to look for in what must not show it. */
export const testSecret = 'sk-live-0123456789abcdef';

/** For tests: a handler answering JSON with this status and these headers. */
export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

/**
 * For tests of the HTTP helper: a real server on loopback around the file's tests. It answers with
 * `handlers` in order (the last one repeats; by default a 200 `{ ok: true }`) and records what it
 * `received`; `client()` makes a Printify client of it whose waits go to `sleeps`, with no jitter.
 */
export function useLocalServer() {
  const env = {
    server: undefined as unknown as Server,
    baseUrl: '',
    handlers: [] as Handler[],
    received: [] as Received[],
    sleeps: [] as number[],
    client: (options: Partial<HttpClientOptions> = {}) =>
      httpClient({
        provider: 'Printify',
        baseUrl: env.baseUrl,
        headers: { Authorization: `Bearer ${testSecret}` },
        sleep: async (ms) => void env.sleeps.push(ms),
        random: () => 0.5,
        ...options,
      }),
  };
  beforeAll(async () => {
    env.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        env.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const handler = env.handlers.length > 1 ? env.handlers.shift()! : env.handlers[0]!;
        handler(req, res, body);
      });
    });
    await new Promise<void>((resolve) => env.server.listen(0, '127.0.0.1', resolve));
    env.baseUrl = `http://127.0.0.1:${(env.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    env.server.closeAllConnections();
    await new Promise((resolve) => env.server.close(resolve));
  });
  beforeEach(() => {
    env.handlers = [json(200, { ok: true })];
    env.received = [];
    env.sleeps = [];
  });
  return env;
}
