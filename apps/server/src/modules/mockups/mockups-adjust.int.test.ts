import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GenerateMockupsResponse,
  type MockupGridRow,
  type MockupImage,
  fitInsideAdjustment,
  mockupMessages,
} from '@podflow/contract/mockups';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from '../../test/factories.ts';
import { templatePng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

/** A "lettering" design: an opaque band from edge to edge of a wide, transparent PNG. */
function wordmarkPng(seed: number): Promise<Buffer> {
  const width = 480;
  const height = 160;
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 50; y < 110; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      raw[i] = (x * 3 + seed * 40) % 256;
      raw[i + 1] = 40;
      raw[i + 2] = 200;
      raw[i + 3] = 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A square print area in the middle of the 400 x 400 template photo. */
const squareArea = (fit: 'cover' | 'contain') =>
  JSON.stringify({
    topLeft: { x: 0.3, y: 0.3 },
    topRight: { x: 0.7, y: 0.3 },
    bottomRight: { x: 0.7, y: 0.7 },
    bottomLeft: { x: 0.3, y: 0.7 },
    rotation: 0,
    fit,
  });

describe(`adjusting mockups and what Generate renders again, on ${testDbKind}`, () => {
  let t: TestApp;
  let access: string;
  let workspaceId: string;
  const templateIds: Record<'cover' | 'contain', string> = { cover: '', contain: '' };

  const auth = (token = access) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token = access) => t.app.inject({ url, headers: auth(token) });
  const generate = async (mode?: 'new' | 'all', workspace = workspaceId) => {
    const response = await get(
      `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspace}${mode ? `&mode=${mode}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GenerateMockupsResponse>();
  };
  const grid = async () =>
    (await get(`/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`)).json<{
      arr_mockup_images_grid: MockupGridRow[];
    }>().arr_mockup_images_grid;
  const mockups = async () =>
    (await grid()).flatMap((row) => row.mockup_images.map((m) => ({ ...m, design: row.design_file_name })));
  const find = async (design: string, fit: 'cover' | 'contain') =>
    (await mockups()).find((m) => m.design === design && m.template_id === templateIds[fit])!;
  /** Storage keys by mockup id: a re-rendered mockup gets a new one. */
  const keys = async () =>
    new Map(
      (
        await t.db
          .selectFrom('mockups')
          .select(['id', 'storage_key'])
          .where('workspace_id', '=', workspaceId)
          .execute()
      ).map((r) => [r.id, r.storage_key]),
    );
  const adjust = (mockupId: string, adjustment: unknown, token = access) =>
    t.app.inject({
      method: 'POST',
      url: '/mockups_app/adjust_mockup/',
      headers: auth(token),
      payload: { mockup_id: mockupId, adjustment },
    });

  beforeAll(async () => {
    t = await startTestApp();
    access = (await buildSignedInUser(t.app)).tokens.access;
    workspaceId = await buildWorkspace(t.app, access);
    const uploaded = await uploadDesigns(t.url, access, workspaceId, [
      { name: 'Mountain Soul.png', data: await wordmarkPng(1) },
      { name: 'Sunset Club.png', data: await wordmarkPng(2) },
    ]);
    expect(uploaded.status).toBe(201);
    for (const fit of ['cover', 'contain'] as const) {
      const response = await postForm(
        t.url,
        access,
        '/mockups_app/upload_image_mode_mockup_templates/',
        { workspace_id: workspaceId, templateData: squareArea(fit) },
        [{ name: `${fit} square.png`, data: await templatePng(fit === 'cover' ? 30 : 220) }],
        'file',
      );
      expect(response.status).toBe(201);
      templateIds[fit] = response.body.templates[0].mkp_template_id as string;
    }
    await t.app.inject({
      method: 'POST',
      url: '/mockups_app/set_templates_for_workspace/',
      headers: auth(),
      payload: { selectedTemplates: Object.values(templateIds), workspace_id: workspaceId },
    });
    const first = await generate();
    expect(first).toMatchObject({ mode: 'new', queued: 4, already_running: false });
    await t.app.background.jobsIdle();
  });
  afterAll(async () => {
    await t.close();
  });

  it('flags a render that cuts off part of the design, and only that one', async () => {
    const all = await mockups();
    expect(all).toHaveLength(4);
    const flagged = all
      .filter((m) => m.cut_off)
      .map((m) => `${m.design} on ${m.template}`)
      .sort();
    // The wide lettering fills a square area edge to edge only by losing its ends.
    expect(flagged).toEqual(['Mountain Soul.png on cover square.png', 'Sunset Club.png on cover square.png']);
    expect(all.every((m) => m.adjustment === null)).toBe(true);
  });

  it('"Fit inside" re-renders only that mockup, whole, and keeps the choice for the pair', async () => {
    const target = await find('Mountain Soul.png', 'cover');
    const before = await keys();
    const response = await adjust(target.mockup_id, fitInsideAdjustment);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; mockup: MockupImage }>();
    expect(body.message).toBe(mockupMessages.adjusted);
    expect(body.mockup).toMatchObject({
      mockup_id: target.mockup_id,
      cut_off: false,
      adjustment: fitInsideAdjustment,
    });

    const after = await keys();
    const changed = [...after].filter(([id, key]) => before.get(id) !== key).map(([id]) => id);
    expect(changed).toEqual([target.mockup_id]);
    expect((await find('Mountain Soul.png', 'cover')).cut_off).toBe(false);
    expect((await find('Sunset Club.png', 'cover')).cut_off).toBe(true); // the other design is untouched
    const image = await fetch(`${t.url}${body.mockup.mockup_image}`);
    expect(image.status).toBe(200);
    expect((await fetch(`${t.url}${target.mockup_image}`)).status).toBe(404); // the old picture is gone
  });

  it('a manual scale and move re-renders only that mockup and is honoured by later runs', async () => {
    const target = await find('Sunset Club.png', 'contain');
    expect(target.cut_off).toBe(false);
    const before = await keys();
    const enlarged = { fit: null, scale: 1.6, offset_x: 0.2, offset_y: -0.1 };
    const response = await adjust(target.mockup_id, enlarged);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mockup).toMatchObject({ cut_off: true, adjustment: enlarged });
    const after = await keys();
    expect([...after].filter(([id, key]) => before.get(id) !== key).map(([id]) => id)).toEqual([
      target.mockup_id,
    ]);

    // The adjusted picture differs from the plain one where the design moved.
    const plain = await find('Mountain Soul.png', 'contain');
    const [ours, theirs] = await Promise.all(
      [response.json().mockup.mockup_image, plain.mockup_image].map(async (url: string) =>
        sharp(Buffer.from(await (await fetch(`${t.url}${url}`)).arrayBuffer()))
          .raw()
          .toBuffer(),
      ),
    );
    expect(ours!.equals(theirs!)).toBe(false);

    // Regenerate all renders every pair again with its adjustment (and Fit inside) still applied.
    await generate('all');
    await t.app.background.jobsIdle();
    const again = await mockups();
    expect(again.map((m) => [m.design, m.template, m.cut_off, m.adjustment?.scale ?? null]).sort()).toEqual([
      ['Mountain Soul.png', 'contain square.png', false, null],
      ['Mountain Soul.png', 'cover square.png', false, 1],
      ['Sunset Club.png', 'contain square.png', true, 1.6],
      ['Sunset Club.png', 'cover square.png', true, null],
    ]);
  });

  it("a reset to the template's own placement keeps no adjustment", async () => {
    const target = await find('Mountain Soul.png', 'contain');
    const tilted = await adjust(target.mockup_id, { fit: null, scale: 0.5, offset_x: 0, offset_y: 0 });
    expect(tilted.json().mockup.adjustment).toMatchObject({ scale: 0.5 });
    const reset = await adjust(target.mockup_id, { fit: null, scale: 1, offset_x: 0, offset_y: 0 });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().mockup.adjustment).toBeNull();
    expect((await find('Mountain Soul.png', 'contain')).adjustment).toBeNull();
  });

  it('previews an adjustment as a JPEG without storing anything', async () => {
    const target = await find('Sunset Club.png', 'cover');
    const before = await keys();
    const response = await t.app.inject({
      method: 'POST',
      url: '/mockups_app/preview_mockup/',
      headers: auth(),
      payload: {
        mockup_id: target.mockup_id,
        adjustment: { fit: 'contain', scale: 0.8, offset_x: 0, offset_y: 0 },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(response.rawPayload).metadata()).format).toBe('jpeg');
    expect(await keys()).toEqual(before);
    expect((await find('Sunset Club.png', 'cover')).adjustment).toBeNull();
  });

  it("refuses an adjustment out of range, and anyone else's mockup", async () => {
    const target = await find('Sunset Club.png', 'cover');
    const tooLarge = await adjust(target.mockup_id, { fit: null, scale: 10, offset_x: 0, offset_y: 0 });
    expect([tooLarge.statusCode, tooLarge.json().detail]).toEqual([400, 'scale must be between 0.1 and 4.']);
    const offArea = await adjust(target.mockup_id, { fit: null, scale: 1, offset_x: 0.9, offset_y: 0 });
    expect([offArea.statusCode, offArea.json().detail]).toEqual([
      400,
      'offset_x must be between -0.5 and 0.5.',
    ]);
    const other = (await buildSignedInUser(t.app)).tokens.access;
    const stolen = await adjust(target.mockup_id, fitInsideAdjustment, other);
    expect([stolen.statusCode, stolen.json().detail]).toEqual([404, mockupMessages.mockupGone]);
  });

  it('keeps deleted mockups deleted on "Generate new only" and brings them back only on "Regenerate all"', async () => {
    const doomed = await find('Mountain Soul.png', 'contain');
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/mockups_app/delete_selected_mockups/',
      headers: auth(),
      payload: { mockup_ids: [doomed.mockup_id] },
    });
    expect(deleted.statusCode).toBe(200);

    // Nothing new: no run starts, and the deleted mockup stays deleted (the default mode is "new").
    const nothing = await generate();
    expect(nothing).toMatchObject({
      mode: 'new',
      queued: 0,
      already_running: false,
      message: mockupMessages.nothingNew,
    });
    await t.app.background.jobsIdle();
    expect(await mockups()).toHaveLength(3);

    // A new design gets its mockups; the deleted pair is still left alone.
    await uploadDesigns(t.url, access, workspaceId, [
      { name: 'Ocean Drive.png', data: await wordmarkPng(3) },
    ]);
    const fresh = await generate('new');
    expect(fresh.message).toBe('Generating 2 mockups: 1 design on 2 templates.');
    expect(fresh.job_logs.map((j) => j.total)).toEqual([1, 1]);
    await t.app.background.jobsIdle();
    const afterNew = await mockups();
    expect(afterNew).toHaveLength(5);
    expect(
      afterNew.some((m) => m.design === 'Mountain Soul.png' && m.template_id === templateIds.contain),
    ).toBe(false);

    // Regenerate all (the seller confirmed) renders every pair, the deleted one included.
    const all = await generate('all');
    expect(all.message).toBe('Generating 6 mockups: 3 designs on 2 templates.');
    await t.app.background.jobsIdle();
    expect(await mockups()).toHaveLength(6);
    expect(await generate()).toMatchObject({ queued: 0 }); // and nothing is "new" after it
  });

  it('answers a repeated generate with the run already going on: one run, no error', async () => {
    const runsBefore = await t.db
      .selectFrom('mockup_jobs')
      .select('run_id')
      .distinct()
      .where('workspace_id', '=', workspaceId)
      .execute();
    const replies = await Promise.all([1, 2, 3].map(() => generate('all')));
    await t.app.background.jobsIdle();
    const runsAfter = await t.db
      .selectFrom('mockup_jobs')
      .select('run_id')
      .distinct()
      .where('workspace_id', '=', workspaceId)
      .execute();
    expect(runsAfter).toHaveLength(runsBefore.length + 1);
    expect(replies.filter((r) => !r.already_running)).toHaveLength(1);
    expect(replies.filter((r) => r.already_running).map((r) => r.message)).toEqual([
      mockupMessages.answeringRunning,
      mockupMessages.answeringRunning,
    ]);
    const jobIds = replies.map((r) =>
      r.job_logs
        .map((j) => j.id)
        .sort()
        .join(),
    );
    expect(new Set(jobIds).size).toBe(1); // every reply shows the same run
  });
});
