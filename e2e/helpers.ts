import path from 'node:path';
import sharp from 'sharp';
import { expect, type Locator, type Page, type Request } from '@playwright/test';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * A form field by its visible label. Mantine appends an asterisk to the label of a required
 * field, so the label text is matched with or without it.
 */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
}

/** A user no other test has registered. */
export function newUser(prefix: string): TestUser {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${prefix}-${unique}@example.com`,
    password: 'first-Passw0rd',
  };
}

/** Fills and sends the register form; the app signs the new user in and opens the workspaces. */
export async function register(page: Page, user: TestUser): Promise<void> {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register a new account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill(user.firstName);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(user.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await field(page, 'Password').fill(user.password);
  await field(page, 'Password Confirmation').fill(user.password);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Your Workspaces', level: 1 })).toBeVisible();
}

/** Signs in through the sign-in screen and waits for the account page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
}

/** The browser globals the tests read (e2e code is typechecked without the DOM library). */
interface BrowserGlobals {
  localStorage: { getItem(key: string): string | null };
  dataLayer?: Record<string, unknown>[];
}

/** The value the app keeps under a localStorage key. */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => (globalThis as unknown as BrowserGlobals).localStorage.getItem(name), key);
}

/** The analytics events the app pushed to `window.dataLayer`. */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (globalThis as unknown as BrowserGlobals).dataLayer ?? []);
}

/** A workspace made through the create modal on /welcome, then opened (step 2 shows). */
export async function createAndOpenWorkspace(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New Workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Workspace' });
  await dialog.getByLabel('Workspace Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Open workspace ${name}` }).click();
  await expect(page).toHaveURL(workspaceUrl('/prepareDesigns'));
}

/** A step's URL naming its workspace, as every step link keeps it: `/prepareDesigns?workspace=<id>`. */
export function workspaceUrl(route: string, workspaceId = '[\\w-]+'): RegExp {
  return new RegExp(`${route}\\?workspace=${workspaceId}$`);
}

/** The workspace a tab's URL names. */
export function workspaceOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get('workspace');
}

/** A small design in `dir`: a coloured star on a transparent background; its path. */
export async function writeDesign(dir: string, name: string, hue: number): Promise<string> {
  const file = path.join(dir, name);
  const star = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
      <polygon points="120,12 150,90 232,92 166,142 190,222 120,175 50,222 74,142 8,92 90,90"
        fill="hsl(${hue}, 75%, 55%)"/></svg>`,
  );
  await sharp({
    create: { width: 240, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: star }])
    .png()
    .toFile(file);
  return file;
}

/** Uploads files through the Prepare Designs upload modal and waits until the grid shows them. */
export async function uploadDesigns(page: Page, files: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload designs' });
  await dialog.locator('input[type="file"]').setInputFiles(files);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText(`${files.length} stored`, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Designs' }).getByRole('listitem')).toHaveCount(files.length);
}

/**
 * Counts the requests the page sends, by method and path. e2e access tokens live 4 s, so a request
 * may be answered 401 and sent once more after the one refresh (SPEC.md section 4): that resend is
 * the client's, not a second click's, and the 401 is left out.
 */
export function countRequests(page: Page) {
  const sent: Request[] = [];
  const refused = new Set<Request>();
  page.on('request', (request) => sent.push(request));
  page.on('response', (response) => {
    if (response.status() === 401) refused.add(response.request());
  });
  const matching = (method: string, pathPart: string) =>
    sent.filter(
      (request) =>
        !refused.has(request) &&
        request.method() === method &&
        new URL(request.url()).pathname.includes(pathPart),
    );
  return Object.assign((method: string, pathPart: string) => matching(method, pathPart).length, {
    /** The requests themselves (their bodies, for example). */
    list: matching,
  });
}
