import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startPostgres } from '../scripts/services.ts';
import { channelTemplateProductIds, startPrintifySandbox } from '../packages/sandbox/src/printify-sandbox.ts';
import { type RunningServer, median, startServer, waitForLibrary } from './server-process.ts';

const SHOP_ORDERS = 5_000;
const STORED_ORDERS = 100_000;
const SAMPLES = 300;

type Source = { id: string; importing: boolean; last_synced_at: string | null; problem: string | null };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** The most requests any 60-second window held, from counts sampled over time ([ms, count so far]). */
function busiestMinute(samples: [number, number][]): number {
  let most = 0;
  for (let start = 0, end = 0; end < samples.length; end++) {
    while (samples[end]![0] - samples[start]![0] > 60_000) start++;
    most = Math.max(most, samples[end]![1] - (start === 0 ? 0 : samples[start - 1]![1]));
  }
  return most;
}

/** The process's peak resident set (VmHWM), in MiB. */
function peakRssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** A seller with a premium plan on either database; answers the bearer header and the user id. */
async function seller(
  server: RunningServer,
  sql: SqlRunner,
): Promise<{ authorization: string; userId: string }> {
  const json = { 'content-type': 'application/json' };
  const credentials = { username: 'bench-orders@example.com', password: 'a strong bench password' };
  await fetch(`${server.url}/api/user/register/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ first_name: 'Bench', last_name: 'Seller', ...credentials }),
  });
  const [user] = await sql(`select id from users where email = 'bench-orders@example.com'`);
  await sql(`update users set plan = 'premium' where id = '${String(user!.id)}'`);
  await waitForLibrary(server.url, credentials); // the one-off drawing of the starter templates, out of the way
  const { access } = (await (
    await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(credentials),
    })
  ).json()) as { access: string };
  return { authorization: `Bearer ${access}`, userId: String(user!.id) };
}

type SqlRunner = (text: string) => Promise<Record<string, unknown>[]>;

function sqliteRunner(file: string): SqlRunner & { close: () => void } {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const run = async (text: string) => {
    const statement = db.prepare(text);
    return statement.reader ? (statement.all() as Record<string, unknown>[]) : (statement.run(), []);
  };
  return Object.assign(run, { close: () => db.close() });
}

async function postgresRunner(url: string): Promise<SqlRunner & { close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
  return Object.assign(run, { close: () => client.end() });
}

/**
 * Copies the imported orders until the seller holds `total`: each copy a new id, order id and
 * number, a week further back per copy, so the list pages through months of orders.
 */
async function growTo(sql: SqlRunner, total: number, kind: 'sqlite' | 'postgres'): Promise<void> {
  const columns = (await sql(`select * from orders limit 1`))[0];
  if (!columns) throw new Error('no orders were imported');
  const names = Object.keys(columns);
  const [{ n }] = (await sql(`select count(*) as n from orders`)) as [{ n: number | string }];
  const base = Number(n);
  for (let copy = 1; copy < Math.ceil(total / base); copy++) {
    const shifted = (name: string) => {
      if (name === 'id' || name === 'provider_order_id') return `${name} || '~c${copy}'`;
      if (name === 'number') return `number || 'c${copy}'`;
      if (name === 'search_text') return `'c${copy} ' || search_text`;
      if (
        ['created_at', 'updated_at', 'sent_at', 'shipped_at', 'delivered_at', 'attention_at'].includes(name)
      )
        return `${name} - ${copy * 7 * 86_400_000}`;
      return name;
    };
    await sql(
      `insert into orders (${names.join(', ')}) select ${names.map(shifted).join(', ')} from orders where id not like '%~%'`,
    );
  }
  // What autovacuum does after a bulk load (PostgreSQL's index-only scans need the visibility map).
  await sql(kind === 'postgres' ? 'vacuum analyze orders' : 'analyze');
}

/** Sequential signed-in GETs of `url`; p50 and p99 in ms after a warm-up. */
async function latency(
  server: RunningServer,
  authorization: string,
  url: string,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}${url}`, { headers: { authorization } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= 20) times.push(performance.now() - started);
  }
  return { p50: median(times), p99: percentile(times, 99) };
}

/**
 * Orders: a first import of 10,000 orders from two Printify sandbox shops of one account (time,
 * requests against Printify's 600 a minute, the server's peak RSS; baseline: the same pages read
 * straight from the sandbox, one after another), then list and filter queries on 100,000 stored
 * orders (p50/p99 of each; baseline: the signed-in workspace list). On SQLite and PostgreSQL.
 * Targets: never over the rate limit; p99 under 50 ms.
 */
export async function benchOrders(): Promise<void> {
  const postgres = await startPostgres();
  try {
    for (const kind of ['sqlite', 'postgres'] as const) {
      const printify = await startPrintifySandbox({
        bulkOrders: { 8_123_401: SHOP_ORDERS, 8_123_403: SHOP_ORDERS },
      });
      let databaseUrl: string | undefined;
      if (kind === 'postgres') {
        const admin = await postgresRunner(postgres.url);
        await admin(`create database bench_orders`);
        await admin.close();
        databaseUrl = postgres.url.replace(/\/[^/]*$/, '/bench_orders');
      }
      const server = await startServer(['apps/server/src/main.ts'], {
        RATE_LIMIT_PER_MINUTE: '1000000',
        APP_SECRET: 'bench-orders-secret-0123456789abcdef0123456789',
        PRINTIFY_BASE_URL: printify.url,
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      });
      const sql =
        kind === 'sqlite'
          ? sqliteRunner(path.join(server.dataDir, 'podflow.sqlite'))
          : await postgresRunner(databaseUrl!);
      try {
        const { authorization } = await seller(server, sql);
        const call = async <T>(url: string, body?: unknown): Promise<T> => {
          const response = await fetch(`${server.url}${url}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'content-type': 'application/json', authorization },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
          return response.json() as Promise<T>;
        };
        const idleMiB = peakRssMiB(server.pid);
        printify.requests.length = 0;
        const started = performance.now();
        const shops: [number, string][] = [
          [8_123_401, printify.templateProductId],
          [8_123_403, channelTemplateProductIds.shopify],
        ];
        for (const [index, [shopId, productId]] of shops.entries()) {
          const { workspace_id } = await call<{ workspace_id: string }>('/workspace/create_workspace/', {
            workspace_name: `Bench orders ${index + 1}`,
          });
          await call('/printify_app/save_printify_template/', {
            workspace_id,
            shop_id: shopId,
            apiKey: printify.token,
            printify_product_id: productId,
          });
        }
        let sources: Source[] = [];
        const orderRequests = () => printify.requests.length;
        const counts: [number, number][] = [];
        for (;;) {
          counts.push([performance.now(), orderRequests()]);
          ({ sources } = await call<{ sources: Source[] }>('/orders_app/sources/'));
          if (sources.length === 2 && sources.every((s) => !s.importing && s.last_synced_at)) break;
          const failed = sources.find((s) => s.problem);
          if (failed) throw new Error(`import failed: ${failed.problem}`);
          if (performance.now() - started > 15 * 60_000)
            throw new Error('import did not finish in 15 minutes');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const importMs = performance.now() - started;
        counts.push([performance.now(), orderRequests()]);
        const [{ n: imported }] = (await sql(`select count(*) as n from orders`)) as [{ n: number | string }];
        const peakMiB = peakRssMiB(server.pid);

        // Baseline: the same pages straight from the sandbox, one after another.
        const baseStarted = performance.now();
        for (const [shopId] of shops) {
          for (let page = 1; ; page++) {
            const response = await fetch(
              `${printify.url}/v1/shops/${shopId}/orders.json?page=${page}&limit=50`,
              {
                headers: { authorization: `Bearer ${printify.token}` },
              },
            );
            const body = (await response.json()) as { last_page: number };
            if (page >= body.last_page) break;
          }
        }
        const baselineMs = performance.now() - baseStarted;
        console.log(
          `orders import (${kind}): ${Number(imported)} orders from 2 shops in ${(importMs / 1000).toFixed(1)} s ` +
            `(baseline reading the same pages: ${(baselineMs / 1000).toFixed(1)} s, ${(importMs / baselineMs).toFixed(1)}x); ` +
            `${orderRequests()} requests to Printify (connections included), busiest minute ${busiestMinute(counts)} of Printify's 600; ` +
            `server peak RSS ${peakMiB.toFixed(0)} MiB (${idleMiB.toFixed(0)} MiB before the import)`,
        );

        await growTo(sql, STORED_ORDERS, kind);
        const [{ n: stored }] = (await sql(`select count(*) as n from orders`)) as [{ n: number | string }];
        const page = await call<{
          orders: { id: string; number: string; email: string | null; customer: string }[];
          next_cursor: string | null;
        }>('/orders_app/orders/');
        const sample = page.orders[7] ?? page.orders[0]!;
        let deep = page.next_cursor;
        for (let i = 0; i < 40 && deep; i++) {
          deep = (
            await call<{ next_cursor: string | null }>(
              `/orders_app/orders/?cursor=${encodeURIComponent(deep)}`,
            )
          ).next_cursor;
        }
        const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
        const queries: [string, string][] = [
          ['newest 50', '/orders_app/orders/'],
          ['page 41 (cursor)', `/orders_app/orders/?cursor=${encodeURIComponent(deep ?? '')}`],
          ['needs attention', '/orders_app/orders/?attention=true'],
          ['status shipped', '/orders_app/orders/?status=shipped'],
          ['status canceled', '/orders_app/orders/?status=canceled'],
          ['provider printify', '/orders_app/orders/?provider=printify'],
          ['one shop', `/orders_app/orders/?source_id=${sources[1]!.id}`],
          ['shop + status', `/orders_app/orders/?source_id=${sources[1]!.id}&status=in_production`],
          ['date range', `/orders_app/orders/?from=${from}&to=${to}`],
          ['search number', `/orders_app/orders/?q=${encodeURIComponent(sample.number)}`],
          ['search customer', `/orders_app/orders/?q=${encodeURIComponent(sample.customer.split(' ')[0]!)}`],
          ['search e-mail', `/orders_app/orders/?q=${encodeURIComponent(sample.email ?? 'example')}`],
          ['search no match', '/orders_app/orders/?q=zzqxv'],
          ['summary strip', '/orders_app/summary/'],
        ];
        const baseline = await latency(server, authorization, '/workspace/get_workspaces/');
        console.log(
          `orders queries (${kind}, ${Number(stored)} stored): baseline signed-in workspace list p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms`,
        );
        let worst = 0;
        for (const [name, url] of queries) {
          const { p50, p99 } = await latency(server, authorization, url);
          worst = Math.max(worst, p99);
          console.log(
            `  ${name.padEnd(18)} p50 ${p50.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  (${(p99 / baseline.p99).toFixed(1)}x baseline p99)`,
          );
        }
        console.log(
          `  worst p99 ${worst.toFixed(1)} ms (target under 50 ms): ${worst < 50 ? 'met' : 'MISSED'}`,
        );
      } finally {
        await sql.close();
        await server.stop();
        await printify.close();
      }
    }
  } finally {
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchOrders();
