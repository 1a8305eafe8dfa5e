/**
 * `node scripts/record-demo-video.ts`: the demo video the landing and Resources pages show
 * (apps/server/content/media/podflow-demo.webm, served at /media/podflow-demo.webm) and its poster
 * (podflow-demo.jpg). Starts the demo (scripts/demo.ts) on a spare port with a data folder of its
 * own and records the demo seller walking through the eight steps with Playwright's video recording
 * in Debian's Chromium; a pointer and a caption per step are drawn into the page for viewers.
 *
 * Needs ffmpeg (Debian's `apt-get install ffmpeg`): Playwright encodes its recording with it, and it
 * re-encodes the result as VP9 to keep the file small.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { demoAccount, launchChromium, repoRoot, signInAsDemo, startDemo } from './demo-session.ts';

const outDir = path.join(repoRoot, 'apps/server/content/media');
const size = { width: 1280, height: 720 };
const work = mkdtempSync(path.join(tmpdir(), 'podflow-video-'));

// Playwright looks for its own ffmpeg build in its browsers folder: point it at Debian's.
const ffmpeg = '/usr/bin/ffmpeg';
const registry = path.join(work, 'browsers');
mkdirSync(path.join(registry, 'ffmpeg-1013'), { recursive: true });
symlinkSync(ffmpeg, path.join(registry, 'ffmpeg-1013', 'ffmpeg-linux'));
process.env.PLAYWRIGHT_BROWSERS_PATH = registry;

/** The browser globals the page functions below use (scripts are typechecked without the DOM library). */
interface PageGlobals {
  document: { getElementById(id: string): { textContent: string; style: Record<string, string> } | null };
  sessionStorage: { setItem(key: string, value: string): void };
}

async function caption(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => {
    const { document, sessionStorage } = globalThis as unknown as PageGlobals;
    sessionStorage.setItem('demo-caption', value);
    const element = document.getElementById('demo-caption');
    if (!element) return;
    element.textContent = value;
    element.style.display = value ? 'block' : 'none';
  }, text);
}

/** The time (s) of the raw recording's first frame showing a caption: its dark pill, bottom centre. */
async function firstCaptionAt(raw: string): Promise<number> {
  const frames = path.join(work, 'frames');
  mkdirSync(frames);
  const fps = 10;
  execFileSync(ffmpeg, [
    ...['-loglevel', 'error', '-t', '15', '-i', raw],
    ...['-vf', `fps=${fps},scale=320:180`, path.join(frames, '%04d.png')],
  ]);
  for (const name of readdirSync(frames).sort()) {
    // Just under the top edge of the caption's pill, above its text: (640, 658) of 1280 x 720.
    const { data } = await sharp(path.join(frames, name))
      .extract({ left: 158, top: 164, width: 4, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const brightness = data.reduce((sum, value) => sum + value, 0) / data.length;
    if (brightness < 90) return (Number(name.slice(0, 4)) - 1) / fps;
  }
  return 0;
}

let pointer = { x: size.width / 2, y: size.height / 2 };

/** Glides the pointer to the middle of `target`, then clicks it as a person would. */
async function clickOn(page: Page, target: Locator, { pause = 250 } = {}): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to click');
  const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const distance = Math.hypot(to.x - pointer.x, to.y - pointer.y);
  await page.mouse.move(to.x, to.y, { steps: Math.max(8, Math.round(distance / 25)) });
  pointer = to;
  await page.waitForTimeout(pause);
  await target.click();
}

/** Scrolls the page smoothly by `by` pixels. */
async function glide(page: Page, by: number): Promise<void> {
  const steps = Math.max(1, Math.round(Math.abs(by) / 12));
  for (let step = 0; step < steps; step += 1) {
    await page.mouse.wheel(0, by / steps);
    await page.waitForTimeout(16);
  }
}

const demo = await startDemo();
const browser = await launchChromium();
try {
  // Sign in off camera; the recording starts on Your Workspaces.
  const signInContext = await browser.newContext({ viewport: size });
  const signInPage = await signInContext.newPage();
  await signInAsDemo(signInPage, demo.base);
  const storageState = await signInContext.storageState();
  await signInContext.close();

  const context = await browser.newContext({
    viewport: size,
    storageState,
    recordVideo: { dir: work, size },
  });
  // The pointer and the caption, drawn by the page itself: a recording shows no mouse.
  await context.addInitScript({ path: path.join(repoRoot, 'scripts/demo-overlay.browser.js') });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${demo.base}/welcome`);
  const demoTile = page.getByRole('button', { name: `Open workspace ${demoAccount.workspace}` });
  await demoTile.waitFor();
  await page.mouse.move(pointer.x, pointer.y);
  await caption(page, '1 · Select Workspace: one workspace per collection');
  await page.waitForTimeout(2200);
  await clickOn(page, demoTile);

  await page.waitForURL(/\/prepareDesigns(?:\?|$)/);
  await caption(page, '2 · Prepare Designs: your PNG print files');
  await page.getByText('retro-sunset-cat.png').waitFor();
  await page.waitForTimeout(2000);
  await clickOn(page, page.getByRole('button', { name: 'Next' }));

  await page.waitForURL(/\/SelectMockupImageModeTemplates(?:\?|$)/);
  await caption(page, '3 · Select Mockup Templates: the products your designs go on');
  await page.getByRole('region', { name: 'Selected Templates' }).locator('img').first().waitFor();
  await page.waitForTimeout(800);
  await glide(page, 240);
  await page.waitForTimeout(1000);
  await clickOn(page, page.getByRole('button', { name: 'Next' }));

  await page.waitForURL(/\/generateMockups(?:\?|$)/);
  await caption(page, '4 · Generate Mockups: every design on every template');
  await page.waitForTimeout(900);
  // The demo workspace was generated when it was seeded: render everything again, as asked.
  await clickOn(page, page.getByRole('button', { name: 'Regenerate all' }));
  await clickOn(
    page,
    page
      .getByRole('dialog', { name: 'Regenerate all mockups?' })
      .getByRole('button', { name: 'Regenerate all' }),
  );
  await page.getByText(/Generating \d+ mockups/).waitFor();
  await page.getByText('Your mockups are ready').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1000);
  await clickOn(page, page.getByRole('button', { name: 'Next' }));

  await page.waitForURL(/\/reviewMockups(?:\?|$)/);
  await caption(page, '5 · Review Mockups: keep the best, download the rest');
  await page
    .getByRole('button', { name: /^Preview .*Mug/ })
    .first()
    .locator('img')
    .waitFor();
  await page.waitForTimeout(1000);
  // The poster: the review screen as it is, without the pointer and the caption.
  const toggleOverlay = (shown: boolean) =>
    page.evaluate((visible) => {
      const { document } = globalThis as unknown as PageGlobals;
      for (const id of ['demo-pointer', 'demo-caption']) {
        const element = document.getElementById(id);
        if (element) element.style.visibility = visible ? 'visible' : 'hidden';
      }
    }, shown);
  await toggleOverlay(false);
  await page.screenshot({ path: path.join(work, 'poster.png') });
  await toggleOverlay(true);
  await clickOn(page, page.getByRole('button', { name: /^Preview .*T-shirt/ }).first());
  await page.waitForTimeout(1300);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  await clickOn(page, page.getByRole('button', { name: 'Next' }));

  await page.waitForURL(/\/updateMetadata(?:\?|$)/);
  await caption(page, '6 · Update Metadata: titles, keywords and descriptions, drafted by AI');
  await page.waitForTimeout(600);
  await clickOn(page, page.getByRole('button', { name: 'Generate Metadata (AI)' }));
  const confirmAi = page.getByRole('dialog', { name: 'Generate metadata with AI' });
  await page.waitForTimeout(900);
  await clickOn(page, confirmAi.getByRole('button', { name: 'Proceed' }));
  const summary = page.getByRole('dialog', { name: 'Task Status Summary' });
  await summary.getByLabel(/^Completed: 4$/).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(800);
  await clickOn(page, summary.getByRole('button', { name: 'Close' }).first());
  await page.waitForTimeout(1500);
  await clickOn(page, page.getByRole('button', { name: 'Next' }));

  await page.waitForURL(/\/createPrintifyListings(?:\?|$)/);
  await caption(page, '7 · Create Listings: one Printify product per design');
  await page.waitForTimeout(500);
  await clickOn(page, page.getByLabel('Publish to my sales channel after creating'));
  await clickOn(page, page.getByRole('button', { name: '2. Create Printify listings' }));
  await page.getByText('Printify listings are ready').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(800);
  await glide(page, 380);
  await page.waitForTimeout(1400);
  await clickOn(page, page.getByRole('button', { name: 'Next' }));

  await page.waitForURL(/\/publishListings(?:\?|$)/);
  await caption(page, '8 · Publish Listings: text, SEO and mockups in your Shopify store');
  await page.waitForTimeout(600);
  await clickOn(page, page.getByRole('button', { name: '2. Sync to Shopify' }));
  const confirmSync = page.getByRole('dialog', { name: 'Sync to Shopify' });
  await page.waitForTimeout(900);
  await clickOn(page, confirmSync.getByRole('button', { name: 'Proceed' }));
  await page.getByText('Shopify is up to date').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(600);
  await glide(page, 330);
  await caption(page, 'From design files to live listings, in minutes');
  await page.waitForTimeout(2600);

  const video = page.video();
  await context.close();
  const raw = await video!.path();
  // The recording starts on a blank page while the app loads: the video starts with the first caption.
  const trimStart = await firstCaptionAt(raw);

  mkdirSync(outDir, { recursive: true });
  const webm = path.join(outDir, 'podflow-demo.webm');
  // VP9 at constant quality: screen content compresses far better than Playwright's 1 Mbit/s VP8.
  execFileSync(ffmpeg, [
    '-y',
    '-loglevel',
    'error',
    '-ss',
    trimStart.toFixed(2),
    '-i',
    raw,
    '-an',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    '-pix_fmt',
    'yuv420p',
    webm,
  ]);
  await sharp(path.join(work, 'poster.png'))
    .resize(size.width, size.height, { fit: 'cover', position: 'top' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(path.join(outDir, 'podflow-demo.jpg'));
  const megabytes = (statSync(webm).size / 1024 / 1024).toFixed(2);
  const seconds = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', webm]),
  );
  console.log(
    `Recorded ${seconds.toFixed(1)} s: ${path.relative(repoRoot, webm)} (${megabytes} MB) and its poster`,
  );
} finally {
  await browser.close();
  await demo.stop();
  rmSync(work, { recursive: true, force: true });
}
