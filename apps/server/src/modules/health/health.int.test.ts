import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`health, documentation and headers on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is alive and ready when the database answers', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('publishes OpenAPI with every session call, and a reference page', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/user/register/',
      '/api/token/',
      '/token/refresh/',
      '/api/token/refresh/',
      '/api/reset_password',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths['/api/token/'].post.requestBody.content['application/json'].schema).toBeDefined();
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sends a strict CSP and security headers, and echoes a request id', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('answers an unknown call with a JSON 404', async () => {
    const response = await t.app.inject({
      url: '/api/nothing-here',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/nothing-here');
  });
});
