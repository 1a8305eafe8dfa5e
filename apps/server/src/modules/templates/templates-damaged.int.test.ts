import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, postForm } from '../../test/factories.ts';
import { templatePng } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

const CLASSIC = '/mockups_app/upload_mockup_templates/';
const IMAGE_MODE = '/mockups_app/upload_image_mode_mockup_templates/';

describe(`damaged template images on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a truncated or corrupt template image with a 400 naming the file, and keeps nothing of it', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const png = await templatePng(30);
    const webp = await sharp(png).webp({ lossless: true }).toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    const flipped = Buffer.from(png);
    flipped[png.length - 40] = (flipped[png.length - 40] ?? 0) ^ 0xff;
    const damaged = [
      { name: 'cut.png', data: png.subarray(0, Math.floor(png.length / 2)) },
      { name: 'flipped.png', data: flipped },
      { name: 'cut.webp', data: webp.subarray(0, Math.floor(webp.length / 2)), type: 'image/webp' },
      { name: 'cut.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), type: 'image/jpeg' },
    ];
    for (const route of [CLASSIC, IMAGE_MODE]) {
      for (const file of damaged) {
        const upload = await postForm(
          t.url,
          tokens.access,
          route,
          {},
          [file],
          route === CLASSIC ? 'files' : 'file',
        );
        expect(upload.status, `${route} ${file.name}`).toBe(400);
        expect(upload.body.detail).toMatch(
          new RegExp(`^No template could be stored\\. ${file.name.replace('.', '\\.')} `),
        );
        expect(upload.body.files).toEqual([
          expect.objectContaining({ file_name: file.name, status: 'rejected' }),
        ]);
      }
    }

    // One damaged file among good ones: the good one is stored, the damaged one named.
    const mixed = await postForm(t.url, tokens.access, CLASSIC, {}, [
      { name: 'good.png', data: png },
      { name: 'cut.webp', data: damaged[2]!.data, type: 'image/webp' },
    ]);
    expect(mixed.status).toBe(201);
    expect(mixed.body).toMatchObject({ stored: 1, rejected: 1 });
    expect(mixed.body.files.find((f: { file_name: string }) => f.file_name === 'cut.webp').reason).toBe(
      'cut.webp could not be read as an image (it may be damaged).',
    );

    const user = await t.db
      .selectFrom('users')
      .select(['id', 'storage_used_bytes'])
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('templates')
      .select(['storage_key', 'thumbnail_key', 'bytes'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Number(user.storage_used_bytes)).toBe(Number(rows[0]!.bytes));
    const files = readdirSync(path.join(filesRoot(t), 'u', user.id, 'templates')).map(
      (f) => `u/${user.id}/templates/${f}`,
    );
    expect(files.sort()).toEqual([rows[0]!.storage_key, rows[0]!.thumbnail_key].sort());
  });
});
