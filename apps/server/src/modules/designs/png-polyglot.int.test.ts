import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlSigner } from '../../platform/storage/signed-urls.ts';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const html = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    types.push(png.subarray(at + 4, at + 8).toString('latin1'));
    at += 12 + length;
  }
  return types;
}

/** The PNG with `text` in a tEXt, a zTXt and an iTXt chunk after IHDR and `tail` after IEND. */
function polyglot(png: Buffer, text: string, tail: Buffer): Buffer {
  const afterIhdr = 8 + 25;
  return Buffer.concat([
    png.subarray(0, afterIhdr),
    chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    chunk(
      'zTXt',
      Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), Buffer.from([0x78, 0x9c, 3, 0, 0, 0, 0, 1])]),
    ),
    chunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${text}`, 'utf8')),
    png.subarray(afterIhdr),
    tail,
  ]);
}

describe(`PNG polyglots and stored files' headers on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const stored = (key: string) => readFileSync(path.join(filesRoot(t), key));
  const pixels = (png: Buffer) => sharp(png).raw().toBuffer();

  /** What a plain PNG holds: IEND last, no text chunk, the same pixels as the clean original. */
  async function expectPlainPng(bytes: Buffer, clean: Buffer) {
    expect(bytes.subarray(-12).equals(IEND)).toBe(true);
    expect(chunkTypes(bytes).filter((type) => /^(tEXt|zTXt|iTXt)$/.test(type))).toEqual([]);
    expect(bytes.includes('<script>')).toBe(false);
    expect(bytes.includes('PK\u0003\u0004')).toBe(false);
    expect((await pixels(bytes)).equals(await pixels(clean))).toBe(true);
  }

  it('stores PNG+ZIP and PNG+HTML designs and templates as plain PNGs, counting the stored bytes', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const clean = await buildPng({ width: 24, height: 16 });
    const zip = Buffer.concat([
      Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000', 'latin1'),
      Buffer.from(html),
    ]);
    const withZip = Buffer.concat([clean, zip]);
    const withHtml = polyglot(clean, html, Buffer.from(html));
    expect((await pixels(withHtml)).equals(await pixels(clean))).toBe(true); // decoders take it as a PNG

    const designs = await uploadDesigns(t.url, tokens.access, workspaceId, [
      { name: 'zip.png', data: withZip },
      { name: 'html.png', data: withHtml },
    ]);
    expect(designs.body).toMatchObject({ stored: 2, rejected: 0 });
    const templates = await postForm(t.url, tokens.access, '/mockups_app/upload_mockup_templates/', {}, [
      { name: 'zip.png', data: withZip },
      { name: 'html.png', data: withHtml },
    ]);
    expect(templates.body).toMatchObject({ stored: 2, rejected: 0 });

    const user = await t.db
      .selectFrom('users')
      .select(['id', 'storage_used_bytes'])
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    const rows = [
      ...(await t.db
        .selectFrom('designs')
        .select(['storage_key', 'bytes'])
        .where('user_id', '=', user.id)
        .execute()),
      ...(await t.db
        .selectFrom('templates')
        .select(['storage_key', 'bytes'])
        .where('user_id', '=', user.id)
        .execute()),
    ];
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const bytes = stored(row.storage_key);
      await expectPlainPng(bytes, clean);
      expect(Number(row.bytes)).toBe(bytes.length);
    }
    expect(Number(user.storage_used_bytes)).toBe(rows.reduce((sum, row) => sum + Number(row.bytes), 0));
  });

  it('serves stored files inert: images inline with a safe name, anything else as a download, sandboxed and never sniffed', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    await uploadDesigns(t.url, tokens.access, workspaceId, [
      { name: 'a "quoted" name.png', data: await buildPng() },
    ]);
    const [item] = (
      await t.app.inject({
        url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
        headers: { authorization: `Bearer ${tokens.access}` },
      })
    ).json<Array<{ image_path: string }>>();
    const image = await fetch(`${t.url}${item!.image_path}`);
    expect(image.status).toBe(200);
    const fileName = item!.image_path.split('?')[0]!.split('/').pop()!;
    expect(fileName).toMatch(/^[\w-]+\.png$/);
    expect(image.headers.get('content-disposition')).toBe(`inline; filename="${fileName}"`);
    const sandboxed = /^default-src 'none';(.*;)? sandbox$/;
    expect(image.headers.get('content-security-policy')).toMatch(sandboxed);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'png' });

    // A stored file that is not an image (say a zip) is never shown in the browser.
    const key = 'u/someone/exports/mockups.zip';
    mkdirSync(path.dirname(path.join(filesRoot(t), key)), { recursive: true });
    writeFileSync(path.join(filesRoot(t), key), Buffer.from(html));
    const signer = new UrlSigner(t.config.appSecret, t.config.signedUrlTtlSeconds);
    const zip = await fetch(`${t.url}${signer.sign(key)}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="mockups.zip"');
    expect(zip.headers.get('content-security-policy')).toMatch(sandboxed);
    expect(Buffer.from(await zip.arrayBuffer()).toString()).toBe(html);
    expect(statSync(path.join(filesRoot(t), key)).size).toBe(Number(zip.headers.get('content-length')));
  });
});
