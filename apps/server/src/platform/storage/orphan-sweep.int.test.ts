import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { createTestBucket } from '../../test/s3.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';
import { localDiskStorage } from './local-disk-storage.ts';
import { ORPHAN_GRACE_MS, orphanSweep } from './orphan-sweep.ts';
import { s3Storage } from './s3-storage.ts';
import { storedKeysRepo } from './stored-keys.repo.ts';

describe(`the orphan sweep on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes an old file no row refers to, keeps a young one and every referenced file, and reports counts', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    await uploadDesigns(t.url, tokens.access, workspaceId, [{ name: 'kept.png', data: await buildPng() }]);
    await t.app.background.idle();
    const userId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', registration.username)
        .executeTakeFirstOrThrow()
    ).id;
    const design = await t.db
      .selectFrom('designs')
      .select(['storage_key', 'thumbnail_key'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const root = filesRoot(t);
    const plant = (key: string, bytes: number) => {
      mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
      writeFileSync(path.join(root, key), Buffer.alloc(bytes, 7));
    };
    const age = (key: string, ms: number) => {
      const when = new Date(Date.now() - ms);
      utimesSync(path.join(root, key), when, when);
    };
    const orphan = `u/${userId}/w/${workspaceId}/mockups/gone-1.jpg`;
    const young = `u/${userId}/w/${workspaceId}/designs/in-flight.png`;
    plant(orphan, 1234);
    plant(young, 99);
    const hour = 60 * 60 * 1000;
    for (const key of [orphan, design.storage_key, design.thumbnail_key]) age(key, ORPHAN_GRACE_MS + hour);
    age(young, ORPHAN_GRACE_MS / 10);

    const logged: object[] = [];
    const sweep = orphanSweep({
      storage: localDiskStorage(root),
      referenced: storedKeysRepo(t.db).referenced,
      log: { info: (object) => logged.push(object), error: () => undefined },
    });
    const result = await sweep.run();
    expect(result).toMatchObject({ removed: 1, bytes: 1234 });
    expect(logged).toEqual([result]);
    expect(existsSync(path.join(root, orphan))).toBe(false);
    for (const key of [young, design.storage_key, design.thumbnail_key]) {
      expect(existsSync(path.join(root, key)), key).toBe(true);
    }
  });
});

describe(`the orphan sweep over an S3 bucket on ${testDbKind}`, () => {
  it('removes old objects no row refers to, keeps every referenced one, and reports counts', async () => {
    const { settings, env } = await createTestBucket();
    const t = await startTestApp(env);
    try {
      const { tokens } = await buildSignedInUser(t.app);
      const workspaceId = await buildWorkspace(t.app, tokens.access);
      await uploadDesigns(t.url, tokens.access, workspaceId, [{ name: 'kept.png', data: await buildPng() }]);
      await t.app.background.idle();
      const design = await t.db
        .selectFrom('designs')
        .select(['user_id', 'storage_key', 'thumbnail_key'])
        .executeTakeFirstOrThrow();
      const storage = s3Storage(settings);
      const orphans = [`u/${design.user_id}/w/${workspaceId}/mockups/gone-1.jpg`, 'u/0/w/0/designs/lost.png'];
      for (const key of orphans) await storage.write(key, [Buffer.alloc(1000, 7)]);

      const logged: object[] = [];
      // Objects cannot be back-dated: the sweep runs "an hour after the grace period" instead.
      const sweep = orphanSweep({
        storage,
        referenced: storedKeysRepo(t.db).referenced,
        log: { info: (object) => logged.push(object), error: () => undefined },
        now: () => Date.now() + ORPHAN_GRACE_MS + 60 * 60 * 1000,
      });
      const result = await sweep.run();
      expect(result).toEqual({ removed: 2, bytes: 2000, young: 0, referenced: 2 });
      expect(logged).toEqual([result]);
      for (const key of orphans) expect(await storage.size(key), key).toBeUndefined();
      for (const key of [design.storage_key, design.thumbnail_key]) {
        expect(await storage.size(key), key).toBeGreaterThan(0);
      }
    } finally {
      await t.close();
    }
  });
});
