import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlSigner } from '../storage/signed-urls.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

describe(`content security policy on ${testDbKind}`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'podflow-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(webDist, 'assets/app.js'), 'console.log("PodFlow");');
    t = await startTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('allows no inline script and no <base> on any answer but the API reference', async () => {
    const key = 'csp-check/sample.png';
    mkdirSync(path.join(filesRoot(t), 'csp-check'), { recursive: true });
    writeFileSync(path.join(filesRoot(t), key), Buffer.from('not really a png'));
    const signed = new UrlSigner(t.config.appSecret, 600).sign(key);
    const answers = {
      "the web app's index.html": await t.app.inject({ url: '/', headers: { accept: 'text/html' } }),
      'a deep link of the web app': await t.app.inject({ url: '/account', headers: { accept: 'text/html' } }),
      'a web app asset': await t.app.inject({ url: '/assets/app.js' }),
      'an API JSON answer': await t.app.inject({ url: '/healthz' }),
      'an API error': await t.app.inject({ method: 'POST', url: '/api/token/', payload: {} }),
      'a file': await t.app.inject({ url: signed }),
      'a file link that expired': await t.app.inject({ url: `/files/${key}?exp=1&sig=x` }),
      'a 404': await t.app.inject({ url: '/api/nothing-here', headers: { accept: 'application/json' } }),
      'a 404 under /api/docs': await t.app.inject({ url: '/api/docs-nothing' }),
    };
    expect(answers["the web app's index.html"].body).toContain('/assets/app.js');
    expect(answers['a file'].statusCode).toBe(200);
    expect(answers['a 404'].statusCode).toBe(404);
    for (const [what, response] of Object.entries(answers)) {
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('base-uri'), what).toBe("'none'");
      expect(policy.get('script-src') ?? policy.get('default-src'), what).toMatch(/^'(self|none)'$/);
    }
  });

  it("lets the API reference page run its inline start-up script, still with base-uri 'none'", async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script');
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });
});

describe(`the API reference in production on ${testDbKind}`, () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://app.podflow.example',
  };

  it('is not served unless API_DOCS=true: /api/docs and /api/openapi.json answer 404', async () => {
    const t = await startTestApp(production);
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/openapi.json']) {
        const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('PodFlow API reference');
      }
    } finally {
      await t.close();
    }
  });

  it('is served with API_DOCS=true', async () => {
    const t = await startTestApp({ ...production, API_DOCS: 'true' });
    try {
      expect((await t.app.inject('/api/openapi.json')).json().openapi).toBe('3.1.0');
      const page = await t.app.inject('/api/docs/');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('PodFlow API reference');
    } finally {
      await t.close();
    }
  });
});
