import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import * as productsPerShop from '../../platform/db/migrations/0013-products-per-shop.ts';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

/**
 * Migration 0013 on a database that has products the old way (one per design, on the design
 * row): each moves under the shop its workspace is connected to, and duplicate active runs (a
 * double click before the migration) leave only the newest active.
 */
describe(`migration 0013: products per shop on ${testDbKind}`, () => {
  let t: TestApp;
  let access: string;
  let workspaceId: string;
  let designs: DesignLineItem[];

  beforeAll(async () => {
    t = await startTestApp();
    const user = await buildSignedInUser(t.app);
    access = user.tokens.access;
    workspaceId = await buildWorkspace(t.app, access);
    const files = await Promise.all(
      ['a', 'b', 'c'].map(async (name, k) => ({ name: `${name}.png`, data: await buildPng({ seed: k }) })),
    );
    expect((await uploadDesigns(t.url, access, workspaceId, files)).status).toBe(201);
    const response = await t.app.inject({
      method: 'GET',
      url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
      headers: { authorization: `Bearer ${access}` },
    });
    designs = response.json();
  }, 60_000);

  afterAll(() => t.close());

  it('moves each design’s Printify and Gelato product under the connected shop, and keeps one active run', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    await productsPerShop.down(db);
    const [a, b, c] = designs.map((d) => d.lineitem_id) as [string, string, string];
    const userId = (
      await t.db
        .selectFrom('workspaces')
        .select('user_id')
        .where('id', '=', workspaceId)
        .executeTakeFirstOrThrow()
    ).user_id;
    await t.db
      .updateTable('designs')
      .set({ printify_product_id: 'aaaaaaaaaaaaaaaaaaaaaaaa' })
      .where('id', '=', a)
      .execute();
    await t.db
      .updateTable('designs')
      .set({ printify_product_id: 'bbbbbbbbbbbbbbbbbbbbbbbb', gelato_product_id: 'g-b' })
      .where('id', '=', b)
      .execute();
    const connection = {
      workspace_id: workspaceId,
      user_id: userId,
      api_key_sealed: 'x',
      shop_title: '',
      template_id: 't',
      template_title: '',
      updated_at: 1,
    };
    await t.db
      .insertInto('provider_connections')
      .values([
        { ...connection, provider: 'printify', shop_id: '8123403' },
        { ...connection, provider: 'gelato', shop_id: 'store-1' },
      ] as never)
      .execute();
    const run = (id: string, created_at: number) => ({
      id,
      workspace_id: workspaceId,
      user_id: userId,
      provider: 'printify',
      status: 'In Progress',
      publish: 0,
      reason: null,
      created_at,
      started_at: null,
      finished_at: null,
    });
    await t.db
      .insertInto('listing_runs')
      .values([run('older', 1), run('newer', 2)])
      .execute();

    await productsPerShop.up(db);

    const moved = await t.db
      .selectFrom('design_products')
      .select(['design_id', 'provider', 'shop_id', 'product_id'])
      .orderBy('product_id')
      .execute();
    expect(moved).toEqual([
      { design_id: a, provider: 'printify', shop_id: '8123403', product_id: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      { design_id: b, provider: 'printify', shop_id: '8123403', product_id: 'bbbbbbbbbbbbbbbbbbbbbbbb' },
      { design_id: b, provider: 'gelato', shop_id: 'store-1', product_id: 'g-b' },
    ]);
    expect(moved.some((row) => row.design_id === c)).toBe(false);
    const runs = await t.db.selectFrom('listing_runs').select(['id', 'status']).orderBy('id').execute();
    expect(runs).toEqual([
      { id: 'newer', status: 'In Progress' },
      { id: 'older', status: 'Failed' },
    ]);
    // A second active run of the workspace is refused by the database itself.
    await expect(t.db.insertInto('listing_runs').values(run('third', 3)).execute()).rejects.toThrow();
  });
});
