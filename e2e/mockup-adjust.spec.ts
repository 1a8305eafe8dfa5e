import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { countRequests, createAndOpenWorkspace, newUser, register, uploadDesigns } from './helpers.ts';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-adjust-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A wide lettering design: words from edge to edge of a transparent 1200 x 400 PNG; its path. */
async function writeWordmark(name: string, words: string): Promise<string> {
  const file = path.join(dir, name);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
      <rect x="0" y="120" width="1200" height="160" rx="20" fill="#1d3557"/>
      <text x="600" y="235" font-family="sans-serif" font-size="110" font-weight="700" fill="#f1faee"
        text-anchor="middle">${words}</text></svg>`,
  );
  await sharp(svg).png().toFile(file);
  return file;
}

/** Checks these starter templates in Remaining Templates and moves them to Selected. */
async function selectStarters(page: Page, names: string[]): Promise<void> {
  const remaining = page.getByRole('list', { name: 'Remaining Templates' });
  for (const name of names) await remaining.getByRole('checkbox', { name: `Check ${name}` }).check();
  await page.getByRole('button', { name: /^>> / }).click();
  const selected = page.getByRole('list', { name: 'Selected Templates' }).getByRole('listitem');
  await expect(selected).toHaveCount(names.length);
  for (let index = 0; index < names.length; index += 1) {
    const image = selected.nth(index).locator('img');
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
  }
}

const srcOf = (card: Locator) => card.locator('img').first().getAttribute('src');

const canvas = 'Canvas 4:3 in an oak floater frame';
const shirt = 'T-shirt (white)';

test('a cropped design is flagged; Fit inside and a manual adjustment re-render only that mockup; a double click generates once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const sent = countRequests(page);
  const generateCalls = () => sent.list('GET', '/generate_mockups/');
  const adjustCalls = () => sent.list('POST', '/adjust_mockup/').map((request) => request.postData() ?? '');

  await register(page, newUser('adjust'));
  await createAndOpenWorkspace(page, 'Lettering');
  await uploadDesigns(page, [
    await writeWordmark('mountain-soul.png', 'MOUNTAIN SOUL'),
    await writeWordmark('sunset-club.png', 'SUNSET CLUB'),
  ]);
  await page.getByRole('button', { name: 'Next' }).click();
  await selectStarters(page, [canvas, shirt]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/generateMockups(\?workspace=[\w-]+)?$/);

  // A double click starts one run and shows no error.
  await page.getByRole('button', { name: 'Generate Mockups' }).dblclick();
  await expect(page.getByText('Generating 4 mockups: 2 designs on 2 templates.')).toBeVisible();
  const jobs = page.getByRole('list', { name: 'Mockup jobs' }).getByTestId('mockup-job');
  await expect(jobs.filter({ has: page.getByText('Completed', { exact: true }) })).toHaveCount(2, {
    timeout: 120_000,
  });
  expect(generateCalls()).toHaveLength(1);
  await expect(page.locator('.mantine-Notification-root[style*="red"]')).toHaveCount(0);

  // Review: the canvas (printed edge to edge) cuts the lettering's ends off; the shirt shows it whole.
  await page
    .getByRole('link', { name: 'Next' })
    .or(page.getByRole('button', { name: 'Next' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/reviewMockups(\?workspace=[\w-]+)?$/);
  const cards = page.getByTestId('mockup-card');
  await expect(cards).toHaveCount(4);
  const card = (design: string, template: string) =>
    page
      .getByTestId('design-row')
      .filter({ hasText: design })
      .getByTestId('mockup-card')
      .filter({
        hasText: `Template: ${template}`,
      });
  await expect(card('mountain-soul.png', canvas).getByText('Part of the design is cut off')).toBeVisible();
  await expect(card('sunset-club.png', canvas).getByText('Part of the design is cut off')).toBeVisible();
  await expect(page.getByText('Part of the design is cut off')).toHaveCount(2);
  // Every mockup picture is named after its design and template.
  await expect(page.getByRole('img', { name: `The ${shirt} mockup of sunset-club.png` })).toBeVisible();

  // Fit inside: only that mockup is rendered again, whole.
  const before = await Promise.all([0, 1, 2, 3].map((i) => srcOf(cards.nth(i))));
  const fit = page.getByRole('button', { name: `Fit mountain-soul.png inside the print area of ${canvas}` });
  await fit.dblclick();
  await expect(card('mountain-soul.png', canvas).getByText('Part of the design is cut off')).toHaveCount(0);
  await expect(page.getByText('The mockup was rendered again with your adjustment.')).toBeVisible();
  expect(adjustCalls()).toHaveLength(1);
  const afterFit = await Promise.all([0, 1, 2, 3].map((i) => srcOf(cards.nth(i))));
  expect(afterFit.filter((src, i) => src !== before[i])).toHaveLength(1);
  await expect(card('mountain-soul.png', canvas).getByText('Adjusted')).toBeVisible();
  await expect(card('sunset-club.png', canvas).getByText('Part of the design is cut off')).toBeVisible();

  // A manual adjustment: larger and moved right, previewed, then saved: only that mockup changes.
  await page.getByRole('button', { name: `Adjust the ${shirt} mockup of sunset-club.png` }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust sunset-club.png on ${shirt}` });
  await expect(dialog.getByTestId('adjust-preview')).toHaveAttribute('data-current', 'true', {
    timeout: 20_000,
  });
  const firstPreview = await dialog.getByTestId('adjust-preview').getAttribute('src');
  const size = dialog.getByRole('slider', { name: 'Size' });
  await size.focus();
  for (let step = 0; step < 60; step += 1) await page.keyboard.press('ArrowRight');
  await expect(size).toHaveAttribute('aria-valuenow', '1.6');
  await expect(dialog.getByTestId('adjust-preview')).not.toHaveAttribute('src', firstPreview!);
  await expect(dialog.getByTestId('adjust-preview')).toHaveAttribute('data-current', 'true', {
    timeout: 20_000,
  });
  const beforeSave = await Promise.all([0, 1, 2, 3].map((i) => srcOf(cards.nth(i))));
  await dialog.getByRole('button', { name: 'Save and re-render' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(card('sunset-club.png', shirt).getByText('Adjusted')).toBeVisible();
  // 160% of a lettering that already fills the print area's width: its ends are cut off now.
  await expect(card('sunset-club.png', shirt).getByText('Part of the design is cut off')).toBeVisible();
  const afterSave = await Promise.all([0, 1, 2, 3].map((i) => srcOf(cards.nth(i))));
  expect(afterSave.filter((src, i) => src !== beforeSave[i])).toHaveLength(1);
  expect(adjustCalls()).toHaveLength(2);
  expect(JSON.parse(adjustCalls()[1]!)).toMatchObject({ adjustment: { scale: 1.6 } });

  // The adjustment is kept: after a reload the dialog opens where it was left.
  await page.reload();
  await page.getByRole('button', { name: `Adjust the ${shirt} mockup of sunset-club.png` }).click();
  await expect(
    page
      .getByRole('dialog', { name: `Adjust sunset-club.png on ${shirt}` })
      .getByRole('slider', { name: 'Size' }),
  ).toHaveAttribute('aria-valuenow', '1.6');
});

test('a mockup deleted on Review stays deleted on Generate new only and comes back on a confirmed Regenerate all', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page, newUser('regenerate'));
  await createAndOpenWorkspace(page, 'Keep deleted');
  await uploadDesigns(page, [await writeWordmark('ocean-drive.png', 'OCEAN DRIVE')]);
  await page.getByRole('button', { name: 'Next' }).click();
  await selectStarters(page, [shirt]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Generate Mockups' }).click();
  const jobs = page.getByRole('list', { name: 'Mockup jobs' }).getByTestId('mockup-job');
  await expect(jobs.filter({ has: page.getByText('Completed', { exact: true }) })).toHaveCount(1, {
    timeout: 120_000,
  });

  await page.goto('/reviewMockups');
  await page.getByRole('checkbox', { name: `Select the ${shirt} mockup of ocean-drive.png` }).check();
  await page.getByRole('button', { name: 'Delete Selected Mockups' }).click();
  await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('mockup-card')).toHaveCount(0);

  await page.goto('/generateMockups');
  await page.getByRole('button', { name: 'Generate new only' }).click();
  await expect(page.getByText(/deleted ones stay deleted/)).toBeVisible();
  await page.goto('/reviewMockups');
  await expect(page.getByText('No mockups yet')).toBeVisible();

  await page.goto('/generateMockups');
  await page.getByRole('button', { name: 'Regenerate all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate all mockups?' });
  await expect(confirm.getByText(/Mockups you deleted come back/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Regenerate all' }).click();
  await expect(page.getByText('Generating 1 mockup: 1 design on 1 template.')).toBeVisible();
  await expect(jobs.filter({ has: page.getByText('Completed', { exact: true }) })).toHaveCount(1, {
    timeout: 120_000,
  });
  await page.goto('/reviewMockups');
  await expect(page.getByTestId('mockup-card')).toHaveCount(1);
});
