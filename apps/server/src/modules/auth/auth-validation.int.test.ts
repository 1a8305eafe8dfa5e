import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, buildSignedInUser } from '../../test/factories.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

/** Every bad body is a 400 that names the field and says what is wrong; never a 500. */
describe(`bad request bodies on ${testDbKind}`, () => {
  let t: TestApp;
  let access: string;
  beforeAll(async () => {
    t = await startTestApp();
    access = (await buildSignedInUser(t.app)).tokens.access;
  });
  afterAll(async () => {
    await t.close();
  });

  const long = (n: number) => 'x'.repeat(n);
  const valid = buildRegistration();
  const cases: Array<{ url: string; body: unknown; field: string; message: RegExp }> = [
    {
      url: '/api/user/register/',
      body: { ...valid, first_name: undefined },
      field: 'first_name',
      message: /first name is required/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, last_name: '   ' },
      field: 'last_name',
      message: /last name is required/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, first_name: 42 },
      field: 'first_name',
      message: /must be text/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, first_name: long(151) },
      field: 'first_name',
      message: /at most 150/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, username: 'not-an-email' },
      field: 'username',
      message: /valid e-mail/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, username: `${long(250)}@example.com` },
      field: 'username',
      message: /e-mail/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, username: ['a@b.co'] },
      field: 'username',
      message: /must be text/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, password: 'short' },
      field: 'password',
      message: /at least 8/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, password: long(129) },
      field: 'password',
      message: /at most 128/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, password: null },
      field: 'password',
      message: /must be text/i,
    },
    {
      url: '/api/user/register/',
      body: { ...valid, marketing_opt_in: 'yes' },
      field: 'marketing_opt_in',
      message: /true or false/i,
    },
    { url: '/api/token/', body: { password: 'x' }, field: 'username', message: /email is required/i },
    { url: '/api/token/', body: { username: 'a@b.co' }, field: 'password', message: /password is required/i },
    {
      url: '/api/token/',
      body: { username: 'a@b.co', password: long(129) },
      field: 'password',
      message: /at most 128/i,
    },
    {
      url: '/api/token/',
      body: { username: long(255), password: 'x' },
      field: 'username',
      message: /at most 254/i,
    },
    { url: '/api/token/refresh/', body: {}, field: 'refresh', message: /required/i },
    { url: '/token/refresh/', body: { refresh: 7 }, field: 'refresh', message: /must be text/i },
    {
      url: '/token/refresh/',
      body: { refresh: long(513) },
      field: 'refresh',
      message: /not a refresh token/i,
    },
  ];

  for (const { url, body, field, message } of cases) {
    it(`${url} names ${field}: ${message.source}`, async () => {
      const response = await t.app.inject({ method: 'POST', url, payload: body as object });
      expect(response.statusCode).toBe(400);
      const json = response.json();
      expect(json.code).toBe('validation_error');
      expect(json.fields[field]).toMatch(message);
      expect(json.message).toContain(json.fields[field]);
    });
  }

  it('names every missing field of a change-password call', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      headers: { authorization: `Bearer ${access}` },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'currentPassword',
      'newPassword',
      'username',
    ]);
  });

  it('answers malformed JSON, a missing body and a non-object body with 400', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');
    const missing = await t.app.inject({ method: 'POST', url: '/api/token/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Send a JSON object with the fields of this call.');
    const array = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: [1, 2] as unknown as object,
    });
    expect(array.statusCode).toBe(400);
  });

  it('answers an oversized body with 413 and a wrong content type with 415', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, first_name: long(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large.');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });
});
