import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildWorkspace } from '../../test/factories.ts';
import { plainHttpRefused } from './stores.service.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`WooCommerce store addresses on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(); // STORES_ALLOW_PRIVATE_URLS is off, as in production
  });
  afterAll(async () => {
    await t.close();
  });

  it('connects only to https on port 443, saying what to change, and saves nothing otherwise', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const save = async (url: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/printify_app/save_woocommerce_shop_info/',
        headers: { authorization: `Bearer ${tokens.access}` },
        payload: {
          workspace_id: workspaceId,
          woocommerce_store_url: url,
          woocommerce_consumer_key: 'ck_0123456789',
          woocommerce_consumer_secret: 'cs_0123456789',
        },
      });
      return { status: response.statusCode, detail: response.json().detail as string };
    };

    // A public address literal: refused for its port before any connection or DNS lookup.
    for (const port of ['8443', '22', '80', '6379']) {
      expect(await save(`https://93.184.215.14:${port}/shop`)).toEqual({
        status: 400,
        detail: `The store address must use the standard https port 443; remove :${port} from it.`,
      });
    }
    // Plain http: refused, saying why (the keys and products would travel unencrypted).
    expect(await save('http://93.184.215.14/shop')).toEqual({ status: 400, detail: plainHttpRefused });
    expect(await save('ftp://93.184.215.14/shop')).toMatchObject({ status: 400, detail: /https:\/\// });
    // Port 443 written out is the same address as none.
    expect((await save('https://127.0.0.1:443/')).detail).toMatch(/points to this computer|private or local/);

    const saved = await t.app.inject({
      url: `/printify_app/get_woocommerce_shop_info/?workspace_id=${workspaceId}`,
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(saved.json()).toEqual([]);
  });
});
