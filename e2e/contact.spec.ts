import { expect, test, type Page } from '@playwright/test';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../apps/server/src/platform/mail/test-smtp-server.ts';
import { field } from './helpers.ts';
import { smtpPort } from './playwright.config.ts';

/** Fills the contact form with a message no other test sends; answers that message. */
async function fillContactForm(page: Page, email: string): Promise<string> {
  const message = `Can PodFlow list on Etsy? (${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)})`;
  await page.goto('/contactus');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await field(page, 'Name').fill('Ada Lovelace');
  await field(page, 'Email').fill(email);
  await field(page, 'Message').fill(message);
  return message;
}

/**
 * Clicks Send Email and answers the text of the browser alert that follows. The alert is accepted
 * by a listener: it may open before the click itself has finished (a refused request fails at once).
 */
async function sendAndReadAlert(page: Page): Promise<string> {
  const shown = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.getByRole('button', { name: 'Send Email' }).click();
  return shown;
}

test.describe('contact form', () => {
  let smtp: TestSmtpServer | undefined;
  test.beforeAll(async () => {
    smtp = await startTestSmtpServer(smtpPort);
  });
  test.afterAll(async () => {
    await smtp?.close();
  });

  test('sends the message to the team, Reply-To the sender, and says so', async ({ page }) => {
    const message = await fillContactForm(page, 'ada@example.com');
    expect(await sendAndReadAlert(page)).toBe('Email sent successfully');

    const mail = await smtp!.waitFor((m) => m.text.includes(message));
    expect(mail.replyTo).toBe('Ada Lovelace <ada@example.com>');
    expect(mail.subject).toBe('Contact form: message from Ada Lovelace');
    await expect(page.getByText('Thank you. We will answer at ada@example.com.')).toBeVisible();
    await expect(field(page, 'Message')).toHaveValue('');
  });

  test('needs every field and a real e-mail address before anything is sent', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/workspace/send-email/')) sent += 1;
    });
    await fillContactForm(page, 'not-an-address');
    await field(page, 'Name').fill('');
    await page.getByRole('button', { name: 'Send Email' }).click();
    // The browser's own checks stop the form: the empty name, then the address without an @.
    await expect(page.locator('input[name="name"]:invalid')).toHaveCount(1);
    await field(page, 'Name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.locator('input[name="name"]:invalid')).toHaveCount(0);
    await expect(page.locator('input[type="email"][name="email"]:invalid')).toHaveCount(1);
    expect(sent).toBe(0);
  });

  test("alerts 'An error occurred while sending email' when the request fails", async ({ page }) => {
    await page.route('**/workspace/send-email/', (route) => route.abort('connectionrefused'));
    await fillContactForm(page, 'ada@example.com');
    expect(await sendAndReadAlert(page)).toBe('An error occurred while sending email');
    await expect(
      page.getByText('We could not reach PodFlow. Check your connection and try again.'),
    ).toBeVisible();
  });

  test("alerts 'Failed to send email' when the mail server is down", async ({ page }) => {
    await smtp?.close();
    smtp = undefined;
    await fillContactForm(page, 'ada@example.com');
    expect(await sendAndReadAlert(page)).toBe('Failed to send email');
    await expect(page.getByText('Your message could not be sent just now.', { exact: false })).toBeVisible();
    // What the seller typed stays, to send again later.
    await expect(field(page, 'Name')).toHaveValue('Ada Lovelace');
  });
});
