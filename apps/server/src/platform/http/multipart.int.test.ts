import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildWorkspace } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { filesUnder } from '../../test/files.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';
import { malformedMultipartMessage } from './multipart.ts';

describe(`malformed multipart bodies on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const boundary = 'podflow-boundary-42';
  /** A form whose last part (a PNG file) never ends: no closing boundary. */
  const unterminated = (workspaceId: string, png: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="workspace_id"\r\n\r\n${workspaceId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
    ]);
  const whole = (workspaceId: string, png: Buffer) =>
    Buffer.concat([unterminated(workspaceId, png), Buffer.from(`\r\n--${boundary}--\r\n`)]);

  const malformations = (workspaceId: string, png: Buffer) => [
    { name: 'no boundary', type: 'multipart/form-data', body: whole(workspaceId, png) },
    { name: 'an empty boundary', type: 'multipart/form-data; boundary=', body: whole(workspaceId, png) },
    {
      name: 'an unterminated part',
      type: `multipart/form-data; boundary=${boundary}`,
      body: unterminated(workspaceId, png),
    },
    {
      name: 'garbage',
      type: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.concat([Buffer.from('\r\n--nope\r\n\u0000\u00ff garbage'), png.subarray(0, 200)]),
    },
  ];

  it('answers 400 with a sentence on every upload route, stores nothing and leaves the quotas as they were', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'storage_used_bytes', 'ai_tokens_used'])
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    const png = await buildPng({ width: 40, height: 30 });
    const routes = [
      `/workspace/upload_designs/?workspace_id=${workspaceId}`,
      '/mockups_app/upload_mockup_templates/',
      '/mockups_app/upload_image_mode_mockup_templates/',
      '/workspace/save_metadata/',
      '/openai_app/generate_textfields_openai/',
      `/workspace/import_metadata_csv/?workspace_id=${workspaceId}`,
    ];

    for (const url of routes) {
      for (const malformation of malformations(workspaceId, png)) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${tokens.access}`, 'content-type': malformation.type },
          payload: malformation.body,
        });
        const what = `${url} with ${malformation.name}`;
        expect(response.statusCode, what).toBe(400);
        expect(response.json().detail, what).toBe(malformedMultipartMessage);
      }
    }

    const after = await t.db
      .selectFrom('users')
      .select(['storage_used_bytes', 'ai_tokens_used'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.storage_used_bytes)).toBe(Number(user.storage_used_bytes));
    expect(Number(after.ai_tokens_used)).toBe(Number(user.ai_tokens_used));
    const designs = await t.db.selectFrom('designs').select('id').where('user_id', '=', user.id).execute();
    const templates = await t.db
      .selectFrom('templates')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(designs).toEqual([]);
    expect(templates).toEqual([]);
    expect(filesUnder(path.join(filesRoot(t), 'u', user.id))).toEqual([]);
  });
});
