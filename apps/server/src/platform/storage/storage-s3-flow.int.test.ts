import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { MockupGridRow } from '@podflow/contract/mockups';
import { type GelatoSandbox, startGelatoSandbox } from '@podflow/sandbox/gelato-sandbox';
import { freePort } from '../../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from '../../test/factories.ts';
import { buildPng, templateData, templatePng } from '../../test/images.ts';
import { createTestBucket } from '../../test/s3.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { type S3Settings, s3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The seller's whole file path with STORAGE=s3 (the loopback s3rver): upload, thumbnail, mockup,
 * zip, Gelato fetching the design at its signed URL, delete. The local-disk path is what every
 * other integration test runs.
 */
describe(`files in an S3 bucket on ${testDbKind}`, () => {
  let t: TestApp;
  let gelato: GelatoSandbox;
  let settings: S3Settings;
  let bucket: Storage;
  let access: string;
  let workspaceId: string;

  const auth = () => ({ authorization: `Bearer ${access}` });
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: auth(), ...(payload ? { payload } : {}) });
  const objects = async () => {
    const keys: string[] = [];
    for await (const file of bucket.list()) keys.push(file.key);
    return keys.sort();
  };

  beforeAll(async () => {
    let env: Record<string, string>;
    ({ settings, env } = await createTestBucket());
    bucket = s3Storage(settings);
    gelato = await startGelatoSandbox({ seed: 3 });
    const port = await freePort();
    t = await startTestApp({
      ...env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GELATO_BASE_URL: gelato.url,
    });
    access = (await buildSignedInUser(t.app)).tokens.access;
    workspaceId = await buildWorkspace(t.app, access);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await gelato.close();
  });

  it('uploads, thumbnails, renders, zips and hands Gelato a signed URL, all from the bucket, then deletes', async () => {
    const design = await buildPng({ width: 300, height: 360, seed: 5 });
    const cut = (await buildPng({ width: 400, height: 400, seed: 6 })).subarray(0, 3000);
    const uploaded = await uploadDesigns(t.url, access, workspaceId, [
      { name: 'sun tee.png', data: design },
      { name: 'cut.png', data: cut },
    ]);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ stored: 1, rejected: 1 });
    expect(uploaded.body.files?.find((f) => f.file_name === 'cut.png')?.reason).toMatch(
      /^cut\.png is incomplete/,
    );
    const used = await t.db.selectFrom('users').select('storage_used_bytes').executeTakeFirstOrThrow();
    expect(Number(used.storage_used_bytes)).toBe(design.length);
    expect(t.config.storage.kind).toBe('s3');
    const [row] = (
      await call('GET', `/workspace/get_workarea_information/?workspace_id=${workspaceId}`)
    ).json<DesignLineItem[]>();
    const original = await fetch(`${t.url}${row!.image_path}`);
    expect(Buffer.from(await original.arrayBuffer()).equals(design)).toBe(true);
    // s3rver writes an object in place (S3 makes it visible whole): a read while the background
    // thumbnail is being written could see it half made, so the background work ends first.
    await t.app.background.idle();
    const thumbnail = await fetch(`${t.url}${row!.image_thumbnail_path}`);
    expect(thumbnail.status).toBe(200);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).format).toBe('webp');

    const template = await postForm(
      t.url,
      access,
      '/mockups_app/upload_image_mode_mockup_templates/',
      { templateData },
      [{ name: 'shirt.png', data: await templatePng(120) }],
      'file',
    );
    expect(template.status).toBe(201);
    const templateId = template.body.templates[0].mkp_template_id as string;
    await call('POST', '/mockups_app/set_templates_for_workspace/', {
      selectedTemplates: [templateId],
      workspace_id: workspaceId,
    });
    expect(
      (await call('GET', `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`))
        .statusCode,
    ).toBe(200);
    await t.app.background.jobsIdle();
    const [gridRow] = (
      await call('GET', `/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`)
    ).json<{
      arr_mockup_images_grid: MockupGridRow[];
    }>().arr_mockup_images_grid;
    const mockup = await fetch(`${t.url}${gridRow!.mockup_images[0]!.mockup_image}`);
    expect((await sharp(Buffer.from(await mockup.arrayBuffer())).metadata()).format).toBe('jpeg');
    const zip = await fetch(`${t.url}/mockups_app/download_mockup_files/?workspace_id=${workspaceId}`, {
      headers: auth(),
    });
    const zipped = Buffer.from(await zip.arrayBuffer());
    expect(Number(zip.headers.get('content-length'))).toBe(zipped.length);
    expect(zipped.includes(Buffer.from('sun tee__shirt.jpg'))).toBe(true);

    const stored = await objects();
    const ofDesign = (key: string) =>
      key.includes(`/w/${workspaceId}/designs/`) || key.includes(`/w/${workspaceId}/thumbs/`);
    expect(stored.filter(ofDesign)).toHaveLength(2); // the good file and its thumbnail, nothing of cut.png
    expect(stored.filter((key) => key.includes(`/w/${workspaceId}/mockups/`)).length).toBeGreaterThanOrEqual(
      1,
    );

    const saved = await call('POST', '/gelato_app/save_gelato_store_config/', {
      workspace_id: workspaceId,
      api_key: gelato.apiKey,
      store_id: gelato.storeId,
      template_id: gelato.templateId,
    });
    expect(saved.statusCode).toBe(200);
    const created = await call('POST', '/gelato_app/create_gelato_listings/', { workspace_id: workspaceId });
    expect(created.json().created_product_ids).toHaveLength(1);
    expect(gelato.products.size).toBe(1);

    const deleted = await call('POST', '/workspace/delete_designs/', { lineitem_ids: [row!.lineitem_id] });
    expect(deleted.statusCode).toBe(200);
    expect((await objects()).filter(ofDesign)).toEqual([]);
    expect((await fetch(`${t.url}${row!.image_path}`)).status).toBe(404);
  }, 60_000);
});
