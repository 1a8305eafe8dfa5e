import { expect, test, type Page } from '@playwright/test';
import { dataLayer } from './helpers.ts';

/** The public site: each page's key text, the landing page's links, page views and code splitting. */

const footerLinks: [name: string, path: string][] = [
  ['Home', '/'],
  ['About Us', '/aboutus'],
  ['Contact Us', '/contactus'],
  ['Returns', '/returns'],
  ['Terms and Conditions', '/terms-and-conditions'],
  ['Privacy Policy', '/privacy-policy'],
];

const heroTitle = 'From design files to live listings in minutes';

async function pageViews(page: Page) {
  return (await dataLayer(page)).filter((event) => event.event === 'page_view');
}

for (const path of ['/', '/home']) {
  test(`${path} shows the hero, features, six steps, pricing and the footer`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Everything between the design and the sale' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: /Six steps/ }).getByRole('listitem')).toHaveCount(6);
    const pricing = page.getByRole('region', { name: /Start free/ });
    await expect(pricing.getByRole('article')).toHaveCount(3);
    await expect(pricing.getByRole('article', { name: 'Basic plan' }).getByText('Popular')).toBeVisible();
    await expect(pricing.getByRole('article', { name: 'Premium plan' }).getByText('$29')).toBeVisible();
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, to] of footerLinks) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', to);
    }
  });
}

test('every Try for Free leads to the register screen', async ({ page }) => {
  await page.goto('/');
  const tryLinks = page.getByRole('link', { name: /^Try for Free/ });
  await expect(tryLinks).toHaveCount(5);
  await page
    .getByRole('region', { name: /Start free/ })
    .getByRole('link', { name: /Basic/ })
    .click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Register a new account' })).toBeVisible();
});

test('the demo video link scrolls to the video, or to a way forward when there is none', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Watch the demo video' }).click();
  await expect(page).toHaveURL(/\/#demo$/);
  await expect(page.getByRole('heading', { name: 'Watch a batch go from upload to store' })).toBeInViewport();
  const video = page.locator('#demo video');
  const fallback = page.getByText('The demo video is not available right now');
  await expect(video.or(fallback)).toBeVisible();
  if (await video.isVisible()) {
    await expect(video.locator('source')).toHaveAttribute('src', '/media/podflow-demo.webm');
    const answer = await page.request.head('/media/podflow-demo.webm');
    expect(answer.headers()['content-type']).toMatch(/^video\//);
  } else {
    await expect(page.getByRole('link', { name: 'Read the tutorials' })).toHaveAttribute(
      'href',
      '/resources',
    );
  }
});

test('About states the mission and asks for feedback', async ({ page }) => {
  await page.goto('/aboutus');
  await expect(page.getByRole('heading', { level: 1, name: 'About PodFlow' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  await page.getByRole('link', { name: 'Send us your feedback' }).click();
  await expect(page).toHaveURL(/\/contactus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test('the refund policy gives its days and the cases it does not cover', async ({ page }) => {
  await page.goto('/returns');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('within 7 days of the purchase');
  await expect(main).toContainText('within 5 business days');
  await expect(main).toContainText('within 7 business days');
  const excluded = page.getByRole('region', { name: 'What cannot be refunded' }).getByRole('listitem');
  await expect(excluded).toHaveCount(3);
  await expect(excluded.nth(2)).toContainText('Promotional or discounted offers');
});

test('the terms have twelve sections and their contents jump to each', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(12);
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: /^12\. / })
    .click();
  await expect(page).toHaveURL(/#changes$/);
  await expect(page.getByRole('heading', { name: /^12\. Changes to these terms/ })).toBeInViewport();
  await expect(page.getByRole('main')).toContainText('at least 30 days before it takes effect');
});

test('the privacy policy shows its date and the minimum age', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated July 03, 2024')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Children' })).toContainText('at least 13 years old');
});

test('the other public pages show their titles', async ({ page }) => {
  const pages: [path: string, heading: string][] = [
    ['/resources', 'Resources'],
    ['/contactus', 'Contact Us'],
    ['/success', 'Subscription successful'],
    ['/failure', 'Subscription failed'],
    ['/login', 'Sign in to your account'],
    ['/register', 'Register a new account'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  }
});

test('a page view is pushed on start and on each route change, with the page title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
  expect(await pageViews(page)).toEqual([{ event: 'page_view', page_path: '/', page_title: 'PodFlow' }]);

  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About PodFlow' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Resources' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();

  expect(await pageViews(page)).toEqual([
    { event: 'page_view', page_path: '/', page_title: 'PodFlow' },
    { event: 'page_view', page_path: '/aboutus', page_title: 'About Us · PodFlow' },
    { event: 'page_view', page_path: '/resources', page_title: 'Resources · PodFlow' },
  ]);
  await expect(page).toHaveTitle('Resources · PodFlow');
  // No event of account creation without an account, and no tag manager without its id.
  expect((await dataLayer(page)).some((event) => event.event === 'analytics')).toBe(false);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
});

test('the landing page loads none of the workflow screens, modals or toasts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((file) => /\/LandingPage-/.test(file))).toBe(true);
  const workflow =
    /(Workspaces|PrepareDesigns|Templates|Mockups|UpdateMetadata|CreateListings|PublishListings|Account)Page-|PlaceholderEditorModal-|Overlays-/;
  expect(scripts.filter((file) => workflow.test(file))).toEqual([]);

  // A page that can raise toasts brings their host with it.
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await expect.poll(() => scripts.some((file) => /\/Overlays-/.test(file))).toBe(true);
});
