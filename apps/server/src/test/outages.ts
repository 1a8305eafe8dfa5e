import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { MockupJobLog } from '@podflow/contract/mockups';
import { type Service, launchRedis } from '../../../../scripts/services.ts';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from './factories.ts';
import { buildPng, templateData, templatePng } from './images.ts';
import type { TestApp } from './test-app.ts';

/** Stops and starts a service again on the same port, with the same data (an outage in a test). */
export type Outage = { stop: () => void; start: () => Promise<void> };

/**
 * An outage of a PostgreSQL cluster from scripts/services.ts: stopped at once (as a crash or a
 * restart would), then started again on its port and data directory with the options it was
 * started with (its postmaster.opts).
 */
export async function postgresOutage(service: Service): Promise<Outage> {
  const client = new pg.Client({ connectionString: service.url });
  await client.connect();
  const { rows } = await client.query<{ data_directory: string }>('show data_directory');
  await client.end();
  const data = rows[0]!.data_directory;
  // `/usr/lib/postgresql/15/bin/postgres "-D" "/tmp/…/data" "-k" "/tmp/…" "-p" "5433" "-c" …`
  const opts = readFileSync(path.join(data, 'postmaster.opts'), 'utf8').trim();
  const postgres = opts.replace(/^"/, '').split(/"? /)[0]!;
  const args = [...opts.slice(postgres.length).matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  const options = args.filter((_arg, i) => args[i] !== '-D' && args[i - 1] !== '-D').join(' ');
  const pgCtl = path.join(path.dirname(postgres), 'pg_ctl');
  // The cluster belongs to its data directory's owner (postgres when the tests run as root).
  const owner = statSync(data).uid;
  const run = (argv: string[]) => {
    const [cmd, full] =
      owner !== process.getuid?.() ? ['runuser', ['-u', 'postgres', '--', pgCtl, ...argv]] : [pgCtl, argv];
    const result = spawnSync(cmd, full, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pg_ctl ${argv[0]} failed: ${result.stderr || result.stdout}`);
  };
  return {
    stop: () => run(['stop', '-D', data, '-m', 'immediate', '-w']),
    start: async () => run(['start', '-D', data, '-o', options, '-l', path.join(data, '..', 'log'), '-w']),
  };
}

/** An outage of a Redis from scripts/services.ts: shut down without saving, started empty again. */
export function redisOutage(service: Service): Outage {
  const port = new URL(service.url).port;
  return {
    stop: () => void spawnSync('redis-cli', ['-p', port, 'shutdown', 'nosave']),
    start: () => launchRedis(port),
  };
}

/** Waits until `read` answers a value `done` accepts; fails naming `what` after `ms`. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A signed-in seller's workspace with designs and one selected template, ready to generate mockups. */
export async function workspaceReadyToGenerate(t: TestApp, designs: number, side = 256) {
  const { tokens } = await buildSignedInUser(t.app);
  const headers = { authorization: `Bearer ${tokens.access}` };
  const workspaceId = await buildWorkspace(t.app, tokens.access);
  const files = await Promise.all(
    Array.from({ length: designs }, (_v, seed) => buildPng({ width: side, height: side + 40, seed })),
  );
  const uploaded = await uploadDesigns(
    t.url,
    tokens.access,
    workspaceId,
    files.map((data, i) => ({ name: `d${i}.png`, data })),
  );
  if (uploaded.status !== 201) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
  const template = await postForm(
    t.url,
    tokens.access,
    '/mockups_app/upload_image_mode_mockup_templates/',
    { templateData },
    [{ name: 'shirt.png', data: await templatePng(40) }],
    'file',
  );
  await t.app.inject({
    method: 'POST',
    url: '/mockups_app/set_templates_for_workspace/',
    headers,
    payload: { selectedTemplates: [template.body.templates[0].mkp_template_id], workspace_id: workspaceId },
  });
  return {
    workspaceId,
    headers,
    /** Starts a run through `app` (any process of the same data): the status and the answer. */
    generate: async (app: FastifyInstance, mode: 'new' | 'all' = 'new') => {
      const response = await app.inject({
        url: `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}&mode=${mode}`,
        headers,
      });
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    },
    logs: async (app: FastifyInstance) =>
      (
        await app.inject({ url: `/mockups_app/get_mockup_job_logs/?workspace_id=${workspaceId}`, headers })
      ).json<{ job_logs: MockupJobLog[] }>().job_logs,
  };
}
