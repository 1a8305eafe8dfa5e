import { execFile } from 'node:child_process';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingRun } from '@podflow/contract/listings';
import { type PrintifySandbox, startPrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { buildSignedInUser, buildWorkspace, uploadDesigns } from '../../test/factories.ts';
import { buildPng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { rotateSecrets } from './rotate-secrets.ts';
import { SecretBox, connectionBinding } from './secrets.ts';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** A value in the first format (v1: no key id, no row binding), as earlier releases stored it. */
function sealV1(appSecret: string, plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'podflow', 'provider secrets v1', 32));
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

describe(`sealed provider keys on ${testDbKind}`, () => {
  const oldSecret = randomBytes(32).toString('hex');
  const newSecret = randomBytes(32).toString('hex');
  let t: TestApp;
  let printify: PrintifySandbox;

  const call = async (access: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${access}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** A seller with a workspace holding one design, connected to the Printify sandbox. */
  const connectedSeller = async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const files = [{ name: 'sunset.png', data: await buildPng({ seed: 1 }) }];
    expect((await uploadDesigns(t.url, tokens.access, workspaceId, files)).status).toBe(201);
    const saved = await call(tokens.access, 'POST', '/printify_app/save_printify_template/', {
      workspace_id: workspaceId,
      shop_id: printify.shops[0]!.id,
      apiKey: printify.token,
      printify_product_id: printify.templateProductId,
    });
    expect(saved.status).toBe(200);
    return { access: tokens.access, workspaceId };
  };
  const connectionOf = (workspaceId: string, provider = 'printify') =>
    t.db
      .selectFrom('provider_connections')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('provider', '=', provider)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    printify = await startPrintifySandbox({ seed: 3, fetchesLocalUrls: true });
    t = await startTestApp({ APP_SECRET: oldSecret, PRINTIFY_BASE_URL: printify.url });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await printify?.close();
  });

  it('stores the key with the id of the key it is sealed under, never in the clear', async () => {
    const { workspaceId } = await connectedSeller();
    const stored = (await connectionOf(workspaceId)).api_key_sealed;
    expect(stored).toMatch(new RegExp(`^v2:${new SecretBox(oldSecret).keyId}:`));
    expect(stored).not.toContain(printify.token);
  });

  it('asks for a key copied from another seller again instead of failing: info empty, runs stopped with a sentence', async () => {
    const owner = await connectedSeller();
    const other = await connectedSeller();
    const copied = (await connectionOf(owner.workspaceId)).api_key_sealed;
    await t.db
      .updateTable('provider_connections')
      .set({ api_key_sealed: copied })
      .where('workspace_id', '=', other.workspaceId)
      .execute();

    const info = await call(
      other.access,
      'GET',
      `/printify_app/fetch_workspace_printify_info/?workspace_id=${other.workspaceId}`,
    );
    expect(info).toEqual({ status: 200, body: [] });
    const maskedBack = await call(other.access, 'POST', '/printify_app/fetch_printify_shopIDs/', {
      apiKey: '••••••••abcd',
      workspace_id: other.workspaceId,
    });
    expect(maskedBack.status).toBe(400);
    expect(maskedBack.body.detail).toBe('Enter your Printify API key.');

    const started = await call(other.access, 'POST', '/printify_app/create_printify_listings_v2/', {
      workspace_id: other.workspaceId,
    });
    expect(started.status).toBe(200);
    let runState: ListingRun;
    for (;;) {
      runState = (
        await call(
          other.access,
          'GET',
          `/listings_app/listing_run/?workspace_id=${other.workspaceId}&provider=printify`,
        )
      ).body.run;
      if (runState.status === 'Completed' || runState.status === 'Failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(runState).toMatchObject({
      status: 'Failed',
      reason: 'The saved Printify credentials can no longer be read: connect Printify again.',
    });

    // Moved to another provider's row of the same workspace it fails too; the owner's still opens.
    await t.db
      .insertInto('provider_connections')
      .values({ ...(await connectionOf(owner.workspaceId)), provider: 'shopify', shop_id: 'my-shop' })
      .execute();
    const shopify = await call(
      owner.access,
      'GET',
      `/printify_app/get_shopify_shop_info/?workspace_id=${owner.workspaceId}`,
    );
    expect(shopify).toEqual({ status: 200, body: [] });
    const own = await call(
      owner.access,
      'GET',
      `/printify_app/fetch_workspace_printify_info/?workspace_id=${owner.workspaceId}`,
    );
    expect(own.body).toHaveLength(1);
    expect(own.body[0].api_key).toBe(`••••••••${printify.token.slice(-4)}`);
  });

  it('re-seals every key under a new APP_SECRET with `npm run rotate-secrets`, v1 values too, and a second run changes nothing', async () => {
    await t.db.deleteFrom('provider_connections').execute(); // the other tests' rows
    const a = await connectedSeller();
    const b = await connectedSeller();
    const c = await connectedSeller();
    await t.db
      .updateTable('provider_connections')
      .set({ api_key_sealed: sealV1(oldSecret, 'legacy-printify-key') })
      .where('workspace_id', '=', b.workspaceId)
      .execute();
    // Sealed under a secret that is neither the new nor the previous one: left as it is, and said.
    const lost = new SecretBox(randomBytes(32).toString('hex')).seal(
      'lost',
      connectionBinding(await connectionOf(c.workspaceId)),
    );
    await t.db
      .updateTable('provider_connections')
      .set({ api_key_sealed: lost })
      .where('workspace_id', '=', c.workspaceId)
      .execute();
    const before = await t.db.selectFrom('provider_connections').selectAll().execute();

    // The same configuration as the server, with the new secret and the old one as the previous.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      APP_SECRET: newSecret,
      APP_SECRET_PREVIOUS: oldSecret,
    };
    delete env.DATABASE_URL;
    if (t.config.database.kind === 'postgres') env.DATABASE_URL = t.config.database.url;
    const rotate = () =>
      run(process.execPath, [path.join(serverSrc, 'rotate-secrets.ts')], { env }).then(
        (done) => ({ code: 0, ...done }),
        (failed: { code: number; stdout: string; stderr: string }) => failed,
      );

    expect(before).toHaveLength(3);
    const first = await rotate();
    const newBox = new SecretBox(newSecret);
    expect(first.stdout).toContain(
      `Re-sealed 2 secret(s) under key ${newBox.keyId} (1 from the v1 format); 0 already current; 1 unreadable.`,
    );
    expect(first.stderr).toContain(`unreadable: workspace ${c.workspaceId}, printify`);
    expect(first.code).toBe(1);

    const after = await t.db.selectFrom('provider_connections').selectAll().execute();
    for (const row of after) {
      if (row.workspace_id === c.workspaceId) {
        expect(row.api_key_sealed).toBe(lost);
        continue;
      }
      expect(row.api_key_sealed).toMatch(new RegExp(`^v2:${newBox.keyId}:`));
      const plain = newBox.open(row.api_key_sealed, connectionBinding(row));
      expect(plain).toBe(row.workspace_id === b.workspaceId ? 'legacy-printify-key' : printify.token);
    }
    expect(after.map((row) => row.workspace_id).sort()).toEqual(
      [a.workspaceId, b.workspaceId, c.workspaceId].sort(),
    );

    await t.db.deleteFrom('provider_connections').where('workspace_id', '=', c.workspaceId).execute();
    const second = await rotate();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      `Re-sealed 0 secret(s) under key ${newBox.keyId} (0 from the v1 format); 2 already current; 0 unreadable.`,
    );
    const again = await t.db.selectFrom('provider_connections').selectAll().execute();
    expect(again.map((row) => row.api_key_sealed).sort()).toEqual(
      after
        .filter((row) => row.workspace_id !== c.workspaceId)
        .map((row) => row.api_key_sealed)
        .sort(),
    );
  }, 60_000);

  it('rotates in process: each row re-sealed, left current or reported unreadable, and the report counts each kind', async () => {
    await t.db.deleteFrom('provider_connections').execute();
    const [current, previous, legacy, lost] = [
      await connectedSeller(),
      await connectedSeller(),
      await connectedSeller(),
      await connectedSeller(),
    ];
    const seal = async (
      workspaceId: string,
      value: (binding: ReturnType<typeof connectionBinding>) => string,
    ) => {
      const binding = connectionBinding(await connectionOf(workspaceId));
      await t.db
        .updateTable('provider_connections')
        .set({ api_key_sealed: value(binding) })
        .where('workspace_id', '=', workspaceId)
        .execute();
    };
    const box = new SecretBox(newSecret, oldSecret);
    await seal(current.workspaceId, (binding) => new SecretBox(newSecret).seal('current-key', binding));
    await seal(previous.workspaceId, (binding) => new SecretBox(oldSecret).seal('previous-key', binding));
    await seal(legacy.workspaceId, () => sealV1(oldSecret, 'legacy-key'));
    await seal(lost.workspaceId, (binding) =>
      new SecretBox(randomBytes(32).toString('hex')).seal('lost', binding),
    );
    const before = new Map(
      (await t.db.selectFrom('provider_connections').selectAll().execute()).map((row) => [
        row.workspace_id,
        row,
      ]),
    );

    const report = await rotateSecrets(t.db, box);

    expect(report).toEqual({
      resealed: 2,
      fromV1: 1,
      current: 1,
      unreadable: [{ workspace_id: lost.workspaceId, provider: 'printify' }],
    });
    const newOnly = new SecretBox(newSecret);
    const after = new Map(
      (await t.db.selectFrom('provider_connections').selectAll().execute()).map((row) => [
        row.workspace_id,
        row,
      ]),
    );
    expect(after.get(current.workspaceId)?.api_key_sealed).toBe(
      before.get(current.workspaceId)?.api_key_sealed,
    );
    expect(after.get(lost.workspaceId)?.api_key_sealed).toBe(before.get(lost.workspaceId)?.api_key_sealed);
    for (const [seller, plain] of [
      [previous, 'previous-key'],
      [legacy, 'legacy-key'],
    ] as const) {
      const row = after.get(seller.workspaceId)!;
      expect(row.api_key_sealed).toMatch(new RegExp(`^v2:${newOnly.keyId}:`));
      expect(newOnly.open(row.api_key_sealed, connectionBinding(row))).toBe(plain);
    }
    expect(await rotateSecrets(t.db, box)).toEqual({ ...report, resealed: 0, fromV1: 0, current: 3 });
  });
});
