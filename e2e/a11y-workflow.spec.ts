import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { newUser, register, uploadDesigns, workspaceOf, writeDesign } from './helpers.ts';

/**
 * axe-core through a new seller's walk of the signed-in app: the workspaces (empty, a modal open),
 * a toast, Prepare Designs empty, its upload dialog with results and the grid with designs,
 * then every later step of the workflow with that workspace. No serious or critical violation.
 */
test('every signed-in screen of a new seller’s walk has no serious or critical accessibility violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, newUser('a11y-walk'));
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, '/welcome with no workspace');

  await page.getByRole('button', { name: 'New Workspace' }).click();
  const create = page.getByRole('dialog', { name: 'New Workspace' });
  await create.getByLabel('Workspace Name').fill('Accessible shop');
  await expectNoSeriousViolations(page, 'the New Workspace dialog');
  await create.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(create).toBeHidden();
  await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'a toast', '.mantine-Notifications-root');

  await page.getByRole('button', { name: 'Open workspace Accessible shop' }).click();
  await expect(page).toHaveURL(/\/prepareDesigns\?workspace=/);
  await expect(page.getByText('No designs available')).toBeVisible(); // the empty state, not the loading one
  await expectNoSeriousViolations(page, '/prepareDesigns with no design');

  const dir = mkdtempSync(path.join(tmpdir(), 'podflow-a11y-'));
  const files = [await writeDesign(dir, 'sunrise.png', 20), await writeDesign(dir, 'ocean.png', 200)];
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload designs' });
  await upload.locator('input[type="file"]').setInputFiles(files);
  await expectNoSeriousViolations(page, 'the upload dialog with files chosen');
  await upload.getByRole('button', { name: 'Close dialog' }).click();
  await expect(upload).toBeHidden();
  await uploadDesigns(page, files);
  await expectNoSeriousViolations(page, '/prepareDesigns with designs');

  const workspaceId = workspaceOf(page)!;
  for (const route of [
    '/SelectMockupImageModeTemplates',
    '/generateMockups',
    '/reviewMockups',
    '/updateMetadata',
    '/createPrintifyListings',
    '/publishListings',
  ]) {
    await page.goto(`${route}?workspace=${workspaceId}`);
    await expect(page.getByRole('navigation', { name: 'Workflow steps' })).toBeVisible();
    // Its data in, not the loading state (some screens keep a live connection open: no network idle).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSeriousViolations(page, route);
  }
});
