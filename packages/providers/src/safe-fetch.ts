/**
 * Outbound requests to an address a seller typed (their WooCommerce store) that cannot be turned
 * against PodFlow's own network (SSRF): every address connected to is checked at connect time.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { type LookupFunction, isIP } from 'node:net';
import { Agent, Response as UndiciResponse, buildConnector, fetch as undiciFetch } from 'undici';
import { isLocalHostname, isPublicAddress } from './safe-fetch-address.ts';

export { isPublicAddress } from './safe-fetch-address.ts';

export type OutboundPolicy = {
  /** Tests and the demo only: private/loopback addresses and plain http are allowed. */
  allowPrivate: boolean;
  /** Response bodies larger than this fail (default 10 MiB). */
  maxResponseBytes?: number;
  /** Connect + whole response, per request (default 30 s); the caller's own signal still applies. */
  timeoutMs?: number;
};

/** Every address a host name resolves to, IPv4 and IPv6 (tests inject their own answers). */
export type LookupFn = (hostname: string) => Promise<LookupAddress[]>;

/** Thrown for a refused URL or address; `message` is a sentence a seller can act on. */
export class UnsafeUrlError extends Error {
  readonly code = 'unsafe_url';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UnsafeUrlError';
  }
}

const defaultMaxResponseBytes = 10 * 1024 * 1024;
const defaultTimeoutMs = 30_000;
const systemLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Connect-time check of a seller's URL: https only (unless allowPrivate), no credentials, and every
 * address the host resolves to must be public. Returns the normalised URL.
 */
export async function checkOutboundUrl(
  url: string,
  policy: OutboundPolicy,
  lookup: LookupFn = systemLookup,
): Promise<URL> {
  const parsed = checkUrlShape(url, policy);
  const host = bareHost(parsed.hostname);
  if (policy.allowPrivate) return parsed;
  if (isIP(host) !== 0) {
    checkAddresses([host], policy);
    return parsed;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host, lookup);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'ENOTFOUND' && code !== 'ENODATA') throw error;
    throw new UnsafeUrlError(`No server was found at ${host}; check the store address.`, { cause: error });
  }
  checkAddresses(addresses, policy);
  return parsed;
}

/**
 * A fetch (for http.ts's `fetch` option) that checks every connection: https only, each resolved
 * address checked in the connector and then connected to (so DNS rebinding cannot slip through),
 * IP literals checked too, redirects never followed, the body size and the total time bounded.
 */
export function safeFetch(policy: OutboundPolicy, lookup: LookupFn = systemLookup): typeof fetch {
  const maxBytes = policy.maxResponseBytes ?? defaultMaxResponseBytes;
  const timeoutMs = policy.timeoutMs ?? defaultTimeoutMs;
  const agent = new Agent({ connect: guardedConnector(policy, lookup, timeoutMs) });

  async function safe(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const request = typeof input === 'string' || input instanceof URL ? undefined : input;
    const url = checkUrlShape(request ? request.url : String(input), policy);
    const timeout = AbortSignal.timeout(timeoutMs);
    const callerSignal = init.signal ?? request?.signal;
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    // What the caller is told when the request or a body read fails.
    const explain = (error: unknown): unknown => {
      if (callerSignal?.aborted) return callerSignal.reason;
      if (timeout.aborted) {
        return failure(`${url.host} did not answer within ${duration(timeoutMs)}.`, 'ETIMEDOUT');
      }
      return unsafeCause(error) ?? error;
    };

    let response: UndiciResponse;
    try {
      response = await undiciFetch(url, {
        ...(request && initOf(request)),
        ...(init as object),
        redirect: 'manual',
        signal,
        dispatcher: agent,
      });
    } catch (error) {
      throw explain(error);
    }

    const { status } = response;
    if (status >= 300 && status < 400 && status !== 304) {
      await response.body?.cancel().catch(() => undefined);
      throw new UnsafeUrlError(
        `The store address redirects${whereTo(response, url)} (HTTP ${status}); ` +
          'PodFlow does not follow redirects, so enter the final address instead.',
      );
    }
    const tooLarge = () =>
      failure(
        `The answer from ${url.host} is larger than ${size(maxBytes)}, the most PodFlow reads.`,
        'response_too_large',
      );
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const body = response.body && bounded(response.body, maxBytes, tooLarge, explain);
    const limited = new UndiciResponse(body, {
      status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(limited, 'url', { value: response.url });
    return limited as unknown as Response;
  }
  return safe as typeof fetch;
}

/** What a Request given as fetch's first argument carries, for undici's own fetch to send. */
function initOf(request: Request): object {
  const init = { method: request.method, headers: [...request.headers] };
  return request.body ? { ...init, body: request.body, duplex: 'half' } : init;
}

/** " to <absolute Location>" for a redirect's message, or nothing when it names no place. */
function whereTo(response: UndiciResponse, base: URL): string {
  const location = response.headers.get('location');
  if (!location) return '';
  try {
    return ` to ${new URL(location, base).href}`;
  } catch {
    return ` to ${location}`;
  }
}

/** Parses a URL and checks what can be seen without DNS: scheme, credentials, names meaning this machine. */
function checkUrlShape(url: string, policy: OutboundPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new UnsafeUrlError(
      'The store address is not a valid web address (for example https://shop.example.com).',
    );
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) {
    throw new UnsafeUrlError('The store address must start with https://.');
  }
  if (parsed.username || parsed.password) {
    throw new UnsafeUrlError('The store address must not contain a user name or password.');
  }
  if (!policy.allowPrivate && isLocalHostname(parsed.hostname)) {
    throw new UnsafeUrlError(
      `The store address points to this computer (${parsed.hostname}), which PodFlow does not connect to.`,
    );
  }
  return parsed;
}

/** Refuses the lot if any address is not public: a connection may go to any of them. */
function checkAddresses(addresses: string[], policy: OutboundPolicy): void {
  if (policy.allowPrivate) return;
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused === undefined) return;
  throw new UnsafeUrlError(
    `The store address points to a private or local network address (${refused}), which PodFlow does not connect to.`,
  );
}

/** Every address of a name; a name with none fails as getaddrinfo does (ENOTFOUND). */
async function resolve(hostname: string, lookup: LookupFn): Promise<string[]> {
  const answers = await lookup(hostname);
  if (answers.length === 0) throw failure(`getaddrinfo ENOTFOUND ${hostname}`, 'ENOTFOUND');
  return answers.map((answer) => answer.address);
}

/**
 * undici's connector with every address checked before the socket is opened: names through a lookup
 * that refuses non-public answers (net connects to exactly what it returns), IP literals (for which
 * net does no lookup) before connecting.
 */
function guardedConnector(
  policy: OutboundPolicy,
  lookup: LookupFn,
  timeout: number,
): buildConnector.connector {
  const checkedLookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname, lookup)
      .then((addresses) => {
        checkAddresses(addresses, policy);
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((answer) => wanted === 0 || answer.family === wanted);
        if (options.all) return callback(null, usable);
        const [first] = usable;
        if (!first) return callback(failure(`getaddrinfo ENOTFOUND ${hostname}`, 'ENOTFOUND'), '');
        callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
  const connect = buildConnector({ lookup: checkedLookup, timeout });
  return (options, callback) => {
    try {
      if (options.protocol !== 'https:' && !policy.allowPrivate) {
        throw new UnsafeUrlError('The store address must start with https://.');
      }
      const host = bareHost(options.hostname);
      if (isIP(host) !== 0) checkAddresses([host], policy);
    } catch (error) {
      callback(error as Error, null);
      return;
    }
    connect(options, callback);
  };
}

/** A body that errors once more than `maxBytes` have come, and says why a read failed. */
function bounded(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => Error,
  explain: (error: unknown) => unknown,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) return controller.close();
        received += chunk.value.byteLength;
        if (received > maxBytes) throw tooLarge();
        controller.enqueue(chunk.value);
      } catch (error) {
        const reason = explain(error);
        controller.error(reason);
        await reader.cancel(reason).catch(() => undefined);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** fetch hides the connector's refusal in `cause`: find it so the caller gets the sentence itself. */
function unsafeCause(error: unknown): UnsafeUrlError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof UnsafeUrlError) return current;
  }
  return undefined;
}

/** An error with a `code`, as Node's system errors have (http.ts reads it to decide on retries). */
function failure(message: string, code: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

/** `[::1]` → `::1`: URL keeps the brackets, net and the checks want the bare address. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

function size(value: number): string {
  if (value >= 1024 * 1024) return `${Math.round((value / 1024 / 1024) * 10) / 10} MiB`;
  if (value >= 1024) return `${Math.round((value / 1024) * 10) / 10} KiB`;
  return `${value} bytes`;
}
