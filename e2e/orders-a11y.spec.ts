import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { newUser, register } from './helpers.ts';
import { routeOrderFixtures } from './orders-fixtures.ts';

/**
 * axe-core on the Orders screen with orders that need attention (answers from fixtures, so the
 * screen always holds them), an order's drawer, the manual order dialog and Account > Settings.
 */
test('the Orders screens have no serious or critical accessibility violation', async ({ page }) => {
  // Routed before signing in: the top bar's Orders badge asks for the counts as soon as it shows.
  await routeOrderFixtures(page);
  await register(page, newUser('orders-a11y'));

  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Orders/ })
    .click();
  const list = page.getByRole('table', { name: /Orders that need attention, newest first/ });
  await expect(
    list.getByText('Waiting for your approval: send it to production or cancel it.'),
  ).toBeVisible();
  await page.mouse.move(1275, 300); // the scan is of the screen, not of what is under the pointer
  await expectNoSeriousViolations(page, '/orders needing attention');

  await page.locator('label', { hasText: 'All orders' }).click();
  await page.getByRole('checkbox', { name: 'Select order #1048' }).check();
  await expect(page.getByRole('region', { name: 'Actions on the selected orders' })).toBeVisible();
  await expectNoSeriousViolations(page, '/orders with a selection');

  await page.getByRole('link', { name: 'Order #1048' }).click();
  await expect(page).toHaveURL(/\/orders\/o1048\?view=all$/);
  const drawer = page.getByRole('dialog', { name: 'Order #1048' });
  await expect(drawer.getByText('1 Navy Way')).toBeVisible();
  await page.mouse.move(5, 700); // over the overlay: no button of the drawer is hovered while scanned
  // The drawer's opening transition ends first: mid-way its colours are not yet the ones a seller sees.
  // A function, not a string: the app's CSP forbids eval.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
  await expectNoSeriousViolations(page, 'an order in its drawer');
  await drawer.getByRole('button', { name: 'Close order' }).click();
  await expect(page).toHaveURL(/\/orders\?view=all$/);

  await page.getByRole('button', { name: 'New order' }).click();
  await expect(page.getByRole('dialog', { name: 'New order' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the New order dialog');
  await page.keyboard.press('Escape');

  await page.goto('/account?tab=settings');
  await expect(page.getByRole('switch', { name: /daily digest/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'Account > Settings with the order settings');
});
