import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`Fastify's own refusals on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a too-long path parameter 414 and an undecodable path 400, with the one error body', async () => {
    const long = await t.app.inject({ url: `/tutorials/${'a'.repeat(500)}.html` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ code: 'url_too_long', detail: 'This address is too long.' });
    const broken = await t.app.inject({ url: '/tutorials/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'bad_url', detail: 'This address is not valid.' });
  });

  it('answers an address over 16 KB 431 with the one error body, and the route documents it', async () => {
    const response = await fetch(
      `${t.url}/mockups_app/mockup_job_events/?workspace_id=${'w'.repeat(20_000)}`,
    );
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      code: 'headers_too_large',
      detail: 'The address or headers of this request are too long. Shorten them and try again.',
    });
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths['/mockups_app/mockup_job_events/'].get.responses)).toContain('431');
    // The server goes on answering.
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});
