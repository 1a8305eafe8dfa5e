import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * What the Printify and Gelato sandboxes share: recorded requests, a fault plan (a queue from
 * `failNext` plus a seeded random share of throttled or failing answers), a sliding-window rate
 * limiter, image sniffing and downloading as the providers do it, and a tiny PNG writer for the
 * mockups and previews they serve.
 */

export type SandboxFault =
  /** 429 with `Retry-After: 1` and `retry-after-ms: 20`. */
  | 'rate_limit'
  /** 500 with the provider's generic error body. */
  | 'server_error'
  /** The normal answer after `slowMs` (or sooner if the client hangs up). */
  | 'slow'
  /** 401, as for a revoked token. */
  | 'unauthorized'
  /** Any answer at all. */
  | { status: number; body: unknown; headers?: Record<string, string> };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
};

export type FaultBodies = { rate_limit: unknown; server_error: unknown; unauthorized: unknown };

export type FaultPlan = {
  failNext(fault: SandboxFault, times?: number): void;
  setFaultRate(rate: number): void;
  /** Sends the next fault on `reply` (true: the hook returns the reply) or lets the request on (false). */
  intercept(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** Lets every pending 'slow' wait go, for close(). */
  release(): void;
};

export type FaultPlanOptions = { faultRate?: number; seed?: number; slowMs?: number; bodies: FaultBodies };

/** A queue of faults first, then a seeded share (`faultRate`) of random 429s and 500s. */
export function createFaultPlan(options: FaultPlanOptions): FaultPlan {
  const queue: SandboxFault[] = [];
  const random = seededRandom(options.seed ?? 1);
  const slowMs = options.slowMs ?? 5_000;
  const pauses = new Set<() => void>();
  let rate = clampRate(options.faultRate ?? 0);

  function pick(): SandboxFault | undefined {
    const queued = queue.shift();
    if (queued !== undefined) return queued;
    if (rate === 0 || random() >= rate) return undefined;
    return random() < 0.5 ? 'rate_limit' : 'server_error';
  }

  /** Waits `slowMs`, but lets go when the client hangs up or the sandbox closes. */
  async function pause(request: FastifyRequest): Promise<void> {
    const stop = new AbortController();
    const letGo = () => stop.abort();
    pauses.add(letGo);
    request.raw.socket.once('close', letGo);
    await delay(slowMs, undefined, { signal: stop.signal }).catch(() => undefined);
    request.raw.socket.off('close', letGo);
    pauses.delete(letGo);
  }

  return {
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i += 1) queue.push(fault);
    },
    setFaultRate(next) {
      rate = clampRate(next);
    },
    async intercept(request, reply) {
      const fault = pick();
      if (fault === undefined) return false;
      if (fault === 'slow') {
        await pause(request);
        return false;
      }
      if (typeof fault === 'object') {
        reply
          .status(fault.status)
          .headers(fault.headers ?? {})
          .send(fault.body);
        return true;
      }
      if (fault === 'rate_limit') reply.headers({ 'retry-after': '1', 'retry-after-ms': '20' });
      const status = { rate_limit: 429, server_error: 500, unauthorized: 401 }[fault];
      reply.status(status).send(options.bodies[fault]);
      return true;
    },
    release() {
      for (const letGo of [...pauses]) letGo();
    },
  };
}

function clampRate(rate: number): number {
  return Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 0;
}

/** A generator of numbers in [0, 1) whose sequence depends only on the seed. */
export function seededRandom(seed: number): () => number {
  let drawn = 0;
  return () => createHash('sha256').update(`${seed}:${drawn++}`).digest().readUInt32BE(0) / 2 ** 32;
}

export type LimitOutcome = { allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number };

/** A sliding window of `limit` requests per `windowMs` for each key (a token). */
export function createWindowLimiter(limit: number, windowMs: number) {
  const hits = new Map<string, number[]>();
  return {
    take(key: string, now = Date.now()): LimitOutcome {
      const recent = (hits.get(key) ?? []).filter((at) => at > now - windowMs);
      hits.set(key, recent);
      if (recent.length >= limit) {
        const oldest = recent[0] ?? now;
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
        return { allowed: false, limit, remaining: 0, retryAfterSeconds };
      }
      recent.push(now);
      return { allowed: true, limit, remaining: limit - recent.length, retryAfterSeconds: 0 };
    },
  };
}

/** The request as tests read it back: method, path with query, headers and parsed body. */
function recordRequest(requests: RecordedRequest[], request: FastifyRequest): void {
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
  );
  requests.push({
    method: request.method,
    path: request.url,
    headers: Object.fromEntries(headers),
    body: request.body,
  });
}

/** Listens (port 0: a free one) and answers the base URL, e.g. http://127.0.0.1:41234. */
export async function listen(app: FastifyInstance, port: number, host: string): Promise<string> {
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
}

export type SniffedImage = {
  mime: 'image/png' | 'image/jpeg' | 'application/pdf';
  width: number;
  height: number;
};

/** What the bytes are by their magic numbers, with PNG and JPEG pixel sizes; undefined if no image. */
export function sniffImage(bytes: Buffer): SniffedImage | undefined {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(png) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ...jpegSize(bytes) };
  }
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return { mime: 'application/pdf', width: 0, height: 0 };
  return undefined;
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return { width: 0, height: 0 };
}

export type Download = { bytes: Buffer } | { error: string };

/** Downloads a file as a provider's servers would: http(s) only, a time limit, 2xx only. */
export async function download(url: string, timeoutMs = 5_000): Promise<Download> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: 'the URL is not valid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { error: 'only http(s) URLs' };
  try {
    const response = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!response.ok) return { error: `the server answered ${response.status}` };
    return { bytes: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    return { error: `the download failed (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** A 24-hex id made from the bytes, so the same bytes always get the same id. */
export const contentId = (bytes: Buffer): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 24);

/** A solid-colour RGB PNG of the given size (it deflates to a few hundred bytes). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export type SandboxAppOptions = {
  requests: RecordedRequest[];
  plan: FaultPlan;
  bodyLimit: number;
  /** Which requests are the provider's API (recorded, faulted, gated); default: paths under /v1/. */
  isApi?: (url: string) => boolean;
  /** The provider's checks after the fault plan (key, limits); returns the sent reply to stop there. */
  gate(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
};

/**
 * A Fastify app whose API requests (/v1 unless `isApi` says otherwise) are recorded, then answered by the fault plan if it says so,
 * then gated. JSON bodies parse as the providers parse them: an empty body with a JSON content type
 * is no body (a bodiless POST to publish is fine), and bad JSON fails with code 'SANDBOX_BAD_JSON'.
 */
export function createSandboxApp(options: SandboxAppOptions): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: options.bodyLimit, forceCloseConnections: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (String(text).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(String(text)));
    } catch {
      const error = new Error('The request body is not valid JSON.');
      done(Object.assign(error, { statusCode: 400, code: 'SANDBOX_BAD_JSON' }));
    }
  });
  const isApi = options.isApi ?? ((url: string) => url.startsWith('/v1/'));
  app.addHook('preHandler', async (request, reply) => {
    if (!isApi(request.url)) return;
    recordRequest(options.requests, request);
    if (await options.plan.intercept(request, reply)) return reply;
    return options.gate(request, reply);
  });
  return app;
}
