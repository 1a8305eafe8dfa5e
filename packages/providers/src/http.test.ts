import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { type ProviderAttempt, RateLimiter, retryAfter } from './http.ts';
import { readGelatoError } from './provider-error.ts';
import { type Handler, json, providerFailure, testSecret as secret, useLocalServer } from './test-kit.ts';

const env = useLocalServer();
const { client } = env;

describe('httpClient: requests', () => {
  it('sends JSON with auth, user agent and query, and parses the JSON answer', async () => {
    env.handlers = [json(200, { id: 7 })];
    const answer = await client().request<{ id: number }>('POST', '/v1/things.json', {
      body: { title: 'Ünïcode' },
      query: { page: 2, skip: undefined, q: 'a b' },
    });
    expect(answer).toEqual({ id: 7 });
    const [request] = env.received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/things.json?page=2&q=a+b');
    expect(request!.headers.authorization).toBe(`Bearer ${secret}`);
    expect(request!.headers['user-agent']).toBe('PodFlow/0.1');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ title: 'Ünïcode' });
  });

  it('sends no content type on a read, and an empty answer is undefined', async () => {
    env.handlers = [(_req, res) => res.writeHead(204).end()];
    expect(await client({ baseUrl: `${env.baseUrl}/` }).request('GET', '/v1/shops.json')).toBeUndefined();
    expect(env.received[0]!.headers['content-type']).toBeUndefined();
    expect(env.received[0]!.url).toBe('/v1/shops.json');
  });

  it('takes every limiter before every attempt, the retries included', async () => {
    env.handlers = [json(500, {}), json(200, {})];
    const own = new RateLimiter(100, 1_000);
    const extra = new RateLimiter(100, 1_000);
    const takes = [vi.spyOn(own, 'take'), vi.spyOn(extra, 'take')];
    await client({ limiters: [own] }).request('GET', '/x', { limiters: [extra] });
    expect(takes.map((take) => take.mock.calls.length)).toEqual([2, 2]);
  });
});

describe('httpClient: forms and per-request headers', () => {
  it('sends a form url-encoded in its order, brackets and all, and parses the JSON answer', async () => {
    env.handlers = [json(200, { id: 'cs_1' })];
    const form = { mode: 'subscription', 'line_items[0][price]': 'price_1', 'metadata[note]': 'a&b =ü' };
    expect(await client().request('POST', '/v1/checkout/sessions', { form })).toEqual({ id: 'cs_1' });
    const [request] = env.received;
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.body).toBe(
      'mode=subscription&line_items%5B0%5D%5Bprice%5D=price_1&metadata%5Bnote%5D=a%26b+%3D%C3%BC',
    );
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual(form);
  });

  it('sends the same per-request headers on every attempt, beside the auth headers', async () => {
    env.handlers = [json(500, {}), json(503, {}), json(200, { ok: 3 })];
    const headers = { 'Idempotency-Key': 'key-123' };
    const answer = await client().request('POST', '/v1/x', { form: { a: '1' }, headers, idempotent: true });
    expect(answer).toEqual({ ok: 3 });
    expect(env.received).toHaveLength(3);
    expect(env.received.map((r) => r.headers['idempotency-key'])).toEqual(['key-123', 'key-123', 'key-123']);
    expect(env.received.map((r) => r.body)).toEqual(['a=1', 'a=1', 'a=1']);
    expect(env.received.every((r) => r.headers.authorization === `Bearer ${secret}`)).toBe(true);
  });

  it('keeps per-request headers to their own request', async () => {
    await client().request('GET', '/first', { headers: { 'X-Trace': 'one' } });
    await client().request('GET', '/second');
    expect(env.received.map((r) => r.headers['x-trace'])).toEqual(['one', undefined]);
  });

  it('refuses a request with both a JSON body and a form, sending nothing', async () => {
    await expect(client().request('POST', '/x', { body: {}, form: { a: '1' } })).rejects.toThrow(
      'A request sends either a JSON body or a form, not both',
    );
    expect(env.received).toHaveLength(0);
  });
});

describe('httpClient: retries', () => {
  it('waits as a 429 Retry-After says, then succeeds', async () => {
    env.handlers = [
      json(429, {}, { 'Retry-After': '2' }),
      json(429, {}, { 'retry-after-ms': '150' }),
      json(200, { ok: 1 }),
    ];
    expect(await client().request('GET', '/x')).toEqual({ ok: 1 });
    expect(env.sleeps).toEqual([2_000, 150]);
    expect(env.received).toHaveLength(3);
  });

  it('backs off exponentially with full jitter on 5xx, then succeeds', async () => {
    env.handlers = [json(500, {}), json(502, {}), json(503, {}), json(200, { ok: 2 })];
    const random = vi.fn(() => 0.5);
    expect(await client({ random }).request('PUT', '/x', { body: {} })).toEqual({ ok: 2 });
    // half of 500, 1000 and 2000 ms
    expect(env.sleeps).toEqual([250, 500, 1_000]);
    expect(random).toHaveBeenCalledTimes(3);
  });

  it('caps the backoff at 20 s', async () => {
    env.handlers = [json(503, {})];
    await providerFailure(client({ random: () => 0.999999, maxRetries: 8 }).request('GET', '/x'));
    expect(Math.max(...env.sleeps)).toBeLessThanOrEqual(20_000);
    expect(env.sleeps.at(-1)).toBeGreaterThan(19_000);
  });

  it('gives up after maxRetries with a retryable error that names the provider and the attempts', async () => {
    env.handlers = [json(503, { message: 'Service unavailable' })];
    const error = await providerFailure(client({ maxRetries: 2 }).request('GET', '/v1/shops.json'));
    expect(env.received).toHaveLength(3);
    expect(error).toMatchObject({ provider: 'Printify', status: 503, retryable: true });
    expect(error.message).toBe(
      'Printify answered GET /v1/shops.json with HTTP 503: Service unavailable (after 3 attempts)',
    );
  });

  it('gives up at once when told to wait longer than a minute, passing the wait on', async () => {
    env.handlers = [json(429, { message: 'Publishing limit' }, { 'Retry-After': '1200' })];
    const error = await providerFailure(client().request('POST', '/publish.json', { idempotent: true }));
    expect(env.received).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 1_200_000 });
  });

  it('does not repeat a create after a 5xx (it may have been made), but does after a 429', async () => {
    env.handlers = [json(500, { error: 'Internal' })];
    const error = await providerFailure(client().request('POST', '/v1/shops/1/products.json', { body: {} }));
    expect(env.received).toHaveLength(1);
    expect(error).toMatchObject({ status: 500, retryable: true });
    env.received = [];
    env.handlers = [json(429, {}), json(200, { id: 'p' })];
    expect(await client().request('POST', '/v1/shops/1/products.json', { body: {} })).toEqual({ id: 'p' });
    expect(env.received).toHaveLength(2);
  });
});

describe('httpClient: errors', () => {
  const printifyShapes: [number, unknown, string, (string | number)?][] = [
    [
      400,
      {
        status: 'error',
        code: 8150,
        message: 'Validation failed.',
        errors: { reason: 'print_areas: The print areas field is required.', code: 8150 },
      },
      'print_areas: The print areas field is required.',
      8150,
    ],
    [
      400,
      { code: 8104, errors: { reason: 'Product 1 does not belongs to shop #2' } },
      'Product 1 does not',
      8104,
    ],
    [404, { error: 'Not found' }, 'Not found'],
    [422, { error: 'Invalid product ID format.' }, 'Invalid product ID format.'],
    [403, { message: 'Forbidden scope.' }, 'Forbidden scope.'],
    [413, 'Payload Too Large', 'Payload Too Large'],
  ];

  it.each(printifyShapes)(
    'fails at once on %i with the reason Printify gave',
    async (status, body, reason, code) => {
      env.handlers = [
        typeof body === 'string'
          ? (_req, res) => res.writeHead(status, { 'Content-Type': 'text/plain' }).end(body)
          : json(status, body),
      ];
      const error = await providerFailure(client().request('GET', '/v1/shops/2/products/1.json'));
      expect(env.received).toHaveLength(1);
      expect(env.sleeps).toEqual([]);
      expect(error).toMatchObject({ provider: 'Printify', status, retryable: false, code });
      expect(error.message).toContain(
        `Printify answered GET /v1/shops/2/products/1.json with HTTP ${status}`,
      );
      expect(error.message).toContain(reason);
    },
  );

  it('says so when the provider gave no reason (401 {})', async () => {
    env.handlers = [json(401, {})];
    const error = await providerFailure(client().request('GET', '/v1/shops.json'));
    expect(error.message).toBe('Printify answered GET /v1/shops.json with HTTP 401 without a reason');
  });

  it("reads Gelato's shape: message before error", async () => {
    env.handlers = [json(404, { message: 'Template not found', error: 'not_found', code: 'NOT_FOUND' })];
    const gelato = client({
      provider: 'Gelato',
      headers: { 'X-API-KEY': secret },
      readError: readGelatoError,
    });
    const error = await providerFailure(gelato.request('GET', '/v1/templates/t'));
    expect(error.message).toBe(
      'Gelato answered GET /v1/templates/t with HTTP 404, code NOT_FOUND: Template not found',
    );
  });

  it('times out each attempt and reports status 0', async () => {
    env.handlers = [() => undefined];
    const error = await providerFailure(client({ timeoutMs: 100, maxRetries: 1 }).request('GET', '/slow'));
    expect(env.received).toHaveLength(2);
    expect(error).toMatchObject({ status: 0, code: 'ETIMEDOUT', retryable: true });
    expect(error.message).toBe('Printify did not answer GET /slow within 100 ms (after 2 attempts)');
  });

  it('reports an unreachable host as status 0, retrying even a create since nothing was sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 2 });
    const error = await providerFailure(
      unreachable.request('POST', '/v1/shops/1/products.json', { body: {} }),
    );
    expect(error).toMatchObject({ status: 0, code: 'ECONNREFUSED', retryable: true });
    expect(error.message).toMatch(
      /^Printify could not be reached \(POST \/v1\/shops\/1\/products.json\): .*ECONNREFUSED/,
    );
    expect(env.sleeps).toHaveLength(2);
  });

  it('stops when the caller aborts, while waiting for an answer or between attempts', async () => {
    env.handlers = [() => undefined];
    const reason = new Error('job cancelled');
    const during = new AbortController();
    setTimeout(() => during.abort(reason), 50);
    await expect(client().request('GET', '/slow', { signal: during.signal })).rejects.toBe(reason);

    env.handlers = [json(503, {})];
    const between = new AbortController();
    const sleep = (ms: number) => {
      env.sleeps.push(ms);
      between.abort(reason);
      return new Promise<void>(() => undefined);
    };
    await expect(client({ sleep }).request('GET', '/x', { signal: between.signal })).rejects.toBe(reason);
  });
});

describe('httpClient: onAttempt (metrics)', () => {
  const seen = () => {
    const attempts: Array<Omit<ProviderAttempt, 'durationMs'>> = [];
    const durations: number[] = [];
    const onAttempt = ({ durationMs, ...attempt }: ProviderAttempt) => {
      attempts.push(attempt);
      durations.push(durationMs);
    };
    return { attempts, durations, onAttempt };
  };

  it('tells every attempt with its status: a 429 then the 200 of its retry', async () => {
    const { attempts, durations, onAttempt } = seen();
    env.handlers = [json(429, {}, { 'Retry-After': '1' }), json(200, { ok: true })];
    await client({ onAttempt }).request('POST', '/v1/shops.json', { body: {} });
    expect(attempts).toEqual([
      { provider: 'Printify', method: 'POST', status: 429, ok: false },
      { provider: 'Printify', method: 'POST', status: 200, ok: true },
    ]);
    expect(durations.every((ms) => ms >= 0 && ms < 5000)).toBe(true);
  });

  it('tells a timeout as status 0, a 2xx that is not JSON as a failure, and a 500 not retried once', async () => {
    const { attempts, onAttempt } = seen();
    env.handlers = [() => undefined];
    await providerFailure(client({ onAttempt, timeoutMs: 50, maxRetries: 0 }).request('GET', '/slow'));
    env.handlers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html>proxy</html>');
      },
    ];
    await providerFailure(client({ onAttempt }).request('GET', '/page'));
    env.handlers = [json(500, {})];
    await providerFailure(client({ onAttempt }).request('POST', '/create', { body: {} }));
    expect(attempts).toEqual([
      { provider: 'Printify', method: 'GET', status: 0, ok: false },
      { provider: 'Printify', method: 'GET', status: 200, ok: false },
      { provider: 'Printify', method: 'POST', status: 500, ok: false },
    ]);
  });

  it('goes on as if nothing happened when the observer throws', async () => {
    env.handlers = [json(503, {}), json(200, { id: 'p' })];
    const onAttempt = vi.fn(() => {
      throw new Error('metrics are broken');
    });
    expect(await client({ onAttempt }).request('GET', '/v1/shops.json')).toEqual({ id: 'p' });
    expect(onAttempt).toHaveBeenCalledTimes(2);
    expect(env.received).toHaveLength(2);
  });
});

describe('httpClient: secrets', () => {
  const echo: Handler = (req, res) => {
    const header = String(req.headers.authorization ?? req.headers['x-api-key']);
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: `Token ${header} is not valid (${encodeURIComponent(header)})` }));
  };

  it('never puts the auth header into an error message, its JSON or its stack', async () => {
    env.handlers = [echo];
    const error = await providerFailure(client().request('GET', '/v1/shops.json'));
    const everything = [error.message, JSON.stringify(error), error.stack, String(error.cause)].join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(encodeURIComponent(`Bearer ${secret}`));
    expect(error.message).toContain('Token [redacted] is not valid');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ProviderError',
      message: error.message,
      provider: 'Printify',
      status: 401,
      retryable: false,
    });
  });

  it('redacts a raw key echoed in a text body too', async () => {
    env.handlers = [
      (req, res) => res.writeHead(500).end(`upstream saw key=${String(req.headers['x-api-key'])}`),
    ];
    const gelato = client({ provider: 'Gelato', headers: { 'X-API-KEY': secret }, maxRetries: 0 });
    const error = await providerFailure(gelato.request('GET', '/v1/templates/t'));
    expect(error.message).toBe(
      'Gelato answered GET /v1/templates/t with HTTP 500: upstream saw key=[redacted]',
    );
  });
});

describe('httpClient: what every request carries', () => {
  it('asks for JSON with its own user agent, whatever trailing slashes the base URL has', async () => {
    await client({ baseUrl: `${env.baseUrl}//`, userAgent: 'PodFlow-Test/2' }).request(
      'GET',
      '/v1/shops.json',
    );
    expect(env.received[0]).toMatchObject({
      url: '/v1/shops.json',
      headers: { accept: 'application/json', 'user-agent': 'PodFlow-Test/2' },
    });
  });

  it('tries five times in all by default before giving up on a 503', async () => {
    env.handlers = [json(503, {})];
    const error = await providerFailure(client().request('GET', '/v1/shops.json'));
    expect(env.received).toHaveLength(5);
    expect(error.message).toMatch(/\(after 5 attempts\)$/);
  });
});

describe('retryAfter', () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it('reads seconds, milliseconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfter(headers({ 'Retry-After': '3' }), now)).toBe(3_000);
    expect(retryAfter(headers({ 'retry-after-ms': '20', 'Retry-After': '3' }), now)).toBe(20);
    expect(retryAfter(headers({ 'Retry-After': 'Sun, 22 Nov 2026 10:00:05 GMT' }), now)).toBe(5_000);
    expect(retryAfter(headers({ 'Retry-After': 'Sun, 22 Nov 2026 09:00:00 GMT' }), now)).toBe(0);
    expect(retryAfter(headers({ 'Retry-After': 'soon' }), now)).toBeUndefined();
    expect(retryAfter(headers({}), now)).toBeUndefined();
  });

  it('takes fractions and zero, rounding up, and ignores what is not a number of seconds', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfter(headers({ 'retry-after-ms': '20.2' }), now)).toBe(21);
    expect(retryAfter(headers({ 'retry-after-ms': '0', 'Retry-After': '3' }), now)).toBe(0);
    expect(retryAfter(headers({ 'retry-after-ms': '-5', 'Retry-After': '3' }), now)).toBe(3_000);
    expect(retryAfter(headers({ 'retry-after-ms': 'soon', 'Retry-After': '3' }), now)).toBe(3_000);
    expect(retryAfter(headers({ 'Retry-After': '1.25' }), now)).toBe(1_250);
    expect(retryAfter(headers({ 'Retry-After': '12' }), now)).toBe(12_000);
    expect(retryAfter(headers({ 'Retry-After': '0.0001' }), now)).toBe(1);
    for (const value of ['3abc', 'abc3', '1e3', '0x10']) {
      expect(retryAfter(headers({ 'Retry-After': value }), now)).toBeUndefined();
    }
  });
});
