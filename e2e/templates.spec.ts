import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { createAndOpenWorkspace, newUser, register, stored, type TestUser, workspaceUrl } from './helpers.ts';

const uploadPath = '/mockups_app/upload_image_mode_mockup_templates/';
const sizeAlert = 'Please enter valid positive numbers for width and height.';

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'podflow-templates-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A product photo of the given size: a coloured shirt shape on a soft background. */
async function writeTemplate(name: string, width: number, height: number, hue: number): Promise<string> {
  const file = path.join(dir, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue}, 25%, 90%)"/>
    <rect x="${width * 0.25}" y="${height * 0.15}" width="${width * 0.5}" height="${height * 0.75}" rx="24"
      fill="hsl(${hue}, 50%, 50%)"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

interface Point {
  x: number;
  y: number;
}

type Corners = Record<'topLeft' | 'topRight' | 'bottomRight' | 'bottomLeft', Point>;

/** The corners of a w x h box at x,y turned `degrees` clockwise about its centre, in preview px. */
function turnedBox(x: number, y: number, w: number, h: number, degrees: number): Corners {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = (degrees * Math.PI) / 180;
  const at = (dx: number, dy: number) => ({
    x: cx + dx * Math.cos(r) - dy * Math.sin(r),
    y: cy + dx * Math.sin(r) + dy * Math.cos(r),
  });
  return {
    topLeft: at(-w / 2, -h / 2),
    topRight: at(w / 2, -h / 2),
    bottomRight: at(w / 2, h / 2),
    bottomLeft: at(-w / 2, h / 2),
  };
}

/** Preview pixels as fractions of a preview of the given size. */
function asFractions(corners: Corners, width: number, height: number): Corners {
  const f = (p: Point) => ({ x: p.x / width, y: p.y / height });
  return {
    topLeft: f(corners.topLeft),
    topRight: f(corners.topRight),
    bottomRight: f(corners.bottomRight),
    bottomLeft: f(corners.bottomLeft),
  };
}

/** Within a pixel or two on a 500 px preview. */
function expectCorners(actual: Corners, expected: Corners, tolerance = 0.006) {
  for (const name of ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'] as const) {
    expect(Math.abs(actual[name].x - expected[name].x), `${name}.x`).toBeLessThan(tolerance);
    expect(Math.abs(actual[name].y - expected[name].y), `${name}.y`).toBeLessThan(tolerance);
  }
}

/** The multipart fields of a request, when the browser hands its body over (file parts may not be). */
function templateDataOf(request: Request): Record<string, unknown> | null {
  const body = request.postData();
  const match = body?.match(/name="templateData"\r\n\r\n([^\r]*)\r\n/);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

interface StoredTemplate {
  user_file_name: string;
  source: string;
  placement: {
    corners: Corners;
    rotation: number;
    dimensions: { width: number; height: number } | null;
  } | null;
}

/**
 * The workspace's Selected Templates as the server keeps them, read with a token of their own
 * (e2e access tokens live 4 s, too short to borrow the page's).
 */
async function selectedTemplates(page: Page, user: TestUser): Promise<StoredTemplate[]> {
  const signIn = await page.request.post('/api/token/', {
    data: { username: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(200);
  const { access } = (await signIn.json()) as { access: string };
  const workspaceId = await stored(page, 'workspace_id');
  const reply = await page.request.get(
    `/mockups_app/get_workspace_templates_information/?workspace_id=${workspaceId}`,
    { headers: { Authorization: `Bearer ${access}` } },
  );
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { templates_information: StoredTemplate[] }).templates_information;
}

/** Collects every alert, accepting it (a handler: an alert may open while a click settles). */
function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

async function openTemplatesStep(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(workspaceUrl('/SelectMockupImageModeTemplates'));
  await expect(page.getByRole('heading', { name: 'Select Mockup Templates', level: 1 })).toBeVisible();
}

async function chooseFiles(page: Page, files: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('toolbar', { name: 'Template actions' })
    .getByRole('button', { name: 'Upload' })
    .click();
  await (await chooser).setFiles(files);
}

/** The editor's preview canvas: its top-left is the preview's (0, 0). */
async function stageOrigin(page: Page): Promise<Point> {
  const canvas = page.getByTestId('placeholder-stage').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The preview canvas has no box');
  return { x: box.x, y: box.y };
}

async function drag(page: Page, origin: Point, from: Point, to: Point) {
  await page.mouse.move(origin.x + from.x, origin.y + from.y);
  await page.mouse.down();
  await page.mouse.move(origin.x + to.x, origin.y + to.y, { steps: 12 });
  await page.mouse.up();
}

const panel = (page: Page, name: string) => page.getByRole('list', { name });

test('a seller places print areas with the editor, uploads without one, and moves templates between panels', async ({
  page,
}) => {
  const shirt = await writeTemplate('shirt-front.png', 800, 1000, 150);
  const chart = await writeTemplate('size-chart.png', 1000, 1000, 30);
  const alerts = collectAlerts(page);
  const user = newUser('templates');
  await register(page, user);
  await createAndOpenWorkspace(page, 'Template trials');
  await openTemplatesStep(page);
  await expect(page.getByText('No templates selected yet')).toBeVisible();

  await chooseFiles(page, [shirt, chart]);
  const editor = page.getByRole('dialog', { name: /Template 1 of 2/ });
  await expect(editor.getByText('shirt-front.png')).toBeVisible();
  // 800 x 1000 shows 500 px high: a 400 x 500 preview with the 200 x 200 box at 50,50.
  const readout = editor.getByTestId('box-readout');
  await expect(readout).toHaveText('Box 200 × 200 px at 50, 50 on a 400 × 500 px preview');

  // Width and Height: 0 and text are refused with the spec's alert; a size is fitted, then centred.
  const width = editor.getByRole('textbox', { name: 'Width' });
  const height = editor.getByRole('textbox', { name: 'Height' });
  const update = editor.getByRole('button', { name: 'Update Image Placeholder' });
  await width.fill('0');
  await update.click();
  await expect.poll(() => alerts).toEqual([sizeAlert]);
  await width.fill('abc');
  await update.click();
  await expect.poll(() => alerts).toEqual([sizeAlert, sizeAlert]);
  await width.fill('1600');
  await height.fill('1600');
  await update.click();
  await expect(readout).toHaveText('Box 400 × 400 px at 0, 50 on a 400 × 500 px preview');
  await width.fill('200');
  await height.fill('200');
  await update.click();
  await expect(readout).toHaveText('Box 200 × 200 px at 100, 150 on a 400 × 500 px preview');
  expect(alerts).toHaveLength(2);

  // Drag the box 20 px left and up with the mouse.
  const origin = await stageOrigin(page);
  await drag(page, origin, { x: 200, y: 250 }, { x: 180, y: 230 });
  await expect(readout).toHaveText('Box 200 × 200 px at 80, 130 on a 400 × 500 px preview');
  // Pull the Transformer's bottom-right corner 40 px out: the aspect ratio is kept.
  await drag(page, origin, { x: 280, y: 330 }, { x: 320, y: 370 });
  await expect(readout).toHaveText(/^Box 24\d × 24\d px at 80, 130/);
  // Width and Height followed the box (typed 200 for a 200 px box: one unit per preview pixel).
  const boxSide = (await readout.textContent())!.match(/^Box (\d+) × (\d+)/)!;
  await expect(width).toHaveValue(boxSide[1]!);
  await expect(height).toHaveValue(boxSide[2]!);
  // Rotate with the slider to 30°.
  const slider = editor.getByRole('slider');
  await slider.focus();
  for (let step = 0; step < 30; step += 1) await page.keyboard.press('ArrowRight');
  await expect(editor.getByTestId('rotation-value')).toHaveText('30°');

  const sent = page.waitForRequest((request) => request.url().includes(uploadPath));
  await editor.getByRole('button', { name: 'Upload', exact: true }).click();
  const request = await sent;
  expect(request.method()).toBe('POST');
  expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);
  const expected = asFractions(turnedBox(80, 130, 240, 240, 30), 400, 500);
  // The body of a request carrying a file is not always handed over by the browser; when it is,
  // templateData must be the final corners, rotation included.
  const data = templateDataOf(request);
  if (data) {
    expectCorners(data as unknown as Corners, expected);
    expect(data.rotation).toBe(30);
    expect(data.fit).toBe('contain');
  }

  // File 2 of 2: without a placeholder the controls go and no_placeholder is sent.
  const second = page.getByRole('dialog', { name: /Template 2 of 2/ });
  await expect(second.getByText('size-chart.png')).toBeVisible();
  await expect(second.getByRole('slider')).toBeVisible();
  await second.getByRole('checkbox', { name: 'Upload without design placeholder' }).check();
  await expect(second.getByRole('slider')).toHaveCount(0);
  await expect(second.getByRole('textbox', { name: 'Width' })).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'Update Image Placeholder' })).toHaveCount(0);
  const sentChart = page.waitForRequest((r) => r.url().includes(uploadPath));
  await second.getByRole('button', { name: 'Upload', exact: true }).click();
  const chartRequest = await sentChart;
  const chartBody = chartRequest.postData();
  if (chartBody) {
    expect(chartBody).toContain('name="no_placeholder"\r\n\r\ntrue');
    expect(chartBody).not.toContain('name="templateData"');
  }
  await expect.poll(() => alerts.at(-1)).toBe('All templates uploaded.');
  await expect(second).toBeHidden();

  // What the server stored is exactly what the editor sent.
  const templates = await selectedTemplates(page, user);
  const placed = templates.find((t) => t.user_file_name === 'shirt-front.png');
  expect(placed?.placement).not.toBeNull();
  expectCorners(placed!.placement!.corners, expected);
  expect(placed!.placement!.rotation).toBe(30);
  expect(placed!.placement!.dimensions).toEqual({ width: Number(boxSide[1]), height: Number(boxSide[2]) });
  expect(templates.find((t) => t.user_file_name === 'size-chart.png')?.placement).toBeNull();

  // Both are selected for the workspace (sent with workspace_id): move one back and forth.
  const selected = panel(page, 'Selected Templates');
  const remaining = panel(page, 'Remaining Templates');
  await expect(selected.getByRole('listitem')).toHaveCount(2);
  await expect(selected.getByText('No print area')).toBeVisible();
  const moveRight = page.getByRole('button', { name: /^>> / });
  const moveLeft = page.getByRole('button', { name: /^<< / });
  await expect(moveLeft).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('checkbox', { name: 'Check size-chart.png' }).check();
  await expect(moveLeft).toHaveAttribute('aria-disabled', 'false');
  await moveLeft.click();
  await expect(selected.getByRole('listitem')).toHaveCount(1);
  await expect(remaining.getByRole('checkbox', { name: 'Check size-chart.png' })).toBeVisible();
  await expect(selected.getByRole('checkbox', { name: 'Check shirt-front.png' })).toBeVisible();
  await page.reload();
  await expect(remaining.getByRole('checkbox', { name: 'Check size-chart.png' })).toBeVisible();
  await expect(selected.getByRole('listitem')).toHaveCount(1);

  await expect(moveRight).toHaveAttribute('aria-disabled', 'true');
  await remaining.getByRole('checkbox', { name: 'Check size-chart.png' }).check();
  await moveRight.click();
  await expect(selected.getByRole('listitem')).toHaveCount(2);
  await expect(selected.getByRole('checkbox', { name: 'Check size-chart.png' })).toBeVisible();
  expect((await selectedTemplates(page, user)).map((t) => t.user_file_name).sort()).toEqual([
    'shirt-front.png',
    'size-chart.png',
  ]);
});

test('Skip moves on without sending; the rotate handle moves the slider; a perspective corner is sent as dragged', async ({
  page,
}) => {
  const skipped = await writeTemplate('skipped.png', 800, 1000, 280);
  const mug = await writeTemplate('mug-angle.png', 1000, 1000, 200);
  const alerts = collectAlerts(page);
  // Stored uploads (a request answered 401 is sent again after the token refresh).
  const uploads: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes(uploadPath) && response.status() !== 401) uploads.push(response.status());
  });
  const user = newUser('templates-skip');
  await register(page, user);
  await createAndOpenWorkspace(page, 'Skip trials');
  await openTemplatesStep(page);

  await chooseFiles(page, [skipped, mug]);
  const first = page.getByRole('dialog', { name: /Template 1 of 2/ });
  await expect(first.getByText('skipped.png')).toBeVisible();
  // Turning the box by the Transformer's rotate handle (26 px above its top edge) moves the slider.
  const firstOrigin = await stageOrigin(page);
  await drag(page, firstOrigin, { x: 150, y: 24 }, { x: 250, y: 50 });
  await expect(first.getByTestId('rotation-value')).toHaveText('45°');
  await expect(first.getByRole('slider')).toHaveAttribute('aria-valuenow', '45');
  await first.getByRole('button', { name: 'Skip' }).click();

  const second = page.getByRole('dialog', { name: /Template 2 of 2/ });
  await expect(second.getByText('mug-angle.png')).toBeVisible();
  expect(uploads).toHaveLength(0);
  // A 500 x 500 preview; the box's corners become four handles; drag the top-right one.
  await second.getByText('Perspective', { exact: true }).click();
  await expect(second.getByTestId('box-readout')).toHaveText('Corners dragged on a 500 × 500 px preview');
  const origin = await stageOrigin(page);
  await drag(page, origin, { x: 250, y: 50 }, { x: 300, y: 30 });
  const sent = page.waitForRequest((request) => request.url().includes(uploadPath));
  await second.getByRole('button', { name: 'Upload', exact: true }).click();
  await sent;
  await expect.poll(() => alerts).toEqual(['All templates uploaded.']);
  await expect(second).toBeHidden();

  const templates = await selectedTemplates(page, user);
  expect(templates.map((t) => t.user_file_name)).toEqual(['mug-angle.png']);
  expectCorners(templates[0]!.placement!.corners, {
    topLeft: { x: 0.1, y: 0.1 },
    topRight: { x: 0.6, y: 0.06 },
    bottomRight: { x: 0.5, y: 0.5 },
    bottomLeft: { x: 0.1, y: 0.5 },
  });
  expect(templates[0]!.placement!.rotation).toBe(0);
  expect(uploads).toEqual([201]);
});

test('classic mode finds the print area from transparency; Delete takes own templates only, after asking', async ({
  page,
}) => {
  // A photo with a transparent window where the design shows through, and a text file.
  const window = path.join(dir, 'window-frame.png');
  const hole = Buffer.from(
    '<svg width="600" height="600"><rect x="150" y="200" width="300" height="240"/></svg>',
  );
  await sharp({
    create: { width: 600, height: 600, channels: 4, background: { r: 90, g: 60, b: 40, alpha: 1 } },
  })
    .composite([{ input: hole, blend: 'dest-out' }])
    .png()
    .toFile(window);
  const notes = path.join(dir, 'notes.png');
  writeFileSync(notes, 'Not an image at all.\n');
  const alerts = collectAlerts(page);
  const user = newUser('templates-classic');
  await register(page, user);
  await createAndOpenWorkspace(page, 'Classic trials');
  await page.goto('/selectMockupTemplates');
  await expect(page.getByRole('heading', { name: 'Select Mockup Templates', level: 1 })).toBeVisible();

  await page
    .getByRole('toolbar', { name: 'Template actions' })
    .getByRole('button', { name: 'Upload' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upload templates' });
  await dialog.getByLabel('Choose template images').setInputFiles([window, notes]);
  await expect(dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const summary = dialog.getByTestId('upload-summary');
  await expect(summary).toContainText('1 stored, 1 rejected');
  await expect(summary).toContainText('notes.png is not a PNG, JPEG or WebP image.');
  await expect(summary).toContainText(
    'window-frame.png · Stored; the design shows through its transparent window',
  );
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  expect(alerts).toEqual([]);

  // The window is the print area, and the template is selected for the workspace.
  const [template] = await selectedTemplates(page, user);
  expectCorners(template!.placement!.corners, {
    topLeft: { x: 0.25, y: 1 / 3 },
    topRight: { x: 0.75, y: 1 / 3 },
    bottomRight: { x: 0.75, y: 440 / 600 },
    bottomLeft: { x: 0.25, y: 440 / 600 },
  });
  const selected = panel(page, 'Selected Templates');
  await expect(selected.getByRole('checkbox', { name: 'Check window-frame.png' })).toBeVisible();

  // A starter template cannot be deleted: Delete says why and asks nothing.
  const remaining = panel(page, 'Remaining Templates');
  const deleteButton = page.getByRole('button', { name: 'Delete' });
  await expect(deleteButton).toHaveAttribute('aria-disabled', 'true');
  const starterCheckbox = remaining
    .getByRole('listitem')
    .filter({ hasText: 'Starter' })
    .first()
    .getByRole('checkbox');
  await starterCheckbox.check();
  await expect(deleteButton).toHaveAttribute('aria-disabled', 'true');
  await deleteButton.hover();
  await expect(page.getByRole('tooltip')).toContainText('cannot be deleted');
  // Clicked anyway (it only looks disabled, so its tooltip can say why): nothing is asked or sent.
  await deleteButton.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Confirm Delete' })).toHaveCount(0);
  await starterCheckbox.uncheck();

  await selected.getByRole('checkbox', { name: 'Check window-frame.png' }).check();
  await expect(deleteButton).toHaveAttribute('aria-disabled', 'false');
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(confirm.getByText('Are you sure you want to delete the selected items?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('No templates selected yet')).toBeVisible();
  expect(await selectedTemplates(page, user)).toEqual([]);
});
