import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

interface TutorialListItem {
  id: number;
  file: string;
  title: string;
  description: string;
  date_published: string;
}

const tutorialsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/content/tutorials',
);
const written = JSON.parse(
  readFileSync(path.join(tutorialsDir, 'tutorials.json'), 'utf8'),
) as TutorialListItem[];

/** What the hostile tutorial's code would leave behind if any of it ran. */
interface Pwned {
  pwned?: string[];
}

test('the Resources page lists every tutorial as a card, and a card opens its tutorial with screenshots', async ({
  page,
}) => {
  await page.goto('/resources');
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  await expect(page.getByText(/Image credit: illustration drawn by the PodFlow team/)).toBeVisible();

  const list = page.getByRole('list', { name: 'Tutorials' });
  await expect(list.getByRole('listitem')).toHaveCount(written.length);
  expect(written.length).toBeGreaterThanOrEqual(6);
  for (const tutorial of written) {
    const link = page.getByRole('link', { name: tutorial.title, exact: true });
    await expect(list.getByRole('link', { name: tutorial.title, exact: true })).toHaveAttribute(
      'href',
      `/tutorial/${tutorial.file}`,
    );
    const card = list.getByRole('listitem').filter({ has: link });
    await expect(card).toContainText(tutorial.description);
    await expect(card.locator('time')).toHaveAttribute('datetime', tutorial.date_published);
  }

  // The whole card opens the tutorial, not only its title: click its middle.
  const second = written[1]!;
  await list.getByRole('listitem').filter({ hasText: second.description }).click();
  await expect(page).toHaveURL(new RegExp(`/tutorial/${second.file}$`));
  await expect(page.getByRole('heading', { name: second.title, level: 1 })).toBeVisible();
  // Its screenshots load from the tutorials folder, with alt text.
  const images = page.locator('article img');
  expect(await images.count()).toBeGreaterThan(2);
  const first = images.first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute('alt', /.{10,}/);
  await expect
    .poll(() => first.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  // A link to the next tutorial stays inside the app.
  const next = page.getByRole('article').getByRole('link', { name: written[2]!.title });
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/tutorial/${written[2]!.file}$`));
  await expect(page.getByRole('heading', { name: written[2]!.title, level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'All tutorials' }).click();
  await expect(page).toHaveURL(/\/resources$/);
});

test("a tutorial shows 'Loading...' until it arrives, and 'Error loading tutorial' when it cannot be loaded", async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/tutorials/slow-tutorial.html', async (route) => {
    await held;
    await route.fulfill({ contentType: 'text/html', body: '<h1>Worth the wait</h1><p>Here it is.</p>' });
  });
  await page.goto('/tutorial/slow-tutorial.html');
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Worth the wait', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();

  await page.goto('/tutorial/no-such-tutorial.html');
  await expect(page.getByRole('heading', { name: 'Error loading tutorial' })).toBeVisible();
});

test('a tutorial whose HTML holds scripts and event handlers renders without any of them running', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const hostile = `<h1>Totally normal tutorial</h1>
<p>Read on.</p>
<script>(window.pwned ||= []).push('script'); alert('script')</script>
<img src="/tutorials/missing-image.webp" alt="A picture that will not load" onerror="(window.pwned ||= []).push('onerror'); alert('onerror')">
<img src="x" alt="Another broken picture" onload="(window.pwned ||= []).push('onload')" onerror="(window.pwned ||= []).push('onerror2')">
<p id="bait" onclick="(window.pwned ||= []).push('onclick')" onmouseover="(window.pwned ||= []).push('onmouseover')">Hover and click me</p>
<a id="js-link" href="javascript:(window.pwned ||= []).push('href');alert('href')">A javascript: link</a>
<a href="jav&#x09;ascript:alert('tab')">A split javascript: link</a>
<iframe src="javascript:alert('iframe')"></iframe>
<iframe srcdoc="<script>parent.pwned = ['srcdoc']</script>"></iframe>
<svg onload="(window.pwned ||= []).push('svg')"><script>(window.pwned ||= []).push('svg-script')</script></svg>
<math><mtext><table><mglyph><style><img src=x onerror="(window.pwned ||= []).push('mxss')"></style></mglyph></table></mtext></math>
<form action="javascript:alert('form')"><button>Send</button></form>
<object data="javascript:alert('object')"></object>
<details open ontoggle="(window.pwned ||= []).push('ontoggle')"><summary>More</summary>Details</details>
<p style="background-image: url(javascript:alert('style'))">Styled paragraph</p>`;
  await page.route('**/tutorials/hostile-tutorial.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: hostile }),
  );

  await page.goto('/tutorial/hostile-tutorial.html');
  await expect(page.getByRole('heading', { name: 'Totally normal tutorial', level: 1 })).toBeVisible();
  const article = page.getByRole('article');
  await expect(article).toContainText('Hover and click me');
  await expect(article).toContainText('Details');

  // Nothing executable reached the page.
  await expect(article.locator('script, iframe, svg, math, form, object, embed, [style]')).toHaveCount(0);
  const handlers = await article.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => /^on/i.test(attribute.name) || /javascript:/i.test(attribute.value))
        .map((attribute) => `${element.tagName}.${attribute.name}`),
    ),
  );
  expect(handlers).toEqual([]);

  // Trying every trigger runs nothing.
  await page.getByText('Hover and click me').hover();
  await page.getByText('Hover and click me').click();
  await page.getByText('More').click();
  const urlBefore = page.url();
  await article.getByText('A javascript: link').click();
  await page.waitForTimeout(500);
  expect(page.url()).toBe(urlBefore);
  expect(await page.evaluate(() => (globalThis as unknown as Pwned).pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('the demo video is served with range requests, and plays from the Resources page', async ({ page }) => {
  const head = await page.request.get('/media/podflow-demo.webm', { headers: { range: 'bytes=0-1023' } });
  expect(head.status()).toBe(206);
  expect(head.headers()['content-type']).toBe('video/webm');
  expect(head.headers()['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
  expect((await head.body()).length).toBe(1024);
  const poster = await page.request.get('/media/podflow-demo.jpg');
  expect(poster.status()).toBe(200);
  expect(poster.headers()['content-type']).toBe('image/jpeg');

  await page.goto('/resources');
  await page.getByRole('button', { name: 'Watch the one-minute demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'PodFlow in one minute' });
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('poster', '/media/podflow-demo.jpg');
  // The browser reads the video's length: the file is a real recording, 30 to 90 seconds long.
  await expect
    .poll(() => video.evaluate((element) => (element as unknown as { duration: number }).duration), {
      timeout: 15_000,
    })
    .toBeGreaterThan(30);
  expect(
    await video.evaluate((element) => (element as unknown as { duration: number }).duration),
  ).toBeLessThan(90);
});
