import { describe, expect, it } from 'vitest';
import type { PrintifySandbox } from './printify-sandbox.ts';
import { usePrintifySandboxes } from './printify-sandbox-test-kit.ts';

const start = usePrintifySandboxes();

function get(sandbox: PrintifySandbox, path = '/v1/shops.json', method = 'GET') {
  return fetch(`${sandbox.url}${path}`, { method, headers: { authorization: `Bearer ${sandbox.token}` } });
}

/** `count` calls, `batch` at a time, answering each status in order. */
async function statuses(count: number, send: () => Promise<Response>, batch = 50): Promise<number[]> {
  const all: number[] = [];
  for (let done = 0; done < count; done += batch) {
    const replies = await Promise.all(Array.from({ length: Math.min(batch, count - done) }, send));
    for (const reply of replies) {
      await reply.arrayBuffer();
      all.push(reply.status);
    }
  }
  return all;
}

describe('failNext', () => {
  it('answers the queued faults in order, then normally again', async () => {
    const sandbox = await start();
    sandbox.failNext('rate_limit', 2);
    sandbox.failNext('server_error');
    sandbox.failNext('unauthorized');
    sandbox.failNext({ status: 503, body: { message: 'down' }, headers: { 'x-why': 'test' } });
    const limited = await get(sandbox);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('retry-after-ms')).toBe('20');
    expect(await limited.json()).toEqual({ message: 'Too Many Attempts.' });
    expect((await get(sandbox)).status).toBe(429);
    expect((await get(sandbox)).status).toBe(500);
    const refused = await get(sandbox);
    expect([refused.status, await refused.json()]).toEqual([401, {}]);
    const custom = await get(sandbox);
    expect([custom.status, custom.headers.get('x-why'), await custom.json()]).toEqual([
      503,
      'test',
      { message: 'down' },
    ]);
    expect((await get(sandbox)).status).toBe(200);
    expect(sandbox.requests).toHaveLength(6);
    expect(sandbox.requests[0]).toMatchObject({ method: 'GET', path: '/v1/shops.json' });
  });

  it('answers normally but only after slowMs for a slow fault', async () => {
    const sandbox = await start({ slowMs: 150 });
    sandbox.failNext('slow');
    const began = Date.now();
    const reply = await get(sandbox);
    expect(reply.status).toBe(200);
    expect(Date.now() - began).toBeGreaterThanOrEqual(140);
  });
});

describe('faultRate', () => {
  it('fails about that share of requests with 429s and 500s, the same way for the same seed', async () => {
    const sandbox = await start({ faultRate: 0.2, seed: 7 });
    const seen = await statuses(500, () => get(sandbox));
    const failed = seen.filter((status) => status !== 200);
    expect(failed.length / seen.length).toBeGreaterThan(0.15);
    expect(failed.length / seen.length).toBeLessThan(0.25);
    expect(new Set(failed)).toEqual(new Set([429, 500]));

    const twin = await start({ faultRate: 0.2, seed: 7 });
    const inOrder: number[] = [];
    for (let i = 0; i < 40; i += 1) inOrder.push((await get(twin)).status);
    const again = await start({ faultRate: 0.2, seed: 7 });
    for (let i = 0; i < 40; i += 1) expect((await get(again)).status).toBe(inOrder[i]);
  });

  it('can be changed while running', async () => {
    const sandbox = await start({ faultRate: 1 });
    expect((await get(sandbox)).status).not.toBe(200);
    sandbox.setFaultRate(0);
    expect(await statuses(50, () => get(sandbox))).toEqual(Array(50).fill(200));
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after 600 requests in a minute', async () => {
    const sandbox = await start();
    const seen = await statuses(600, () => get(sandbox));
    expect(seen.every((status) => status === 200)).toBe(true);
    const refused = await get(sandbox);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('600');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(55);
  });

  it('counts every token of the account against the same 600 a minute', async () => {
    const sandbox = await start({ otherTokens: ['second-token'] });
    const second = () =>
      fetch(`${sandbox.url}/v1/shops.json`, { headers: { authorization: 'Bearer second-token' } });
    const seen = await statuses(300, () => get(sandbox));
    const others = await statuses(300, second);
    expect([...seen, ...others].every((status) => status === 200)).toBe(true);
    expect((await second()).status).toBe(429);
    expect((await get(sandbox)).status).toBe(429);
    const stranger = await fetch(`${sandbox.url}/v1/shops.json`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(stranger.status).toBe(401);
  });

  it('answers 429 after 200 publishes in 30 minutes', async () => {
    const sandbox = await start();
    const shop = sandbox.shops[0]?.id;
    const publish = () => get(sandbox, `/v1/shops/${shop}/products/${'f'.repeat(24)}/publish.json`, 'POST');
    const seen = await statuses(200, publish);
    expect(seen.every((status) => status === 404)).toBe(true);
    const refused = await publish();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('200');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await get(sandbox)).status).toBe(200);
  });
});
