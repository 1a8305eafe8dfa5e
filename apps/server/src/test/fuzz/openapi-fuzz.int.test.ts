import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJpeg, buildPng, pngHeaderClaiming, templateData, templatePng } from '../images.ts';
import { testDbKind } from '../test-app.ts';
import { answerChecker } from './answer-checks.ts';
import { type FuzzCase, caseArbitrary, describeRequest, fileArbitrary } from './fuzz-requests.ts';
import {
  type FuzzWorld,
  type Identity,
  type OwnedData,
  repoRoot,
  startFuzzWorld,
  strongPassword,
} from './fuzz-world.ts';
import { type OpenApiDocument, type Operation, operationsOf, resolverOf } from './openapi-operations.ts';
import { type FileValue, injectOptionsOf } from './request-builder.ts';

/** FUZZ_CASES=50000 FUZZ_SEED=… for a longer run; CI runs the default. */
const cases = Number(process.env.FUZZ_CASES ?? 3000);
const seed = Number(process.env.FUZZ_SEED ?? 18_2024);
/** An answer slower than this is a failure (a hung request), not a test timeout. */
const answerTimeoutMs = 15_000;

/**
 * Routes whose calls can end the fixture's session or data: they run as a disposable user with a
 * disposable workspace, made again after a call succeeded.
 */
const destructive = new Set([
  'DELETE /workspace/delete_workspace/{workspace_id}/',
  'POST /workspace/delete_designs/',
  'POST /mockups_app/delete_selected_mockups/',
  'POST /mockups_app/delete_user_templates/',
  'POST /api/reset_password',
  'POST /api/token/revoke/',
  'POST /token/refresh/',
  'POST /api/token/refresh/',
]);

/** Routes the fuzzer calls differently, with the reason; none is left out. */
const special: Record<string, string> = {
  'GET /mockups_app/mockup_job_events/':
    'an endless event stream: sent over real HTTP, checked on its status and headers, then closed',
  'GET /mockups_app/download_mockup_files/':
    'called once the background renders are done: a run replacing a mockup file mid-download cuts the transfer (reported, not hidden)',
  'POST /subscription_app/webhook/':
    'its body is the raw bytes Stripe signs (the document shows the event they carry): sent random JSON events with a random stripe-signature',
};

describe(`OpenAPI-driven fuzzing on ${testDbKind}`, () => {
  let world: FuzzWorld;
  let owner: Identity;
  let other: Identity;
  let ownerData: OwnedData;
  let otherData: OwnedData;
  let victim: { who: Identity; data: OwnedData; stale: boolean };
  let document: OpenApiDocument;
  let operations: Operation[];
  let files: FileValue[];

  const newVictim = async () => {
    const who = await world.newUser();
    const data = await world.buildData(who, { full: false });
    await world.call(
      who,
      'GET',
      `/mockups_python_engine_app/generate_mockups/?workspace_id=${data.workspaceId}`,
    );
    await world.t.app.background.jobsIdle();
    const mockups = await world.t.db
      .selectFrom('mockups')
      .select('id')
      .where('workspace_id', '=', data.workspaceId)
      .execute();
    data.mockupIds = mockups.map((m) => m.id);
    return { who, data, stale: false };
  };

  beforeAll(async () => {
    world = await startFuzzWorld();
    owner = await world.newUser();
    other = await world.newUser();
    ownerData = await world.buildData(owner);
    otherData = await world.buildData(other, { full: false });
    victim = await newVictim();
    await world.t.app.background.jobsIdle();
    document = (await world.t.app.inject({ url: '/api/openapi.json' })).json();
    operations = operationsOf(document);
    files = [
      { fileName: 'design.png', type: 'image/png', data: await buildPng({ seed: 3 }) },
      { fileName: 'template.png', type: 'image/png', data: await templatePng(200) },
      { fileName: 'photo.jpg', type: 'image/jpeg', data: await buildJpeg() },
      { fileName: 'cut.png', type: 'image/png', data: (await buildPng({ seed: 4 })).subarray(0, 60) },
      { fileName: 'huge.png', type: 'image/png', data: pngHeaderClaiming(100_000, 100_000) },
      { fileName: 'noise.png', type: 'image/png', data: randomBytes(300) },
      { fileName: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
      { fileName: '../../etc/passwd', type: 'application/octet-stream', data: Buffer.from('root:x:0:0') },
      {
        fileName: 'metadata.csv',
        type: 'text/csv',
        data: Buffer.from('file_name,title\nfuzz-tee-1.png,Hi "there"\n'),
      },
      { fileName: 'bad.csv', type: 'text/csv', data: Buffer.from('"unclosed,\n\ud800,\u0000\n') },
    ];
  }, 180_000);

  afterAll(async () => {
    await world?.close();
  });

  it(
    `answers every generated request as documented, without 5xx or leaks (seed ${seed}, ${cases} cases)`,
    async () => {
      console.info(`openapi fuzz: seed ${seed}, ${cases} cases (FUZZ_SEED / FUZZ_CASES to change)`);
      const resolve = resolverOf(document);
      const { sandboxes, prices } = world;
      const libraryTemplates = (
        await world.t.db.selectFrom('templates').select('id').where('user_id', 'is', null).execute()
      ).map((row) => row.id);
      const tutorials = [
        'getting-started.html',
        'designs-grid.webp',
        'nope.html',
        'podflow-demo.jpg',
        'podflow-demo.webm',
      ];
      const randomId = () => crypto.randomUUID();
      const poolsFor = (key: string) => {
        const mine = destructive.has(key) ? victim.data : ownerData;
        const me = destructive.has(key) ? victim.who : owner;
        const pools: Record<string, unknown[]> = {
          workspace_id: [mine.workspaceId, mine.workspaceId, otherData.workspaceId, randomId()],
          lineitem_ids: [...mine.designIds, ...otherData.designIds],
          lineitem_id: [...mine.designIds, otherData.designIds[0]],
          selectedTemplates: [...mine.templateIds, ...libraryTemplates.slice(0, 2), ...otherData.templateIds],
          removeTemplates: [...mine.templateIds, ...libraryTemplates.slice(0, 1), ...otherData.templateIds],
          mockup_ids: [...mine.mockupIds, ...ownerData.mockupIds.slice(0, 1)],
          mockup_id: [...mine.mockupIds.slice(0, 2), ...otherData.mockupIds.slice(0, 1), randomId()],
          apiKey: [sandboxes.printify.token, `••••••••${sandboxes.printify.token.slice(-4)}`],
          api_key: [sandboxes.gelato.apiKey],
          shop_id: [world.printifyShopId, String(world.printifyShopId)],
          printify_product_id: [sandboxes.printify.templateProductId],
          store_id: [sandboxes.gelato.storeId],
          template_id: [sandboxes.gelato.templateId],
          shopify_admin_api_token: ['shpat_sandbox_podflow_demo'],
          shopify_shop_name: ['podflow-demo'],
          woocommerce_store_url: [sandboxes.woo.url],
          woocommerce_consumer_key: [sandboxes.woo.consumerKey],
          woocommerce_consumer_secret: [sandboxes.woo.consumerSecret],
          priceId: [prices.basic, prices.premium],
          username: [me.username, other.username],
          password: [me.password, strongPassword()],
          currentPassword: [me.password],
          newPassword: [strongPassword()],
          refresh: [me.refresh],
          templateData: [templateData],
          file: tutorials,
        };
        return (field: string) => pools[field];
      };

      const checks = answerChecker(document, {
        secrets: [...world.secrets, owner.refresh, other.refresh, owner.password, other.password],
        paths: [world.t.config.dataDir, repoRoot],
      });
      const arbitraries = new Map<string, fc.Arbitrary<FuzzCase>>();
      const failures = new Map<string, string[]>();
      const statuses = new Map<string, Map<number, number>>();
      let serverErrors = 0;

      const keyOf = (operation: Operation) => `${operation.method} ${operation.path}`;
      const webhookCase = (pick: number): InjectOptions => ({
        method: 'POST',
        url: '/subscription_app/webhook/',
        headers: {
          'content-type': ['application/json', 'text/plain', 'application/octet-stream'][pick % 3]!,
          ...(pick % 4
            ? {
                'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${randomBytes(32).toString('hex')}`,
              }
            : {}),
        },
        payload: [
          JSON.stringify({ id: `evt_${pick}`, type: 'customer.subscription.updated', data: { object: {} } }),
          '[]',
          'null',
          '{"id":1}',
          randomBytes(64),
          '',
        ][pick % 6],
      });

      /**
       * After a destructive call succeeded: follow what it changed (a rotated refresh token, a new
       * password, ids gone) and make the disposable user again only when it has nothing left to lose.
       */
      const keepVictim = (key: string, fuzzCase: FuzzCase, body: Buffer) => {
        const sent = (fuzzCase.parts.body ?? {}) as Record<string, unknown>;
        const gone = (ids: unknown) => new Set(Array.isArray(ids) ? ids.map(String) : []);
        const data = victim.data;
        if (key.includes('token/refresh')) {
          victim.who.refresh = (JSON.parse(body.toString('utf8')) as { refresh: string }).refresh;
        } else if (key === 'POST /api/reset_password') {
          victim.who.password = String(sent.newPassword);
        } else if (key === 'POST /workspace/delete_designs/') {
          const ids = gone(sent.lineitem_ids);
          data.designIds = data.designIds.filter((id) => !ids.has(id));
        } else if (key === 'POST /mockups_app/delete_selected_mockups/') {
          const ids = gone(sent.mockup_ids);
          data.mockupIds = data.mockupIds.filter((id) => !ids.has(id));
        } else if (key === 'POST /mockups_app/delete_user_templates/') {
          const ids = gone(sent.removeTemplates);
          data.templateIds = data.templateIds.filter((id) => !ids.has(id));
        } else {
          victim.stale = true; // the workspace or the session is gone
        }
        if (!data.designIds.length || !data.mockupIds.length || !data.templateIds.length) victim.stale = true;
      };

      /**
       * Valid uploads and selections pile up in the owner's workspace, and every mockup run renders
       * each design with each template: keep it near its first size, through the API as a seller would.
       */
      const trimOwner = async () => {
        const workspace = ownerData.workspaceId;
        const selected = JSON.parse(
          (
            await world.call(
              owner,
              'GET',
              `/mockups_app/get_workspace_templates_information/?workspace_id=${workspace}`,
            )
          ).body,
        ) as { templates_information: Array<{ mkp_template_id: string }> };
        const extraTemplates = selected.templates_information.slice(2).map((t) => t.mkp_template_id);
        if (extraTemplates.length)
          await world.call(owner, 'POST', '/mockups_app/remove_templates_from_workspace/', {
            workspace_id: workspace,
            removeTemplates: extraTemplates,
          });
        const designs = JSON.parse(
          (await world.call(owner, 'GET', `/workspace/get_workarea_information/?workspace_id=${workspace}`))
            .body,
        ) as Array<{ lineitem_id: string }>;
        const keep = new Set(ownerData.designIds);
        const extraDesigns = designs.map((d) => d.lineitem_id).filter((id) => !keep.has(id));
        if (extraDesigns.length)
          await world.call(owner, 'POST', '/workspace/delete_designs/', { lineitem_ids: extraDesigns });
      };

      for (let index = 0; index < cases; index += 1) {
        if (index > 0 && index % 5000 === 0)
          console.info(
            `openapi fuzz: ${index} cases, ${serverErrors} answers 5xx, ${failures.size} operations failing so far`,
          );
        const operation = operations[index % operations.length]!;
        const key = keyOf(operation);
        const isDestructive = destructive.has(key);
        if (isDestructive && victim.stale) victim = await newVictim();
        let arbitrary = arbitraries.get(key);
        if (!arbitrary || isDestructive) {
          arbitrary = caseArbitrary(operation, {
            resolve,
            pool: poolsFor(key),
            binary: fileArbitrary(files),
          });
          if (!isDestructive) arbitraries.set(key, arbitrary);
        }
        const fuzzCase = fc.sample(arbitrary, { seed: seed + index, numRuns: 1 })[0]!;
        const me = isDestructive ? victim.who : owner;
        const token = {
          owner: me.access,
          other: other.access,
          none: undefined,
          garbage: ['eyJhbGciOiJIUzI1NiJ9.e30.x', randomBytes(40).toString('base64'), '\u0000'][index % 3],
        }[fuzzCase.as];
        let options = injectOptionsOf(operation, fuzzCase.parts);
        if (key === 'POST /subscription_app/webhook/') options = webhookCase(index);
        options.headers = {
          ...(options.headers as Record<string, string>),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        };
        // A different client address each time: per-address limits must not hide the answers.
        options.remoteAddress = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

        if (key === 'GET /mockups_app/download_mockup_files/') await world.t.app.background.jobsIdle();
        let answer: { status: number; contentType: string | undefined; body: Buffer };
        if (key === 'GET /mockups_app/mockup_job_events/') {
          const controller = new AbortController();
          const response = await fetch(`${world.t.url}${options.url}`, {
            // fetch refuses control characters in a header, which inject sends as they are.
            headers: Object.fromEntries(
              Object.entries(options.headers as Record<string, string>).map(([name, value]) => [
                name,
                [...value].map((char) => (char.charCodeAt(0) < 32 ? '?' : char)).join(''),
              ]),
            ),
            signal: controller.signal,
          });
          const body = response.headers.get('content-type')?.startsWith('text/event-stream')
            ? Buffer.alloc(0)
            : Buffer.from(await response.arrayBuffer());
          controller.abort();
          answer = {
            status: response.status,
            contentType: response.headers.get('content-type') ?? undefined,
            body,
          };
        } else {
          const response = await Promise.race([
            world.t.app.inject(options),
            new Promise<never>((_resolve, reject) => {
              setTimeout(
                () => reject(new Error(`no answer within ${answerTimeoutMs} ms`)),
                answerTimeoutMs,
              ).unref();
            }),
          ]).catch((error: Error) => error);
          if (response instanceof Error) {
            failures.set(key, [
              ...(failures.get(key) ?? []),
              `[case ${index} ${fuzzCase.variant}] ${response.message}\n      request: ${describeRequest(options as never)}`,
            ]);
            continue;
          }
          answer = {
            status: response.statusCode,
            contentType: response.headers['content-type'] as string | undefined,
            body: response.rawPayload,
          };
        }
        const requestText = `${options.url} ${Buffer.isBuffer(options.payload) ? options.payload.toString('latin1') : String(options.payload ?? '')}`;
        const callerSecrets = [...world.secrets, me.refresh, me.password].filter((s) =>
          requestText.includes(s),
        );
        const problems = checks(operation, answer, callerSecrets);
        if (answer.status >= 500) serverErrors += 1;
        const seen = statuses.get(key) ?? new Map<number, number>();
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        statuses.set(key, seen);
        if (problems.length) {
          const list = failures.get(key) ?? [];
          if (list.length < 5)
            list.push(
              `[case ${index} ${fuzzCase.variant}${fuzzCase.mutation ? `/${fuzzCase.mutation}` : ''} as ${fuzzCase.as}] ${problems.join('; ')}\n      request: ${describeRequest(options as never)}\n      answer: ${answer.status} ${answer.contentType} ${answer.body.subarray(0, 300).toString('utf8')}`,
            );
          else list.push('');
          failures.set(key, list);
        }
        if (isDestructive && answer.status < 300) keepVictim(key, fuzzCase, answer.body);
        if (index % 250 === 249) {
          await world.t.app.background.jobsIdle();
          await trimOwner();
        }
      }
      await world.t.app.background.jobsIdle();

      const summary = [...statuses].map(
        ([key, seen]) => `${key}: ${[...seen].map(([status, n]) => `${status}×${n}`).join(' ')}`,
      );
      console.info(
        `openapi fuzz: ${cases} cases over ${operations.length} operations (${Object.keys(special).length} sent specially: ${Object.keys(special).join(', ')}), ${serverErrors} answers 5xx\n${summary.join('\n')}`,
      );
      const report = [...failures].map(
        ([key, list]) => `${key}: ${list.length} failing cases\n    ${list.filter(Boolean).join('\n    ')}`,
      );
      expect(report, `seed ${seed}`).toEqual([]);
      // Every operation of the document was called.
      expect(statuses.size).toBe(Math.min(operations.length, cases));
    },
    Math.max(120_000, cases * 60),
  );
});
