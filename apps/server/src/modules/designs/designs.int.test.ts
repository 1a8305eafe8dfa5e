import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildJpeg, buildPng, pngHeaderClaiming } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`designs on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (access: string) => ({ authorization: `Bearer ${access}` });
  const list = async (access: string, workspaceId: string) => {
    const response = await t.app.inject({
      url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
      headers: auth(access),
    });
    expect(response.statusCode).toBe(200);
    return response.json<DesignLineItem[]>();
  };
  const setPlan = (email: string, plan: string) =>
    t.db.updateTable('users').set({ plan }).where('email', '=', email).execute();
  const storedFiles = (userId: string, workspaceId: string, kind: string) => {
    try {
      return readdirSync(path.join(filesRoot(t), 'u', userId, 'w', workspaceId, kind));
    } catch {
      return [];
    }
  };
  const userIdOf = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('stores 12 PNGs of one request as 12 line items whose thumbnail URLs work', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    await setPlan(registration.username, 'basic');
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const files = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => ({
        name: `design-${i + 1}.png`,
        data: await buildPng({ width: 900, height: 700, seed: i }),
      })),
    );
    const upload = await uploadDesigns(t.url, tokens.access, workspaceId, files);
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ stored: 12, rejected: 0 });

    const items = await list(tokens.access, workspaceId);
    expect(items.map((i) => i.image_file_name)).toEqual(files.map((f) => f.name));
    expect(items[0]).toMatchObject({
      product_title: '',
      seo_keywords: '',
      printify_product_id: null,
      width: 900,
      height: 700,
      has_alpha: true,
    });
    for (const item of items) {
      const thumb = await fetch(`${t.url}${item.image_thumbnail_path}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect(meta.width).toBe(512);
      expect(meta.hasAlpha).toBe(true);
    }
    const full = await fetch(`${t.url}${items[0]?.image_path}`);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await full.arrayBuffer()).equals(files[0]?.data ?? Buffer.alloc(0))).toBe(true);
  });

  it('rejects a renamed JPEG, a truncated PNG and a 20000x20000 PNG with reasons, and keeps the good files', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const good = await buildPng({ seed: 1 });
    const truncated = (await buildPng({ width: 400, height: 400, seed: 2 })).subarray(0, 3000);
    const upload = await uploadDesigns(t.url, tokens.access, workspaceId, [
      { name: 'good-1.png', data: good },
      { name: 'photo.png', data: await buildJpeg() },
      { name: 'cut.png', data: truncated },
      { name: 'huge.png', data: pngHeaderClaiming(20000, 20000) },
      { name: 'flat.png', data: await buildPng({ alpha: false, seed: 3 }) },
    ]);
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ stored: 2, rejected: 3 });
    const byName = Object.fromEntries((upload.body.files ?? []).map((f) => [f.file_name, f]));
    expect(byName['good-1.png']).toMatchObject({ status: 'stored' });
    expect(byName['photo.png']).toMatchObject({
      status: 'rejected',
      reason: 'photo.png is not a PNG image (it is a JPEG image).',
    });
    expect(byName['cut.png']?.reason).toMatch(/^cut\.png is incomplete/);
    expect(byName['huge.png']?.reason).toBe(
      'huge.png is 20000 × 20000 pixels (400 megapixels); the limit is 100 megapixels.',
    );
    expect(byName['flat.png']).toMatchObject({ status: 'stored' });
    expect(byName['flat.png']?.warning).toMatch(/no transparent background/);

    const items = await list(tokens.access, workspaceId);
    expect(items.map((i) => [i.image_file_name, i.has_alpha])).toEqual([
      ['good-1.png', true],
      ['flat.png', false],
    ]);
  });

  it('marks a PNG whose alpha channel is opaque everywhere as having no transparent background', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const opaqueRgba = await sharp({
      create: { width: 80, height: 60, channels: 4, background: { r: 9, g: 99, b: 199, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await uploadDesigns(t.url, tokens.access, workspaceId, [
      { name: 'opaque-rgba.png', data: opaqueRgba },
      { name: 'clear.png', data: await buildPng() },
    ]);
    await t.app.background.idle();
    const items = await list(tokens.access, workspaceId);
    expect(items.map((i) => [i.image_file_name, i.has_alpha])).toEqual([
      ['opaque-rgba.png', false],
      ['clear.png', true],
    ]);
  });

  it('answers 400 with every reason when no file could be stored, and 400 when there are no files', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const upload = await uploadDesigns(t.url, tokens.access, workspaceId, [
      { name: 'notes.png', data: Buffer.from('just some text') },
    ]);
    expect(upload.status).toBe(400);
    expect(upload.body.error).toMatch(/notes\.png is not a PNG image/);
    const none = await uploadDesigns(t.url, tokens.access, workspaceId, []);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Please select files to upload.');
  });

  it('lets exactly one of 30 parallel uploads take the last free slot', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app); // Starter: 10 designs per workspace
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const nine = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        buildPng({ seed: i }).then((data) => ({ name: `pre-${i}.png`, data })),
      ),
    );
    expect((await uploadDesigns(t.url, tokens.access, workspaceId, nine)).status).toBe(201);

    const png = await buildPng({ width: 300, height: 300, seed: 99 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        uploadDesigns(t.url, tokens.access, workspaceId, [{ name: `race-${i}.png`, data: png }]),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(29);
    for (const r of results.filter((x) => x.status === 403))
      expect(r.body.error).toBe('Designs quota exceeded');

    expect(await list(tokens.access, workspaceId)).toHaveLength(10);
    const userId = await userIdOf(registration.username);
    expect(storedFiles(userId, workspaceId, 'designs')).toHaveLength(10); // refused files leave nothing behind
    const stored = await t.db
      .selectFrom('workspaces')
      .select('design_count')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    expect(stored.design_count).toBe(10);
  });

  it("answers 'Space quota exceeded' when the user's storage is full", async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    await t.db
      .updateTable('users')
      .set({ storage_used_bytes: 2 * 1024 ** 3 - 100 })
      .where('email', '=', registration.username)
      .execute();
    const upload = await uploadDesigns(t.url, tokens.access, workspaceId, [
      { name: 'a.png', data: await buildPng() },
    ]);
    expect(upload.status).toBe(403);
    expect(upload.body.error).toBe('Space quota exceeded');
    expect(await list(tokens.access, workspaceId)).toHaveLength(0);
  });

  it('deletes designs with their files and gives back their slots and bytes', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const files = await Promise.all(
      [1, 2, 3].map(async (i) => ({ name: `d${i}.png`, data: await buildPng({ seed: i }) })),
    );
    await uploadDesigns(t.url, tokens.access, workspaceId, files);
    const items = await list(tokens.access, workspaceId);
    await t.app.background.idle();
    const userId = await userIdOf(registration.username);
    expect(storedFiles(userId, workspaceId, 'thumbs')).toHaveLength(3);

    const response = await t.app.inject({
      method: 'POST',
      url: '/workspace/delete_designs/',
      headers: auth(tokens.access),
      payload: { lineitem_ids: items.slice(0, 2).map((i) => i.lineitem_id) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2, message: '2 designs deleted.' });
    expect((await list(tokens.access, workspaceId)).map((i) => i.image_file_name)).toEqual(['d3.png']);
    expect(storedFiles(userId, workspaceId, 'designs')).toHaveLength(1);
    expect(storedFiles(userId, workspaceId, 'thumbs')).toHaveLength(1);
    const user = await t.db
      .selectFrom('users')
      .select('storage_used_bytes')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.storage_used_bytes)).toBe(files[2]?.data.length);
    const gone = await fetch(`${t.url}${items[0]?.image_path}`);
    expect(gone.status).toBe(404);
  });

  it('refuses a tampered or foreign signed URL', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    await uploadDesigns(t.url, tokens.access, workspaceId, [{ name: 'x.png', data: await buildPng() }]);
    const [item] = await list(tokens.access, workspaceId);
    const url = new URL(`${t.url}${item?.image_path}`);
    const otherKey = url.pathname.replace(
      /designs\/[^/]+\.png$/,
      'designs/00000000-0000-0000-0000-000000000000.png',
    );
    expect((await fetch(`${t.url}${otherKey}${url.search}`)).status).toBe(403);
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 600));
    expect((await fetch(url)).status).toBe(403);
    expect(
      (await fetch(`${t.url}/files/../../etc/passwd?exp=9999999999&sig=x`)).status,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe(`upload limits on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_FILE_MB: '0.05', UPLOAD_MAX_FILES: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a file over the size limit and files past the count limit, keeping the rest', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const big = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#f00' } })
      .composite([{ input: await buildPng({ width: 600, height: 600, seed: 5 }) }])
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(0.05 * 1024 * 1024);
    const small = await buildPng({ width: 16, height: 16 });
    const upload = await uploadDesigns(t.url, tokens.access, workspaceId, [
      { name: 'big.png', data: big },
      { name: 'ok-1.png', data: small },
      { name: 'ok-2.png', data: small },
      { name: 'extra.png', data: small },
    ]);
    expect(upload.status).toBe(201);
    const files = upload.body.files ?? [];
    expect(files.find((f) => f.file_name === 'big.png')?.reason).toBe(
      'big.png is larger than 0.05 MB, the limit for one file.',
    );
    expect(files.filter((f) => f.status === 'stored').map((f) => f.file_name)).toEqual([
      'ok-1.png',
      'ok-2.png',
    ]);
    expect(files.at(-1)?.reason).toMatch(/At most 3 files/);
  });
});
