/**
 * Makes the landing page's product screenshot from the running demo (`npm run demo`, then
 * `node scripts/landing-screenshot.ts [http://127.0.0.1:8080]`): the demo account's Review Mockups
 * screen under the top bar (the step bar, the toolbar and the first design with its mockups), as WebP at 1x and 2x in apps/web/src/features/landing/assets/.
 */
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const outDir = path.resolve('apps/web/src/features/landing/assets');
const width = 1280;
const height = 760;
const topBarHeight = 64;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({
    viewport: { width, height: height + topBarHeight + 40 },
    deviceScaleFactor: 2,
  });
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@podflow.local');
  await page.getByLabel(/^Password/).fill('podflow-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/account$/);
  await page.goto(`${base}/welcome`);
  await page
    .getByRole('button', { name: /^Open workspace / })
    .first()
    .click();
  await page.waitForURL(/\/prepareDesigns$/);
  await page.goto(`${base}/reviewMockups`);
  await page.getByRole('button', { name: 'Download Your Files' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction('[...document.images].every((image) => image.complete)');
  const png = await page.screenshot({ clip: { x: 0, y: topBarHeight, width, height } });
  for (const scale of [1, 2]) {
    const file = path.join(outDir, `review-mockups-${width * scale}.webp`);
    await sharp(png)
      .resize({ width: width * scale })
      .webp({ quality: 80, effort: 6 })
      .toFile(file);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
} finally {
  await browser.close();
}
