import { expect, test } from '@playwright/test';
import { dataLayer } from './helpers.ts';

const narrowNotice = 'This site is optimized for larger screens such as desktops and laptops';

test('at 768 px wide the app is replaced by the narrow-screen notice', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/login');
  await expect(page.getByText(narrowNotice)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('at 1280 px wide the app shows, and shrinking the window shows the notice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'From design files to live listings in minutes' }),
  ).toBeVisible();
  await expect(page.getByText(narrowNotice)).toHaveCount(0);

  await page.setViewportSize({ width: 700, height: 800 });
  await expect(page.getByText(narrowNotice)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(
    page.getByRole('heading', { name: 'From design files to live listings in minutes' }),
  ).toBeVisible();
});

test('the landing page leads to registration and pushes a page view', async ({ page }) => {
  await page.goto('/');
  expect((await dataLayer(page))[0]).toMatchObject({ event: 'page_view', page_path: '/' });
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const name of [
    'Home',
    'About Us',
    'Contact Us',
    'Returns',
    'Terms and Conditions',
    'Privacy Policy',
  ]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Try for Free' }).first().click();
  await expect(page.getByRole('heading', { name: 'Register a new account' })).toBeVisible();
});

test('an unknown address shows a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
