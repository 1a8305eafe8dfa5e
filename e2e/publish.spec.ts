import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { channelTemplateProductIds } from '../packages/sandbox/src/printify-sandbox-catalog.ts';
import { createAndOpenWorkspace, newUser, register, uploadDesigns, writeDesign } from './helpers.ts';
import { wooSandboxPort } from './playwright.config.ts';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-publish-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// Demo mode: Printify, Shopify and WooCommerce are sandboxes on loopback with these seeded keys.
const printifyKey = 'printify-sandbox-token';
const shopifyToken = 'shpat_sandbox_podflow_demo';
const woo = {
  url: `http://127.0.0.1:${wooSandboxPort}`,
  key: 'ck_sandbox_podflow_demo_0000000000000000000000',
  secret: 'cs_sandbox_podflow_demo_0000000000000000000000',
};
const files = ['sun-tee.png', 'moon-tee.png'];

test('a seller chooses the store, connects it, syncs after confirming and sees each design’s result', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const alerts: string[] = [];
  page.on('dialog', async (alert) => {
    alerts.push(alert.message());
    await alert.accept();
  });
  await register(page, newUser('publish'));
  await createAndOpenWorkspace(page, 'Publish shop');
  await uploadDesigns(page, [await writeDesign(dir, files[0]!, 40), await writeDesign(dir, files[1]!, 220)]);

  // Step 7: listings in the Printify shop that is linked to the Shopify store, published there.
  await page.goto('/createPrintifyListings');
  await page.getByRole('button', { name: '1. Connect Printify store' }).click();
  const printify = page.getByRole('dialog', { name: 'Connect Printify store' });
  await printify.getByLabel('Printify API key').fill(printifyKey);
  await printify.getByRole('button', { name: 'Fetch Shops' }).click();
  await printify.getByRole('combobox', { name: 'Printify shop' }).click();
  await page.getByRole('option', { name: /PodFlow Shopify Store/ }).click();
  await printify
    .getByRole('textbox', { name: 'Template product ID' })
    .fill(channelTemplateProductIds.shopify);
  await printify.getByRole('button', { name: 'Save' }).click();
  await expect(printify).toBeHidden();
  await page.getByLabel('Publish to my sales channel after creating').check();
  await page.getByRole('button', { name: '2. Create Printify listings' }).click();
  const listings = page.getByRole('list', { name: 'Designs and their listings' });
  for (const file of files) {
    await expect(listings.getByRole('article', { name: file })).toContainText(
      /Printify Product ID: [0-9a-f]{24}/,
      {
        timeout: 30_000,
      },
    );
  }

  // Step 8: Shopify is the target store until another is chosen.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/publishListings(\?workspace=[\w-]+)?$/);
  await expect(page.getByRole('radio', { name: 'Shopify' })).toBeChecked();
  const syncShopify = page.getByRole('button', { name: '2. Sync to Shopify' });
  await expect(syncShopify).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: '1. Connect Shopify store' }).click();
  const shopify = page.getByRole('dialog', { name: 'Connect Shopify store' });
  await shopify.getByRole('textbox', { name: 'Shop name' }).fill('podflow-demo');
  await shopify.getByLabel(/Admin API access token/).fill('shpat_not_the_token');
  await shopify.getByRole('button', { name: 'Save' }).click();
  await expect(shopify).toContainText('Unable to save, validate if the information is correct.');
  await shopify.getByLabel(/Admin API access token/).fill(shopifyToken);
  await shopify.getByRole('button', { name: 'Save' }).click();
  await expect(shopify).toBeHidden();
  const connection = page.getByLabel('Shopify connection');
  await expect(connection).toContainText('podflow-demo');
  await expect(connection).not.toContainText(shopifyToken);

  await expect(syncShopify).not.toHaveAttribute('aria-disabled', 'true');
  await syncShopify.click();
  const confirm = page.getByRole('dialog', { name: 'Sync to Shopify' });
  await expect(confirm).toContainText('Are you sure you want to sync the metadata?');
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  const results = page.getByRole('list', { name: 'Designs and their store products' });
  for (const file of files) {
    await expect(results.getByRole('article', { name: file })).toContainText('Shopify: Updated', {
      timeout: 30_000,
    });
  }
  await expect(page.getByRole('progressbar', { name: 'Shopify sync progress' })).toBeVisible();

  // WooCommerce: connected, but this workspace's products are in the Shopify-linked Printify shop:
  // nothing is synced, and the summary says so with the reason and the way to fix it (never green).
  await page.getByRole('radio', { name: 'WooCommerce' }).check();
  await page.getByRole('button', { name: '1. Connect WooCommerce store' }).click();
  const wooDialog = page.getByRole('dialog', { name: 'Connect WooCommerce store' });
  await wooDialog.getByRole('textbox', { name: 'Store URL' }).fill(woo.url);
  await wooDialog.getByLabel(/Consumer key/).fill(woo.key);
  await wooDialog.getByLabel(/Consumer secret/).fill(woo.secret);
  await wooDialog.getByRole('button', { name: 'Save' }).click();
  await expect(wooDialog).toBeHidden();
  await expect(page.getByLabel('WooCommerce connection')).toContainText(woo.url);
  await page.getByRole('button', { name: '2. Sync to WooCommerce' }).click();
  await page
    .getByRole('dialog', { name: 'Sync to WooCommerce' })
    .getByRole('button', { name: 'Proceed' })
    .click();
  const wooSummary = page.getByTestId('woocommerce-sync');
  await expect(wooSummary).toContainText('Nothing was synced to WooCommerce', { timeout: 30_000 });
  await expect(wooSummary).toContainText(
    '2 designs skipped: Not in your Printify shop "PodFlow WooCommerce Store"',
  );
  await expect(wooSummary.getByRole('button', { name: 'Go to step 7: Create Listings' })).toBeVisible();
  expect(alerts).toEqual([]);

  // The choice is remembered for the workspace.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'WooCommerce' })).toBeChecked();
});
