import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { createAndOpenWorkspace, newUser, register, uploadDesigns, writeDesign } from './helpers.ts';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-mockups-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The names of the entries of a zip file. */
function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Checks the first `count` starter templates in Remaining Templates, moves them to Selected; their names. */
async function selectStarterTemplates(page: Page, count: number): Promise<string[]> {
  const remaining = page.getByRole('list', { name: 'Remaining Templates' });
  const starters = remaining.getByRole('listitem').filter({ hasText: 'Starter' });
  await expect(starters.first()).toBeVisible();
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const checkbox = starters.nth(index).getByRole('checkbox');
    const label = await checkbox.getAttribute('aria-label');
    names.push(label!.replace(/^Check /, ''));
    await checkbox.check();
  }
  await page.getByRole('button', { name: /^>> / }).click();
  const selected = page.getByRole('list', { name: 'Selected Templates' }).getByRole('listitem');
  await expect(selected).toHaveCount(count);
  // As a seller would, wait until the chosen templates show: on a fresh server the starter images
  // are still being drawn in the background, and rendering does not draw a missing one itself.
  for (let index = 0; index < count; index += 1) {
    const image = selected.nth(index).locator('img');
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
  }
  return names;
}

test('a seller generates mockups, watches the jobs finish, reviews, deletes one and downloads the zip', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const designs = [
    await writeDesign(dir, 'sun-star.png', 40),
    await writeDesign(dir, 'sea-star.png', 200),
    await writeDesign(dir, 'rose-star.png', 330),
  ];
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  const streams: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/mockups_app/mockup_job_events/') && response.status() === 200)
      streams.push(response.headers()['content-type'] ?? '');
  });

  await register(page, newUser('mockups'));
  await createAndOpenWorkspace(page, 'Star mockups');
  await uploadDesigns(page, designs);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/SelectMockupImageModeTemplates(\?workspace=[\w-]+)?$/);
  const templates = await selectStarterTemplates(page, 2);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: nothing generated yet.
  await expect(page).toHaveURL(/\/generateMockups(\?workspace=[\w-]+)?$/);
  await expect(page.getByRole('heading', { name: 'Generate Mockups', level: 1 })).toBeVisible();
  await expect(page.getByText('No active jobs')).toBeVisible();

  await page.getByRole('button', { name: 'Generate Mockups' }).click();
  // The server's message as a toast; one job per template, listed at once.
  await expect(page.getByText(/Generating 6 mockups/)).toBeVisible();
  const jobs = page.getByRole('list', { name: 'Mockup jobs' }).getByTestId('mockup-job');
  await expect(jobs).toHaveCount(2);
  for (const name of templates) await expect(jobs.filter({ hasText: name })).toHaveCount(1);

  // Both jobs reach Completed with full bars; the run points to Review.
  await expect(jobs.filter({ has: page.getByText('Completed', { exact: true }) })).toHaveCount(2, {
    timeout: 120_000,
  });
  for (const name of templates) {
    const bar = page.getByRole('progressbar', { name: `Progress of ${name}` });
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    await expect(bar).toHaveAttribute('aria-valuemax', '3');
  }
  await expect(page.getByTestId('run-summary-rendered')).toHaveText('6 of 6 mockups rendered');
  await expect(page.getByText('Your mockups are ready')).toBeVisible();
  // Once a run exists: new only (deleted mockups stay deleted) or, after asking, everything again.
  await expect(page.getByRole('button', { name: 'Generate new only' })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  await expect(page.getByRole('button', { name: 'Regenerate all' })).toBeVisible();
  // Progress came over the live event stream (read with fetch and the bearer token).
  expect(streams.length).toBeGreaterThan(0);
  expect(streams[0]).toContain('text/event-stream');

  // Step 5: one row per design, each with a mockup per template.
  await page.getByTestId('run-summary').getByRole('link', { name: 'Review Mockups' }).click();
  await expect(page).toHaveURL(/\/reviewMockups(\?workspace=[\w-]+)?$/);
  const rows = page.getByRole('list', { name: 'Designs and their mockups' }).getByTestId('design-row');
  await expect(rows).toHaveCount(3);
  const sunRow = rows.filter({ hasText: 'sun-star.png' });
  for (const name of templates) await expect(sunRow.getByText(`Template: ${name}`)).toBeVisible();
  const cards = page.getByTestId('mockup-card');
  await expect(cards).toHaveCount(6);
  await expect(page.getByText('6 mockups of 3 designs')).toBeVisible();

  // Thumbnails really load; a click opens the larger preview.
  const firstThumb = cards.first().locator('img');
  await expect
    .poll(() => firstThumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: `Preview the ${templates[0]} mockup of sun-star.png` }).click();
  const preview = page.getByRole('dialog', { name: `sun-star.png · Template: ${templates[0]}` });
  const full = preview.getByRole('img', { name: `The ${templates[0]} mockup of sun-star.png` });
  await expect(full).toBeVisible();
  await expect
    .poll(() => full.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Delete one mockup after confirming.
  const deleteButton = page.getByRole('button', { name: 'Delete Selected Mockups' });
  await expect(deleteButton).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('checkbox', { name: `Select the ${templates[1]} mockup of sun-star.png` }).check();
  await expect(deleteButton).toHaveAttribute('aria-disabled', 'false');
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(confirm.getByText('Are you sure you want to delete the selected items?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Deleted 1 mockup.')).toBeVisible();
  await expect(cards).toHaveCount(5);
  await expect(sunRow.getByText(`Template: ${templates[1]}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('mockup-card')).toHaveCount(5);

  // The zip: saved as mockups.zip, one entry per remaining mockup.
  await page.getByRole('button', { name: 'Download Your Files' }).click();
  await expect(page.getByText('Saved mockups.zip')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => downloads.length).toBe(1);
  expect(downloads[0]!.suggestedFilename()).toBe('mockups.zip');
  const entries = await zipEntries(await downloads[0]!.path());
  expect(entries).toHaveLength(designs.length * templates.length - 1);
  expect(entries.filter((name) => name.includes('sun-star'))).toHaveLength(1);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/updateMetadata(\?workspace=[\w-]+)?$/);
  expect(alerts).toEqual([]);
});
