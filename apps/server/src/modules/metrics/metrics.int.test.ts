import { readFileSync } from 'node:fs';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceReadyToGenerate } from '../../test/outages.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments left out). */
function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

/** The metric names docs/operations.md documents (its table's first column). */
function documentedMetrics(): string[] {
  const doc = readFileSync(new URL('../../../../../docs/operations.md', import.meta.url), 'utf8');
  return [...doc.matchAll(/^\| `((?:podflow|process|nodejs)_[a-z_]+)` \|/gm)].map((m) => m[1]!);
}

describe(`/metrics on ${testDbKind}`, () => {
  let t: TestApp;
  let printify: PrintifySandbox;
  const scrape = async () => {
    const response = await t.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return samples(response.body);
  };
  const value = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
    all
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);

  beforeAll(async () => {
    printify = await startPrintifySandbox({ seed: 3 });
    t = await startTestApp({ PRINTIFY_BASE_URL: printify.url });
  });
  afterAll(async () => {
    await t.close();
    await printify.close();
  });

  it('exposes every documented metric with the values of the requests, jobs and provider calls made', async () => {
    const names = documentedMetrics();
    expect(names.length).toBeGreaterThanOrEqual(12);

    const seller = await workspaceReadyToGenerate(t, 2, 200);
    expect((await seller.generate(t.app)).status).toBe(200);
    await t.app.background.jobsIdle();
    // Printify throttles the first call once: the helper waits and asks again.
    printify.failNext('rate_limit');
    const shops = await t.app.inject({
      method: 'POST',
      url: '/printify_app/fetch_printify_shopIDs/',
      headers: seller.headers,
      payload: { apiKey: printify.token },
    });
    expect(shops.statusCode).toBe(200);
    await t.app.inject({ url: '/api/nothing-here', headers: { accept: 'application/json' } });

    const all = await scrape();
    for (const name of names) {
      expect(
        all.some((s) => s.name === name || s.name.startsWith(`${name}_`)),
        name,
      ).toBe(true);
    }
    const route = '/mockups_python_engine_app/generate_mockups/';
    expect(
      value(all, 'podflow_http_request_duration_seconds_count', { route, status_code: '200', method: 'GET' }),
    ).toBe(1);
    expect(
      value(all, 'podflow_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBe(1);
    expect(value(all, 'podflow_jobs_completed_total', { type: 'render-mockups', outcome: 'completed' })).toBe(
      1,
    );
    expect(value(all, 'podflow_jobs_failed_total', { type: 'render-mockups' })).toBe(0);
    expect(value(all, 'podflow_jobs_active', { type: 'render-mockups' })).toBe(0);
    expect(value(all, 'podflow_queue_waiting_jobs', { type: 'render-mockups' })).toBe(0);
    expect(value(all, 'podflow_queue_up')).toBe(1);
    expect(value(all, 'podflow_mockup_render_duration_seconds_count')).toBe(2);
    expect(value(all, 'podflow_mockup_render_duration_seconds_sum')).toBeGreaterThan(0);
    expect(value(all, 'podflow_provider_calls_total', { provider: 'Printify', status_code: '429' })).toBe(1);
    expect(value(all, 'podflow_provider_calls_total', { provider: 'Printify', status_code: '200' })).toBe(1);
    expect(value(all, 'podflow_provider_throttled_total', { provider: 'Printify' })).toBe(1);
    expect(value(all, 'podflow_provider_errors_total', { provider: 'Printify' })).toBe(1);
    expect(value(all, 'podflow_db_pool_connections', { state: 'max' })).toBe(
      testDbKind === 'postgres' ? 10 : 1,
    );
    expect(value(all, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);

    // Counted, not reset, by the next scrape; the scrape itself is a request like any other.
    const again = await scrape();
    expect(value(again, 'podflow_http_request_duration_seconds_count', { route: '/metrics' })).toBe(1);
    expect(value(again, 'podflow_provider_calls_total', { provider: 'Printify' })).toBe(2);
  });
});

describe(`a worker process (ROLE=worker) on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'worker' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves /healthz, /readyz and /metrics only: every API call, the docs and the web app answer 404', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
    const metrics = await t.app.inject('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('podflow_jobs_active{type="render-mockups"} 0');

    const calls = [
      { method: 'POST' as const, url: '/api/user/register/' },
      { method: 'POST' as const, url: '/api/token/' },
      { method: 'GET' as const, url: '/workspace/list_workspaces/' },
      { method: 'GET' as const, url: '/mockups_app/get_mockup_job_logs/?workspace_id=x' },
      { method: 'GET' as const, url: '/api/openapi.json' },
      { method: 'GET' as const, url: '/api/docs/' },
      { method: 'GET' as const, url: '/tutorials/index.json' },
      { method: 'GET' as const, url: '/welcome' },
    ];
    for (const call of calls) {
      const response = await t.app.inject({
        ...call,
        headers: { accept: 'text/html,application/json' },
        ...(call.method === 'POST' && { payload: {} }),
      });
      expect(response.statusCode, call.url).toBe(404);
      expect(response.json().message, call.url).toBe(
        `No such call: ${call.method} ${call.url.split('?')[0]}`,
      );
    }
  });
});
