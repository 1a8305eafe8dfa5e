import { expect, test } from '@playwright/test';
import { dataLayer, field, newUser, register, signIn, stored } from './helpers.ts';

test('a new user registers, changes the password, logs out and signs in with the new password', async ({
  page,
}) => {
  const user = newUser('account');
  await register(page, user);

  // Signed in at once: the top bar offers the account and the workspaces.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Your Workspaces' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(await stored(page, 'user')).toBe(user.email);
  expect(await dataLayer(page)).toContainEqual({
    event: 'analytics',
    category: 'User',
    action: 'Created an Account',
  });

  await header.getByRole('link', { name: 'Your Account' }).click();
  await expect(page.getByRole('heading', { name: `Hi ${user.firstName}!` })).toBeVisible();
  // Subscription is the default section.
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expect(page.getByLabel('Basic plan')).toContainText('Popular');

  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

  // The form's own messages (toasts are alerts too, outside the main region).
  const formAlert = page.getByRole('main').getByRole('alert');

  // The form checks before it sends.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(formAlert).toHaveText('Please fill in all fields');
  const newPassword = 'second-Passw0rd';
  await field(page, 'Current password').fill(user.password);
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(formAlert).toHaveText('New passwords do not match');

  // A wrong current password shows the server's message.
  await field(page, 'Current password').fill('not-my-password');
  await field(page, 'Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(formAlert).toHaveText('Your current password is incorrect.');

  await field(page, 'Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(field(page, 'New password')).toHaveValue('');

  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'You have been logged out.' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await stored(page, 'access')).toBeNull();
  expect(await stored(page, 'refresh')).toBeNull();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  // The old password no longer works; the browser alert says why.
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await field(page, 'Password').fill(user.password);
  // Accept the alert from a handler: an alert that opens while the click is still settling would
  // otherwise block the click and the test with it.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => alerts).toEqual(['No active account found with the given credentials.']);
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, user.email, newPassword);
  await expect(page.getByRole('heading', { name: `Hi ${user.firstName}!` })).toBeVisible();
});

test('registering a taken e-mail says so and stays on the form', async ({ page }) => {
  const user = newUser('taken');
  await register(page, user);

  await page.goto('/register');
  // Arriving at /register clears the stored session.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await field(page, 'Password').fill('another-Passw0rd');
  await field(page, 'Password Confirmation').fill('another-Passw0rd');
  await page.getByRole('button', { name: 'Create an account' }).click();

  await expect(
    page.getByText('An account with this e-mail already exists. Sign in or reset your password.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(await stored(page, 'access')).toBeNull();
});

test('a common password is refused with the reason beside the field, and a strong one is accepted', async ({
  page,
}) => {
  const user = newUser('weak');
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First Name' }).fill(user.firstName);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(user.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await field(page, 'Password').fill('password1');
  await field(page, 'Password Confirmation').fill('password1');
  await page.getByRole('button', { name: 'Create an account' }).click();

  const reason = /This password is too easy to guess: it is one of the most common passwords\./;
  await expect(page.getByRole('main').getByText(reason)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(await stored(page, 'access')).toBeNull();

  // Nothing typed is lost: only the password changes.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await field(page, 'Password').fill(user.password);
  await field(page, 'Password Confirmation').fill(user.password);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});
