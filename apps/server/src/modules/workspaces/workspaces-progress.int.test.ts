import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceSummary, workspaceMessages } from '@podflow/contract/workspaces';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`workspace progress and repeated creates on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (access: string) => ({ authorization: `Bearer ${access}` });
  const list = async (access: string): Promise<WorkspaceSummary[]> =>
    (await t.app.inject({ url: '/workspace/get_workspaces/', headers: auth(access) })).json();
  const create = (access: string, name: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/workspace/create_workspace/',
      headers: { ...auth(access), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { workspace_name: name },
    });

  it('reports what each workspace holds: designs, templates, mockups, metadata, listings and syncs', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const busy = await buildWorkspace(t.app, tokens.access, 'Busy');
    const empty = await buildWorkspace(t.app, tokens.access, 'Empty');
    const files = await Promise.all(
      ['cat.png', 'dog.png', 'fox.png'].map(async (name, seed) => ({ name, data: await buildPng({ seed }) })),
    );
    expect((await uploadDesigns(t.url, tokens.access, busy, files)).status).toBe(201);
    await t.app.background.idle();
    const designs = await t.db
      .selectFrom('designs')
      .select(['id', 'user_id', 'file_name'])
      .where('workspace_id', '=', busy)
      .orderBy('file_name')
      .execute();
    const [cat, dog, fox] = designs;
    const userId = cat!.user_id;
    await t.db.updateTable('designs').set({ product_title: 'A cat' }).where('id', '=', cat!.id).execute();
    await t.db.updateTable('designs').set({ product_title: 'A dog' }).where('id', '=', dog!.id).execute();

    const template = await t.db
      .selectFrom('templates')
      .select(['id', 'name'])
      .where('user_id', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('workspace_templates')
      .values({ workspace_id: busy, template_id: template.id, created_at: Date.now() })
      .execute();

    const now = Date.now();
    const jobId = randomUUID();
    await t.db
      .insertInto('mockup_jobs')
      .values({
        id: jobId,
        run_id: randomUUID(),
        workspace_id: busy,
        user_id: userId,
        template_id: template.id,
        template_name: template.name,
        position: 0,
        status: 'Completed',
        total: 2,
        created_at: now,
        started_at: now,
        finished_at: now,
      })
      .execute();
    for (const design of [cat!, dog!]) {
      await t.db
        .insertInto('mockups')
        .values({
          id: randomUUID(),
          workspace_id: busy,
          user_id: userId,
          design_id: design.id,
          template_id: template.id,
          template_name: template.name,
          job_id: jobId,
          storage_key: `k/${design.id}`,
          thumbnail_key: `t/${design.id}`,
          bytes: 0,
          width: 10,
          height: 10,
          created_at: now,
          updated_at: now + 5,
        })
        .execute();
    }

    // Listings: cat created, then updated by a second run (one design, not two); dog failed.
    const listingRuns = [randomUUID(), randomUUID()];
    for (const [index, runId] of listingRuns.entries()) {
      await t.db
        .insertInto('listing_runs')
        .values({
          id: runId,
          workspace_id: busy,
          user_id: userId,
          provider: 'printify',
          status: 'completed',
          publish: 0,
          created_at: now + 10 + index,
        })
        .execute();
    }
    const result = (runId: string, design: { id: string; file_name: string }, status: string) => ({
      run_id: runId,
      design_id: design.id,
      design_file_name: design.file_name,
      position: 0,
      status,
    });
    await t.db
      .insertInto('listing_results')
      .values([
        result(listingRuns[0]!, cat!, 'created'),
        result(listingRuns[1]!, cat!, 'updated'),
        result(listingRuns[1]!, dog!, 'failed'),
        result(listingRuns[1]!, fox!, 'pending'),
      ])
      .execute();
    const syncRun = randomUUID();
    await t.db
      .insertInto('store_sync_runs')
      .values({
        id: syncRun,
        workspace_id: busy,
        user_id: userId,
        store: 'shopify',
        status: 'completed',
        skip_mockups: 0,
        created_at: now + 20,
      })
      .execute();
    await t.db
      .insertInto('store_sync_results')
      .values([
        { ...result(syncRun, cat!, 'unchanged'), changes: '' },
        { ...result(syncRun, dog!, 'failed'), changes: '' },
      ])
      .execute();

    const [emptySummary, busySummary] = await list(tokens.access);
    expect(emptySummary!.workspace_id).toBe(empty);
    expect(emptySummary!.progress).toEqual({
      designs: 0,
      templates: 0,
      mockups: 0,
      designs_with_mockups: 0,
      designs_with_metadata: 0,
      designs_listed: 0,
      designs_synced: 0,
    });
    expect(emptySummary!.thumbnails).toEqual([]);

    expect(busySummary!.workspace_id).toBe(busy);
    expect(busySummary!.progress).toEqual({
      designs: 3,
      templates: 1,
      mockups: 2,
      designs_with_mockups: 2,
      designs_with_metadata: 2,
      designs_listed: 1,
      designs_synced: 1,
    });
    expect(busySummary!.last_activity_at).toBe(now + 20);
    expect(busySummary!.thumbnails.map((thumb) => thumb.file_name).sort()).toEqual([
      'cat.png',
      'dog.png',
      'fox.png',
    ]);
    const thumb = await fetch(new URL(busySummary!.thumbnails[0]!.url, t.url));
    expect(thumb.status).toBe(200);

    // A listed and synced design that is deleted no longer counts.
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/workspace/delete_designs/',
      headers: auth(tokens.access),
      payload: { lineitem_ids: [cat!.id] },
    });
    expect(deleted.statusCode).toBe(200);
    const [, after] = await list(tokens.access);
    expect(after!.progress).toMatchObject({ designs: 2, designs_listed: 0, designs_synced: 0 });
  });

  it('shows at most four thumbnails, the newest designs first', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    for (const [seed, name] of ['1.png', '2.png', '3.png', '4.png', '5.png'].entries()) {
      await uploadDesigns(t.url, tokens.access, workspaceId, [{ name, data: await buildPng({ seed }) }]);
    }
    const [summary] = await list(tokens.access);
    expect(summary!.progress.designs).toBe(5);
    expect(summary!.thumbnails.map((thumb) => thumb.file_name)).toEqual(['5.png', '4.png', '3.png', '2.png']);
  });

  it('makes one workspace when the same create is sent twice at once with one Idempotency-Key', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const key = randomUUID();
    const answers = await Promise.all([
      create(tokens.access, 'Twice', key),
      create(tokens.access, 'Twice', key),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().workspace_id).toBe(answers[1]!.json().workspace_id);
    const again = await create(tokens.access, 'Twice', key);
    expect(again.statusCode).toBe(200);
    expect(again.json().workspace_id).toBe(answers[0]!.json().workspace_id);
    expect((await list(tokens.access)).map((item) => item.workspace_name)).toEqual(['Twice']);
  });

  it('makes a new workspace for a new key, and refuses a key reused with another name', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const key = randomUUID();
    expect((await create(tokens.access, 'First', key)).statusCode).toBe(201);
    expect((await create(tokens.access, 'First', randomUUID())).statusCode).toBe(201);
    const reused = await create(tokens.access, 'Other', key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toBe(workspaceMessages.keyReused);
    expect((await list(tokens.access)).map((item) => item.workspace_name)).toEqual(['First', 'First']);
  });

  it('keeps keys per user: the same key from another seller makes their own workspace', async () => {
    const first = await buildSignedInUser(t.app);
    const second = await buildSignedInUser(t.app);
    const key = randomUUID();
    const mine = await create(first.tokens.access, 'Shared key', key);
    const theirs = await create(second.tokens.access, 'Shared key', key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(mine.json().workspace_id).not.toBe(theirs.json().workspace_id);
    expect(await list(second.tokens.access)).toHaveLength(1);
  });

  it('refuses a key too short to be one', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const response = await create(tokens.access, 'Short key', 'abc');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(/Idempotency-Key must be 8 to 100 characters/);
  });
});
