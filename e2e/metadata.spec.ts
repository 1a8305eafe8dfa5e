import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAndOpenWorkspace, newUser, register, uploadDesigns, writeDesign } from './helpers.ts';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-metadata-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const field = (page: Page, name: 'Title' | 'Keywords' | 'Description', file: string) =>
  page.getByRole('textbox', { name: `${name} of ${file}`, exact: true });

test('edit and save metadata with live limit checks, write the rest with AI, then round-trip a CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, newUser('metadata'));
  await createAndOpenWorkspace(page, 'Metadata shop');
  await uploadDesigns(page, [
    await writeDesign(dir, 'sunny-star.png', 40),
    await writeDesign(dir, 'ocean-star.png', 200),
  ]);

  await page.goto('/updateMetadata');
  await expect(page.getByRole('heading', { name: 'Update Metadata', level: 1 })).toBeVisible();
  const save = page.getByRole('button', { name: 'Update Metadata' });
  await expect(save).toHaveAttribute('aria-disabled', 'true');

  // Live checks: a title over 140 characters and a repeated keyword are flagged as the seller types.
  const longTitle = `Sunny Star ${'Bright '.repeat(20)}Shirt`;
  await field(page, 'Title', 'sunny-star.png').fill(longTitle);
  await expect(page.getByText(`${longTitle.length}/140`)).toBeVisible();
  await expect(page.getByText(/Title is \d+ characters; stores allow 140/)).toBeVisible();
  await field(page, 'Keywords', 'sunny-star.png').fill('star, Star, sunshine');
  await expect(page.getByText("Repeated keyword: 'Star'.")).toBeVisible();
  await field(page, 'Title', 'sunny-star.png').fill('Sunny Star Shirt');
  await expect(page.getByText(/Title is \d+ characters/)).toBeHidden();
  await field(page, 'Keywords', 'sunny-star.png').fill('star, sunshine');

  // Saving keeps the edits (a reload shows them).
  await save.click();
  // Only the design with edits is saved, and the toast counts it.
  await expect(page.getByText('1 design saved.')).toBeVisible();
  await page.reload();
  await expect(field(page, 'Title', 'sunny-star.png')).toHaveValue('Sunny Star Shirt');
  await expect(field(page, 'Keywords', 'sunny-star.png')).toHaveValue('star, sunshine');

  // AI with the built-in offline writer: confirmation, then the summary, then filled fields.
  await page.getByRole('button', { name: 'Generate Metadata (AI)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate metadata with AI' });
  await expect(confirm.getByText('You have 50 of 50 AI tokens left this month.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  const summary = page.getByRole('dialog', { name: 'Task Status Summary' });
  await expect(summary.getByLabel('Completed: 2')).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByLabel('Failed: 0')).toBeVisible();
  await summary.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(summary).toBeHidden();
  // The built-in offline writer wrote every field within the limits, the seller's words first.
  for (const file of ['sunny-star.png', 'ocean-star.png']) {
    await expect(field(page, 'Description', file)).not.toHaveValue('');
    const keywords = (await field(page, 'Keywords', file).inputValue()).split(', ');
    expect(keywords).toHaveLength(13);
  }
  await expect(field(page, 'Title', 'sunny-star.png')).toHaveValue('Sunny Star Shirt');
  await expect(field(page, 'Keywords', 'sunny-star.png')).toHaveValue(/^star, sunshine, /);
  await expect(field(page, 'Title', 'ocean-star.png')).toHaveValue(/^Ocean Star /);
  await expect(page.getByText(/^Title is \d+ characters/)).toBeHidden();
  await expect(page.getByText(/^Repeated keyword/)).toBeHidden();
  const oceanTitle = await field(page, 'Title', 'ocean-star.png').inputValue();

  // Export, then import a file of the seller's own with only a title column: preview first, then apply.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('metadata.csv');
  const exported = path.join(dir, 'metadata.csv');
  await download.saveAs(exported);
  const csv = readFileSync(exported, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe('file_name,title,keywords,description');
  expect(csv).toContain('sunny-star.png,');
  expect(csv).toContain('ocean-star.png,');
  const edited = path.join(dir, 'edited.csv');
  writeFileSync(
    edited,
    'file_name,title\r\nsunny-star.png,Sunny Star Tee for Summer\r\nno-such-design.png,Nobody\r\n',
  );

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import metadata from a CSV file' });
  await importer.locator('input[type="file"]').setInputFiles(edited);
  await expect(importer.getByText('1 design will change')).toBeVisible();
  await expect(importer.getByText('Sunny Star Tee for Summer')).toBeVisible();
  await expect(importer.getByRole('list', { name: 'Rows that match no design' })).toContainText(
    'no-such-design.png',
  );
  await importer.getByRole('button', { name: 'Apply changes to 1 design' }).click();
  await expect(importer).toBeHidden();
  await expect(field(page, 'Title', 'sunny-star.png')).toHaveValue('Sunny Star Tee for Summer');
  await expect(field(page, 'Title', 'ocean-star.png')).toHaveValue(oceanTitle);
});
