import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Chromium e2e against the real server in demo mode (`npm run demo`: the provider sandboxes on
 * loopback, the server pointed at them), which serves the built SPA from apps/web/dist
 * (`npm run build -w @podflow/web` first). Each run gets a fresh data directory.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

// Workers load this file again: they inherit the directory the main process made.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'podflow-e2e-'));

/** The demo's WooCommerce sandbox listens here, so the publish test can type its address. */
export const wooSandboxPort = port + 9;

/** The demo's Shopify and Gelato sandboxes listen here, so the journeys can read what they hold. */
export const shopifySandboxPort = port + 8;
export const gelatoSandboxPort = port + 7;
/** The demo's Printify sandbox listens here, so the orders journey can read what it was sent. */
export const printifySandboxPort = port + 6;

/**
 * The server sends e-mail to an SMTP server on this loopback port; a test that reads mail starts
 * one there (nodemailer connects per message, so it only has to be up while the mail is sent).
 */
export const smtpPort = port + 25;

/** How long an access token lives in e2e: short, so the silent-refresh test need not wait long. */
export const accessTokenTtlSeconds = 4;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `"${path.join(repoRoot, 'node_modules/.bin/node')}" scripts/demo.ts`,
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_WOOCOMMERCE_PORT: String(wooSandboxPort),
      DEMO_SHOPIFY_PORT: String(shopifySandboxPort),
      DEMO_GELATO_PORT: String(gelatoSandboxPort),
      DEMO_PRINTIFY_PORT: String(printifySandboxPort),
      // No orders arriving on their own: the journeys count what the sandboxes hold.
      DEMO_GELATO_ORDER_EVERY_MS: '0',
      DEMO_PRINTIFY_ORDER_EVERY_MS: '0',
      ACCESS_TOKEN_TTL_SECONDS: String(accessTokenTtlSeconds),
      // Every test signs in from the same address: keep the per-address limit of session calls out of the way.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'PodFlow <support@podflow.test>',
    },
  },
});
