import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@podflow/contract/auth';
import { buildSignedInUser } from '../../test/factories.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

type Operation = { security?: Record<string, string[]>[] };

/** Every route whose OpenAPI entry asks for a bearer token, with its path parameters filled in. */
function signedInRoutes(t: TestApp): { method: string; url: string }[] {
  const document = t.app.swagger() as { paths?: Record<string, Record<string, Operation>> };
  const routes: { method: string; url: string }[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.security?.some((scheme) => 'bearer' in scheme)) continue;
      routes.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'not-an-id') });
    }
  }
  return routes;
}

describe(`signed-in routes without a session on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are found in the API description (the check below covers them all)', () => {
    const urls = signedInRoutes(t).map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThan(20);
    expect(urls).toContain('GET /workspace/get_workspaces/');
    expect(urls).toContain('POST /workspace/upload_designs/');
    expect(urls).toContain('POST /api/reset_password');
  });

  it('answer 401 before looking at an invalid JSON body or query', async () => {
    for (const { method, url } of signedInRoutes(t)) {
      const response = await t.app.inject({
        method: method as 'GET',
        url: `${url}?workspace_id=&bogus=1`,
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: { bogus: [1, 2, 3] } }),
      });
      expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: 401,
      });
      expect(response.json().message).toBe(authMessages.sessionExpired);
      expect(response.json().fields).toBeUndefined();
      expect(response.json().code).toBe('not_authenticated');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answer 401 to a multipart body without reading it, and to a forged token', async () => {
    const garbage = '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nnot a png';
    for (const { method, url } of signedInRoutes(t).filter((r) => r.method === 'POST')) {
      for (const authorization of [undefined, 'Bearer not.a.token']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            ...(authorization ? { authorization } : {}),
          },
          payload: garbage,
        });
        expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({
          route: `${method} ${url}`,
          status: 401,
        });
      }
    }
  });

  it('take the token only after "Bearer ", however many spaces follow', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const list = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/workspace/get_workspaces/', headers: { authorization } });
    expect((await list(`Bearer ${tokens.access}`)).statusCode).toBe(200);
    expect((await list(`Bearer   ${tokens.access}`)).statusCode).toBe(200);
    expect((await list(`Token1 ${tokens.access}`)).statusCode).toBe(401);
    expect((await list(tokens.access)).statusCode).toBe(401);
  });
});
