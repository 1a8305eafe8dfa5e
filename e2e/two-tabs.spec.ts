import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  createAndOpenWorkspace,
  newUser,
  register,
  uploadDesigns,
  workspaceOf,
  workspaceUrl,
  writeDesign,
} from './helpers.ts';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-two-tabs-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const title = (page: Page, file: string) =>
  page.getByRole('textbox', { name: `Title of ${file}`, exact: true });
const stepLink = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Workflow steps' }).getByRole('link', { name });

test('two tabs on two workspaces with an unsaved edit in one: nothing lost, each tab stays on its workspace', async ({
  context,
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, newUser('two-tabs'));

  // Tab 1: the Cats workspace, a title typed on Update Metadata and not saved.
  await createAndOpenWorkspace(page, 'Cats shop');
  await uploadDesigns(page, [await writeDesign(dir, 'cat.png', 30)]);
  const cats = workspaceOf(page);
  await stepLink(page, /Update Metadata/).click();
  await expect(page).toHaveURL(workspaceUrl('/updateMetadata', cats!));
  await title(page, 'cat.png').fill('Sleepy cat shirt');

  // Tab 2: opens another workspace (picked last, stored in the browser), and works in it.
  const second = await context.newPage();
  await second.goto('/welcome');
  await createAndOpenWorkspace(second, 'Dogs shop');
  await uploadDesigns(second, [await writeDesign(dir, 'dog.png', 210)]);
  const dogs = workspaceOf(second);
  expect(dogs).not.toBe(cats);
  await stepLink(second, /Update Metadata/).click();
  await expect(title(second, 'dog.png')).toBeVisible();

  // Tab 1 again (focus refetches): still Cats, the unsaved title still there.
  await page.bringToFront();
  await page.evaluate(() =>
    (globalThis as unknown as { dispatchEvent(event: Event): boolean }).dispatchEvent(new Event('focus')),
  );
  await expect(page.getByTestId('workspace-name')).toHaveText('Cats shop');
  await expect(page).toHaveURL(workspaceUrl('/updateMetadata', cats!));
  await expect(title(page, 'cat.png')).toHaveValue('Sleepy cat shirt');
  await expect(page.getByRole('textbox', { name: 'Title of dog.png' })).toHaveCount(0);

  // Moving on with the edit unsaved asks first; staying keeps it.
  await stepLink(page, /Create Listings/).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(title(page, 'cat.png')).toHaveValue('Sleepy cat shirt');

  // Saved, it is Cats' title (a reload of this tab shows Cats again, not the workspace picked last).
  await page.getByRole('button', { name: 'Update Metadata' }).click();
  await expect(page.getByText('1 design saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('workspace-name')).toHaveText('Cats shop');
  await expect(title(page, 'cat.png')).toHaveValue('Sleepy cat shirt');

  // A link in this tab that names no workspace stays on this tab's workspace too.
  await page.goto('/prepareDesigns');
  await expect(page).toHaveURL(workspaceUrl('/prepareDesigns', cats!));
  await expect(page.getByTestId('workspace-name')).toHaveText('Cats shop');

  // Tab 2 was never switched either, and its dog has no title from Tab 1.
  await second.bringToFront();
  await second.reload();
  await expect(second).toHaveURL(workspaceUrl('/updateMetadata', dogs!));
  await expect(second.getByTestId('workspace-name')).toHaveText('Dogs shop');
  await expect(title(second, 'dog.png')).toHaveValue('');
});
