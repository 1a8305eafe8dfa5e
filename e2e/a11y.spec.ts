import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const described = results.violations.map(
      (violation) =>
        `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
    if (described.length > 0) console.log(`${path}\n  ${described.join('\n  ')}`);
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(blocking.map((violation) => violation.id)).toEqual([]);
  });
}
