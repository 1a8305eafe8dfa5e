import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { MockupGridRow, MockupJobLog } from '@podflow/contract/mockups';
import { mockupMessages } from '@podflow/contract/mockups';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from '../../test/factories.ts';
import { buildPng, templateData, templatePng } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

/** Entry names of a zip held in memory. */
function zipEntries(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        file.readEntry();
      });
      file.on('end', () => resolve(names));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

describe(`mockup runs on ${testDbKind}`, () => {
  let t: TestApp;
  let access: string;
  let workspaceId: string;
  const templateIds: string[] = [];

  const auth = (token = access) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token = access) => t.app.inject({ url, headers: auth(token) });
  const logs = async () =>
    (await get(`/mockups_app/get_mockup_job_logs/?workspace_id=${workspaceId}`)).json<{
      job_logs: MockupJobLog[];
    }>().job_logs;
  const grid = async () =>
    (await get(`/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`)).json<{
      arr_mockup_images_grid: MockupGridRow[];
    }>().arr_mockup_images_grid;
  const usedBytes = async (email: string) =>
    Number(
      (
        await t.db
          .selectFrom('users')
          .select('storage_used_bytes')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).storage_used_bytes,
    );
  let email: string;

  beforeAll(async () => {
    t = await startTestApp();
    const user = await buildSignedInUser(t.app);
    access = user.tokens.access;
    email = user.registration.username;
    workspaceId = await buildWorkspace(t.app, access);
    const designs = await Promise.all([1, 2, 3].map((seed) => buildPng({ width: 300, height: 360, seed })));
    const uploaded = await uploadDesigns(
      t.url,
      access,
      workspaceId,
      designs.map((data, i) => ({ name: `cat design ${i + 1}.png`, data })),
    );
    expect(uploaded.status).toBe(201);
    for (const [i, hue] of [20, 200].entries()) {
      const response = await postForm(
        t.url,
        access,
        '/mockups_app/upload_image_mode_mockup_templates/',
        { templateData },
        [{ name: `shirt ${i + 1}.png`, data: await templatePng(hue) }],
        'file',
      );
      expect(response.status).toBe(201);
      templateIds.push(response.body.templates[0].mkp_template_id as string);
    }
    const selected = await t.app.inject({
      method: 'POST',
      url: '/mockups_app/set_templates_for_workspace/',
      headers: auth(),
      payload: { selectedTemplates: templateIds, workspace_id: workspaceId },
    });
    expect(selected.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows no jobs before the first run', async () => {
    expect(await logs()).toEqual([]);
  });

  it('runs one job per selected template that renders every design, then shows them in the grid', async () => {
    const started = await get(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`);
    expect(started.statusCode).toBe(200);
    const body = started.json<{ message: string; job_logs: MockupJobLog[] }>();
    expect(body.message).toBe('Generating 6 mockups: 3 designs on 2 templates.');
    expect(body.job_logs.map((j) => j.template_file_name)).toEqual(['shirt 1.png', 'shirt 2.png']);
    expect(body.job_logs.every((j) => j.total === 3)).toBe(true);

    await t.app.background.jobsIdle();
    const finished = await logs();
    expect(finished.map((j) => [j.status, j.done, j.failed])).toEqual([
      ['Completed', 3, 0],
      ['Completed', 3, 0],
    ]);
    expect(finished.every((j) => j.finished_at !== null)).toBe(true);

    const rows = await grid();
    expect(rows.map((r) => r.design_file_name)).toEqual([
      'cat design 1.png',
      'cat design 2.png',
      'cat design 3.png',
    ]);
    expect(
      rows.every((r) => r.mockup_images.map((m) => m.template).join() === 'shirt 1.png,shirt 2.png'),
    ).toBe(true);

    const image = await fetch(`${t.url}${rows[0]!.mockup_images[0]!.mockup_image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 400]);
    // The preview was stored with the mockup: a 512 px JPEG made from the rendered pixels.
    const thumb = await fetch(`${t.url}${rows[0]!.mockup_images[0]!.mockup_thumbnail}`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const small = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 400, 400]);
  });

  it('replaces mockups when the run is repeated: one per design and template, same ids', async () => {
    const before = (await grid()).flatMap((r) => r.mockup_images.map((m) => m.mockup_id)).sort();
    const bytesBefore = await usedBytes(email);
    expect(
      (await get(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}&mode=all`))
        .statusCode,
    ).toBe(200);
    await t.app.background.jobsIdle();
    const after = (await grid()).flatMap((r) => r.mockup_images.map((m) => m.mockup_id)).sort();
    expect(after).toEqual(before);
    expect(await usedBytes(email)).toBe(bytesBefore); // same renders, same bytes: nothing counted twice
  });

  it('streams job progress as server-sent events', async () => {
    const controller = new AbortController();
    const response = await fetch(`${t.url}/mockups_app/mockup_job_events/?workspace_id=${workspaceId}`, {
      headers: auth(),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const [event, data] = text.split('\n\n')[0]!.split('\n');
    expect(event).toBe('event: job');
    expect(JSON.parse(data!.slice('data: '.length))).toMatchObject({ status: 'Completed', done: 3 });
  });

  it('zips every mockup, stored, named design__template.jpg, with its size known up front', async () => {
    const response = await fetch(`${t.url}/mockups_app/download_mockup_files/?workspace_id=${workspaceId}`, {
      headers: auth(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mockups.zip"');
    const zip = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(zip.length);
    expect((await zipEntries(zip)).sort()).toEqual([
      'cat design 1__shirt 1.jpg',
      'cat design 1__shirt 2.jpg',
      'cat design 2__shirt 1.jpg',
      'cat design 2__shirt 2.jpg',
      'cat design 3__shirt 1.jpg',
      'cat design 3__shirt 2.jpg',
    ]);
  });

  it("keeps every call away from another user's workspace and mockups", async () => {
    const other = (await buildSignedInUser(t.app)).tokens.access;
    for (const url of [
      `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`,
      `/mockups_app/get_mockup_job_logs/?workspace_id=${workspaceId}`,
      `/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`,
      `/mockups_app/download_mockup_files/?workspace_id=${workspaceId}`,
      `/mockups_app/mockup_job_events/?workspace_id=${workspaceId}`,
    ]) {
      expect((await get(url, other)).statusCode, url).toBe(404);
    }
    const mockupId = (await grid())[0]!.mockup_images[0]!.mockup_id;
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/mockups_app/delete_selected_mockups/',
      headers: auth(other),
      payload: { mockup_ids: [mockupId] },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe(mockupMessages.notFound);
    expect((await grid())[0]!.mockup_images).toHaveLength(2);
  });

  it('deletes selected mockups and gives their bytes back', async () => {
    const before = await usedBytes(email);
    const target = (await grid())[1]!.mockup_images[0]!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/mockups_app/delete_selected_mockups/',
      headers: auth(),
      payload: { mockup_ids: [target.mockup_id] },
    });
    expect(response.json()).toEqual({ message: 'Deleted 1 mockup.', deleted: 1 });
    expect((await grid())[1]!.mockup_images.map((m) => m.mockup_id)).not.toContain(target.mockup_id);
    expect(await usedBytes(email)).toBeLessThan(before);
    expect((await fetch(`${t.url}${target.mockup_image}`)).status).toBe(404);
  });

  it('logs a design that cannot be rendered with its reason and renders the others', async () => {
    const uploaded = await uploadDesigns(t.url, access, workspaceId, [
      { name: 'broken later.png', data: await buildPng({ width: 200, height: 200, seed: 4 }) },
    ]);
    const broken = await t.db
      .selectFrom('designs')
      .select('storage_key')
      .where('id', '=', uploaded.body.files![0]!.lineitem_id!)
      .executeTakeFirstOrThrow();
    // The file goes bad on disk after its upload checks passed.
    writeFileSync(path.join(filesRoot(t), broken.storage_key), Buffer.from('not an image at all'));
    await get(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}&mode=all`);
    await t.app.background.jobsIdle();
    const finished = await logs();
    expect(finished.map((j) => [j.status, j.done, j.failed])).toEqual([
      ['Completed', 3, 1],
      ['Completed', 3, 1],
    ]);
    expect(finished[0]!.errors).toEqual([
      expect.objectContaining({
        design_file_name: 'broken later.png',
        reason: 'The design file could not be read as an image. Upload it again as a PNG.',
      }),
    ]);
  });

  it('renders on a starter template whose image is not drawn yet', async () => {
    const fresh = await buildWorkspace(t.app, access, 'Starter');
    await uploadDesigns(t.url, access, fresh, [{ name: 'star.png', data: await buildPng({ seed: 5 }) }]);
    const remaining = (await get(`/mockups_app/get_templates_information/?workspace_id=${fresh}`)).json<{
      templates_information: { mkp_template_id: string; source: string }[];
    }>().templates_information;
    const starter = remaining.find((i) => i.source === 'library')!.mkp_template_id;
    await t.app.inject({
      method: 'POST',
      url: '/mockups_app/set_templates_for_workspace/',
      headers: auth(),
      payload: { selectedTemplates: [starter], workspace_id: fresh },
    });
    await get(`/mockups_python_engine_app/generate_mockups/?workspace_id=${fresh}`);
    await t.app.background.jobsIdle();
    const jobs = (await get(`/mockups_app/get_mockup_job_logs/?workspace_id=${fresh}`)).json<{
      job_logs: MockupJobLog[];
    }>().job_logs;
    expect(jobs.map((j) => [j.status, j.done, j.reason])).toEqual([['Completed', 1, null]]);
  });

  it('refuses a run without designs or without templates, and answers the running run while one goes on', async () => {
    const empty = await buildWorkspace(t.app, access, 'Empty');
    const noDesigns = await get(`/mockups_python_engine_app/generate_mockups/?workspace_id=${empty}`);
    expect([noDesigns.statusCode, noDesigns.json().detail]).toEqual([400, mockupMessages.noDesigns]);

    await uploadDesigns(t.url, access, empty, [{ name: 'a.png', data: await buildPng({ seed: 9 }) }]);
    const noTemplates = await get(`/mockups_python_engine_app/generate_mockups/?workspace_id=${empty}`);
    expect([noTemplates.statusCode, noTemplates.json().detail]).toEqual([400, mockupMessages.noTemplates]);

    const userId = (
      await t.db.selectFrom('workspaces').select('user_id').where('id', '=', empty).executeTakeFirstOrThrow()
    ).user_id;
    await t.app.inject({
      method: 'POST',
      url: '/mockups_app/set_templates_for_workspace/',
      headers: auth(),
      payload: { selectedTemplates: templateIds, workspace_id: empty },
    });
    const runningRun = randomUUID();
    await t.db
      .insertInto('mockup_jobs')
      .values({
        id: randomUUID(),
        run_id: runningRun,
        workspace_id: empty,
        user_id: userId,
        template_id: templateIds[0]!,
        template_name: 'shirt 1.png',
        position: 0,
        status: 'In Progress',
        total: 1,
        reason: null,
        created_at: Date.now(),
        started_at: Date.now(),
        finished_at: null,
      })
      .execute();
    const jobsBefore = await t.db
      .selectFrom('mockup_jobs')
      .select('id')
      .where('workspace_id', '=', empty)
      .execute();
    const busy = await get(`/mockups_python_engine_app/generate_mockups/?workspace_id=${empty}&mode=all`);
    expect(busy.statusCode).toBe(200);
    expect(busy.json()).toMatchObject({
      message: mockupMessages.answeringRunning,
      already_running: true,
      queued: 0,
      job_logs: [expect.objectContaining({ status: 'In Progress', template_file_name: 'shirt 1.png' })],
    });
    const jobsAfter = await t.db
      .selectFrom('mockup_jobs')
      .select('id')
      .where('workspace_id', '=', empty)
      .execute();
    expect(jobsAfter).toHaveLength(jobsBefore.length); // no second run
    expect(runningRun).toBeTruthy();
  });

  it("removes a design's mockups with the design", async () => {
    const rows = await grid();
    const design = rows[2]!; // cat design 3
    expect(design.mockup_images.length).toBeGreaterThan(0);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/workspace/delete_designs/',
      headers: auth(),
      payload: { lineitem_ids: [design.design_id] },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await t.db
      .selectFrom('mockups')
      .select('id')
      .where('design_id', '=', design.design_id)
      .execute();
    expect(left).toEqual([]);
    expect((await fetch(`${t.url}${design.mockup_images[0]!.mockup_image}`)).status).toBe(404);
  });
});
