import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createAndOpenWorkspace, newUser, register, stored, uploadDesigns } from './helpers.ts';

interface StoredTemplate {
  placement: {
    cylinder: { curvature: number; wrap: number };
    occluders: { points: [number, number][]; brush: number }[];
  };
}

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-realism-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The decoded RGB of an image the page shows, read at fractions of its width and height. */
async function pixelsOf(page: Page, url: string) {
  const reply = await page.request.get(url);
  expect(reply.status()).toBe(200);
  const { data, info } = await sharp(await reply.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (fx: number, fy: number) => {
    const at = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 3;
    return [data[at]!, data[at + 1]!, data[at + 2]!] as const;
  };
}

const isRed = ([r, g, b]: readonly number[]) => r! > 170 && g! < 90 && b! < 90;
const isPhoto = ([r, g, b]: readonly number[]) =>
  Math.abs(r! - 220) < 14 && Math.abs(g! - 220) < 14 && Math.abs(b! - 220) < 14;

test('a seller wraps a mug’s print area, paints a strap in front of it, and sees both in the mockups', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const design = path.join(dir, 'red-square.png');
  await sharp({ create: { width: 400, height: 400, channels: 4, background: '#dc1e28' } })
    .png()
    .toFile(design);
  const photo = path.join(dir, 'plain-mug.png');
  await sharp({ create: { width: 800, height: 800, channels: 3, background: '#dcdcdc' } })
    .png()
    .toFile(photo);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });

  const user = newUser('realism');
  await register(page, user);
  await createAndOpenWorkspace(page, 'Wrapped mugs');
  await uploadDesigns(page, [design]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Select Mockup Templates', level: 1 })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('toolbar', { name: 'Template actions' })
    .getByRole('button', { name: 'Upload' })
    .click();
  await (await chooser).setFiles([photo]);
  const editor = page.getByRole('dialog', { name: /Template 1 of 1/ });
  // 800 x 800 shows as a 500 x 500 preview, the 200 x 200 box at 50, 50.
  await expect(editor.getByTestId('box-readout')).toHaveText(
    'Box 200 × 200 px at 50, 50 on a 500 × 500 px preview',
  );

  // The Realism tab: a cylinder, its curvature up to the most (25%) with the keyboard.
  await editor.getByRole('tab', { name: 'Realism' }).click();
  await editor.getByText('Cylinder', { exact: true }).click();
  const curvature = editor.getByRole('slider', { name: 'Curvature' });
  await curvature.focus();
  await page.keyboard.press('End');
  await expect(editor.getByTestId('curvature-value')).toHaveText('25%');
  await expect(editor.getByTestId('wrap-value')).toHaveText('140°');

  // Paint a strap across the print area: a stroke 14 px wide along y = 150 of the preview.
  await editor.getByText('Paint', { exact: true }).click();
  const canvas = editor.getByTestId('placeholder-stage').locator('canvas').first();
  const origin = (await canvas.boundingBox())!;
  await page.mouse.move(origin.x + 70, origin.y + 150);
  await page.mouse.down();
  await page.mouse.move(origin.x + 230, origin.y + 150, { steps: 16 });
  await page.mouse.up();
  await expect(editor.getByTestId('occluder-count')).toHaveText('1 shape in front of the design.');

  await editor.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(editor).toBeHidden();
  // Saved with the template: the cylinder and the stroke, as the server keeps them.
  const signIn = await page.request.post('/api/token/', {
    data: { username: user.email, password: user.password },
  });
  const { access } = (await signIn.json()) as { access: string };
  const reply = await page.request.get(
    `/mockups_app/get_workspace_templates_information/?workspace_id=${await stored(page, 'workspace_id')}`,
    { headers: { Authorization: `Bearer ${access}` } },
  );
  const [template] = ((await reply.json()) as { templates_information: StoredTemplate[] })
    .templates_information;
  expect(template!.placement.cylinder).toEqual({ curvature: 0.25, wrap: 140 });
  expect(template!.placement.occluders).toHaveLength(1);
  expect(template!.placement.occluders[0]!.brush).toBeCloseTo(14 / 500, 4);
  expect(template!.placement.occluders[0]!.points[0]![1]).toBeCloseTo(0.3, 2);
  await expect(page.getByRole('list', { name: 'Selected Templates' }).getByRole('listitem')).toHaveCount(1);

  // Generate, then review the mockup.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Generate Mockups' }).click();
  const jobs = page.getByRole('list', { name: 'Mockup jobs' }).getByTestId('mockup-job');
  await expect(jobs.filter({ has: page.getByText('Completed', { exact: true }) })).toHaveCount(1, {
    timeout: 90_000,
  });
  await page.getByTestId('run-summary').getByRole('link', { name: 'Review Mockups' }).click();
  const card = page.getByTestId('mockup-card');
  await expect(card).toHaveCount(1);
  const thumbnail = card.locator('img');
  await expect
    .poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  const pixel = await pixelsOf(page, (await thumbnail.getAttribute('src'))!);

  // The strap stays in front: the photo along the stroke, the red design just above and below it.
  for (const fx of [0.18, 0.24, 0.3, 0.36, 0.42]) {
    expect(isPhoto(pixel(fx, 0.3)), `the strap at ${fx}: ${pixel(fx, 0.3)}`).toBe(true);
    expect(isRed(pixel(fx, 0.26)), `above the strap at ${fx}: ${pixel(fx, 0.26)}`).toBe(true);
    expect(isRed(pixel(fx, 0.34)), `below the strap at ${fx}: ${pixel(fx, 0.34)}`).toBe(true);
  }
  // The wrap: the design's top edge is the box's (y 0.1) near its ends and drops in the middle by
  // a quarter of its width (0.4 x 0.25 = 0.1 of the image).
  const topOf = (fx: number) => {
    for (let fy = 0.05; fy < 0.4; fy += 0.005) if (isRed(pixel(fx, fy))) return fy;
    return 1;
  };
  expect(Math.abs(topOf(0.3) - 0.2)).toBeLessThan(0.015);
  expect(topOf(0.115)).toBeLessThan(0.14);
  expect(alerts).toEqual(['All templates uploaded.']);
});
