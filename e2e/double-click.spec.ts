import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { countRequests, newUser, register, workspaceUrl, writeDesign } from './helpers.ts';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-double-click-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('a double click on every create and run button sends one request', async ({ page }) => {
  test.setTimeout(120_000);
  const count = countRequests(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await register(page, newUser('double-click'));

  // Create Workspace.
  await page.getByRole('button', { name: 'New Workspace' }).click();
  const create = page.getByRole('dialog', { name: 'New Workspace' });
  await create.getByLabel('Workspace Name').fill('Double trouble');
  await create.getByRole('button', { name: 'Create Workspace' }).dblclick();
  await expect(create).toBeHidden();
  await expect(page.getByRole('button', { name: /^Open workspace / })).toHaveCount(1);
  await expect.poll(() => count('POST', '/workspace/create_workspace/')).toBe(1);
  await page.getByRole('button', { name: 'Open workspace Double trouble' }).click();
  await expect(page).toHaveURL(workspaceUrl('/prepareDesigns'));

  // Upload designs.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload designs' });
  await upload
    .locator('input[type="file"]')
    .setInputFiles([await writeDesign(dir, 'one.png', 10), await writeDesign(dir, 'two.png', 90)]);
  await upload.getByRole('button', { name: 'Upload', exact: true }).dblclick();
  await expect(upload.getByText('2 stored', { exact: false })).toBeVisible();
  await upload.getByRole('button', { name: 'Close', exact: true }).click();
  const designs = page.getByRole('list', { name: 'Designs' }).getByRole('listitem');
  await expect(designs).toHaveCount(2);
  await expect.poll(() => count('POST', '/workspace/upload_designs/')).toBe(1);

  // Delete Selected, then Proceed.
  await page.getByRole('button', { name: 'Select All' }).click();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Delete' })
    .getByRole('button', { name: 'Proceed' })
    .dblclick();
  await expect(page.getByText('No designs available')).toBeVisible();
  await expect.poll(() => count('POST', '/workspace/delete_designs/')).toBe(1);

  // Templates: select one for the workspace (>>), take it back (<<), upload one of the seller's own.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(workspaceUrl('/SelectMockupImageModeTemplates'));
  const remaining = page.getByRole('list', { name: 'Remaining Templates' });
  const selected = page.getByRole('list', { name: 'Selected Templates' });
  await remaining.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: /^>> / }).dblclick();
  await expect(selected.getByRole('listitem')).toHaveCount(1);
  await expect.poll(() => count('POST', '/mockups_app/set_templates_for_workspace/')).toBe(1);
  await selected.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: /^<< / }).dblclick();
  await expect(selected.getByRole('listitem')).toHaveCount(0);
  await expect.poll(() => count('POST', '/mockups_app/remove_templates_from_workspace/')).toBe(1);

  const photo = path.join(dir, 'mug.png');
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c8d8e8' } })
    .png()
    .toFile(photo);
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('toolbar', { name: 'Template actions' })
    .getByRole('button', { name: 'Upload' })
    .click();
  await (await chooser).setFiles([photo]);
  const editor = page.getByRole('dialog', { name: /Template 1 of 1/ });
  await expect(editor.getByText('mug.png')).toBeVisible();
  await editor.getByRole('button', { name: 'Upload', exact: true }).dblclick();
  await expect(editor).toBeHidden();
  await expect(selected.getByText('mug.png')).toBeVisible();
  await expect.poll(() => count('POST', '/mockups_app/upload_image_mode_mockup_templates/')).toBe(1);

  // Deleting the workspace: Yes, twice.
  await page
    .getByRole('navigation', { name: 'Workflow steps' })
    .getByRole('link', { name: /Select Workspace/ })
    .click();
  await page.getByRole('button', { name: 'Delete workspace Double trouble' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm to delete workspace' })
    .getByRole('button', { name: 'Yes' })
    .dblclick();
  await expect(page.getByText('No workspaces available')).toBeVisible();
  await expect.poll(() => count('DELETE', '/workspace/delete_workspace/')).toBe(1);
});
