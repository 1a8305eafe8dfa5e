import { getEventListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { RateLimiter } from './http.ts';
import { UnsafeUrlError, safeFetch } from './safe-fetch.ts';
import { json, providerFailure, testSecret as secret, useLocalServer } from './test-kit.ts';

/**
 * The HTTP helper where a provider write could go wrong: what is retried and what never is, an
 * address the SSRF guard refuses, answers that are not what they seem, and waits really awaited.
 */

const env = useLocalServer();
const { client } = env;

/** A fetch that fails before any answer as `error` says, counting its calls. */
function failingFetch(error: () => unknown) {
  const calls = { count: 0 };
  const fetch = async () => {
    calls.count++;
    throw error();
  };
  return { calls, fetch };
}

/** fetch's own failure: a TypeError whose cause is the socket error with its code. */
const socketFailure = (code: unknown, message: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });

describe('httpClient: a create is never sent twice', () => {
  it('does not repeat a create that timed out: the provider may have made it', async () => {
    env.handlers = [() => undefined];
    const create = client({ timeoutMs: 50, maxRetries: 3 }).request('POST', '/v1/products.json', {
      body: {},
    });
    const error = await providerFailure(create);
    expect(env.received).toHaveLength(1);
    expect(env.sleeps).toEqual([]);
    expect(error).toMatchObject({ status: 0, code: 'ETIMEDOUT', retryable: true });
    expect(error.message).toBe('Printify did not answer POST /v1/products.json within 50 ms');
  });

  it('does not repeat a create whose connection broke after it was sent, but repeats a read', async () => {
    env.handlers = [(req) => req.socket.destroy()];
    const create = client({ maxRetries: 2 }).request('POST', '/v1/products.json', { body: {} });
    const error = await providerFailure(create);
    expect(env.received).toHaveLength(1);
    expect(error).toMatchObject({ status: 0, retryable: true });
    expect(error.message).toMatch(/^Printify could not be reached \(POST \/v1\/products.json\): /);
    env.received = [];
    await providerFailure(client({ maxRetries: 2 }).request('GET', '/v1/products.json'));
    expect(env.received).toHaveLength(3);
  });

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])(
    'repeats a create that failed with %s (nothing reached the provider), keeping the cause',
    async (code) => {
      const { calls, fetch } = failingFetch(() => socketFailure(code, `connect ${code} api.example:443`));
      const error = await providerFailure(
        client({ fetch, maxRetries: 2 }).request('POST', '/v1/products.json', { body: {} }),
      );
      expect(calls.count).toBe(3);
      expect(error).toMatchObject({ status: 0, code, retryable: true });
      expect(error.message).toBe(
        `Printify could not be reached (POST /v1/products.json): connect ${code} api.example:443 (after 3 attempts)`,
      );
      expect(error.cause).toEqual(new Error(`connect ${code} api.example:443`));
    },
  );

  it('reads the socket code however deep fetch wraps it, skipping codes that are not names', async () => {
    const inner = Object.assign(new Error('connect EHOSTUNREACH 10.9.9.9:443'), { code: 'EHOSTUNREACH' });
    const wrapped = Object.assign(new Error('connector failed', { cause: inner }), { code: 42 });
    const { calls, fetch } = failingFetch(() => new TypeError('fetch failed', { cause: wrapped }));
    const create = client({ fetch, maxRetries: 1 }).request('POST', '/v1/products.json', { body: {} });
    expect(await providerFailure(create)).toMatchObject({ code: 'EHOSTUNREACH', retryable: true });
    expect(calls.count).toBe(2);
  });

  it('repeats a create after a 408 (the provider gave up before acting), like a read', async () => {
    for (const method of ['POST', 'GET'] as const) {
      env.received = [];
      env.handlers = [json(408, { message: 'Request Timeout' }), json(200, { id: method })];
      expect(await client().request(method, '/v1/products.json')).toEqual({ id: method });
      expect(env.received).toHaveLength(2);
    }
    env.handlers = [json(408, {})];
    const error = await providerFailure(client({ maxRetries: 0 }).request('POST', '/v1/products.json'));
    expect(error).toMatchObject({ status: 408, retryable: true });
  });

  it('does not repeat an update the caller says is not idempotent after a 5xx', async () => {
    env.handlers = [json(502, {})];
    const error = await providerFailure(
      client().request('PUT', '/v1/orders/1/charge.json', { body: {}, idempotent: false }),
    );
    expect(env.received).toHaveLength(1);
    expect(error).toMatchObject({ status: 502, retryable: true });
  });
});

describe('httpClient: an address the SSRF guard refuses', () => {
  it('fails at once with its sentence, not retryable, and nothing is sent', async () => {
    const guarded = client({ fetch: safeFetch({ allowPrivate: false }), maxRetries: 3 });
    const error = await providerFailure(guarded.request('POST', '/wp-json/wc/v3/products', { body: {} }));
    expect(error).toMatchObject({ provider: 'Printify', status: 0, code: 'unsafe_url', retryable: false });
    expect(error.message).toBe('The store address must start with https://.');
    expect(env.received).toEqual([]);
    expect(env.sleeps).toEqual([]);
  });

  it('finds the refusal in the cause of a fetch failure too', async () => {
    const refusal = new UnsafeUrlError('The store address points to a private network.');
    const { calls, fetch } = failingFetch(() => new TypeError('fetch failed', { cause: refusal }));
    const error = await providerFailure(client({ fetch }).request('GET', '/wp-json/wc/v3/products'));
    expect(error).toMatchObject({ status: 0, code: 'unsafe_url', retryable: false });
    expect(error.message).toBe('The store address points to a private network.');
    expect(calls.count).toBe(1);
  });
});

describe('httpClient: answers that are not what they seem', () => {
  it('refuses a 2xx whose body is not JSON (a proxy page) at once, quoting it flattened and redacted', async () => {
    env.handlers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(`<html>\n  <body>Sign in   again (${secret})</body>\n</html>\n`);
      },
    ];
    const error = await providerFailure(client().request('GET', '/v1/shops.json'));
    expect(env.received).toHaveLength(1);
    expect(env.sleeps).toEqual([]);
    expect(error).toMatchObject({ status: 200, code: undefined, retryable: false });
    expect(error.message).toBe(
      'Printify answered GET /v1/shops.json with something that is not JSON: <html> <body>Sign in again ([redacted])</body> </html>',
    );
  });

  it('takes a 2xx body of only white space as an empty answer', async () => {
    env.handlers = [(_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(' \n\t ')];
    expect(await client().request('DELETE', '/v1/shops/1.json')).toBeUndefined();
  });

  it('quotes at most 300 characters of a reason', async () => {
    env.handlers = [json(400, { error: `${'a'.repeat(298)}\n\t b` })];
    const whole = await providerFailure(client().request('GET', '/x'));
    expect(whole.message).toBe(`Printify answered GET /x with HTTP 400: ${'a'.repeat(298)} b`);
    env.handlers = [json(400, { error: `${'a'.repeat(300)}bc` })];
    const cut = await providerFailure(client().request('GET', '/x'));
    expect(cut.message).toBe(`Printify answered GET /x with HTTP 400: ${'a'.repeat(300)}…`);
  });

  it('names a socket error without a message by its name, and a thrown string as it is', async () => {
    class HangUp extends Error {
      override name = 'HangUp';
    }
    const silent = failingFetch(() => new HangUp(''));
    const named = await providerFailure(client({ fetch: silent.fetch, maxRetries: 0 }).request('GET', '/x'));
    expect(named.message).toBe('Printify could not be reached (GET /x): HangUp');
    expect(named.code).toBeUndefined();
    const text = failingFetch(() => `socket hang up (${secret})`);
    const said = await providerFailure(client({ fetch: text.fetch, maxRetries: 0 }).request('GET', '/x'));
    expect(said.message).toBe('Printify could not be reached (GET /x): socket hang up ([redacted])');
    expect(said.cause).toEqual(new Error('socket hang up ([redacted])'));
  });

  it('quotes the failure itself when its cause is not an Error', async () => {
    const odd = failingFetch(() => new TypeError('fetch failed', { cause: { reason: 'socket closed' } }));
    const error = await providerFailure(client({ fetch: odd.fetch, maxRetries: 0 }).request('GET', '/x'));
    expect(error.message).toBe('Printify could not be reached (GET /x): fetch failed');
    expect(error.code).toBeUndefined();
  });

  it('says a timeout in seconds from one second on', async () => {
    env.handlers = [() => undefined];
    const [one, more] = await Promise.all(
      [1_000, 1_060].map((timeoutMs) =>
        providerFailure(client({ timeoutMs, maxRetries: 0 }).request('GET', '/slow')),
      ),
    );
    expect(one!.message).toBe('Printify did not answer GET /slow within 1 s');
    expect(more!.message).toBe('Printify did not answer GET /slow within 1.1 s');
  });
});

describe('httpClient: waits', () => {
  it('sends nothing until the backoff is over, with or without a signal', async () => {
    for (const signal of [undefined, new AbortController().signal]) {
      const log: string[] = [];
      env.handlers = [json(503, {}), json(200, { ok: 1 })];
      const sleep = async (ms: number) => {
        await delay(30);
        log.push(`slept ${ms}`);
      };
      const sent = () => log.push('sent');
      env.server.on('request', sent);
      try {
        expect(await client({ sleep }).request('GET', '/x', { signal })).toEqual({ ok: 1 });
      } finally {
        env.server.off('request', sent);
      }
      expect(log).toEqual(['sent', 'slept 250', 'sent']);
    }
  });

  it('sends nothing until every limiter lets it, with or without a signal', async () => {
    for (const signal of [undefined, new AbortController().signal]) {
      const log: string[] = [];
      let clock = 0;
      const sleep = async (ms: number) => {
        await delay(30);
        clock += ms;
        log.push(`limiter waited ${ms}`);
      };
      const limiter = new RateLimiter(1, 1_000, { now: () => clock, sleep });
      const limited = client({ limiters: [limiter] });
      await limited.request('GET', '/first', { signal });
      log.push('first answered');
      env.server.once('request', () => log.push('second sent'));
      await limited.request('GET', '/second', { signal });
      expect(log).toEqual(['first answered', 'limiter waited 1000', 'second sent']);
    }
  });

  it('stops while a limiter holds the request when the caller aborts, sending nothing', async () => {
    const reason = new Error('job cancelled');
    const controller = new AbortController();
    const limiter = new RateLimiter(1, 60_000, { sleep: () => new Promise<void>(() => undefined) });
    await limiter.take();
    setTimeout(() => controller.abort(reason), 20);
    const held = client({ limiters: [limiter] }).request('GET', '/x', { signal: controller.signal });
    await expect(held).rejects.toBe(reason);
    expect(env.received).toEqual([]);
  });

  it('really env.sleeps when no sleep is injected', async () => {
    env.handlers = [json(429, {}, { 'retry-after-ms': '40' }), json(200, { ok: 1 })];
    const started = performance.now();
    expect(await client({ sleep: undefined }).request('GET', '/x')).toEqual({ ok: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it("leaves no listener on the caller's signal once a request with waits is over", async () => {
    const { signal } = new AbortController();
    env.handlers = [json(503, {}), json(200, { ok: 1 })];
    const limiter = new RateLimiter(10, 1_000);
    await client({ limiters: [limiter] }).request('GET', '/x', { signal });
    expect(env.received).toHaveLength(2);
    expect(getEventListeners(signal, 'abort')).toEqual([]);
  });

  it("rejects with the caller's reason when a create is aborted mid-answer, telling no attempt", async () => {
    env.handlers = [() => undefined];
    const reason = new Error('job cancelled');
    const controller = new AbortController();
    const onAttempt = vi.fn();
    setTimeout(() => controller.abort(reason), 30);
    const create = client({ onAttempt }).request('POST', '/v1/products.json', {
      body: {},
      signal: controller.signal,
    });
    await expect(create).rejects.toBe(reason);
    expect(onAttempt).not.toHaveBeenCalled();
  });

  it('waits out a Retry-After of exactly a minute, but not a longer one', async () => {
    env.handlers = [json(429, {}, { 'Retry-After': '60' }), json(200, { ok: 1 })];
    expect(await client().request('GET', '/x')).toEqual({ ok: 1 });
    expect(env.sleeps).toEqual([60_000]);
    env.handlers = [json(429, {}, { 'retry-after-ms': '60001' })];
    expect(await providerFailure(client().request('GET', '/x'))).toMatchObject({ retryAfterMs: 60_001 });
    expect(env.sleeps).toEqual([60_000]);
  });

  it('keeps the wait the provider asked for in the error it gives up with', async () => {
    env.handlers = [json(429, { message: 'Slow down' }, { 'Retry-After': '2' })];
    const error = await providerFailure(client({ maxRetries: 1 }).request('GET', '/v1/shops.json'));
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 2_000 });
    expect(error.message).toBe(
      'Printify answered GET /v1/shops.json with HTTP 429: Slow down (after 2 attempts)',
    );
  });
});
