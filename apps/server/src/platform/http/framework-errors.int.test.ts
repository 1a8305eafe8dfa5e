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
});
