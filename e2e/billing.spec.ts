import { expect, test } from '@playwright/test';
import { newUser, register } from './helpers.ts';

// Demo mode: Stripe is a sandbox on loopback whose hosted checkout sends signed events back.
test('a seller subscribes to Basic with a coupon through checkout and sees the plan and its limits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await register(page, newUser('billing'));
  await page.goto('/account');
  const basic = page.getByLabel('Basic plan');
  await expect(page.getByLabel('Starter plan')).toContainText('Current Subscription');
  await expect(page.getByRole('progressbar', { name: 'Designs in your fullest workspace' })).toBeVisible();

  // An unknown coupon is refused before anything is paid.
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Subscribe to Basic' }).click();
  await expect(page.getByText('The coupon code "NOT-A-CODE" is not valid.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/account/);

  await page.getByRole('textbox', { name: 'Coupon code' }).fill('LAUNCH20');
  await page.getByRole('button', { name: 'Subscribe to Basic' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to PodFlow Basic' })).toBeVisible();
  await expect(page.getByText('LAUNCH20', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();

  await expect(page).toHaveURL(/\/success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: 'Subscription successful' })).toBeVisible();
  await expect(page.getByText('Your Basic plan is active.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('main').getByRole('link', { name: 'Your Account' }).click();
  await expect(basic).toContainText('Current Subscription');
  await expect(page.getByLabel('Starter plan')).not.toContainText('Current Subscription');
  await expect(page.getByRole('progressbar', { name: 'Designs in your fullest workspace' })).toHaveAttribute(
    'aria-valuetext',
    /0 \/ 50/,
  );
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
});
