import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { templateProductId } from '../packages/sandbox/src/printify-sandbox-catalog.ts';
import { createAndOpenWorkspace, newUser, register, uploadDesigns, writeDesign } from './helpers.ts';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-listings-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// The e2e server runs in demo mode: Printify is the sandbox on loopback, with its seeded key and shop.
const printifyKey = 'printify-sandbox-token';

test('a seller connects Printify, fetches the shops, saves the template product and creates listings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, newUser('listings'));
  await createAndOpenWorkspace(page, 'Listings shop');
  await uploadDesigns(page, [
    await writeDesign(dir, 'gold-star.png', 50),
    await writeDesign(dir, 'mint-star.png', 150),
  ]);

  await page.goto('/createPrintifyListings');
  const create = page.getByRole('button', { name: '2. Create Printify listings' });
  await expect(create).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: '1. Connect Printify store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Printify store' });
  await expect(dialog.getByRole('button', { name: 'Fetch Shops' })).toHaveAttribute('aria-disabled', 'true');
  await dialog.getByLabel('Printify API key').fill(printifyKey);
  await dialog.getByRole('button', { name: 'Fetch Shops' }).click();
  await dialog.getByRole('combobox', { name: 'Printify shop' }).click();
  await page.getByRole('option', { name: /PodFlow Etsy Shop/ }).click();

  // A wrong product id gets SPEC.md's alert and saves nothing.
  const alerts: string[] = [];
  page.on('dialog', async (alert) => {
    alerts.push(alert.message());
    await alert.accept();
  });
  await dialog.getByRole('textbox', { name: 'Template product ID' }).fill('ffffffffffffffffffffffff');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => alerts)
    .toContain('Unable to validate the product, Check if the Product ID is Correct.');
  await dialog.getByRole('textbox', { name: 'Template product ID' }).fill(templateProductId);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const connection = page.getByLabel('Printify connection');
  await expect(connection).toContainText('PodFlow Etsy Shop');
  await expect(connection).toContainText(printifyKey.slice(-4));
  await expect(connection).not.toContainText(printifyKey);

  await expect(create).not.toHaveAttribute('aria-disabled', 'true');
  await create.click();
  const designs = page.getByRole('list', { name: 'Designs and their listings' });
  for (const file of ['gold-star.png', 'mint-star.png']) {
    await expect(designs.getByRole('article', { name: file })).toContainText(
      /Printify Product ID: [0-9a-f]{24}/,
      {
        timeout: 30_000,
      },
    );
  }
  await expect(page.getByRole('progressbar', { name: 'Printify listing progress' })).toHaveAttribute(
    'aria-valuetext',
    /2 of 2 designs done/,
  );
});
