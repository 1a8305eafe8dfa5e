/**
 * `node scripts/make-tutorial-shots.ts`: the screenshots of the tutorials in
 * apps/server/content/tutorials/, taken from PodFlow itself. Starts the demo (scripts/demo.ts) on a
 * spare port with a data folder of its own, walks the eight steps as the demo seller in Debian's
 * Chromium and saves each screen as a WebP. Run it again after a screen changes; the tutorials'
 * HTML names the files and their sizes (printed at the end).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  demoAccount,
  launchChromium,
  openDemoWorkspace,
  repoRoot,
  signInAsDemo,
  startDemo,
} from './demo-session.ts';

const outDir = path.join(repoRoot, 'apps/server/content/tutorials');
const viewport = { width: 1280, height: 800 };
const sizes: string[] = [];

/** The browser globals the page functions below use (scripts are typechecked without the DOM library). */
interface PageGlobals {
  document: {
    body: { scrollWidth: number; scrollHeight: number };
    images: ArrayLike<{ complete: boolean; naturalWidth: number }>;
    querySelectorAll(selector: string): ArrayLike<{ click(): void }>;
  };
  scrollX: number;
  scrollY: number;
  scrollTo(x: number, y: number): void;
}
const measured = new Map<string, { width: number; height: number }>();

/**
 * Saves what the page shows as <name>.webp: the viewport, or the region around `around` (one
 * locator or several, framed together; measured on the whole page, so the sticky top bar never
 * covers it, or in the viewport for what sits in a dialog). Toasts are closed first unless `keepToasts`.
 */
async function shot(
  page: Page,
  name: string,
  around?: Locator | Locator[],
  { margin = 24, keepToasts = false, inDialog = false } = {},
): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  if (!keepToasts) {
    await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      for (const button of Array.from(document.querySelectorAll('.mantine-Notification-closeButton')))
        button.click();
    });
  }
  await page.waitForTimeout(500);
  let clip;
  let fullPage = false;
  if (around) {
    const targets = Array.isArray(around) ? around : [around];
    const boxes = await Promise.all(targets.map((target) => target.boundingBox()));
    if (boxes.some((box) => !box)) throw new Error(`${name}: nothing to frame`);
    const scroll = inDialog
      ? { x: 0, y: 0 }
      : await page.evaluate(() => {
          const window = globalThis as unknown as PageGlobals;
          return { x: window.scrollX, y: window.scrollY };
        });
    const pageSize = inDialog
      ? viewport
      : await page.evaluate(() => {
          const { body } = (globalThis as unknown as PageGlobals).document;
          return { width: body.scrollWidth, height: body.scrollHeight };
        });
    const left = Math.min(...boxes.map((box) => box!.x)) + scroll.x;
    const top = Math.min(...boxes.map((box) => box!.y)) + scroll.y;
    const right = Math.max(...boxes.map((box) => box!.x + box!.width)) + scroll.x;
    const bottom = Math.max(...boxes.map((box) => box!.y + box!.height)) + scroll.y;
    const x = Math.max(0, Math.round(left - margin));
    const y = Math.max(0, Math.round(top - margin));
    clip = {
      x,
      y,
      width: Math.min(pageSize.width, Math.round(right + margin)) - x,
      height: Math.min(pageSize.height, Math.round(bottom + margin)) - y,
    };
    fullPage = !inDialog;
  }
  const png = await page.screenshot({ clip, fullPage, animations: 'disabled', caret: 'hide' });
  const file = path.join(outDir, `${name}.webp`);
  const info = await sharp(png).webp({ quality: 76, effort: 6 }).toFile(file);
  sizes.push(`${name}.webp ${info.width}x${info.height} ${Math.round(info.size / 1024)} KB`);
  measured.set(name, { width: info.width, height: info.height });
}

/** Writes each screenshot's new size into the tutorials that show it (their width and height attributes). */
function updateImageSizes(): void {
  for (const file of readdirSync(outDir).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(path.join(outDir, file), 'utf8');
    const updated = html.replace(
      /(<img\s+src="\/tutorials\/([a-z0-9-]+)\.webp"\s+)width="\d*"(\s+)height="\d*"/g,
      (tag, start: string, name: string, gap: string) => {
        const size = measured.get(name);
        return size ? `${start}width="${size.width}"${gap}height="${size.height}"` : tag;
      },
    );
    if (updated !== html) writeFileSync(path.join(outDir, file), updated);
  }
}

/** Waits until every image on the page has loaded (scrolling lazy ones into view), then goes back up. */
async function loadAllImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.body.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => (globalThis as unknown as PageGlobals).scrollTo(0, top), y);
    await page.waitForTimeout(120);
  }
  await page.waitForFunction(
    () =>
      Array.from((globalThis as unknown as PageGlobals).document.images).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    null,
    {
      timeout: 30_000,
    },
  );
  await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollTo(0, 0));
}

/** A print file like the demo's: a bold circle and two words on a transparent background. */
function designPng(words: [string, string], main: string, dark: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="2100">
    <circle cx="900" cy="820" r="600" fill="${main}"/>
    <text x="900" y="1620" font-family="DejaVu Sans" font-weight="bold" font-size="260" text-anchor="middle" fill="${dark}">${words[0]}</text>
    <text x="900" y="1900" font-family="DejaVu Serif" font-style="italic" font-size="220" text-anchor="middle" fill="${main}">${words[1]}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A product photo for the placement editor: a canvas tote bag on a soft background. */
function totePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600">
    <rect width="1600" height="1600" fill="#efeae4"/>
    <ellipse cx="800" cy="1400" rx="520" ry="60" fill="#d9d1c7"/>
    <path d="M600 520 q200 -360 400 0" fill="none" stroke="#c8b89f" stroke-width="46"/>
    <rect x="360" y="520" width="880" height="860" rx="24" fill="#f6f0e4" stroke="#d8ccb8" stroke-width="6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const demo = await startDemo();
const browser = await launchChromium();
const work = mkdtempSync(path.join(tmpdir(), 'podflow-shots-'));
const page = await browser.newPage({ viewport });
try {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAsDemo(page, demo.base);

  // 1. Workspaces and designs.
  await page.goto(`${demo.base}/welcome`);
  await page.getByRole('button', { name: `Open workspace ${demoAccount.workspace}` }).waitFor();
  await shot(page, 'workspaces-list');
  await page.getByRole('button', { name: 'New Workspace' }).click();
  const create = page.getByRole('dialog', { name: 'New Workspace' });
  await create.getByLabel('Workspace Name').fill('Summer drop');
  await shot(page, 'workspace-new', create, { margin: 20, inDialog: true });
  await create.getByRole('button', { name: 'Create Workspace' }).click();
  await create.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Open workspace Summer drop' }).click();
  await page.waitForURL(/\/prepareDesigns(?:\?|$)/);
  await page.getByText('No designs available').waitFor();
  await shot(page, 'designs-empty');
  const files = [path.join(work, 'lemon-fresh.png'), path.join(work, 'night-owl.png')];
  writeFileSync(files[0]!, await designPng(['LEMON', 'fresh'], '#fab005', '#2b8a3e'));
  writeFileSync(files[1]!, await designPng(['NIGHT', 'owl'], '#5f3dc4', '#212529'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload designs' });
  await upload.locator('input[type="file"]').setInputFiles(files);
  await shot(page, 'designs-upload', upload, { margin: 20, inDialog: true });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await upload.getByText('2 stored', { exact: false }).waitFor();
  await upload.getByRole('button', { name: 'Close' }).click();
  await upload.waitFor({ state: 'hidden' });
  await openDemoWorkspace(page, demo.base);
  await loadAllImages(page);
  await page.getByRole('checkbox').nth(1).check();
  await shot(page, 'designs-grid');
  await page.getByRole('checkbox').nth(1).uncheck();
  await shot(page, 'workflow-step-bar', page.getByRole('navigation', { name: 'Workflow steps' }), {
    margin: 0,
  });

  // 2. Mockup templates and the placement editor.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/SelectMockupImageModeTemplates(?:\?|$)/);
  await loadAllImages(page);
  await shot(page, 'templates-panels');
  const hoodie = page.getByRole('checkbox', { name: 'Check Hoodie (white)' });
  await hoodie.check();
  await shot(
    page,
    'templates-checked',
    [
      page.getByRole('button', { name: 'Upload', exact: true }),
      page.getByRole('region', { name: 'Remaining Templates' }),
      page.getByRole('region', { name: 'Selected Templates' }),
      page.getByRole('button', { name: 'Next' }),
    ],
    { margin: 24 },
  );
  await hoodie.uncheck();
  const tote = path.join(work, 'tote-bag-natural.png');
  writeFileSync(tote, await totePhoto());
  await page.getByTestId('template-file-input').setInputFiles(tote);
  const editor = page.getByRole('dialog', { name: /Template 1 of 1/ });
  await editor.getByRole('button', { name: 'Skip' }).waitFor();
  await page.waitForTimeout(800);
  await shot(page, 'templates-placement-editor', editor, { margin: 20, inDialog: true });
  await editor.getByRole('button', { name: 'Skip' }).click();
  await editor.waitFor({ state: 'hidden' });

  // 3. Generate and review mockups.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/generateMockups(?:\?|$)/);
  // The demo workspace has its mockups already: render them all again, as a first run would.
  await page.getByRole('button', { name: 'Regenerate all' }).click();
  await page
    .getByRole('dialog', { name: 'Regenerate all mockups?' })
    .getByRole('button', { name: 'Regenerate all' })
    .click();
  await page
    .getByText(/Generating \d+ mockups/)
    .first()
    .waitFor();
  await shot(page, 'mockups-running', undefined, { keepToasts: true });
  await page.getByText('Your mockups are ready').waitFor({ timeout: 120_000 });
  await shot(page, 'mockups-ready');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/reviewMockups(?:\?|$)/);
  await loadAllImages(page);
  await shot(page, 'mockups-review');
  await page
    .getByRole('button', { name: /^Preview .*T-shirt/ })
    .first()
    .click();
  const preview = page.getByRole('dialog').first();
  await preview.locator('img').first().waitFor();
  await page.waitForTimeout(600);
  await shot(page, 'mockups-preview');
  await page.keyboard.press('Escape');
  await preview.waitFor({ state: 'hidden' });

  // 4. Metadata: by hand, with AI, from a CSV.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/updateMetadata(?:\?|$)/);
  await loadAllImages(page);
  const field = (name: string, file: string) =>
    page.getByRole('textbox', { name: `${name} of ${file}`, exact: true });
  await field('Title', 'retro-sunset-cat.png').fill('Retro Sunset Cat Shirt for Vintage Lovers');
  await field('Keywords', 'retro-sunset-cat.png').fill('retro sunset, vintage cat shirt, 70s style gift');
  await field('Description', 'retro-sunset-cat.png').fill(
    'A warm seventies sunset for cat people with a soft spot for vintage. Printed to order.',
  );
  const rows = page.getByRole('row');
  await shot(page, 'metadata-by-hand', [rows.nth(0), rows.nth(1)], { margin: 12 });
  await page.getByRole('button', { name: 'Update Metadata' }).click();
  await page.getByText(/designs? saved\./).waitFor();
  await page.getByRole('button', { name: 'Generate Metadata (AI)' }).click();
  const confirmAi = page.getByRole('dialog', { name: 'Generate metadata with AI' });
  await confirmAi.getByRole('button', { name: 'Proceed' }).waitFor();
  await shot(page, 'metadata-ai-confirm', confirmAi, { margin: 20, inDialog: true });
  await confirmAi.getByRole('button', { name: 'Proceed' }).click();
  const summary = page.getByRole('dialog', { name: 'Task Status Summary' });
  await summary.getByLabel(/^Completed: 4$/).waitFor({ timeout: 60_000 });
  await shot(page, 'metadata-ai-summary', summary, { margin: 20, inDialog: true });
  await summary.getByRole('button', { name: 'Close' }).first().click();
  await summary.waitFor({ state: 'hidden' });
  await page.waitForTimeout(600);
  await shot(page, 'metadata-ai-filled');
  const csv = path.join(work, 'my-titles.csv');
  writeFileSync(csv, 'file_name,title\r\nocean-wave.png,Ocean Soul Surf Tee for Beach Lovers\r\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import metadata from a CSV file' });
  await importer.locator('input[type="file"]').setInputFiles(csv);
  await importer.getByText('1 design will change').waitFor();
  await shot(page, 'metadata-csv-preview', importer, { margin: 20, inDialog: true });
  await importer.getByRole('button', { name: 'Apply changes to 1 design' }).click();
  await importer.waitFor({ state: 'hidden' });

  // 5. Listings on Printify (and the Gelato form).
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/createPrintifyListings(?:\?|$)/);
  await page.getByRole('button', { name: '1. Connect Printify store' }).click();
  const printify = page.getByRole('dialog', { name: 'Connect Printify store' });
  await printify.getByRole('button', { name: 'Fetch Shops' }).click();
  await page.waitForTimeout(800);
  await shot(page, 'listings-printify-connect', printify, { margin: 20, inDialog: true });
  await page.keyboard.press('Escape');
  await printify.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: '1. Connect Gelato store' }).click();
  const gelato = page.getByRole('dialog', { name: 'Connect Gelato store' });
  await gelato.getByRole('textbox').first().waitFor();
  await shot(page, 'listings-gelato-connect', gelato, { margin: 20, inDialog: true });
  await page.keyboard.press('Escape');
  await gelato.waitFor({ state: 'hidden' });
  await page.getByLabel('Publish to my sales channel after creating').check();
  await page.getByRole('button', { name: '2. Create Printify listings' }).click();
  const listings = page.getByRole('list', { name: 'Designs and their listings' });
  for (const file of ['retro-sunset-cat.png', 'coffee-first.png', 'mountain-wild.png', 'ocean-wave.png']) {
    await listings
      .getByRole('article', { name: file })
      .getByText(/Printify Product ID/)
      .waitFor({ timeout: 60_000 });
  }
  await shot(
    page,
    'listings-created',
    [
      page.getByRole('heading', { name: 'Printify', exact: true }),
      page.getByText('Published to your sales channel'),
      page.getByRole('button', { name: 'Next' }),
    ],
    { margin: 24 },
  );
  const cards = listings.getByRole('article');
  await shot(page, 'listings-results', [cards.first(), cards.last()], { margin: 16 });

  // 6. Publishing to the store.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/publishListings(?:\?|$)/);
  await loadAllImages(page);
  await shot(page, 'publish-target');
  await page.getByRole('radio', { name: 'WooCommerce' }).check();
  await page.getByRole('button', { name: '1. Connect WooCommerce store' }).click();
  const woo = page.getByRole('dialog', { name: 'Connect WooCommerce store' });
  await woo.getByRole('textbox', { name: 'Store URL' }).fill('https://shop.example.com');
  await shot(page, 'publish-woocommerce-connect', woo, { margin: 20, inDialog: true });
  await page.keyboard.press('Escape');
  await woo.waitFor({ state: 'hidden' });
  // The choice is saved per workspace: make sure Shopify is chosen again before syncing.
  const shopifyRadio = page.getByRole('radio', { name: 'Shopify' });
  for (let tries = 0; tries < 5 && !(await shopifyRadio.isChecked()); tries += 1) {
    await shopifyRadio.click();
    await page.waitForTimeout(300);
  }
  await page.getByRole('button', { name: '2. Sync to Shopify' }).click();
  const confirmSync = page.getByRole('dialog', { name: 'Sync to Shopify' });
  await shot(page, 'publish-sync-confirm', confirmSync, { margin: 20, inDialog: true });
  await confirmSync.getByRole('button', { name: 'Proceed' }).click();
  const results = page.getByRole('list', { name: 'Designs and their store products' });
  await results
    .getByRole('article', { name: 'ocean-wave.png' })
    .getByText('Shopify: Updated', { exact: false })
    .waitFor({ timeout: 60_000 });
  const products = results.getByRole('article');
  await shot(
    page,
    'publish-results',
    [
      page.getByRole('heading', { name: 'Designs and their store products' }),
      products.first(),
      products.last(),
    ],
    { margin: 16 },
  );
  updateImageSizes();
  console.log(`Saved in ${path.relative(repoRoot, outDir)}:\n  ${sizes.join('\n  ')}`);
} catch (error) {
  const failed = path.join(tmpdir(), 'podflow-shots-failed.png');
  await page.screenshot({ path: failed }).catch(() => {});
  console.error(`Stopped at ${page.url()} (screenshot: ${failed})`);
  throw error;
} finally {
  await browser.close();
  await demo.stop();
  rmSync(work, { recursive: true, force: true });
}
