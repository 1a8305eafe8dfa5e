import { SIZE, type Xy, polygon, rectCorners } from './geometry.ts';
import { linearGradient, renderScene, seededRandom, softLayer, studioBackdrop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/** A 4:3 stretched canvas in a light oak floater frame, straight on, on a warm wall. */
const CANVAS = { left: 440, top: 540, right: 1560, bottom: 1380 };
const GAP = 22;
const MOULDING = 34;

const grown = (by: number) => ({
  left: CANVAS.left - by,
  top: CANVAS.top - by,
  right: CANVAS.right + by,
  bottom: CANVAS.bottom + by,
});
const box = ({ left, top, right, bottom }: typeof CANVAS): Xy[] => [
  [left, top],
  [right, top],
  [right, bottom],
  [left, bottom],
];

/** Oak grain: thin wavy lines running along one side of the frame, seeded so every render matches. */
function grain(random: () => number, from: Xy, to: Xy, across: Xy): string {
  const lines: string[] = [];
  for (let n = 0; n < 24; n += 1) {
    const offset = random() * MOULDING;
    const point = (t: number, wave: number) =>
      `${(from[0] + (to[0] - from[0]) * t + across[0] * (offset + wave)).toFixed(1)} ` +
      `${(from[1] + (to[1] - from[1]) * t + across[1] * (offset + wave)).toFixed(1)}`;
    const waves = [0, 1, 2].map(() => (random() - 0.5) * 16);
    const d = `M${point(0, 0)}C${point(0.33, waves[0]!)} ${point(0.66, waves[1]!)} ${point(1, waves[2]!)}`;
    lines.push(
      `<path d="${d}" fill="none" stroke="#6b4a2b" stroke-opacity="${(0.06 + random() * 0.16).toFixed(2)}" stroke-width="${(0.8 + random() * 2.2).toFixed(1)}"/>`,
    );
  }
  return lines.join('');
}

async function render(): Promise<Buffer> {
  const inner = grown(GAP);
  const outer = grown(GAP + MOULDING);
  const o = box(outer);
  const i = box(inner);
  const sides = [
    polygon([o[0]!, o[1]!, i[1]!, i[0]!]),
    polygon([o[1]!, o[2]!, i[2]!, i[1]!]),
    polygon([o[2]!, o[3]!, i[3]!, i[2]!]),
    polygon([o[3]!, o[0]!, i[0]!, i[3]!]),
  ];
  const random = seededRandom(606);
  const grains = [
    grain(random, [outer.left, outer.top], [outer.right, outer.top], [0, 1]),
    grain(random, [outer.right, outer.top], [outer.right, outer.bottom], [-1, 0]),
    grain(random, [outer.left, outer.bottom], [outer.right, outer.bottom], [0, -1]),
    grain(random, [outer.left, outer.top], [outer.left, outer.bottom], [1, 0]),
  ];
  const tones = ['#dcc19c', '#cfb18a', '#c6a67e', '#d6b993'];
  const canvas = polygon(box(CANVAS));
  const [shadow, light] = await Promise.all([
    softLayer([
      [34, `<path d="${polygon(o)}" transform="translate(30 40)" fill-opacity="0.3"/>`],
      [8, `<path d="${polygon(o)}" transform="translate(6 8)" fill-opacity="0.4"/>`],
    ]),
    softLayer([
      [
        10,
        `<path d="${canvas}" fill="none" stroke="#000" stroke-opacity="0.16" stroke-width="14" transform="translate(-3 -3)"/>`,
      ],
      [
        3,
        `<path d="${canvas}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="5" transform="translate(2 2)"/>`,
      ],
      [140, `<ellipse cx="760" cy="760" rx="520" ry="360" fill="#fff" fill-opacity="0.35"/>`],
    ]),
  ]);
  const defs =
    `<clipPath id="canvas"><path d="${canvas}"/></clipPath>` +
    sides.map((d, n) => `<clipPath id="side${n}"><path d="${d}"/></clipPath>`).join('') +
    linearGradient(
      'canvas-light',
      [CANVAS.left, CANVAS.top, CANVAS.right, CANVAS.bottom],
      [
        [0, '#f6f5f2'],
        [1, '#e6e4df'],
      ],
    ) +
    linearGradient(
      'gap',
      [inner.left, inner.top, inner.right, inner.bottom],
      [
        [0, '#6a6157'],
        [0.5, '#3a342e'],
        [1, '#26221e'],
      ],
    );
  const body =
    studioBackdrop('#ece9e4', '#d8d3cb') +
    shadow +
    sides
      .map((d, n) => `<path d="${d}" fill="${tones[n]}"/><g clip-path="url(#side${n})">${grains[n]}</g>`)
      .join('') +
    `<path d="${polygon(o)}" fill="none" stroke="#8a6d4d" stroke-opacity="0.6" stroke-width="2"/>` +
    `<path d="${polygon(i)}" fill="url(#gap)"/>` +
    `<path d="${polygon(i)}" fill="none" stroke="#f1e2c9" stroke-opacity="0.8" stroke-width="2"/>` +
    `<path d="${canvas}" fill="url(#canvas-light)"/>` +
    `<g clip-path="url(#canvas)">${light}</g>`;
  return renderScene({
    seed: 606,
    defs,
    body,
    textures: [{ kind: 'plaster' }, { kind: 'canvas', strength: 0.6, mask: `<path d="${canvas}"/>` }],
  });
}

export const framedCanvasTemplate: StarterTemplate = {
  id: 'library-canvas-oak-frame',
  name: 'Canvas 4:3 in an oak floater frame',
  width: SIZE,
  height: SIZE,
  corners: rectCorners(CANVAS.left, CANVAS.top, CANVAS.right, CANVAS.bottom),
  rotation: 0,
  // Printed edge to edge: the design fills it; a render that cuts off part of it is flagged on Review Mockups.
  fit: 'cover',
  render,
};
