import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockupGridRow, MockupJobLog } from '@podflow/contract/mockups';
import { freePort } from '../../../../../scripts/services.ts';
import { waitFor } from '../../test/outages.ts';
import { type TestDatabase, openTestDatabase, testDbKind } from '../../test/test-app.ts';

const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
const designCount = 8;
const templateCount = 2;

/** A detailed design big enough that rendering a run takes a few seconds. */
async function design(seed: number): Promise<Buffer> {
  let shapes = '';
  for (let i = 0; i < 60; i += 1) {
    const x = (seed * 97 + i * 53) % 1400;
    const y = (seed * 31 + i * 89) % 1700;
    shapes += `<circle cx="${x}" cy="${y}" r="${20 + ((i * 7) % 90)}" fill="hsl(${(seed * 40 + i * 13) % 360},70%,50%)"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1700">${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function template(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1400">
    <rect width="1400" height="1400" fill="hsl(${hue},20%,90%)"/>
    <rect x="300" y="200" width="800" height="1000" rx="60" fill="hsl(${hue},15%,75%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Server = { url: string; process: ChildProcess };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 20 s');
}

function kill(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null) return resolve();
    server.process.once('exit', () => resolve());
    server.process.kill('SIGKILL');
  });
}

/** Signs up, uploads designs and templates, selects them: a workspace ready to generate. */
async function prepareWorkspace(url: string): Promise<{ token: string; workspaceId: string }> {
  const json = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const username = `durable-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  await json(await post('/api/user/register/', { first_name: 'Kim', last_name: 'Lee', username, password }));
  const token = (await json(await post('/api/token/', { username, password }))).access as string;
  const workspaceId = (
    await json(await post('/workspace/create_workspace/', { workspace_name: 'Durable' }, token))
  ).workspace_id as string;
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  for (let i = 0; i < designCount; i += 1) {
    form.append(
      'files',
      new Blob([new Uint8Array(await design(i))], { type: 'image/png' }),
      `design-${i}.png`,
    );
  }
  const auth = { authorization: `Bearer ${token}` };
  await json(await fetch(`${url}/workspace/upload_designs/`, { method: 'POST', headers: auth, body: form }));
  const templateIds: string[] = [];
  for (let i = 0; i < templateCount; i += 1) {
    const templateForm = new FormData();
    templateForm.append(
      'templateData',
      JSON.stringify({
        topLeft: { x: 0.3, y: 0.2 },
        topRight: { x: 0.72, y: 0.25 },
        bottomRight: { x: 0.7, y: 0.8 },
        bottomLeft: { x: 0.28, y: 0.75 },
        rotation: 0,
      }),
    );
    templateForm.append(
      'file',
      new Blob([new Uint8Array(await template(i * 120))], { type: 'image/png' }),
      `t${i}.png`,
    );
    const uploaded = await json(
      await fetch(`${url}/mockups_app/upload_image_mode_mockup_templates/`, {
        method: 'POST',
        headers: auth,
        body: templateForm,
      }),
    );
    templateIds.push(uploaded.templates[0].mkp_template_id as string);
  }
  await json(
    await post(
      '/mockups_app/set_templates_for_workspace/',
      { selectedTemplates: templateIds, workspace_id: workspaceId },
      token,
    ),
  );
  return { token, workspaceId };
}

async function jobLogs(url: string, token: string, workspaceId: string): Promise<MockupJobLog[]> {
  const response = await fetch(`${url}/mockups_app/get_mockup_job_logs/?workspace_id=${workspaceId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { job_logs: MockupJobLog[] }).job_logs;
}

const adapters: Array<{ name: string; env: () => Record<string, string> }> = [
  { name: 'embedded queue', env: () => ({}) },
  {
    name: 'BullMQ on Redis',
    env: () => {
      const redis = process.env.TEST_REDIS_URL;
      if (!redis) throw new Error('TEST_REDIS_URL is not set: scripts/test.ts starts Redis for this suite.');
      return { REDIS_URL: redis, QUEUE_PREFIX: `durable-${randomBytes(4).toString('hex')}` };
    },
  },
];

describe.each(adapters)(`a mockup run survives a killed server ($name, ${testDbKind})`, ({ env }) => {
  let database: TestDatabase | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    if (server) await kill(server);
    await database?.close();
  });

  it('finishes every job after a restart with exactly one mockup per design and template', async () => {
    database = await openTestDatabase();
    const serverEnv = {
      ...database.env,
      ...env(),
      NODE_ENV: 'test',
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      JOB_LEASE_SECONDS: '2',
      WEB_DIST_DIR: path.join(database.env.DATA_DIR, 'no-web'),
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    server = await startServer(serverEnv);
    const { token, workspaceId } = await prepareWorkspace(server.url);
    const started = await fetch(
      `${server.url}/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(started.status).toBe(200);

    const rendered = (jobs: MockupJobLog[]) => jobs.reduce((sum, j) => sum + j.done, 0);
    const midway = await waitFor(
      'the first mockups',
      () => jobLogs(server!.url, token, workspaceId),
      (j) => rendered(j) >= 2,
      60_000,
    );
    await kill(server);
    expect(rendered(midway)).toBeLessThan(designCount * templateCount); // killed in the middle

    server = await startServer(serverEnv);
    const finished = await waitFor(
      'every job to complete',
      () => jobLogs(server!.url, token, workspaceId),
      (jobs) => jobs.length === templateCount && jobs.every((j) => j.status === 'Completed'),
      90_000,
    );
    expect(finished.map((j) => [j.done, j.failed])).toEqual([
      [designCount, 0],
      [designCount, 0],
    ]);

    const grid = (await (
      await fetch(`${server.url}/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { arr_mockup_images_grid: MockupGridRow[] };
    const rows = grid.arr_mockup_images_grid;
    expect(rows).toHaveLength(designCount);
    for (const row of rows) {
      expect(row.mockup_images.map((m) => m.template_id).sort()).toEqual(
        [...new Set(row.mockup_images.map((m) => m.template_id))].sort(),
      );
      expect(row.mockup_images).toHaveLength(templateCount);
    }
    const stored = await database.db.selectFrom('mockups').select('id').execute();
    expect(stored).toHaveLength(designCount * templateCount);
    const image = await fetch(`${server.url}${rows.at(-1)!.mockup_images[0]!.mockup_image}`);
    expect(image.status).toBe(200);
  }, 180_000);
});
