import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMessages } from '@podflow/contract/workspaces';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`workspaces on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (access: string) => ({ authorization: `Bearer ${access}` });

  it('creates workspaces with trimmed names and lists them newest first', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    for (const name of ['  First  ', 'Second']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/workspace/create_workspace/',
        headers: auth(tokens.access),
        payload: { workspace_name: name },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().workspace_name).toBe(name.trim());
    }
    const listed = await t.app.inject({ url: '/workspace/get_workspaces/', headers: auth(tokens.access) });
    expect(listed.json().map((w: { workspace_name: string }) => w.workspace_name)).toEqual([
      'Second',
      'First',
    ]);
  });

  it('refuses an empty, blank or 101-character name with a clear message', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const cases: Array<[unknown, RegExp]> = [
      ['', /give the workspace a name/i],
      ['    ', /give the workspace a name/i],
      ['x'.repeat(101), /at most 100 characters/i],
      [42, /must be text/i],
      [undefined, /workspace name is required/i],
    ];
    for (const [name, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/workspace/create_workspace/',
        headers: auth(tokens.access),
        payload: { workspace_name: name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.workspace_name).toMatch(message);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/workspace/create_workspace/',
          headers: auth(tokens.access),
          payload: { workspace_name: 'x'.repeat(100) },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/workspace/get_workspaces/' })).statusCode).toBe(401);
  });

  it('deletes a workspace with every row and file, and gives back its storage', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const keep = await buildWorkspace(t.app, tokens.access, 'Keep me');
    await uploadDesigns(t.url, tokens.access, workspaceId, [{ name: 'a.png', data: await buildPng() }]);
    const kept = await buildPng({ seed: 4 });
    await uploadDesigns(t.url, tokens.access, keep, [{ name: 'b.png', data: kept }]);
    await t.app.background.idle();
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'storage_used_bytes'])
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    const folder = path.join(filesRoot(t), 'u', user.id, 'w', workspaceId);
    expect(existsSync(folder)).toBe(true);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/workspace/delete_workspace/${workspaceId}/`,
      headers: auth(tokens.access),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(workspaceMessages.deleted);
    expect(existsSync(folder)).toBe(false);
    expect(
      await t.db.selectFrom('designs').select('id').where('workspace_id', '=', workspaceId).execute(),
    ).toEqual([]);
    const after = await t.db
      .selectFrom('users')
      .select('storage_used_bytes')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.storage_used_bytes)).toBe(kept.length);
    const listed = await t.app.inject({ url: '/workspace/get_workspaces/', headers: auth(tokens.access) });
    expect(listed.json().map((w: { workspace_id: string }) => w.workspace_id)).toEqual([keep]);
  });
});

describe(`one user never reaches another's workspaces or designs on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 on every workspace and design call and changes nothing', async () => {
    const owner = await buildSignedInUser(t.app);
    const intruder = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, owner.tokens.access);
    await uploadDesigns(t.url, owner.tokens.access, workspaceId, [
      { name: 'mine.png', data: await buildPng() },
    ]);
    const ownerList = () =>
      t.app.inject({
        url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
        headers: { authorization: `Bearer ${owner.tokens.access}` },
      });
    const before = (await ownerList()).json();
    const designId = before[0].lineitem_id;
    const as = { authorization: `Bearer ${intruder.tokens.access}` };

    const listing = await t.app.inject({
      url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
      headers: as,
    });
    expect(listing.statusCode).toBe(404);
    expect(listing.json().detail).toBe(workspaceMessages.notFound);
    const upload = await uploadDesigns(t.url, intruder.tokens.access, workspaceId, [
      { name: 'theirs.png', data: await buildPng() },
    ]);
    expect(upload.status).toBe(404);
    const deleteDesigns = await t.app.inject({
      method: 'POST',
      url: '/workspace/delete_designs/',
      headers: as,
      payload: { lineitem_ids: [designId] },
    });
    expect(deleteDesigns.statusCode).toBe(404);
    const ownAndForeign = await buildWorkspace(t.app, intruder.tokens.access);
    await uploadDesigns(t.url, intruder.tokens.access, ownAndForeign, [
      { name: 'theirs.png', data: await buildPng() },
    ]);
    const theirs = (
      await t.app.inject({
        url: `/workspace/get_workarea_information/?workspace_id=${ownAndForeign}`,
        headers: as,
      })
    ).json();
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/workspace/delete_designs/',
      headers: as,
      payload: { lineitem_ids: [theirs[0].lineitem_id, designId] },
    });
    expect(mixed.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/workspace/get_workarea_information/?workspace_id=${ownAndForeign}`,
          headers: as,
        })
      ).json(),
    ).toHaveLength(1);
    const deleteWorkspace = await t.app.inject({
      method: 'DELETE',
      url: `/workspace/delete_workspace/${workspaceId}/`,
      headers: as,
    });
    expect(deleteWorkspace.statusCode).toBe(404);
    const workspaces = (await t.app.inject({ url: '/workspace/get_workspaces/', headers: as })).json();
    expect(workspaces.map((w: { workspace_id: string }) => w.workspace_id)).toEqual([ownAndForeign]);

    expect((await ownerList()).json().map((d: { lineitem_id: string }) => d.lineitem_id)).toEqual([designId]);
  });
});
