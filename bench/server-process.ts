import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../scripts/services.ts';

export type RunningServer = {
  url: string;
  pid: number;
  dataDir: string;
  startMs: number;
  stop: () => Promise<void>;
};

/** Polls a URL until it answers 200; resolves with the milliseconds since `since`. */
async function firstOk(url: string, since: number, child: ChildProcess): Promise<number> {
  while (child.exitCode === null) {
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`server exited with code ${child.exitCode} before ${url} answered`);
}

/** Starts a Node script as a server on a free port with a fresh DATA_DIR; times its first 200. */
export async function startServer(
  script: string[],
  env: Record<string, string> = {},
  probe = '/healthz',
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, script, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const startMs = await firstOk(`${url}${probe}`, started, child);
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    startMs,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Waits until the server has drawn its starter templates (work it does once after start). */
export async function waitForLibrary(
  url: string,
  credentials: { username: string; password: string },
): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const { access } = (await (
    await fetch(`${url}/api/token/`, { method: 'POST', headers: json, body: JSON.stringify(credentials) })
  ).json()) as {
    access: string;
  };
  const all = (await (
    await fetch(`${url}/mockups_app/get_all_templates_information/`, {
      headers: { authorization: `Bearer ${access}` },
    })
  ).json()) as {
    templates_information: Array<{ thumbnail_image_path: string }>;
  };
  for (const template of all.templates_information)
    await (await fetch(`${url}${template.thumbnail_image_path}`)).arrayBuffer();
}

/**
 * Registers a seller on a started server, lifts them to Premium (room for 200 designs per
 * workspace), waits for the one-off library drawing and answers their bearer header.
 */
export async function premiumSeller(server: RunningServer, username: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const credentials = { username, password: 'a strong bench password' };
  await fetch(`${server.url}/api/user/register/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ first_name: 'Bench', last_name: 'Seller', ...credentials }),
  });
  const sqlite = new Database(path.join(server.dataDir, 'podflow.sqlite'));
  sqlite.prepare(`update users set plan = 'premium' where email = ?`).run(username);
  sqlite.close();
  await waitForLibrary(server.url, credentials);
  const { access } = (await (
    await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(credentials),
    })
  ).json()) as { access: string };
  return `Bearer ${access}`;
}

/** A seller's JSON calls to a started server: GET without a body, POST with one; a non-2xx throws. */
export function sellerApi(server: RunningServer, authorization: string) {
  return async <T>(url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<T>;
  };
}

type SellerApi = ReturnType<typeof sellerApi>;

/** Creates a workspace; answers its id. */
export async function newWorkspace(call: SellerApi, name: string): Promise<string> {
  return (await call<{ workspace_id: string }>('/workspace/create_workspace/', { workspace_name: name }))
    .workspace_id;
}

/** Picks the first `count` starter templates for the workspace. */
export async function selectStarterTemplates(call: SellerApi, workspaceId: string, count: number) {
  const { templates_information: library } = await call<{
    templates_information: { mkp_template_id: string }[];
  }>(`/mockups_app/get_templates_information/?workspace_id=${workspaceId}`);
  await call('/mockups_app/set_templates_for_workspace/', {
    selectedTemplates: library.slice(0, count).map((t) => t.mkp_template_id),
    workspace_id: workspaceId,
  });
}

/** Polls the workspace's mockup jobs until none is pending or running; answers the mockups made. */
export async function mockupRunDone(call: SellerApi, workspaceId: string, everyMs = 100): Promise<number> {
  type Logs = { job_logs: { status: string; done: number }[] };
  let logs: Logs;
  do {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    logs = await call<Logs>(`/mockups_app/get_mockup_job_logs/?workspace_id=${workspaceId}`);
  } while (logs.job_logs.some((j) => j.status === 'Pending' || j.status === 'In Progress'));
  return logs.job_logs.reduce((sum, j) => sum + j.done, 0);
}
