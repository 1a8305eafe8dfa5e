/**
 * `npm test`: every suite, in order, on real services. Installs the Debian packages it needs when
 * run as root, starts its own PostgreSQL, Redis and S3 server (s3rver) on loopback ports and stops them after (the
 * fault tests start theirs), and never skips a suite: a missing tool is a failure that names it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Service, ensureDebianPackages, startPostgres, startRedis, startS3 } from './services.ts';

type Outcome = { step: string; ok: boolean; seconds: number; passed: number; failed: number };
const outcomes: Outcome[] = [];
const reports = mkdtempSync(path.join(tmpdir(), 'podflow-reports-'));
const bin = (name: string) => path.resolve('node_modules/.bin', name);

/** Runs one step with inherited output; counts tests from a JSON report when the step writes one. */
function step(
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; report?: 'vitest' | 'playwright' } = {},
) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const reportFile = path.join(reports, `${outcomes.length}.json`);
  const extraArgs =
    options.report === 'vitest'
      ? ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]
      : [];
  const extraEnv: Record<string, string> =
    options.report === 'playwright' ? { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile } : {};
  const result = spawnSync(command, [...args, ...extraArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv, ...options.env },
  });
  const counts = readCounts(reportFile, options.report);
  const ok = result.status === 0;
  outcomes.push({ step: name, ok, seconds: (performance.now() - started) / 1000, ...counts });
  if (!ok) console.error(`✖ ${name} failed (exit ${result.status ?? result.signal})`);
}

function readCounts(
  file: string,
  kind: 'vitest' | 'playwright' | undefined,
): { passed: number; failed: number } {
  if (!kind || !existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
  return {
    passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
    failed: report.stats?.unexpected ?? 0,
  };
}

const services: Service[] = [];
try {
  ensureDebianPackages();
  step('lint (eslint, prettier)', 'npm', ['run', '--silent', 'lint']);
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('unit and web tests', bin('vitest'), ['run', '--project', 'unit', '--project', 'web'], {
    report: 'vitest',
  });

  const postgres = await startPostgres();
  services.push(postgres);
  const redis = await startRedis();
  services.push(redis);
  const s3 = await startS3();
  services.push(s3);
  const serviceEnv = { REDIS_URL: redis.url, TEST_REDIS_URL: redis.url, TEST_S3_URL: s3.url };

  step('API integration on SQLite', bin('vitest'), ['run', '--project', 'int'], {
    env: { ...serviceEnv, TEST_DB: 'sqlite' },
    report: 'vitest',
  });
  step('API integration on PostgreSQL', bin('vitest'), ['run', '--project', 'int'], {
    env: { ...serviceEnv, TEST_DB: 'postgres', TEST_DATABASE_URL: postgres.url },
    report: 'vitest',
  });
  // The fault tests start their own PostgreSQL, Redis and S3 server (they stop and restart them).
  step('fault tests (api + 2 workers)', bin('vitest'), ['run', '--project', 'topology'], {
    report: 'vitest',
  });
  step('web build', 'npm', ['run', '--silent', 'build', '--workspace', '@podflow/web']);
  step(
    'Chromium e2e',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      report: 'playwright',
    },
  );
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  outcomes.push({ step: 'test services', ok: false, seconds: 0, passed: 0, failed: 1 });
} finally {
  for (const service of services.reverse()) service.stop();
  rmSync(reports, { recursive: true, force: true });
}

console.log('\nSummary');
for (const o of outcomes) {
  const counts = o.passed + o.failed > 0 ? ` ${o.passed} passed, ${o.failed} failed` : '';
  console.log(`  ${o.ok ? '✔' : '✖'} ${o.step.padEnd(32)} ${o.seconds.toFixed(1).padStart(6)} s${counts}`);
}
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
const failed = outcomes.reduce((sum, o) => sum + o.failed + (o.ok || o.failed > 0 ? 0 : 1), 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
