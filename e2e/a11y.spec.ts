import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';

/**
 * axe-core on every public page and the sign-in and register screens: no serious or critical
 * violation of WCAG 2.1 A and AA (minor and moderate ones are printed, not failed).
 */
const pages: [path: string, heading: string][] = [
  ['/', 'From design files to live listings in minutes'],
  ['/aboutus', 'About PodFlow'],
  ['/returns', 'Refund Policy'],
  ['/terms-and-conditions', 'Terms and Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/resources', 'Resources'],
  ['/contactus', 'Contact Us'],
  ['/success', 'Subscription successful'],
  ['/failure', 'Subscription failed'],
  ['/login', 'Sign in to your account'],
  ['/register', 'Register a new account'],
];

for (const [path, heading] of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Everything the page loads after its first paint (the demo video's check, tutorial cards).
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.waitForLoadState('networkidle');
    await page.evaluate('window.scrollTo(0, 0)');

    await expectNoSeriousViolations(page, path);
  });
}
