import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockupGridRow } from '@podflow/contract/mockups';
import { buildSignedInUser, buildWorkspace, postForm, uploadDesigns } from '../../test/factories.ts';
import { templatePng } from '../../test/images.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

const blue = [30, 60, 200];

/** Raw RGB of an image, with its width. */
async function rgb(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
}

const near = (got: number[], want: number[]) =>
  want.forEach((v, c) => expect(Math.abs(got[c]! - v), `${got} against ${want}`).toBeLessThanOrEqual(8));

describe(`a template's realism (occluders, a cylinder, folds, shading) in the mockups Generate renders, on ${testDbKind}`, () => {
  let t: TestApp;
  let access: string;
  let workspaceId: string;
  const template = templatePng(30);
  const mugPhoto = sharp({ create: { width: 400, height: 400, channels: 3, background: '#f4f4f4' } })
    .png()
    .toBuffer();
  /** A mug's print area: the middle of the 400 x 400 photo, wrapped 140 degrees, bowing 10% of its width. */
  const mugData = {
    topLeft: { x: 0.3, y: 0.3 },
    topRight: { x: 0.7, y: 0.3 },
    bottomRight: { x: 0.7, y: 0.7 },
    bottomLeft: { x: 0.3, y: 0.7 },
    fit: 'stretch',
    cylinder: { curvature: 0.1, wrap: 140 },
    displacement: 0.4,
    shading: { strength: 0.8, tone: 'light' },
  };

  beforeAll(async () => {
    t = await startTestApp();
    access = (await buildSignedInUser(t.app)).tokens.access;
    workspaceId = await buildWorkspace(t.app, access);
    const design = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 4,
        background: { r: blue[0]!, g: blue[1]!, b: blue[2]!, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    expect(
      (await uploadDesigns(t.url, access, workspaceId, [{ name: 'Blue.png', data: design }])).status,
    ).toBe(201);
    // A square print area in the middle of the 400 x 400 photo, a strap (x 180..220) in front of it.
    const templateData = {
      topLeft: { x: 0.3, y: 0.3 },
      topRight: { x: 0.7, y: 0.3 },
      bottomRight: { x: 0.7, y: 0.7 },
      bottomLeft: { x: 0.3, y: 0.7 },
      fit: 'stretch',
      occluders: [
        {
          points: [
            [0.45, 0],
            [0.55, 0],
            [0.55, 1],
            [0.45, 1],
          ],
        },
      ],
    };
    const upload = (name: string, data: Buffer, placement: unknown) =>
      postForm(
        t.url,
        access,
        '/mockups_app/upload_image_mode_mockup_templates/',
        { workspace_id: workspaceId, templateData: JSON.stringify(placement) },
        [{ name, data }],
        'file',
      );
    const uploaded = await upload('strap.png', await template, templateData);
    expect(uploaded.status).toBe(201);
    const mug = await upload('mug.png', await mugPhoto, mugData);
    expect(mug.status).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: '/mockups_app/set_templates_for_workspace/',
      headers: { authorization: `Bearer ${access}` },
      payload: {
        selectedTemplates: [
          uploaded.body.templates[0].mkp_template_id,
          mug.body.templates[0].mkp_template_id,
        ],
        workspace_id: workspaceId,
      },
    });
    const generated = await t.app.inject({
      url: `/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    await t.app.background.jobsIdle();
  });
  afterAll(async () => t?.close());

  it('keeps the photo in front of the design where the strap lies, and the design elsewhere', async () => {
    const rows = (
      await t.app.inject({
        url: `/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`,
        headers: { authorization: `Bearer ${access}` },
      })
    ).json<{ arr_mockup_images_grid: MockupGridRow[] }>().arr_mockup_images_grid;
    const mockup = rows.flatMap((row) => row.mockup_images).find((m) => m.template.startsWith('strap'));
    const image = await fetch(`${t.url}${mockup!.mockup_image}`);
    expect(image.status).toBe(200);
    const [rendered, photo] = await Promise.all([
      rgb(Buffer.from(await image.arrayBuffer())),
      rgb(await template),
    ]);
    for (const y of [130, 200, 270]) {
      near(rendered(200, y), photo(200, y)); // the strap, in front
      near(rendered(150, y), blue); // the print area beside it
      near(rendered(250, y), blue);
    }
  });

  it('stores and answers the cylinder, the folds and the shading with the placement', async () => {
    const listed = await t.app.inject({
      url: `/mockups_app/get_all_templates_information/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const all = JSON.stringify(listed.json());
    expect(all).toContain('"cylinder":{"curvature":0.1,"wrap":140}');
    expect(all).toContain('"displacement":0.4');
    expect(all).toContain('"shading":{"strength":0.8,"tone":"light"}');
  });

  it('wraps the design round the mug: its top edge bows down in the middle, the sides stay put', async () => {
    const rows = (
      await t.app.inject({
        url: `/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`,
        headers: { authorization: `Bearer ${access}` },
      })
    ).json<{ arr_mockup_images_grid: MockupGridRow[] }>().arr_mockup_images_grid;
    const mockup = rows.flatMap((row) => row.mockup_images).find((m) => m.template.startsWith('mug'));
    const image = await fetch(`${t.url}${mockup!.mockup_image}`);
    expect(image.status).toBe(200);
    const rendered = await rgb(Buffer.from(await image.arrayBuffer()));
    const firstBlue = (x: number) => {
      for (let y = 100; y < 300; y += 1) if (rendered(x, y)[2]! > 150 && rendered(x, y)[0]! < 120) return y;
      return -1;
    };
    // The print area spans x 120..280 and starts at y 120; at 10% of its 160 px width the middle
    // of its top edge lies 16 px lower than the ends.
    expect(Math.abs(firstBlue(124) - 121)).toBeLessThanOrEqual(3);
    expect(Math.abs(firstBlue(200) - 136)).toBeLessThanOrEqual(3);
    // The photo beside the wrapped area is untouched.
    near(rendered(200, 125), [244, 244, 244]);
  });

  it('refuses a cylinder out of range with a clear message, and stores nothing', async () => {
    const refused = await postForm(
      t.url,
      access,
      '/mockups_app/upload_image_mode_mockup_templates/',
      {
        workspace_id: workspaceId,
        templateData: JSON.stringify({ ...mugData, cylinder: { curvature: 0.9, wrap: 140 } }),
      },
      [{ name: 'bad-mug.png', data: await mugPhoto }],
      'file',
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('cylinder.curvature must be between -0.5 and 0.5');
    const listed = await t.app.inject({
      url: `/mockups_app/get_all_templates_information/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(JSON.stringify(listed.json())).not.toContain('bad-mug.png');
  });
});
