import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres, startRedis } from '../scripts/services.ts';
import {
  type RunningServer,
  mockupRunDone,
  newWorkspace,
  selectStarterTemplates,
  sellerApi,
  startServer,
  waitForLibrary,
} from './server-process.ts';
import { buildForm, designFiles } from './upload.bench.ts';

const DESIGNS = 100;
const TEMPLATES = 4;
const RATE = 200;
const CONNECTIONS = 10;
const IDLE_SECONDS = 15;

type Latency = { p50: number; p99: number; max: number; requests: number; non2xx: number };

/** Signed-in GETs at RATE a second until `until` settles (or for `seconds`); the latency figures. */
function load(url: string, authorization: string, until: Promise<unknown> | number): Promise<Latency> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: typeof until === 'number' ? until : 3600,
        headers: { authorization },
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          requests: result.requests.total,
          non2xx: result.non2xx,
        });
      },
    );
    if (typeof until !== 'number') void until.finally(() => instance.stop());
  });
}

/**
 * API latency while rendering: one ROLE=api and two ROLE=worker processes on PostgreSQL and Redis,
 * all on this machine. A signed-in GET (the workspace list) at 200 requests a second against the
 * api process, first idle, then through a 400-mockup run (100 print files of 4500x5400, four
 * starter templates), once with the workers at the API's priority (RENDER_NICE=0) and once at the
 * default (RENDER_NICE=10). Target: p99 under 100 ms during renders.
 */
export async function benchApiLatency(): Promise<void> {
  const postgres = await startPostgres();
  const redis = await startRedis();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-bench-latency-'));
  const shared = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    APP_SECRET: randomBytes(32).toString('base64'),
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '10000000',
  };
  const processes: RunningServer[] = [];
  try {
    const api = await startServer(['apps/server/src/main.ts'], { ...shared, ROLE: 'api' }, '/readyz');
    processes.push(api);
    const credentials = { username: 'bench-latency@example.com', password: 'a strong bench password' };
    const json = { 'content-type': 'application/json' };
    await fetch(`${api.url}/api/user/register/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ first_name: 'Bench', last_name: 'Seller', ...credentials }),
    });
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    await db.query(`update users set plan = 'premium' where email = $1`, [credentials.username]);
    await db.end();
    await waitForLibrary(api.url, credentials);
    const signIn = async () => {
      const answer = await fetch(`${api.url}/api/token/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(credentials),
      });
      return `Bearer ${((await answer.json()) as { access: string }).access}`;
    };
    const files = await designFiles();
    const readUrl = `${api.url}/workspace/get_workspaces/`;

    /** A new workspace with DESIGNS print files and TEMPLATES templates, its mockups not yet made. */
    const prepared = async (name: string) => {
      const authorization = await signIn();
      const call = sellerApi(api, authorization);
      const workspaceId = await newWorkspace(call, name);
      const { form } = await buildForm(files, workspaceId, DESIGNS);
      const uploaded = await fetch(`${api.url}/workspace/upload_designs/`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status}`);
      await selectStarterTemplates(call, workspaceId, TEMPLATES);
      return { authorization, call, workspaceId };
    };

    /** Two workers at this RENDER_NICE render a run while the API is loaded; stopped after. */
    const duringRun = async (nice: string) => {
      const { authorization, call, workspaceId } = await prepared(`Latency nice ${nice}`);
      const workers = await Promise.all(
        [1, 2].map(() =>
          startServer(['apps/server/src/main.ts'], { ...shared, ROLE: 'worker', RENDER_NICE: nice }),
        ),
      );
      processes.push(...workers);
      const started = performance.now();
      await call(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`);
      const done = mockupRunDone(call, workspaceId);
      const latency = await load(readUrl, authorization, done);
      const mockups = await done;
      const seconds = (performance.now() - started) / 1000;
      for (const worker of workers) {
        await worker.stop();
        processes.splice(processes.indexOf(worker), 1);
      }
      if (mockups !== DESIGNS * TEMPLATES) throw new Error(`the run made ${mockups} mockups`);
      return { latency, seconds };
    };

    const authorization = await signIn();
    await load(readUrl, authorization, 3); // warm-up
    const idle = await load(readUrl, authorization, IDLE_SECONDS);
    const even = await duringRun('0');
    const lowered = await duringRun('10');

    const row = (name: string, l: Latency, extra = '') =>
      `  ${name.padEnd(34)} p50 ${String(l.p50).padStart(4)} ms   p99 ${String(l.p99).padStart(4)} ms   max ${String(l.max).padStart(5)} ms   ${String(l.requests).padStart(6)} requests${l.non2xx ? `, ${l.non2xx} not 2xx` : ''}${extra}`;
    console.log(
      `\nAPI latency while rendering: GET /workspace/get_workspaces/ at ${RATE} req/s (${CONNECTIONS} connections) on the api process; 2 workers, PostgreSQL and Redis on the same ${DESIGNS * TEMPLATES}-mockup run`,
    );
    console.log(row('idle', idle));
    console.log(row('rendering, RENDER_NICE=0', even.latency, `   (run ${even.seconds.toFixed(1)} s)`));
    console.log(
      row('rendering, RENDER_NICE=10 (default)', lowered.latency, `   (run ${lowered.seconds.toFixed(1)} s)`),
    );
    console.log(
      `  p99 rendering / idle: ${(even.latency.p99 / Math.max(idle.p99, 1)).toFixed(2)}x at nice 0, ${(lowered.latency.p99 / Math.max(idle.p99, 1)).toFixed(2)}x at nice 10 (target: p99 < 100 ms while rendering)`,
    );
  } finally {
    for (const process of processes) await process.stop();
    redis.stop();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApiLatency();
