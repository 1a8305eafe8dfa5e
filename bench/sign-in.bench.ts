import autocannon from 'autocannon';
import { startServer, waitForLibrary } from './server-process.ts';

const CONNECTIONS = 20;
const REQUESTS = 400;
/** Signed-in reads are cheap: more of them, so that p99 is not a handful of requests. */
const READS = 4000;

type Result = { p50: number; p99: number; rps: number; non2xx: number };

function load(
  url: string,
  options: { method?: 'POST' | 'GET'; body?: string; access?: string; amount?: number } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        amount: options.amount ?? REQUESTS,
        method: options.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          ...(options.access ? { authorization: `Bearer ${options.access}` } : {}),
        },
        ...(options.body ? { body: options.body } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          p50: result.latency.p50,
          p99: result.latency.p99,
          rps: result.requests.average,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

/**
 * Sign-in latency with 20 concurrent sign-ins (argon2id verify plus a new session), against
 * /healthz under the same load as the baseline, and the cheapest signed-in call (the workspace
 * list) to show what the token and session check cost each request. The per-address limits are
 * raised for the run: this measures sign-in itself, not the limiter.
 */
export async function benchSignIn(): Promise<void> {
  const server = await startServer(['apps/server/src/main.ts'], {
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_MAX_FAILURES: '1000000',
  });
  try {
    const credentials = { username: 'bench@example.com', password: 'a strong bench password' };
    const created = await fetch(`${server.url}/api/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Bench', last_name: 'User', ...credentials }),
    });
    if (created.status !== 201) throw new Error(`registration failed: ${created.status}`);
    await waitForLibrary(server.url, credentials);
    await load(`${server.url}/healthz`); // warm-up
    const baseline = await load(`${server.url}/healthz`);
    const signIn = await load(`${server.url}/api/token/`, {
      method: 'POST',
      body: JSON.stringify(credentials),
    });
    if (signIn.non2xx > 0) throw new Error(`${signIn.non2xx} sign-ins failed`);
    const tokens = await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const { access } = (await tokens.json()) as { access: string };
    const listUrl = `${server.url}/workspace/get_workspaces/`;
    await load(listUrl, { access, amount: READS }); // warm-up
    const signedInRead = await load(listUrl, { access, amount: READS });
    if (signedInRead.non2xx > 0) throw new Error(`${signedInRead.non2xx} signed-in reads failed`);
    console.log(`\nSign-in: ${REQUESTS} POST /api/token/ with ${CONNECTIONS} concurrent connections`);
    const row = (name: string, r: Result) =>
      `  ${name.padEnd(24)} p50 ${String(r.p50).padStart(5)} ms   p99 ${String(r.p99).padStart(5)} ms   ${r.rps.toFixed(0).padStart(6)} req/s`;
    console.log(row('GET /healthz baseline', baseline));
    console.log(row('POST /api/token/', signIn));
    console.log(row('GET get_workspaces (auth)', signedInRead));
    console.log(
      `  (the signed-in GET: ${READS} requests; its cost over /healthz is the token and session check)`,
    );
    console.log(
      `  sign-in p50 is ${(signIn.p50 / Math.max(baseline.p50, 1)).toFixed(0)}x the baseline p50 (argon2id by design)`,
    );
  } finally {
    await server.stop();
  }
}
