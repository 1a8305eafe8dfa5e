import { SIZE, type Xy, cornersFromPixels, perspective, polygon } from './geometry.ts';
import { linearGradient, renderScene, softLayer, studioBackdrop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/**
 * A 2:3 poster in a black frame with a white mat, hanging on a wall and photographed from the left,
 * so the frame recedes to the right: the print area is a true perspective quad (the paper behind
 * the mat opening, reaching a little under the mat, whose edge stays in front of it), computed
 * with the same camera that draws the frame.
 */
const project = perspective(18, 2600, [1010, 1000]);
const rect = (left: number, top: number, right: number, bottom: number, w = 0): Xy[] => [
  project(left, top, w),
  project(right, top, w),
  project(right, bottom, w),
  project(left, bottom, w),
];
const quad = (...points: Xy[]) => polygon(points);

const OUTER = { u: 430, top: -600, bottom: 600 };
const INNER = { u: 376, top: -546, bottom: 546 };
const PRINT = { u: 280, top: -425, bottom: 415 };
const BEVEL = 9;
const DEPTH = 36; // frame front to wall
const MAT = 10; // frame front to mat
const PAPER = 14; // frame front to paper

const printCorners = rect(-PRINT.u, PRINT.top, PRINT.u, PRINT.bottom, PAPER);
/** The mat overlaps the print by this much (frame units): the print area reaches under it. */
const UNDER_MAT = 16;
const printArea = rect(
  -PRINT.u - UNDER_MAT,
  PRINT.top - UNDER_MAT,
  PRINT.u + UNDER_MAT,
  PRINT.bottom + UNDER_MAT,
  PAPER,
);

/**
 * The mat's bevel and edge in front of the print, as occluders: the ring between the print area
 * and the visible paper, in four trapezoids (fractions of the image), so a design's edge tucks
 * under the mat as a framed print's does.
 */
function matOccluders(): { points: [number, number][] }[] {
  const at = ([x, y]: Xy): [number, number] => [
    Math.round((x / SIZE) * 1e5) / 1e5,
    Math.round((y / SIZE) * 1e5) / 1e5,
  ];
  return [0, 1, 2, 3].map((i) => {
    const j = (i + 1) % 4;
    return { points: [printArea[i]!, printArea[j]!, printCorners[j]!, printCorners[i]!].map(at) };
  });
}

async function render(): Promise<Buffer> {
  const outer = rect(-OUTER.u, OUTER.top, OUTER.u, OUTER.bottom);
  const inner = rect(-INNER.u, INNER.top, INNER.u, INNER.bottom);
  const back = rect(-OUTER.u, OUTER.top, OUTER.u, OUTER.bottom, DEPTH);
  const matInner = rect(-INNER.u, INNER.top, INNER.u, INNER.bottom, MAT);
  const opening = rect(-PRINT.u - BEVEL, PRINT.top - BEVEL, PRINT.u + BEVEL, PRINT.bottom + BEVEL, MAT);
  const paper = printCorners;
  const shadowAt = (du: number, dv: number) =>
    polygon(rect(-OUTER.u + du, OUTER.top + dv, OUTER.u + du, OUTER.bottom + dv, DEPTH));
  const [shadow, matShade] = await Promise.all([
    softLayer([
      [36, `<path d="${shadowAt(40, 56)}" fill-opacity="0.3"/>`],
      [8, `<path d="${shadowAt(8, 10)}" fill-opacity="0.45"/>`],
    ]),
    softLayer(
      [
        [
          14,
          `<path d="${polygon(inner)}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="34" transform="translate(12 14)"/>`,
        ],
        [
          5,
          `<path d="${polygon(paper)}" fill="none" stroke="#000" stroke-opacity="0.16" stroke-width="10" transform="translate(4 5)"/>`,
        ],
        [
          40,
          `<path d="${quad(project(-400, -60), project(-90, -560), project(90, -560), project(-400, 200))}" fill="#fff" fill-opacity="0.22"/>`,
        ],
        [
          90,
          `<path d="${quad(project(-100, 600), project(400, -200), project(700, -200), project(200, 600))}" fill="#fff" fill-opacity="0.1"/>`,
        ],
      ],
      0.5,
    ),
  ]);
  const [tl, tr, br, bl] = [0, 1, 2, 3].map((i) => paper[i]!) as [Xy, Xy, Xy, Xy];
  const [ml, mr, mbr, mbl] = [0, 1, 2, 3].map((i) => opening[i]!) as [Xy, Xy, Xy, Xy];
  const defs =
    `<clipPath id="inside"><path d="${polygon(matInner)}"/></clipPath>` +
    linearGradient(
      'frame',
      [outer[0]![0], outer[0]![1], outer[2]![0], outer[2]![1]],
      [
        [0, '#3b3a37'],
        [0.5, '#2a2927'],
        [1, '#1f1e1c'],
      ],
    ) +
    linearGradient(
      'mat',
      [opening[0]![0], opening[0]![1], opening[2]![0], opening[2]![1]],
      [
        [0, '#f7f6f2'],
        [1, '#e9e7e2'],
      ],
    ) +
    linearGradient(
      'paper',
      [tl[0], tl[1], br[0], br[1]],
      [
        [0, '#f8f7f4'],
        [1, '#ebe9e4'],
      ],
    );
  const body =
    studioBackdrop('#ebe8e3', '#d3cec6') +
    shadow +
    `<path d="${quad(outer[0]!, back[0]!, back[3]!, outer[3]!)}" fill="#4a4844"/>` +
    `<path d="${polygon(outer)}${polygon([...inner].reverse())}" fill="url(#frame)"/>` +
    `<path d="${polygon(outer)}" fill="none" stroke="#6b6964" stroke-width="2"/>` +
    `<path d="${polygon(inner)}" fill="none" stroke="#57554f" stroke-width="2"/>` +
    `<path d="${polygon(matInner)}" fill="url(#mat)"/>` +
    `<path d="${quad(ml, mbl, bl, tl)}" fill="#d9d6d0"/>` +
    `<path d="${quad(mr, tr, br, mbr)}" fill="#fbfaf8"/>` +
    `<path d="${quad(ml, mr, tr, tl)}" fill="#ecebe6"/>` +
    `<path d="${quad(mbl, bl, br, mbr)}" fill="#f6f5f2"/>` +
    `<path d="${polygon(paper)}" fill="url(#paper)"/>` +
    `<path d="${quad(inner[1]!, matInner[1]!, matInner[2]!, inner[2]!)}" fill="#3d3b38"/>` +
    `<path d="${quad(inner[0]!, inner[1]!, matInner[1]!, matInner[0]!)}" fill="#2e2d2a"/>` +
    `<g clip-path="url(#inside)">${matShade}</g>`;
  return renderScene({
    seed: 505,
    defs,
    body,
    textures: [
      { kind: 'plaster' },
      { kind: 'paper', strength: 1.4, mask: `<path d="${polygon(matInner)}"/>` },
    ],
  });
}

export const posterFrameTemplate: StarterTemplate = {
  id: 'library-poster-black-frame',
  name: 'Poster 2:3 in a black frame (angled)',
  width: SIZE,
  height: SIZE,
  corners: cornersFromPixels(...(printArea as [Xy, Xy, Xy, Xy])),
  rotation: 0,
  // The whole design, never cropped: a seller's poster keeps its lettering (margins show the paper).
  fit: 'contain',
  realism: { occluders: matOccluders() },
  render,
};
