import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateInfo } from '@podflow/contract/templates';
import { templateMessages } from '@podflow/contract/templates';
import { buildSignedInUser, buildWorkspace, postForm } from '../../test/factories.ts';
import { buildJpeg, buildPng, buildWindowPng } from '../../test/images.ts';
import { type TestApp, filesRoot, startTestApp, testDbKind } from '../../test/test-app.ts';

const IMAGE_MODE = '/mockups_app/upload_image_mode_mockup_templates/';
const CLASSIC = '/mockups_app/upload_mockup_templates/';

const quad = {
  topLeft: { x: 0.2, y: 0.25 },
  topRight: { x: 0.8, y: 0.2 },
  bottomRight: { x: 0.75, y: 0.8 },
  bottomLeft: { x: 0.25, y: 0.75 },
};

describe(`mockup templates on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (access: string) => ({ authorization: `Bearer ${access}` });
  const get = async (access: string, url: string) => {
    const response = await t.app.inject({ url, headers: auth(access) });
    expect(response.statusCode).toBe(200);
    return response.json<{ templates_information: TemplateInfo[] }>().templates_information;
  };
  const post = (access: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(access), payload });
  const ownNames = async (access: string) =>
    (await get(access, '/mockups_app/get_all_templates_information/'))
      .filter((i) => i.source === 'own')
      .map((i) => i.user_file_name);

  it('gives every account the starter library, ready to select but not to delete', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const remaining = await get(
      tokens.access,
      `/mockups_app/get_templates_information/?workspace_id=${workspaceId}`,
    );
    const library = remaining.filter((i) => i.source === 'library');
    expect(library.length).toBeGreaterThanOrEqual(8);
    expect(library.map((i) => i.user_file_name)).toEqual(
      expect.arrayContaining(['T-shirt (white)', 'Mug 11 oz (white)']),
    );
    for (const item of library) expect(item.placement?.corners.topLeft.x).toBeGreaterThan(0);

    const shirt = library.find((i) => i.mkp_template_id === 'library-tshirt-white');
    const thumb = await fetch(`${t.url}${shirt?.thumbnail_image_path}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    const chosen = await post(tokens.access, '/mockups_app/set_templates_for_workspace/', {
      selectedTemplates: [shirt?.mkp_template_id],
      workspace_id: workspaceId,
    });
    expect(chosen.statusCode).toBe(200);
    const selected = await get(
      tokens.access,
      `/mockups_app/get_workspace_templates_information/?workspace_id=${workspaceId}`,
    );
    expect(selected.map((i) => i.mkp_template_id)).toEqual(['library-tshirt-white']);
    const refused = await post(tokens.access, '/mockups_app/delete_user_templates/', {
      removeTemplates: ['library-tshirt-white'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(templateMessages.libraryNotDeletable);
  });

  it('stores an image-mode template with its placement and selects it for the workspace it was sent for', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const templateData = { ...quad, rotation: 12.5, dimensions: { width: 200, height: 240 } };
    const upload = await postForm(
      t.url,
      tokens.access,
      IMAGE_MODE,
      { workspace_id: workspaceId, templateData: JSON.stringify(templateData) },
      [{ name: 'shirt.jpg', data: await buildJpeg(), type: 'image/jpeg' }],
      'file',
    );
    expect(upload.status).toBe(201);
    expect(upload.body.templates[0]).toMatchObject({
      user_file_name: 'shirt.jpg',
      source: 'own',
      width: 32,
      height: 32,
      placement: {
        corners: quad,
        rotation: 12.5,
        dimensions: { width: 200, height: 240 },
        fit: 'contain',
        behindPhoto: false,
      },
    });
    const selected = await get(
      tokens.access,
      `/mockups_app/get_workspace_templates_information/?workspace_id=${workspaceId}`,
    );
    expect(selected.map((s) => s.user_file_name)).toEqual(['shirt.jpg']);
    const thumb = await fetch(`${t.url}${selected[0]?.thumbnail_image_path}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const full = await fetch(`${t.url}${selected[0]?.image_path}`);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
  });

  it("stores a template's occluders with its placement and answers them", async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const occluders = [
      {
        points: [
          [0.4, 0.1],
          [0.5, 0.1],
          [0.5, 0.9],
        ],
      },
      {
        points: [
          [0.2, 0.6],
          [0.4, 0.62],
        ],
        brush: 0.03,
      },
    ];
    const upload = await postForm(
      t.url,
      tokens.access,
      IMAGE_MODE,
      { templateData: JSON.stringify({ ...quad, occluders }) },
      [{ name: 'bag.jpg', data: await buildJpeg(), type: 'image/jpeg' }],
      'file',
    );
    expect(upload.status).toBe(201);
    expect(upload.body.templates[0].placement).toMatchObject({
      corners: quad,
      behindPhoto: false,
      occluders,
    });
  });

  it('stores a template without a placeholder when no_placeholder is sent', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const upload = await postForm(
      t.url,
      tokens.access,
      IMAGE_MODE,
      { no_placeholder: 'true' },
      [{ name: 'size-chart.png', data: await buildPng() }],
      'file',
    );
    expect(upload.status).toBe(201);
    expect(upload.body.templates[0].placement).toBeNull();
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    [
      'a corner outside 0..1',
      { ...quad, topRight: { x: 1.2, y: 0.2 } },
      /topRight\.x must be between 0 and 1/,
    ],
    [
      'a negative corner',
      { ...quad, bottomLeft: { x: -0.1, y: 0.7 } },
      /bottomLeft\.x must be between 0 and 1/,
    ],
    [
      'a self-intersecting quad',
      { ...quad, bottomRight: { x: 0.25, y: 0.75 }, bottomLeft: { x: 0.75, y: 0.8 } },
      /crosses itself/,
    ],
    [
      'a zero-area quad',
      {
        topLeft: { x: 0.5, y: 0.5 },
        topRight: { x: 0.5, y: 0.5 },
        bottomRight: { x: 0.5, y: 0.5 },
        bottomLeft: { x: 0.5, y: 0.5 },
      },
      /no area/,
    ],
    [
      'collinear corners',
      {
        topLeft: { x: 0.1, y: 0.1 },
        topRight: { x: 0.3, y: 0.3 },
        bottomRight: { x: 0.6, y: 0.6 },
        bottomLeft: { x: 0.9, y: 0.9 },
      },
      /no area/,
    ],
    ['a concave quad', { ...quad, bottomRight: { x: 0.5, y: 0.4 } }, /convex/],
    ['rotation past 180', { ...quad, rotation: 200 }, /rotation must be between -180 and 180/],
    ['rotation below -180', { ...quad, rotation: -181 }, /rotation must be between -180 and 180/],
    [
      'a missing corner',
      { topLeft: quad.topLeft, topRight: quad.topRight, bottomRight: quad.bottomRight },
      /bottomLeft/,
    ],
    ['a corner that is text', { ...quad, topLeft: { x: 'left', y: 0.2 } }, /topLeft\.x must be a number/],
    ['an unknown fit', { ...quad, fit: 'squash' }, /fit must be one of contain, cover, stretch/],
    [
      'an occluder point outside the image',
      {
        ...quad,
        occluders: [
          {
            points: [
              [0.1, 0.1],
              [1.4, 0.2],
              [0.3, 0.5],
            ],
          },
        ],
      },
      /occluders\.points x must be between 0 and 1/,
    ],
    [
      'a picked occluder of two points',
      {
        ...quad,
        occluders: [
          {
            points: [
              [0.1, 0.1],
              [0.4, 0.2],
            ],
          },
        ],
      },
      /A picked occluder needs at least 3 points/,
    ],
    [
      'a brush wider than a quarter of the image',
      {
        ...quad,
        occluders: [
          {
            points: [
              [0.1, 0.1],
              [0.4, 0.2],
            ],
            brush: 0.5,
          },
        ],
      },
      /occluders\.brush must be between 0\.002 and 0\.25/,
    ],
    [
      'more than 20 occluders',
      {
        ...quad,
        occluders: Array.from({ length: 21 }, () => ({
          points: [
            [0.1, 0.1],
            [0.2, 0.2],
          ],
          brush: 0.01,
        })),
      },
      /at most 20 occluders/,
    ],
  ];
  for (const [name, templateData, message] of invalid) {
    it(`refuses templateData with ${name} and stores nothing`, async () => {
      const { tokens } = await buildSignedInUser(t.app);
      const upload = await postForm(
        t.url,
        tokens.access,
        IMAGE_MODE,
        { templateData: JSON.stringify(templateData) },
        [{ name: 'x.png', data: await buildPng() }],
        'file',
      );
      expect(upload.status).toBe(400);
      expect(upload.body.message).toMatch(message);
      expect(await ownNames(tokens.access)).toEqual([]);
    });
  }

  it('refuses templateData that is not JSON, and a file that is not an image', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const notJson = await postForm(
      t.url,
      tokens.access,
      IMAGE_MODE,
      { templateData: '{corners:' },
      [{ name: 'x.png', data: await buildPng() }],
      'file',
    );
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toMatch(/templateData is not valid JSON/);
    const text = await postForm(
      t.url,
      tokens.access,
      IMAGE_MODE,
      { no_placeholder: 'true' },
      [{ name: 'notes.png', data: Buffer.from('hello, not an image') }],
      'file',
    );
    expect(text.status).toBe(400);
    expect(text.body.files[0].reason).toBe('notes.png is not a PNG, JPEG or WebP image.');
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'storage_used_bytes'])
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    expect(Number(user.storage_used_bytes)).toBe(0);
    const folder = path.join(filesRoot(t), 'u', user.id, 'templates');
    const files = existsSync(folder) ? readdirSync(folder) : [];
    expect(files).toEqual([]);
  });

  it('finds the print area of classic uploads from their transparency, or centres one', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const upload = await postForm(t.url, tokens.access, CLASSIC, {}, [
      {
        name: 'frame.png',
        data: await buildWindowPng(400, 300, { left: 0.25, top: 0.2, right: 0.75, bottom: 0.8 }),
      },
      { name: 'photo.jpg', data: await buildJpeg(), type: 'image/jpeg' },
      { name: 'readme.png', data: Buffer.from('not an image at all') },
    ]);
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ stored: 2, rejected: 1 });
    const byName = Object.fromEntries(
      (upload.body.templates as TemplateInfo[]).map((i) => [i.user_file_name, i.placement]),
    );
    const frame = byName['frame.png'];
    expect(frame?.behindPhoto).toBe(true);
    expect(frame?.corners.topLeft.x).toBeCloseTo(0.25, 2);
    expect(frame?.corners.topLeft.y).toBeCloseTo(0.2, 2);
    expect(frame?.corners.bottomRight.x).toBeCloseTo(0.75, 2);
    expect(frame?.corners.bottomRight.y).toBeCloseTo(0.8, 2);
    expect(byName['photo.jpg']).toMatchObject({
      behindPhoto: false,
      corners: { topLeft: { x: 0.25, y: 0.25 }, bottomRight: { x: 0.75, y: 0.75 } },
    });
  });

  it('moves checked templates between Remaining and Selected', async () => {
    const { tokens } = await buildSignedInUser(t.app);
    const workspaceId = await buildWorkspace(t.app, tokens.access);
    const upload = await postForm(
      t.url,
      tokens.access,
      CLASSIC,
      {},
      await Promise.all(
        ['a', 'b', 'c'].map(async (n, i) => ({ name: `${n}.png`, data: await buildPng({ seed: i }) })),
      ),
    );
    const ids = (upload.body.templates as TemplateInfo[]).map((i) => i.mkp_template_id);
    const remaining = () =>
      get(tokens.access, `/mockups_app/get_templates_information/?workspace_id=${workspaceId}`);
    const selected = () =>
      get(tokens.access, `/mockups_app/get_workspace_templates_information/?workspace_id=${workspaceId}`);
    const own = (list: TemplateInfo[]) => list.filter((i) => i.source === 'own').map((i) => i.user_file_name);
    expect(own(await remaining())).toEqual(['a.png', 'b.png', 'c.png']);

    const set = await post(tokens.access, '/mockups_app/set_templates_for_workspace/', {
      selectedTemplates: [ids[0], ids[2]],
      workspace_id: workspaceId,
    });
    expect(set.json()).toEqual({ count: 2, message: '2 templates selected.' });
    expect(own(await remaining())).toEqual(['b.png']);
    expect(own(await selected())).toEqual(['a.png', 'c.png']);
    await post(tokens.access, '/mockups_app/set_templates_for_workspace/', {
      selectedTemplates: [ids[0]],
      workspace_id: workspaceId,
    });
    expect(own(await selected())).toEqual(['a.png', 'c.png']);

    await post(tokens.access, '/mockups_app/remove_templates_from_workspace/', {
      removeTemplates: [ids[0]],
      workspace_id: workspaceId,
    });
    expect(own(await remaining())).toEqual(['a.png', 'b.png']);
    expect(own(await selected())).toEqual(['c.png']);
    const empty = await post(tokens.access, '/mockups_app/set_templates_for_workspace/', {
      selectedTemplates: [],
      workspace_id: workspaceId,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Check at least one template first.');
  });

  it('deletes own templates from every workspace and their files, and refuses the rest', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    const w1 = await buildWorkspace(t.app, tokens.access, 'One');
    const w2 = await buildWorkspace(t.app, tokens.access, 'Two');
    const upload = await postForm(t.url, tokens.access, CLASSIC, { workspace_id: w1 }, [
      { name: 'mine.png', data: await buildPng() },
      { name: 'keep.png', data: await buildPng({ seed: 2 }) },
    ]);
    const [mine, keep] = (upload.body.templates as TemplateInfo[]).map((i) => i.mkp_template_id);
    await post(tokens.access, '/mockups_app/set_templates_for_workspace/', {
      selectedTemplates: [mine],
      workspace_id: w2,
    });

    const deleted = await post(tokens.access, '/mockups_app/delete_user_templates/', {
      removeTemplates: [mine],
      workspace_id: w1,
    });
    expect(deleted.json()).toEqual({ count: 1, message: '1 template deleted.' });
    for (const w of [w1, w2]) {
      const selected = await get(
        tokens.access,
        `/mockups_app/get_workspace_templates_information/?workspace_id=${w}`,
      );
      expect(selected.map((s) => s.mkp_template_id)).not.toContain(mine);
    }
    expect(await ownNames(tokens.access)).toEqual(['keep.png']);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', registration.username)
      .executeTakeFirstOrThrow();
    const files = readdirSync(path.join(filesRoot(t), 'u', user.id, 'templates'));
    expect(files.every((f) => f.startsWith(keep ?? '-'))).toBe(true);

    const other = await buildSignedInUser(t.app);
    const foreign = await post(other.tokens.access, '/mockups_app/delete_user_templates/', {
      removeTemplates: [keep],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(templateMessages.notFound);
    expect(await ownNames(tokens.access)).toEqual(['keep.png']);
  });

  it("answers 404 for another user's templates and workspaces on every call", async () => {
    const owner = await buildSignedInUser(t.app);
    const ownerWorkspace = await buildWorkspace(t.app, owner.tokens.access);
    const upload = await postForm(t.url, owner.tokens.access, CLASSIC, { workspace_id: ownerWorkspace }, [
      { name: 'secret.png', data: await buildPng() },
    ]);
    const secret = upload.body.templates[0].mkp_template_id as string;
    const intruder = await buildSignedInUser(t.app);
    const theirWorkspace = await buildWorkspace(t.app, intruder.tokens.access);
    const as = intruder.tokens.access;

    expect(
      (
        await post(as, '/mockups_app/set_templates_for_workspace/', {
          selectedTemplates: [secret],
          workspace_id: theirWorkspace,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(as, '/mockups_app/remove_templates_from_workspace/', {
          removeTemplates: [secret],
          workspace_id: theirWorkspace,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(as, '/mockups_app/delete_user_templates/', { removeTemplates: [secret] })).statusCode,
    ).toBe(404);
    for (const url of ['get_templates_information', 'get_workspace_templates_information']) {
      expect(
        (
          await t.app.inject({
            url: `/mockups_app/${url}/?workspace_id=${ownerWorkspace}`,
            headers: auth(as),
          })
        ).statusCode,
      ).toBe(404);
    }
    const ownersList = (await get(as, '/mockups_app/get_all_templates_information/')).map(
      (i) => i.mkp_template_id,
    );
    expect(ownersList).not.toContain(secret);
    const sneaky = await postForm(
      t.url,
      as,
      IMAGE_MODE,
      { workspace_id: ownerWorkspace, no_placeholder: 'true' },
      [{ name: 'x.png', data: await buildPng() }],
      'file',
    );
    expect(sneaky.status).toBe(404);
    expect(
      (
        await get(
          owner.tokens.access,
          `/mockups_app/get_workspace_templates_information/?workspace_id=${ownerWorkspace}`,
        )
      ).map((i) => i.mkp_template_id),
    ).toEqual([secret]);
  });
});
