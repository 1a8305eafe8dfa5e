import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import type { OrderListPage, OrderSource, OrderSummary } from '@podflow/contract/orders';
import { expectNoSeriousViolations } from './axe.ts';
import { field } from './helpers.ts';
import { gelatoSandboxPort, printifySandboxPort } from './playwright.config.ts';

/**
 * The Orders screen against the demo (`npm run demo`): its seeded account, whose Printify shop,
 * Shopify store and Gelato store hold orders of the demo's designs, several needing the seller.
 * Each test acts on orders the others leave alone; the sandboxes are read over HTTP.
 */

const demo = { email: 'demo@podflow.local', password: 'podflow-demo' };
const printify = { url: `http://127.0.0.1:${printifySandboxPort}`, token: 'printify-sandbox-token' };
const gelato = { url: `http://127.0.0.1:${gelatoSandboxPort}`, key: 'gelato-sandbox-key' };

/** A call to the demo server as the demo seller. */
async function demoApi<T>(baseURL: string, route: string): Promise<T> {
  const token = await fetch(`${baseURL}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: demo.email, password: demo.password }),
  });
  if (!token.ok) throw new Error(`the demo account cannot sign in yet (${token.status})`);
  const { access } = (await token.json()) as { access: string };
  const response = await fetch(`${baseURL}${route}`, { headers: { authorization: `Bearer ${access}` } });
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The demo's orders once its seeding is over: the server answers /healthz before the demo account
 * is seeded, and the last step of the seed imports the Gelato orders of the demo's designs.
 */
async function seededOrders(baseURL: string): Promise<OrderSummary[]> {
  let orders: OrderSummary[] = [];
  await expect
    .poll(
      async () => {
        try {
          const { sources } = await demoApi<{ sources: OrderSource[] }>(baseURL, '/orders_app/sources/');
          if (sources.length < 3 || sources.some((source) => source.importing)) return false;
          ({ orders } = await demoApi<OrderListPage>(baseURL, '/orders_app/orders/?limit=200'));
          return orders.some(
            (order) =>
              order.provider === 'gelato' && order.items.some((item) => item.design_thumbnail_url !== null),
          );
        } catch {
          return false;
        }
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  return orders;
}

async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(demo.email);
  await field(page, 'Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** Opens an order of the list in its drawer, found by its number. */
async function openOrder(page: Page, number: string) {
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(number);
  await page.getByRole('link', { name: `Order ${number}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Order ${number}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

let orders: OrderSummary[] = [];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(150_000);
  orders = await seededOrders(baseURL!);
});

test.beforeEach(async ({ page }) => {
  await signInAsDemo(page);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Orders/ })
    .click();
  await expect(page).toHaveURL(/\/orders/);
});

test("the demo's orders that need the seller come first, with the designs' pictures", async ({ page }) => {
  const list = page.getByRole('table', { name: /Orders that need attention, newest first/ });
  for (const words of ['On hold: waiting for approval', 'On hold: action required', 'Has issues']) {
    await expect(list.getByText(words, { exact: true }).first()).toBeVisible();
  }
  await expect(list.getByText('Sending to production', { exact: true }).first()).toBeVisible();
  await expect(
    list
      .getByText(
        'Printify has not been paid for it: add funds or a card in Printify, then send it to production.',
      )
      .first(),
  ).toBeVisible();
  await expect(list.getByText(/^A variant is out of stock at the print provider/).first()).toBeVisible();
  await expect(list.getByText(/shipped without a tracking number/i).first()).toBeVisible();
  const thumbnail = list.getByRole('img', { name: /^Design of / }).first();
  await expect(thumbnail).toBeVisible();
  expect(
    await thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
  ).toBeGreaterThan(0);
  await expect(list.getByRole('img', { name: /^Mockup of / }).first()).toBeVisible();

  await page.mouse.move(1275, 300); // the scan is of the screen, not of what is under the pointer
  await expectNoSeriousViolations(page, "the demo's /orders");
});

test('an order on hold is sent to production once', async ({ page }) => {
  const order = orders.find(
    (o) =>
      o.provider === 'printify' &&
      o.status === 'awaiting_approval' &&
      o.items.some((item) => item.design_thumbnail_url !== null),
  )!;
  expect(order).toBeDefined();
  const drawer = await openOrder(page, order.number);
  await drawer.getByRole('button', { name: 'Send to production' }).click();
  await expect(page.getByText('Sent to production.')).toBeVisible();
  await expect(drawer.getByText(/^(Sending to production|In production)$/).first()).toBeVisible();

  const shop = (await fetch(`${printify.url}/v1/shops.json`, {
    headers: { authorization: `Bearer ${printify.token}` },
  }).then((response) => response.json())) as { id: number; sales_channel: string }[];
  const shopId = shop.find((s) => s.sales_channel === 'shopify')!.id;
  const atPrintify = (await fetch(
    `${printify.url}/v1/shops/${shopId}/orders/${order.provider_order_id}.json`,
    {
      headers: { authorization: `Bearer ${printify.token}` },
    },
  ).then((response) => response.json())) as { status: string; sent_to_production_at: string | null };
  expect(['sending-to-production', 'in-production']).toContain(atPrintify.status);
  expect(atPrintify.sent_to_production_at).not.toBeNull();
  const calls = (await fetch(`${printify.url}/sandbox/orders/${order.provider_order_id}/calls`, {
    headers: { authorization: `Bearer ${printify.token}` },
  }).then((response) => response.json())) as { send_to_production?: number };
  expect(calls.send_to_production).toBe(1);
});

test("a cancel Gelato refuses shows Gelato's reason", async ({ page }) => {
  // The demo's Gelato order whose items are printed while its status still says "passed".
  const search = (await fetch(`${gelato.url}/v4/orders:search`, {
    method: 'POST',
    headers: { 'x-api-key': gelato.key, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 100 }),
  }).then((response) => response.json())) as {
    orders: { orderReferenceId: string; fulfillmentStatus: string; financialStatus: string }[];
  };
  const lagging = search.orders.find(
    (o) => o.fulfillmentStatus === 'passed' && o.financialStatus === 'to_be_invoiced',
  )!;
  await page.locator('label', { hasText: 'All orders' }).click();
  const drawer = await openOrder(page, lagging.orderReferenceId);
  await drawer.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('dialog', { name: `Cancel order ${lagging.orderReferenceId}?` })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(drawer.getByRole('alert')).toContainText(
    'The order cannot be canceled: one or more of its items are already printed.',
  );
});

test('a manual order goes from its shipping quote to the list', async ({ page }) => {
  await page.getByRole('button', { name: 'New order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New order' });
  await dialog.getByLabel('Workspace').selectOption({ label: 'Demo shop' });
  await dialog.getByLabel('Design').selectOption({ index: 1 });
  const product = dialog.getByLabel('Product');
  await expect(product.locator('option', { hasText: 'Printify' }).first()).toBeAttached();
  const printifyProduct = await product
    .locator('option', { hasText: 'Printify' })
    .first()
    .getAttribute('value');
  await product.selectOption(printifyProduct!);
  await dialog.getByLabel('Variant').selectOption({ index: 1 });
  await field(page, 'First name').fill('Lena');
  await field(page, 'Last name').fill('Schmidt');
  await field(page, 'Address').fill('1 Example Street');
  await field(page, 'City').fill('Berlin');
  await field(page, 'Postal code').fill('10115');
  await dialog.getByLabel(/^Country/).fill('DE');
  await dialog.getByRole('button', { name: 'Get shipping options' }).click();
  const options = dialog.getByRole('radio');
  await expect(options.first()).toBeChecked();
  expect(await options.count()).toBeGreaterThan(1);
  await options.nth(1).check();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order created.')).toBeVisible();

  const drawer = page.getByRole('dialog', { name: /^Order / });
  await expect(drawer).toBeVisible();
  const number = (await drawer.locator('.mantine-Drawer-title').innerText()).replace(/^Order /, '');
  await drawer.getByRole('button', { name: 'Close order' }).click();
  await page.locator('label', { hasText: 'All orders' }).click();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(number);
  await expect(page.getByRole('link', { name: `Order ${number}`, exact: true })).toBeVisible();
  await expect(page.getByText('Lena Schmidt').first()).toBeVisible();
});

test('the list downloads as CSV', async ({ page }) => {
  await page.locator('label', { hasText: 'All orders' }).click();
  const known = orders.find((o) => o.provider === 'printify')!;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(header).toMatch(/^"Order","Provider","Shop","Provider order id",/);
  expect(rows.map((row) => row.split('","').slice(0, 2).join(' '))).toContain(`"${known.number} printify`);
});
