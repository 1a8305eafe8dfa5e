/**
 * `npm run bench:lighthouse`: the landing page's figures. Builds the web app if needed, starts the
 * server on a free port (serving the built app, as `npm start` does), and runs Lighthouse's desktop
 * preset in Debian's Chromium three times. Prints the median performance and accessibility scores
 * with their metrics, and the JavaScript and CSS the landing route loaded, gzip-compressed.
 * Not part of `npm test`: scores depend on the machine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { freePort } from '../scripts/services.ts';
import { median, startServer } from './server-process.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const distDir = path.resolve('apps/web/dist');
const targets = { performance: 95, accessibility: 95, landingJsGzipKb: 150 };

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

interface RunResult {
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  files: { url: string; type: 'Script' | 'Stylesheet' }[];
}

const metricIds = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'Speed Index',
} as const;

async function runOnce(url: string): Promise<RunResult> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new', `--remote-debugging-port=${port}`, '--disable-gpu'],
  });
  try {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const metrics: Record<string, number> = {};
    for (const id of Object.keys(metricIds)) metrics[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
    const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
    const files = (details?.items ?? [])
      .filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet')
      .map((item) => ({ url: item.url, type: item.resourceType as 'Script' | 'Stylesheet' }));
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      metrics,
      files,
    };
  } finally {
    await browser.close();
  }
}

/** The gzip size (level 9, what a compressing server or CDN sends) of a built file the page loaded. */
function gzipKb(url: string): number {
  const file = path.join(distDir, new URL(url).pathname);
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

function formatMetric(id: keyof typeof metricIds, value: number): string {
  return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

ensureWebBuild();
const server = await startServer(['apps/server/src/main.ts']);
try {
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await runOnce(`${server.url}/`));

  const performance = median(results.map((r) => r.performance));
  const accessibility = median(results.map((r) => r.accessibility));
  console.log(`\nLighthouse ${runs}x, desktop preset, Debian's Chromium, landing page (${server.url}/)`);
  console.log(
    `  performance    ${String(performance).padStart(3)}   (runs: ${results.map((r) => r.performance).join(', ')}; target >= ${targets.performance})`,
  );
  console.log(
    `  accessibility  ${String(accessibility).padStart(3)}   (runs: ${results.map((r) => r.accessibility).join(', ')}; target >= ${targets.accessibility})`,
  );
  for (const [id, label] of Object.entries(metricIds) as [keyof typeof metricIds, string][]) {
    const value = median(results.map((r) => r.metrics[id] ?? Number.NaN));
    console.log(`  ${label.padEnd(13)}  ${formatMetric(id, value)}`);
  }

  const loaded = results[0]?.files ?? [];
  const total = (type: 'Script' | 'Stylesheet') =>
    loaded.filter((file) => file.type === type).reduce((sum, file) => sum + gzipKb(file.url), 0);
  const scripts = loaded.filter((file) => file.type === 'Script');
  const js = total('Script');
  console.log(`\nLanding route, everything the page loaded (gzip -9 of the built files)`);
  console.log(
    `  JavaScript  ${js.toFixed(1).padStart(6)} KB in ${scripts.length} files (target < ${targets.landingJsGzipKb} KB)`,
  );
  console.log(`  CSS         ${total('Stylesheet').toFixed(1).padStart(6)} KB`);
  for (const file of [...scripts].sort((a, b) => gzipKb(b.url) - gzipKb(a.url)).slice(0, 5)) {
    console.log(`    ${gzipKb(file.url).toFixed(1).padStart(6)} KB  ${new URL(file.url).pathname}`);
  }
  const missed = [
    performance < targets.performance && 'performance',
    accessibility < targets.accessibility && 'accessibility',
    js >= targets.landingJsGzipKb && 'JavaScript size',
  ].filter(Boolean);
  console.log(missed.length === 0 ? '\nAll targets met.' : `\nMissed: ${missed.join(', ')}`);
} finally {
  await server.stop();
}
