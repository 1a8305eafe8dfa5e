import { expect, test } from '@playwright/test';
import { accessTokenTtlSeconds } from './playwright.config.ts';
import { field, newUser, register, signIn, stored } from './helpers.ts';

test('a guarded page sends a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Workflow steps' })).toHaveCount(0);
});

test('an expired access token is refreshed silently', async ({ page }) => {
  const user = newUser('refresh');
  await register(page, user);
  await signIn(page, user.email, user.password);
  const firstAccess = await stored(page, 'access');
  const firstRefresh = await stored(page, 'refresh');
  expect(firstAccess).toBeTruthy();

  // Let the access token expire, then open a guarded page from the top bar.
  await page.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
  await page.getByRole('banner').getByRole('link', { name: 'Your Workspaces' }).click();

  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Your Workspaces', level: 1 })).toBeVisible();
  await expect.poll(() => stored(page, 'access')).not.toBe(firstAccess);
  // Refresh tokens rotate: the new one is stored too.
  expect(await stored(page, 'refresh')).not.toBe(firstRefresh);

  // Expired again: an API call that answers 401 is retried after one refresh, without leaving the page.
  const secondAccess = await stored(page, 'access');
  await page.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
  await page.getByRole('banner').getByRole('link', { name: 'Your Account' }).click();
  await page.getByRole('button', { name: 'Profile' }).click();
  await field(page, 'Current password').fill(user.password);
  await field(page, 'New password').fill('rotated-Passw0rd');
  await field(page, 'Confirm new password').fill('rotated-Passw0rd');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/account/);
  expect(await stored(page, 'access')).not.toBe(secondAccess);
});

test('the workflow shows the eight-step bar with the current step highlighted', async ({ page }) => {
  const user = newUser('steps');
  await register(page, user);

  await page.goto('/generateMockups');
  const steps = page.getByRole('navigation', { name: 'Workflow steps' });
  await expect(steps.getByRole('link')).toHaveCount(8);
  await expect(steps.getByRole('link', { name: 'Step 4: Generate Mockups' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  // No workspace yet: no step is done, whatever step is open.
  await expect(steps.getByRole('link', { name: /\(done\)$/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Generate Mockups', level: 1 })).toBeVisible();

  await steps.getByRole('link', { name: 'Step 8: Publish Listings' }).click();
  await expect(page).toHaveURL(/\/publishListings$/);
  await expect(page.getByRole('heading', { name: 'Publish Listings', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose a workspace first')).toBeVisible();
});
