import { getEventListeners } from 'node:events';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HttpClientOptions, type ProviderAttempt, RateLimiter, httpClient, retryAfter } from './http.ts';
import { readGelatoError } from './provider-error.ts';
import { UnsafeUrlError, safeFetch } from './safe-fetch.ts';
import { providerFailure } from './test-kit.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

const secret = 'sk-live-0123456789abcdef';
let server: Server;
let baseUrl: string;
/** Answers for the next requests, in order; the last one repeats. */
let handlers: Handler[] = [];
let received: Received[] = [];
let sleeps: number[] = [];

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const handler = handlers.length > 1 ? handlers.shift()! : handlers[0]!;
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  handlers = [json(200, { ok: true })];
  received = [];
  sleeps = [];
});

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

function client(options: Partial<HttpClientOptions> = {}) {
  return httpClient({
    provider: 'Printify',
    baseUrl,
    headers: { Authorization: `Bearer ${secret}` },
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...options,
  });
}

describe('httpClient: requests', () => {
  it('sends JSON with auth, user agent and query, and parses the JSON answer', async () => {
    handlers = [json(200, { id: 7 })];
    const answer = await client().request<{ id: number }>('POST', '/v1/things.json', {
      body: { title: 'Ünïcode' },
      query: { page: 2, skip: undefined, q: 'a b' },
    });
    expect(answer).toEqual({ id: 7 });
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/things.json?page=2&q=a+b');
    expect(request!.headers.authorization).toBe(`Bearer ${secret}`);
    expect(request!.headers['user-agent']).toBe('PodFlow/0.1');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ title: 'Ünïcode' });
  });

  it('sends no content type on a read, and an empty answer is undefined', async () => {
    handlers = [(_req, res) => res.writeHead(204).end()];
    expect(await client({ baseUrl: `${baseUrl}/` }).request('GET', '/v1/shops.json')).toBeUndefined();
    expect(received[0]!.headers['content-type']).toBeUndefined();
    expect(received[0]!.url).toBe('/v1/shops.json');
  });

  it('takes every limiter before every attempt, the retries included', async () => {
    handlers = [json(500, {}), json(200, {})];
    const own = new RateLimiter(100, 1_000);
    const extra = new RateLimiter(100, 1_000);
    const takes = [vi.spyOn(own, 'take'), vi.spyOn(extra, 'take')];
    await client({ limiters: [own] }).request('GET', '/x', { limiters: [extra] });
    expect(takes.map((take) => take.mock.calls.length)).toEqual([2, 2]);
  });
});

describe('httpClient: forms and per-request headers', () => {
  it('sends a form url-encoded in its order, brackets and all, and parses the JSON answer', async () => {
    handlers = [json(200, { id: 'cs_1' })];
    const form = { mode: 'subscription', 'line_items[0][price]': 'price_1', 'metadata[note]': 'a&b =ü' };
    expect(await client().request('POST', '/v1/checkout/sessions', { form })).toEqual({ id: 'cs_1' });
    const [request] = received;
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.body).toBe(
      'mode=subscription&line_items%5B0%5D%5Bprice%5D=price_1&metadata%5Bnote%5D=a%26b+%3D%C3%BC',
    );
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual(form);
  });

  it('sends the same per-request headers on every attempt, beside the auth headers', async () => {
    handlers = [json(500, {}), json(503, {}), json(200, { ok: 3 })];
    const headers = { 'Idempotency-Key': 'key-123' };
    const answer = await client().request('POST', '/v1/x', { form: { a: '1' }, headers, idempotent: true });
    expect(answer).toEqual({ ok: 3 });
    expect(received).toHaveLength(3);
    expect(received.map((r) => r.headers['idempotency-key'])).toEqual(['key-123', 'key-123', 'key-123']);
    expect(received.map((r) => r.body)).toEqual(['a=1', 'a=1', 'a=1']);
    expect(received.every((r) => r.headers.authorization === `Bearer ${secret}`)).toBe(true);
  });

  it('keeps per-request headers to their own request', async () => {
    await client().request('GET', '/first', { headers: { 'X-Trace': 'one' } });
    await client().request('GET', '/second');
    expect(received.map((r) => r.headers['x-trace'])).toEqual(['one', undefined]);
  });

  it('refuses a request with both a JSON body and a form, sending nothing', async () => {
    await expect(client().request('POST', '/x', { body: {}, form: { a: '1' } })).rejects.toThrow(
      'A request sends either a JSON body or a form, not both',
    );
    expect(received).toHaveLength(0);
  });
});

describe('httpClient: retries', () => {
  it('waits as a 429 Retry-After says, then succeeds', async () => {
    handlers = [
      json(429, {}, { 'Retry-After': '2' }),
      json(429, {}, { 'retry-after-ms': '150' }),
      json(200, { ok: 1 }),
    ];
    expect(await client().request('GET', '/x')).toEqual({ ok: 1 });
    expect(sleeps).toEqual([2_000, 150]);
    expect(received).toHaveLength(3);
  });

  it('backs off exponentially with full jitter on 5xx, then succeeds', async () => {
    handlers = [json(500, {}), json(502, {}), json(503, {}), json(200, { ok: 2 })];
    const random = vi.fn(() => 0.5);
    expect(await client({ random }).request('PUT', '/x', { body: {} })).toEqual({ ok: 2 });
    // half of 500, 1000 and 2000 ms
    expect(sleeps).toEqual([250, 500, 1_000]);
    expect(random).toHaveBeenCalledTimes(3);
  });

  it('caps the backoff at 20 s', async () => {
    handlers = [json(503, {})];
    await providerFailure(client({ random: () => 0.999999, maxRetries: 8 }).request('GET', '/x'));
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(20_000);
    expect(sleeps.at(-1)).toBeGreaterThan(19_000);
  });

  it('gives up after maxRetries with a retryable error that names the provider and the attempts', async () => {
    handlers = [json(503, { message: 'Service unavailable' })];
    const error = await providerFailure(client({ maxRetries: 2 }).request('GET', '/v1/shops.json'));
    expect(received).toHaveLength(3);
    expect(error).toMatchObject({ provider: 'Printify', status: 503, retryable: true });
    expect(error.message).toBe(
      'Printify answered GET /v1/shops.json with HTTP 503: Service unavailable (after 3 attempts)',
    );
  });

  it('gives up at once when told to wait longer than a minute, passing the wait on', async () => {
    handlers = [json(429, { message: 'Publishing limit' }, { 'Retry-After': '1200' })];
    const error = await providerFailure(client().request('POST', '/publish.json', { idempotent: true }));
    expect(received).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 1_200_000 });
  });

  it('does not repeat a create after a 5xx (it may have been made), but does after a 429', async () => {
    handlers = [json(500, { error: 'Internal' })];
    const error = await providerFailure(client().request('POST', '/v1/shops/1/products.json', { body: {} }));
    expect(received).toHaveLength(1);
    expect(error).toMatchObject({ status: 500, retryable: true });
    received = [];
    handlers = [json(429, {}), json(200, { id: 'p' })];
    expect(await client().request('POST', '/v1/shops/1/products.json', { body: {} })).toEqual({ id: 'p' });
    expect(received).toHaveLength(2);
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
      handlers = [
        typeof body === 'string'
          ? (_req, res) => res.writeHead(status, { 'Content-Type': 'text/plain' }).end(body)
          : json(status, body),
      ];
      const error = await providerFailure(client().request('GET', '/v1/shops/2/products/1.json'));
      expect(received).toHaveLength(1);
      expect(sleeps).toEqual([]);
      expect(error).toMatchObject({ provider: 'Printify', status, retryable: false, code });
      expect(error.message).toContain(
        `Printify answered GET /v1/shops/2/products/1.json with HTTP ${status}`,
      );
      expect(error.message).toContain(reason);
    },
  );

  it('says so when the provider gave no reason (401 {})', async () => {
    handlers = [json(401, {})];
    const error = await providerFailure(client().request('GET', '/v1/shops.json'));
    expect(error.message).toBe('Printify answered GET /v1/shops.json with HTTP 401 without a reason');
  });

  it("reads Gelato's shape: message before error", async () => {
    handlers = [json(404, { message: 'Template not found', error: 'not_found', code: 'NOT_FOUND' })];
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
    handlers = [() => undefined];
    const error = await providerFailure(client({ timeoutMs: 100, maxRetries: 1 }).request('GET', '/slow'));
    expect(received).toHaveLength(2);
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
    expect(sleeps).toHaveLength(2);
  });

  it('stops when the caller aborts, while waiting for an answer or between attempts', async () => {
    handlers = [() => undefined];
    const reason = new Error('job cancelled');
    const during = new AbortController();
    setTimeout(() => during.abort(reason), 50);
    await expect(client().request('GET', '/slow', { signal: during.signal })).rejects.toBe(reason);

    handlers = [json(503, {})];
    const between = new AbortController();
    const sleep = (ms: number) => {
      sleeps.push(ms);
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
    handlers = [json(429, {}, { 'Retry-After': '1' }), json(200, { ok: true })];
    await client({ onAttempt }).request('POST', '/v1/shops.json', { body: {} });
    expect(attempts).toEqual([
      { provider: 'Printify', method: 'POST', status: 429, ok: false },
      { provider: 'Printify', method: 'POST', status: 200, ok: true },
    ]);
    expect(durations.every((ms) => ms >= 0 && ms < 5000)).toBe(true);
  });

  it('tells a timeout as status 0, a 2xx that is not JSON as a failure, and a 500 not retried once', async () => {
    const { attempts, onAttempt } = seen();
    handlers = [() => undefined];
    await providerFailure(client({ onAttempt, timeoutMs: 50, maxRetries: 0 }).request('GET', '/slow'));
    handlers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html>proxy</html>');
      },
    ];
    await providerFailure(client({ onAttempt }).request('GET', '/page'));
    handlers = [json(500, {})];
    await providerFailure(client({ onAttempt }).request('POST', '/create', { body: {} }));
    expect(attempts).toEqual([
      { provider: 'Printify', method: 'GET', status: 0, ok: false },
      { provider: 'Printify', method: 'GET', status: 200, ok: false },
      { provider: 'Printify', method: 'POST', status: 500, ok: false },
    ]);
  });

  it('goes on as if nothing happened when the observer throws', async () => {
    handlers = [json(503, {}), json(200, { id: 'p' })];
    const onAttempt = vi.fn(() => {
      throw new Error('metrics are broken');
    });
    expect(await client({ onAttempt }).request('GET', '/v1/shops.json')).toEqual({ id: 'p' });
    expect(onAttempt).toHaveBeenCalledTimes(2);
    expect(received).toHaveLength(2);
  });
});

describe('httpClient: secrets', () => {
  const echo: Handler = (req, res) => {
    const header = String(req.headers.authorization ?? req.headers['x-api-key']);
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: `Token ${header} is not valid (${encodeURIComponent(header)})` }));
  };

  it('never puts the auth header into an error message, its JSON or its stack', async () => {
    handlers = [echo];
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
    handlers = [(req, res) => res.writeHead(500).end(`upstream saw key=${String(req.headers['x-api-key'])}`)];
    const gelato = client({ provider: 'Gelato', headers: { 'X-API-KEY': secret }, maxRetries: 0 });
    const error = await providerFailure(gelato.request('GET', '/v1/templates/t'));
    expect(error.message).toBe(
      'Gelato answered GET /v1/templates/t with HTTP 500: upstream saw key=[redacted]',
    );
  });
});

describe('httpClient: what every request carries', () => {
  it('asks for JSON with its own user agent, whatever trailing slashes the base URL has', async () => {
    await client({ baseUrl: `${baseUrl}//`, userAgent: 'PodFlow-Test/2' }).request('GET', '/v1/shops.json');
    expect(received[0]).toMatchObject({
      url: '/v1/shops.json',
      headers: { accept: 'application/json', 'user-agent': 'PodFlow-Test/2' },
    });
  });

  it('tries five times in all by default before giving up on a 503', async () => {
    handlers = [json(503, {})];
    const error = await providerFailure(client().request('GET', '/v1/shops.json'));
    expect(received).toHaveLength(5);
    expect(error.message).toMatch(/\(after 5 attempts\)$/);
  });
});

describe('httpClient: a create is never sent twice', () => {
  it('does not repeat a create that timed out: the provider may have made it', async () => {
    handlers = [() => undefined];
    const create = client({ timeoutMs: 50, maxRetries: 3 }).request('POST', '/v1/products.json', {
      body: {},
    });
    const error = await providerFailure(create);
    expect(received).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(error).toMatchObject({ status: 0, code: 'ETIMEDOUT', retryable: true });
    expect(error.message).toBe('Printify did not answer POST /v1/products.json within 50 ms');
  });

  it('does not repeat a create whose connection broke after it was sent, but repeats a read', async () => {
    handlers = [(req) => req.socket.destroy()];
    const create = client({ maxRetries: 2 }).request('POST', '/v1/products.json', { body: {} });
    const error = await providerFailure(create);
    expect(received).toHaveLength(1);
    expect(error).toMatchObject({ status: 0, retryable: true });
    expect(error.message).toMatch(/^Printify could not be reached \(POST \/v1\/products.json\): /);
    received = [];
    await providerFailure(client({ maxRetries: 2 }).request('GET', '/v1/products.json'));
    expect(received).toHaveLength(3);
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
      received = [];
      handlers = [json(408, { message: 'Request Timeout' }), json(200, { id: method })];
      expect(await client().request(method, '/v1/products.json')).toEqual({ id: method });
      expect(received).toHaveLength(2);
    }
    handlers = [json(408, {})];
    const error = await providerFailure(client({ maxRetries: 0 }).request('POST', '/v1/products.json'));
    expect(error).toMatchObject({ status: 408, retryable: true });
  });

  it('does not repeat an update the caller says is not idempotent after a 5xx', async () => {
    handlers = [json(502, {})];
    const error = await providerFailure(
      client().request('PUT', '/v1/orders/1/charge.json', { body: {}, idempotent: false }),
    );
    expect(received).toHaveLength(1);
    expect(error).toMatchObject({ status: 502, retryable: true });
  });
});

describe('httpClient: an address the SSRF guard refuses', () => {
  it('fails at once with its sentence, not retryable, and nothing is sent', async () => {
    const guarded = client({ fetch: safeFetch({ allowPrivate: false }), maxRetries: 3 });
    const error = await providerFailure(guarded.request('POST', '/wp-json/wc/v3/products', { body: {} }));
    expect(error).toMatchObject({ provider: 'Printify', status: 0, code: 'unsafe_url', retryable: false });
    expect(error.message).toBe('The store address must start with https://.');
    expect(received).toEqual([]);
    expect(sleeps).toEqual([]);
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
    handlers = [
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(`<html>\n  <body>Sign in   again (${secret})</body>\n</html>\n`);
      },
    ];
    const error = await providerFailure(client().request('GET', '/v1/shops.json'));
    expect(received).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(error).toMatchObject({ status: 200, code: undefined, retryable: false });
    expect(error.message).toBe(
      'Printify answered GET /v1/shops.json with something that is not JSON: <html> <body>Sign in again ([redacted])</body> </html>',
    );
  });

  it('takes a 2xx body of only white space as an empty answer', async () => {
    handlers = [(_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(' \n\t ')];
    expect(await client().request('DELETE', '/v1/shops/1.json')).toBeUndefined();
  });

  it('quotes at most 300 characters of a reason', async () => {
    handlers = [json(400, { error: `${'a'.repeat(298)}\n\t b` })];
    const whole = await providerFailure(client().request('GET', '/x'));
    expect(whole.message).toBe(`Printify answered GET /x with HTTP 400: ${'a'.repeat(298)} b`);
    handlers = [json(400, { error: `${'a'.repeat(300)}bc` })];
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
    handlers = [() => undefined];
    const [one, more] = await Promise.all(
      [1_000, 1_250].map((timeoutMs) =>
        providerFailure(client({ timeoutMs, maxRetries: 0 }).request('GET', '/slow')),
      ),
    );
    expect(one!.message).toBe('Printify did not answer GET /slow within 1 s');
    expect(more!.message).toBe('Printify did not answer GET /slow within 1.3 s');
  });
});

describe('httpClient: waits', () => {
  it('sends nothing until the backoff is over, with or without a signal', async () => {
    for (const signal of [undefined, new AbortController().signal]) {
      const log: string[] = [];
      handlers = [json(503, {}), json(200, { ok: 1 })];
      const sleep = async (ms: number) => {
        await delay(30);
        log.push(`slept ${ms}`);
      };
      const sent = () => log.push('sent');
      server.on('request', sent);
      try {
        expect(await client({ sleep }).request('GET', '/x', { signal })).toEqual({ ok: 1 });
      } finally {
        server.off('request', sent);
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
      server.once('request', () => log.push('second sent'));
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
    expect(received).toEqual([]);
  });

  it('really sleeps when no sleep is injected', async () => {
    handlers = [json(429, {}, { 'retry-after-ms': '40' }), json(200, { ok: 1 })];
    const started = performance.now();
    expect(await client({ sleep: undefined }).request('GET', '/x')).toEqual({ ok: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it("leaves no listener on the caller's signal once a request with waits is over", async () => {
    const { signal } = new AbortController();
    handlers = [json(503, {}), json(200, { ok: 1 })];
    const limiter = new RateLimiter(10, 1_000);
    await client({ limiters: [limiter] }).request('GET', '/x', { signal });
    expect(received).toHaveLength(2);
    expect(getEventListeners(signal, 'abort')).toEqual([]);
  });

  it("rejects with the caller's reason when a create is aborted mid-answer, telling no attempt", async () => {
    handlers = [() => undefined];
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
    handlers = [json(429, {}, { 'Retry-After': '60' }), json(200, { ok: 1 })];
    expect(await client().request('GET', '/x')).toEqual({ ok: 1 });
    expect(sleeps).toEqual([60_000]);
    handlers = [json(429, {}, { 'retry-after-ms': '60001' })];
    expect(await providerFailure(client().request('GET', '/x'))).toMatchObject({ retryAfterMs: 60_001 });
    expect(sleeps).toEqual([60_000]);
  });

  it('keeps the wait the provider asked for in the error it gives up with', async () => {
    handlers = [json(429, { message: 'Slow down' }, { 'Retry-After': '2' })];
    const error = await providerFailure(client({ maxRetries: 1 }).request('GET', '/v1/shops.json'));
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 2_000 });
    expect(error.message).toBe(
      'Printify answered GET /v1/shops.json with HTTP 429: Slow down (after 2 attempts)',
    );
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
