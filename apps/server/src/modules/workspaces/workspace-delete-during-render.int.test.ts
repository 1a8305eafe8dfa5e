import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from '../../test/factories.ts';
import { buildPng, templateData, templatePng } from '../../test/images.ts';
import { filesUnder } from '../../test/files.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

describe(`deleting a workspace while its mockups render on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200, stops the run, leaves no file of the workspace and gives every byte back', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const auth = { authorization: `Bearer ${tokens.access}` };
    await t.db
      .updateTable('users')
      .set({ plan: 'basic' })
      .where('email', '=', registration.username)
      .execute();
    const userId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', registration.username)
        .executeTakeFirstOrThrow()
    ).id;
    const kept = await buildWorkspace(t.app, tokens.access, 'Kept');
    await uploadDesigns(t.url, tokens.access, kept, [
      { name: 'kept.png', data: await buildPng({ seed: 9 }) },
    ]);
    const templateIds: string[] = [];
    for (const hue of [20, 120, 220]) {
      const upload = await postForm(
        t.url,
        tokens.access,
        '/mockups_app/upload_image_mode_mockup_templates/',
        { templateData },
        [{ name: `shirt ${hue}.png`, data: await templatePng(hue) }],
        'file',
      );
      templateIds.push(upload.body.templates[0].mkp_template_id as string);
    }
    const designs = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (seed) => ({
        name: `d${seed}.png`,
        data: await buildPng({ width: 200, height: 240, seed }),
      })),
    );

    // A few rounds: where the delete falls in the render differs each time.
    for (let round = 0; round < 3; round += 1) {
      const workspaceId = await buildWorkspace(t.app, tokens.access, `Doomed ${round}`);
      expect((await uploadDesigns(t.url, tokens.access, workspaceId, designs)).status).toBe(201);
      await t.app.inject({
        method: 'POST',
        url: '/mockups_app/set_templates_for_workspace/',
        headers: auth,
        payload: { selectedTemplates: templateIds, workspace_id: workspaceId },
      });
      await t.app.background.idle();
      const started = await t.app.inject({
        url: `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`,
        headers: auth,
      });
      expect(started.statusCode).toBe(200);
      // Mid-run: as soon as the first mockup is recorded.
      await vi.waitFor(
        async () => {
          const first = await t.db
            .selectFrom('mockups')
            .select('id')
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirst();
          expect(first).toBeDefined();
        },
        { timeout: 20_000, interval: 5 },
      );
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/workspace/delete_workspace/${workspaceId}/`,
        headers: auth,
      });
      expect(deleted.statusCode, `round ${round}`).toBe(200);
      await t.app.background.jobsIdle();

      expect(
        await t.db.selectFrom('mockup_jobs').select('id').where('workspace_id', '=', workspaceId).execute(),
      ).toEqual([]);
      expect(filesUnder(path.join(filesRoot(t), 'u', userId, 'w', workspaceId)), `round ${round}`).toEqual(
        [],
      );
      const rows = [
        ...(await t.db
          .selectFrom('designs')
          .select(['storage_key', 'bytes'])
          .where('user_id', '=', userId)
          .execute()),
        ...(await t.db
          .selectFrom('templates')
          .select(['storage_key', 'bytes'])
          .where('user_id', '=', userId)
          .execute()),
        ...(await t.db
          .selectFrom('mockups')
          .select(['storage_key', 'bytes'])
          .where('user_id', '=', userId)
          .execute()),
      ];
      const onDisk = rows.reduce(
        (sum, row) => sum + statSync(path.join(filesRoot(t), row.storage_key)).size,
        0,
      );
      const counter = await t.db
        .selectFrom('users')
        .select('storage_used_bytes')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(counter.storage_used_bytes), `round ${round}`).toBe(onDisk);
    }
  }, 120_000);
});
