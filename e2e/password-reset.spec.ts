import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../apps/server/src/platform/mail/test-smtp-server.ts';
import { field, newUser, register, signIn } from './helpers.ts';
import { accessTokenTtlSeconds, smtpPort } from './playwright.config.ts';

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startTestSmtpServer(smtpPort);
});
test.afterAll(async () => {
  await smtp?.close();
});

/** The serious and critical axe-core violations (WCAG 2.1 A and AA) of the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

const linkPattern = /(https?:\/\/\S+\/reset-password\/[\w-]+)/;

test('a forgotten password is reset through the e-mailed link, which works once', async ({
  page,
  browser,
}) => {
  const user = newUser('reset');
  await register(page, user);
  // Another device, signed in before the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user.email, user.password);
  const otherSignedInAt = Date.now();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  expect(await blockingViolations(page)).toEqual([]);
  await field(page, 'Email').fill(user.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('If an account exists for this e-mail')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(user.email));
  expect(mail.subject).toBe('Reset your PodFlow password');
  const link = linkPattern.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  expect(link!.startsWith(`${test.info().project.use.baseURL}/reset-password/`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await field(page, 'New password').fill('second-Passw0rd');
  await field(page, 'Confirm new password').fill('second-Passw0rd');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your password has been reset and every device has been signed out.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer opens the account; the new one does.
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  const refusal = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  expect(await refusal).toBe('No active account found with the given credentials.');
  await signIn(page, user.email, 'second-Passw0rd');

  // The link works once.
  await page.goto(link!);
  await expect(page.getByText('This password reset link has already been used.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The other device was signed out: once its access token expires, it is sent to sign in.
  await page.waitForTimeout(Math.max(0, otherSignedInAt + (accessTokenTtlSeconds + 1) * 1000 - Date.now()));
  await otherPage.goto('/welcome');
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});

test('an unknown e-mail gets the same answer, and no mail is sent', async ({ page }) => {
  const nobody = newUser('nobody').email;
  await page.goto('/forgot-password');
  await field(page, 'Email').fill(nobody);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('If an account exists for this e-mail')).toBeVisible();
  // A known account asked right after gets its mail; by then the unknown one's turn is long over.
  const user = newUser('reset-known');
  await register(page, user);
  await page.goto('/forgot-password');
  await field(page, 'Email').fill(user.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await smtp.waitFor((m) => m.envelopeTo.includes(user.email));
  expect(smtp.received.filter((m) => m.envelopeTo.includes(nobody))).toHaveLength(0);
});

test('a link that is not valid says so, with the way to ask again', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByText('This password reset link is not valid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
