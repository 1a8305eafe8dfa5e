import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildWorkspace } from '../../test/factories.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`text that is not valid UTF-8 on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, access: string, body: Buffer | string, type = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${access}`, 'content-type': type },
      payload: body,
    });

  it('refuses a JSON body with invalid UTF-8 bytes or a lone surrogate with a 400 saying so, and stores nothing', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const bodies = [
      // Raw bytes: a lone continuation byte, an overlong slash, a surrogate encoded as UTF-8 (CESU).
      Buffer.concat([Buffer.from('{"workspace_name":"Summer '), Buffer.from([0x80]), Buffer.from('"}')]),
      Buffer.concat([Buffer.from('{"workspace_name":"a'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
      Buffer.concat([Buffer.from('{"workspace_name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
      // JSON escapes of a lone surrogate, in a value and in a key.
      '{"workspace_name":"Summer \\ud800 drop"}',
      '{"workspace_name":"x\\udfff"}',
      '{"workspace_name":"ok","\\ud83d":1}',
    ];
    for (const body of bodies) {
      const response = await post('/workspace/create_workspace/', tokens.access, body);
      expect(response.statusCode, String(body)).toBe(400);
      expect(response.json().detail).toMatch(/^The request body is not valid UTF-8 text: .+\. Send it again/);
    }
    // The provider-key forms, where the error redactor threw on such a key.
    const forms: Array<[string, Record<string, string>]> = [
      ['/printify_app/fetch_printify_shopIDs/', { apiKey: 'key-\ud800' }],
      [
        '/gelato_app/save_gelato_store_config/',
        { workspace_id: workspaceId, api_key: 'k\udc00', store_id: 's', template_id: 't' },
      ],
      [
        '/printify_app/save_shopify_shop_info/',
        { workspace_id: workspaceId, shopify_admin_api_token: 'shpat_\ud800', shopify_shop_name: 'demo' },
      ],
    ];
    for (const [url, fields] of forms) {
      // JSON.stringify writes a lone surrogate as its \u escape, as a hostile client would.
      const response = await post(url, tokens.access, JSON.stringify(fields));
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail).toMatch(/lone surrogate/);
    }
    const names = (
      await t.app.inject({
        url: '/workspace/get_workspaces/',
        headers: { authorization: `Bearer ${tokens.access}` },
      })
    ).json<Array<{ workspace_name: string }>>();
    expect(names.map((w) => w.workspace_name)).toEqual(['Summer drop']);

    // Proper text, emoji (a surrogate pair) included, still goes through.
    const fine = await post(
      '/workspace/create_workspace/',
      tokens.access,
      '{"workspace_name":"Été \\ud83d\\ude00"}',
    );
    expect(fine.statusCode).toBe(201);
    expect(fine.json().workspace_name).toBe('Été 😀');
    expect(registration.username).toContain('@');
  });

  it('refuses a multipart text field with invalid UTF-8 bytes (metadata forms) and saves nothing', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const boundary = 'podflow-utf8';
    const field = (name: string, value: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        value,
        Buffer.from('\r\n'),
      ]);
    const body = Buffer.concat([
      field('lineitem_id', Buffer.from('00000000-0000-4000-8000-000000000000')),
      field('product_title', Buffer.from([0x54, 0xff, 0x65])),
      field('seo_keywords', Buffer.from('a')),
      field('product_description', Buffer.from('b')),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await post(
      '/workspace/save_metadata/',
      tokens.access,
      body,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      'The form field product_title is not valid UTF-8 text. Send it again as UTF-8.',
    );
  });
});
