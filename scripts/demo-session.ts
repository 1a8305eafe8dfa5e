/**
 * A private run of `npm run demo` for the media scripts (make-tutorial-shots.ts,
 * record-demo-video.ts): the demo server on a spare loopback port with a data folder of its own,
 * seeded with the demo account, and Debian's Chromium driven by playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { freePort } from './services.ts';
import { ensureWebBuild } from './web-build.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const demoAccount = { email: 'demo@podflow.local', password: 'podflow-demo', workspace: 'Demo shop' };

export interface DemoSession {
  base: string;
  stop: () => Promise<void>;
}

/**
 * Starts scripts/demo.ts and resolves once the demo account is seeded (or fails with its output).
 * It serves a copy of the web build, so a rebuild while the script runs cannot pull chunks away.
 */
export async function startDemo(): Promise<DemoSession> {
  const port = await freePort();
  // One origin for the browser, the server's links and the seeding calls (see scripts/demo.ts).
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-media-'));
  ensureWebBuild();
  const webDistDir = path.join(dataDir, 'web');
  cpSync(path.join(repoRoot, 'apps/web/dist'), webDistDir, { recursive: true });
  if (!existsSync(path.join(webDistDir, 'index.html')))
    throw new Error('the web build is incomplete: run it again');
  const child: ChildProcess = spawn(process.execPath, ['scripts/demo.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DEMO_DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The scripts make the listings on screen: the demo makes no products (nor orders of them).
      DEMO_ORDER_PRODUCTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the demo did not start in 3 minutes:\n${output}`)),
        180_000,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('could not be seeded')) reject(new Error(`the demo failed to seed:\n${output}`));
        if (output.includes('PodFlow demo on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => reject(new Error(`the demo exited (${code}):\n${output}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** Debian's Chromium, headless. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--hide-scrollbars',
    ],
  });
}

/** Signs in as the demo seller through the sign-in screen and waits for the account page. */
export async function signInAsDemo(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(demoAccount.email);
  await page.getByLabel(/^Password/).fill(demoAccount.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/account$/);
}

/** Opens the demo workspace from /welcome, which lands on step 2. */
export async function openDemoWorkspace(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/welcome`);
  await page.getByRole('button', { name: `Open workspace ${demoAccount.workspace}` }).click();
  await page.waitForURL(/\/prepareDesigns(?:\?|$)/);
}
