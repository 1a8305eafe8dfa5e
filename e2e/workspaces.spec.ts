import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newUser, register, stored, workspaceUrl } from './helpers.ts';

const designsQuotaAlert =
  'You have exceeded your designs quota for current workspace. Please delete some designs and try again.';
const deleteWorkspaceText =
  'Are you sure you want to delete this workspace? This operation is irreversible and all your data in this workspace will be deleted permanantly.';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-designs-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A PNG of a violet circle; transparent around it unless `opaque`. */
async function writePng(name: string, options: { opaque?: boolean; hue?: number } = {}): Promise<string> {
  const file = path.join(dir, name);
  const hue = options.hue ?? 0;
  const circle = Buffer.from(
    `<svg width="160" height="160"><circle cx="80" cy="80" r="70" fill="hsl(${hue}, 70%, 55%)"/></svg>`,
  );
  const background = options.opaque ? { r: 250, g: 220, b: 120, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
  const drawn = await sharp({ create: { width: 200, height: 240, channels: 4, background } })
    .composite([{ input: circle, top: 40, left: 20 }])
    .png()
    .toBuffer();
  // Compositing always yields RGBA: an opaque design is flattened in a second pass (RGB, no alpha).
  const image = options.opaque ? sharp(drawn).flatten({ background: '#fadc78' }) : sharp(drawn);
  await image.png().toFile(file);
  return file;
}

/** A workspace made through the create modal, then opened. */
async function createAndOpenWorkspace(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New Workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Workspace' });
  const create = dialog.getByRole('button', { name: 'Create Workspace' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Workspace Name').fill(name);
  await create.click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Open workspace ${name}` }).click();
  await expect(page).toHaveURL(workspaceUrl('/prepareDesigns'));
  await expect(page.getByRole('heading', { name: 'Prepare Designs', level: 1 })).toBeVisible();
}

/** Opens the upload modal, chooses the files through the dropzone's input and sends them. */
async function uploadThroughModal(page: Page, files: string[]) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload designs' });
  await dialog.locator('input[type="file"]').setInputFiles(files);
  await expect(dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(
    files.length,
  );
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  return dialog;
}

test('a seller creates a workspace, uploads designs, deletes them and then the workspace', async ({
  page,
}) => {
  const files = [
    await writePng('cat-1.png', { hue: 260 }),
    await writePng('cat-2.png', { hue: 200 }),
    await writePng('cat-3.png', { hue: 20 }),
    await writePng('opaque.png', { opaque: true }),
  ];
  const fake = path.join(dir, 'fake.png');
  writeFileSync(fake, 'This is a text file with a .png name.\n');

  await register(page, newUser('designs'));
  await expect(page.getByText('No workspaces available')).toBeVisible();
  await createAndOpenWorkspace(page, 'Summer cats');
  expect(await stored(page, 'workspace_id')).toBeTruthy();
  await expect(page.getByTestId('workspace-name')).toHaveText('Summer cats');
  await expect(page.getByText('No designs available')).toBeVisible();

  const dialog = await uploadThroughModal(page, [...files, fake]);
  await expect(dialog.getByText('4 stored (1 with a warning), 1 rejected')).toBeVisible();
  const fakeRow = dialog.getByRole('listitem', { name: 'fake.png' });
  await expect(fakeRow.getByText(/^Rejected: .+/)).toBeVisible();
  const opaqueRow = dialog.getByRole('listitem', { name: 'opaque.png' });
  await expect(opaqueRow.getByText(/^Stored with a warning: .*transparen/)).toBeVisible();
  await expect(
    dialog.getByRole('listitem', { name: 'cat-1.png' }).getByText('Stored', { exact: true }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Four cards whose thumbnails really loaded; the opaque one is marked.
  const cards = page.getByRole('list', { name: 'Designs' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  for (const img of await cards.locator('img').all()) {
    await expect
      .poll(() => img.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
  }
  await expect(cards.filter({ hasText: 'opaque.png' }).getByText('No transparency')).toBeVisible();
  await expect(cards.filter({ hasText: 'cat-1.png' }).getByText('No transparency')).toHaveCount(0);

  // A click on a thumbnail opens the larger preview.
  await page.getByRole('button', { name: 'Preview cat-2.png' }).click();
  const preview = page.getByRole('dialog', { name: 'cat-2.png' });
  await expect(preview.getByRole('img', { name: 'cat-2.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Select All, then delete them all after the spec's confirmation.
  const deleteSelected = page.getByRole('button', { name: 'Delete Selected' });
  await expect(deleteSelected).toBeDisabled();
  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByRole('button', { name: 'Deselect All' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select opaque.png' })).toBeChecked();
  await deleteSelected.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(confirm.getByText('Are you sure you want to delete the selected items?')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('No designs available')).toBeVisible();
  await expect(
    page.getByText('No designs yet — upload PNG files with a transparent background'),
  ).toBeVisible();

  // Back to step 1: the open workspace is highlighted; deleting it asks first.
  await page
    .getByRole('navigation', { name: 'Workflow steps' })
    .getByRole('link', { name: /Select Workspace/ })
    .click();
  await expect(page).toHaveURL(workspaceUrl('/welcome'));
  const tile = page.getByRole('button', { name: 'Open workspace Summer cats' });
  await expect(tile).toHaveAttribute('aria-current', 'true');
  // The tile says what is left in it, and the step bar checks only what this workspace has done.
  await expect(tile.getByText('0 designs · 0 mockups · 0 listings')).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Workflow steps' });
  await expect(steps.getByRole('link', { name: 'Step 1: Select Workspace (done)' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Step 2: Prepare Designs', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete workspace Summer cats' }).click();
  const confirmWorkspace = page.getByRole('dialog', { name: 'Confirm to delete workspace' });
  await expect(confirmWorkspace.getByText(deleteWorkspaceText, { exact: true })).toBeVisible();
  await expect(confirmWorkspace.getByRole('button', { name: 'No' })).toBeVisible();
  await confirmWorkspace.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('No workspaces available')).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await stored(page, 'workspace_id')).toBeNull();
});

test('a Starter seller who fills the 10 design slots is told so', async ({ page }) => {
  const files = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      writePng(`slot-${String(index + 1).padStart(2, '0')}.png`, { hue: index * 30 }),
    ),
  );
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });

  await register(page, newUser('quota'));
  await createAndOpenWorkspace(page, 'Full workspace');

  // Eleven files: the first batch of ten is stored, the eleventh is refused for the quota.
  const dialog = await uploadThroughModal(page, files.slice(0, 11));
  await expect(dialog.getByText('10 stored, 1 rejected')).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'slot-11.png' })).toContainText('Designs quota exceeded');
  await expect(dialog.getByText(designsQuotaAlert)).toBeVisible();
  expect(alerts).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Designs' }).getByRole('listitem')).toHaveCount(10);

  // One more on its own: nothing gets in, and the browser alert says why.
  const again = await uploadThroughModal(page, files.slice(11));
  await expect.poll(() => alerts).toEqual([designsQuotaAlert]);
  await expect(again.getByText('0 stored, 1 rejected')).toBeVisible();
});
