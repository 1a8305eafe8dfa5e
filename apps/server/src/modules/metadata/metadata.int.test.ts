import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignLineItem } from '@podflow/contract/designs';
import { type TaskStatusSummary, checkListing, splitKeywords } from '@podflow/contract/metadata';
import { startOpenAiSandbox, type OpenAiSandbox } from '@podflow/sandbox/openai-sandbox';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { labelledDesigns } from './design-text/labelled-designs.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { tokenPeriod } from './metadata.service.ts';

type Row = { lineitem_id: string; product_title: string; seo_keywords: string; product_description: string };

/** SPEC's multipart: the four fields repeated once per design, in order. */
function metadataForm(rows: Row[]): FormData {
  const form = new FormData();
  for (const row of rows) {
    form.append('lineitem_id', row.lineitem_id);
    form.append('product_title', row.product_title);
    form.append('seo_keywords', row.seo_keywords);
    form.append('product_description', row.product_description);
  }
  return form;
}

const blank = (lineitem_id: string): Row => ({
  lineitem_id,
  product_title: '',
  seo_keywords: '',
  product_description: '',
});

/** A signed-in seller with a workspace of `count` designs, and helpers to call the metadata routes. */
async function seller(t: TestApp, count: number, prefix = 'retro-sunset-cat') {
  const user = await buildSignedInUser(t.app);
  const access = user.tokens.access;
  const workspaceId = await buildWorkspace(t.app, access);
  const files = await Promise.all(
    Array.from({ length: count }, async (_, k) => ({
      name: `${prefix}-${k + 1}.png`,
      data: await buildPng({ seed: k }),
    })),
  );
  if (count > 0) expect((await uploadDesigns(t.url, access, workspaceId, files)).status).toBe(201);
  const headers = { authorization: `Bearer ${access}` };
  const post = async (path: string, form: FormData) => {
    const response = await fetch(`${t.url}${path}`, { method: 'POST', headers, body: form });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const designs = async () =>
    (
      await t.app.inject({ url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`, headers })
    ).json<DesignLineItem[]>();
  const summary = async () =>
    (
      await t.app.inject({ url: `/openai_app/task-status-summary/?workspace_id=${workspaceId}`, headers })
    ).json<TaskStatusSummary>();
  const tokensUsed = async () =>
    Number(
      (
        await t.db
          .selectFrom('users')
          .select('ai_tokens_used')
          .where('email', '=', user.registration.username)
          .executeTakeFirstOrThrow()
      ).ai_tokens_used,
    );
  const setTokensUsed = (used: number) =>
    t.db
      .updateTable('users')
      .set({ ai_tokens_used: used, ai_tokens_period: tokenPeriod(new Date()) })
      .where('email', '=', user.registration.username)
      .execute();
  return { access, headers, workspaceId, post, designs, summary, tokensUsed, setTokensUsed };
}

describe(`metadata on ${testDbKind}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves every row, cleans the keyword list and warns about what breaks a store limit', async () => {
    const s = await seller(t, 2);
    const [a, b] = await s.designs();
    const longTitle = 'Sunset '.repeat(25).trim();
    const saved = await s.post(
      '/workspace/save_metadata/',
      metadataForm([
        {
          ...blank(a!.lineitem_id),
          product_title: 'Retro Sunset Cat Tee',
          seo_keywords: 'cat ,  sunset,retro',
        },
        {
          ...blank(b!.lineitem_id),
          product_title: longTitle,
          seo_keywords: 'cat, Cat',
          product_description: 'Soft.',
        },
      ]),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: '2 designs saved.', saved: 2 });
    const warnings = saved.body.warnings as {
      lineitem_id: string;
      issues: { field: string; message: string }[];
    }[];
    expect(warnings.map((w) => w.lineitem_id)).toEqual([b!.lineitem_id]);
    expect(warnings[0]!.issues.map((i) => i.field).sort()).toEqual(['keywords', 'title']);
    const after = new Map((await s.designs()).map((d) => [d.lineitem_id, d]));
    expect(after.get(a!.lineitem_id)).toMatchObject({
      product_title: 'Retro Sunset Cat Tee',
      seo_keywords: 'cat, sunset, retro',
    });
    expect(after.get(b!.lineitem_id)).toMatchObject({
      product_title: longTitle,
      product_description: 'Soft.',
    });
    // Sent again with one change: the answer counts the one design that changed.
    const again = await s.post(
      '/workspace/save_metadata/',
      metadataForm([
        {
          ...blank(a!.lineitem_id),
          product_title: 'Retro Sunset Cat Tee',
          seo_keywords: 'cat, sunset, retro',
        },
        {
          ...blank(b!.lineitem_id),
          product_title: 'Sunset Tee',
          seo_keywords: 'cat, Cat',
          product_description: 'Soft.',
        },
      ]),
    );
    expect(again.body).toMatchObject({ message: '1 design saved.', saved: 1 });
    const unchanged = await s.post(
      '/workspace/save_metadata/',
      metadataForm([
        {
          ...blank(a!.lineitem_id),
          product_title: 'Retro Sunset Cat Tee',
          seo_keywords: 'cat, sunset, retro',
        },
      ]),
    );
    expect(unchanged.body).toMatchObject({
      message: 'Nothing to save: every design already has this metadata.',
      saved: 0,
    });
  });

  it("refuses another seller's design with a 404 and saves nothing of the request", async () => {
    const mine = await seller(t, 1);
    const theirs = await seller(t, 1);
    const [own] = await mine.designs();
    const [other] = await theirs.designs();
    const response = await mine.post(
      '/workspace/save_metadata/',
      metadataForm([
        { ...blank(own!.lineitem_id), product_title: 'Mine' },
        { ...blank(other!.lineitem_id), product_title: 'Hijacked' },
      ]),
    );
    expect(response.status).toBe(404);
    expect((await mine.designs())[0]!.product_title).toBe('');
    expect((await theirs.designs())[0]!.product_title).toBe('');
    const summary = await t.app.inject({
      url: `/openai_app/task-status-summary/?workspace_id=${theirs.workspaceId}`,
      headers: mine.headers,
    });
    expect(summary.statusCode).toBe(404);
  });

  it('says what is wrong with a malformed request', async () => {
    const s = await seller(t, 1);
    const [a] = await s.designs();
    const form = metadataForm([blank(a!.lineitem_id)]);
    form.append('lineitem_id', a!.lineitem_id);
    const mismatched = await s.post('/workspace/save_metadata/', form);
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.detail).toMatch(/once for each design/);
    const empty = await s.post('/workspace/save_metadata/', new FormData());
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Send at least one design.');
  });

  it('writes every listing with the offline writer, within every limit, keeping what the seller wrote', async () => {
    const s = await seller(t, 3);
    const designs = await s.designs();
    const rows = designs.map((d) => blank(d.lineitem_id));
    rows[0] = { ...rows[0]!, product_title: 'My Own Sunset Cat Title', seo_keywords: 'orange cat gift' };
    const queued = await s.post('/openai_app/generate_textfields_openai/', metadataForm(rows));
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ queued: 3, tokens_remaining: 47 });
    await t.app.background.jobsIdle();
    expect((await s.summary()).status_summary).toEqual({
      Pending: 0,
      'In Progress': 0,
      Completed: 3,
      Failed: 0,
    });
    const written = new Map((await s.designs()).map((d) => [d.lineitem_id, d]));
    for (const design of written.values()) {
      const listing = {
        title: design.product_title,
        keywords: splitKeywords(design.seo_keywords),
        description: design.product_description,
      };
      expect(checkListing(listing)).toEqual([]);
      expect(listing.keywords).toHaveLength(13);
      expect(listing.description.length).toBeGreaterThan(80);
    }
    const first = written.get(designs[0]!.lineitem_id)!;
    expect(first.product_title).toBe('My Own Sunset Cat Title');
    // The other two share their name's words, yet each job worded its design by its place in the run.
    const [second, third] = designs.slice(1).map((d) => written.get(d.lineitem_id)!.product_title);
    expect(second).toMatch(/^Retro Sunset Cat /);
    expect(third).toMatch(/^Retro Sunset Cat /);
    expect(second).not.toBe(third);
    expect(splitKeywords(first.seo_keywords)[0]).toBe('orange cat gift');
    expect(await s.tokensUsed()).toBe(3);
    const tokens = await t.app.inject({ url: '/openai_app/ai_tokens/', headers: s.headers });
    expect(tokens.json()).toMatchObject({ allowance: 50, used: 3, remaining: 47 });
  });

  it("leads a typography design's listing with its printed words; a design without words keeps its file name", async () => {
    const user = await buildSignedInUser(t.app);
    const access = user.tokens.access;
    const workspaceId = await buildWorkspace(t.app, access);
    const lettered = labelledDesigns().find((design) => design.phrase === 'Good Vibes Only')!;
    const files = [
      { name: 'IMG_0042.png', data: await lettered.draw() },
      { name: 'retro-sunset-cat.png', data: await buildPng({ seed: 3 }) },
    ];
    expect((await uploadDesigns(t.url, access, workspaceId, files)).status).toBe(201);
    const headers = { authorization: `Bearer ${access}` };
    const listed = async () =>
      (
        await t.app.inject({
          url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
          headers,
        })
      ).json<DesignLineItem[]>();
    const form = metadataForm((await listed()).map((design) => blank(design.lineitem_id)));
    const queued = await fetch(`${t.url}/openai_app/generate_textfields_openai/`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(queued.status).toBe(200);
    await t.app.background.jobsIdle();
    const byName = new Map((await listed()).map((design) => [design.image_file_name, design]));
    const typography = byName.get('IMG_0042.png')!;
    expect(typography.product_title).toMatch(/^Good Vibes Only /);
    expect(splitKeywords(typography.seo_keywords)[0]).toBe('good vibes only');
    expect(typography.product_description).toContain('Good Vibes Only');
    expect(byName.get('retro-sunset-cat.png')!.product_title).toMatch(/^Retro Sunset Cat /);
  }, 60_000);

  it('never spends more AI tokens than the plan allows, however many runs start at once', async () => {
    const s = await seller(t, 0);
    // Six more workspaces of two designs each, so the runs do not wait for one another.
    const workspaces = await Promise.all(
      Array.from({ length: 6 }, async (_, k) => {
        const workspaceId = await buildWorkspace(t.app, s.access);
        const files = await Promise.all(
          [0, 1].map(async (n) => ({ name: `w${k}-${n}.png`, data: await buildPng({ seed: k * 2 + n }) })),
        );
        await uploadDesigns(t.url, s.access, workspaceId, files);
        const list = await t.app.inject({
          url: `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
          headers: s.headers,
        });
        return list.json<DesignLineItem[]>().map((d) => blank(d.lineitem_id));
      }),
    );
    await s.setTokensUsed(44); // 6 left: three runs of two fit
    const answers = await Promise.all(
      workspaces.map((rows) => s.post('/openai_app/generate_textfields_openai/', metadataForm(rows))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403]);
    expect(answers.find((a) => a.status === 403)!.body.detail).toBe('AI tokens quota exceeded');
    expect(await s.tokensUsed()).toBe(50);
    await t.app.background.jobsIdle();
  });

  it('round-trips the metadata as CSV: preview, unmatched rows, then apply', async () => {
    const s = await seller(t, 2, 'mug-art');
    const [a, b] = await s.designs();
    await s.post(
      '/workspace/save_metadata/',
      metadataForm([
        { ...blank(a!.lineitem_id), product_title: 'Old title', seo_keywords: 'one, two' },
        blank(b!.lineitem_id),
      ]),
    );
    const exported = await t.app.inject({
      url: `/workspace/export_metadata_csv/?workspace_id=${s.workspaceId}`,
      headers: s.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="metadata.csv"');
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('file_name,title,keywords,description');
    expect(lines).toContain(`${a!.image_file_name},Old title,"one, two",`);

    const edited = [
      'File Name,Title,Tags',
      `${a!.image_file_name},"New title, with comma","one, two"`,
      `${b!.image_file_name},Second,"three,four"`,
      'no-such-design.png,Nobody,x',
      ',Empty name,y',
    ].join('\n');
    const importCsv = async (apply: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([edited], { type: 'text/csv' }), 'metadata.csv');
      return s.post(`/workspace/import_metadata_csv/?workspace_id=${s.workspaceId}&apply=${apply}`, form);
    };
    const preview = await importCsv(false);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      applied: false,
      unchanged: 0,
      unmatched: [{ row: 4, file_name: 'no-such-design.png' }],
      invalid: [{ row: 5, reason: 'The file_name cell is empty.' }],
    });
    expect(preview.body.changed).toEqual([
      {
        lineitem_id: a!.lineitem_id,
        image_file_name: a!.image_file_name,
        changes: [{ field: 'title', from: 'Old title', to: 'New title, with comma' }],
      },
      {
        lineitem_id: b!.lineitem_id,
        image_file_name: b!.image_file_name,
        changes: [
          { field: 'title', from: '', to: 'Second' },
          { field: 'keywords', from: '', to: 'three, four' },
        ],
      },
    ]);
    expect((await s.designs()).find((d) => d.lineitem_id === a!.lineitem_id)!.product_title).toBe(
      'Old title',
    );
    const applied = await importCsv(true);
    expect(applied.body).toMatchObject({
      applied: true,
      message: 'Updated the metadata of 2 designs from the CSV.',
    });
    const after = new Map((await s.designs()).map((d) => [d.lineitem_id, d]));
    expect(after.get(a!.lineitem_id)!.product_title).toBe('New title, with comma');
    expect(after.get(b!.lineitem_id)!.seo_keywords).toBe('three, four');

    const noName = new FormData();
    noName.append('file', new Blob(['title,keywords\nA,b'], { type: 'text/csv' }), 'x.csv');
    const refused = await s.post(`/workspace/import_metadata_csv/?workspace_id=${s.workspaceId}`, noName);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/file_name/);
  });
});

describe(`metadata with an OpenAI-compatible model on ${testDbKind}`, () => {
  let t: TestApp;
  let sandbox: OpenAiSandbox;

  beforeAll(async () => {
    sandbox = await startOpenAiSandbox();
    t = await startTestApp({ AI_BASE_URL: sandbox.url, AI_API_KEY: 'sk-sandbox', AI_MODEL: 'gpt-4o-mini' });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('writes listings through the model, and a task the model cannot do fails with its reason and gives its token back', async () => {
    const s = await seller(t, 3, 'ocean-wave');
    const rows = (await s.designs()).map((d) => blank(d.lineitem_id));
    sandbox.failNext('insufficient_quota');
    sandbox.failNext('malformed');
    const queued = await s.post('/openai_app/generate_textfields_openai/', metadataForm(rows));
    expect(queued.status).toBe(200);
    await t.app.background.jobsIdle();
    const { status_summary, failures } = await s.summary();
    expect(status_summary).toEqual({ Pending: 0, 'In Progress': 0, Completed: 1, Failed: 2 });
    const reasons = failures.map((f) => f.reason).join('\n');
    expect(reasons).toMatch(/credit|quota/i);
    expect(reasons).toMatch(/JSON|malformed|could not be read/i);
    expect(await s.tokensUsed()).toBe(1);
    const written = (await s.designs()).filter((d) => d.product_title !== '');
    expect(written).toHaveLength(1);
    expect(
      checkListing({
        title: written[0]!.product_title,
        keywords: splitKeywords(written[0]!.seo_keywords),
        description: written[0]!.product_description,
      }),
    ).toEqual([]);
    const sent = sandbox.requests.at(-1) as { body?: { model?: string } } | undefined;
    expect(JSON.stringify(sent)).toContain('gpt-4o-mini');
  });

  it('writes each design once and charges one token each when the model refuses temperature and the writer asks again', async () => {
    const s = await seller(t, 2, 'moon-phase');
    sandbox.requests.length = 0;
    sandbox.failNext({
      status: 400,
      body: {
        error: {
          message:
            "Unsupported value: 'temperature' does not support 0.4 with this model. Only the default (1) value is supported.",
          type: 'invalid_request_error',
          param: 'temperature',
          code: 'unsupported_value',
        },
      },
    });
    const rows = (await s.designs()).map((d) => blank(d.lineitem_id));
    expect((await s.post('/openai_app/generate_textfields_openai/', metadataForm(rows))).status).toBe(200);
    await t.app.background.jobsIdle();
    expect((await s.summary()).status_summary).toEqual({
      Pending: 0,
      'In Progress': 0,
      Completed: 2,
      Failed: 0,
    });
    expect(await s.tokensUsed()).toBe(2);
    expect(sandbox.requests).toHaveLength(3);
    const titles = (await s.designs()).map((d) => d.product_title);
    expect(titles.every((title) => title.startsWith('Moon Phase'))).toBe(true);
  });
});
