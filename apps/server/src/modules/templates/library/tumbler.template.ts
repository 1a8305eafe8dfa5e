import { SIZE, r1, wrappedBand } from './geometry.ts';
import { cylinderGradient, linearGradient, renderScene, softLayer, tabletop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/**
 * A white 20 oz tumbler with a clear-grey lid, on a table, seen from 6° above: a tall cylinder
 * narrowing towards its foot. The print area wraps ±60° round the front (a 120° wrap): its
 * corners make a trapezoid narrower at the bottom, and its top and bottom edges bow down by
 * ry·(1 − cos 60°), the placement's cylinder curvature.
 */
const CX = 1000;
const TOP = 440;
const BOTTOM = 1600;
const R_TOP = 290;
const R_BOTTOM = 228;
const LID = 92;
const TILT = Math.sin((6 * Math.PI) / 180);
const WRAP = (60 * Math.PI) / 180;

// The print band's top and bottom edges, where they cross the front (nearest the camera).
const BAND_TOP = TOP + 190;
const BAND_BOTTOM = BOTTOM - 200;

/** Brightness across the powder coat (−1 = left edge, 1 = right): a soft key from the front left. */
function shade(u: number): number {
  const theta = Math.asin(u);
  const key = Math.max(0, Math.cos(theta + 0.55));
  const rim = Math.max(0, Math.abs(u) - 0.85) * 0.6;
  return 0.74 + 0.26 * key - rim;
}

async function render(): Promise<Buffer> {
  const ryTop = R_TOP * TILT;
  const ryBottom = R_BOTTOM * TILT;
  const body = `M${CX - R_TOP} ${TOP}A${R_TOP} ${r1(ryTop)} 0 0 0 ${CX + R_TOP} ${TOP}L${CX + R_BOTTOM} ${BOTTOM}A${R_BOTTOM} ${r1(ryBottom)} 0 0 1 ${CX - R_BOTTOM} ${BOTTOM}Z`;
  // The lid: a short band a little wider than the rim, its top an ellipse with a sliding opening.
  const lidTop = TOP - LID;
  const lidR = R_TOP + 8;
  const lid = `M${CX - lidR} ${lidTop}A${lidR} ${r1(lidR * TILT)} 0 0 0 ${CX + lidR} ${lidTop}L${CX + lidR} ${TOP}A${lidR} ${r1(lidR * TILT)} 0 0 1 ${CX - lidR} ${TOP}Z`;
  const [shadow, coat] = await Promise.all([
    softLayer([
      [
        44,
        `<ellipse cx="${CX + 210}" cy="${BOTTOM + 36}" rx="400" ry="54" fill="#000" fill-opacity="0.15"/>`,
      ],
      [
        12,
        `<ellipse cx="${CX + 6}" cy="${BOTTOM + 10}" rx="${R_BOTTOM + 10}" ry="${r1(ryBottom + 12)}" fill="#000" fill-opacity="0.4"/>`,
      ],
    ]),
    softLayer(
      [
        [
          16,
          `<path d="M${CX - 150} ${TOP + 50}L${CX - 120} ${BOTTOM - 50}" stroke="#fff" stroke-opacity="0.85" stroke-width="30"/>`,
        ],
        [
          44,
          `<path d="M${CX - 200} ${TOP + 30}L${CX - 160} ${BOTTOM - 30}" stroke="#fff" stroke-opacity="0.45" stroke-width="100"/>`,
        ],
        [
          20,
          `<path d="M${CX + R_TOP - 40} ${TOP + 40}L${CX + R_BOTTOM - 30} ${BOTTOM - 40}" stroke="#000" stroke-opacity="0.08" stroke-width="50"/>`,
        ],
        [
          10,
          `<path d="M${CX - R_TOP} ${TOP + 16}A${R_TOP} ${r1(ryTop)} 0 0 0 ${CX + R_TOP} ${TOP + 16}" fill="none" stroke="#000" stroke-opacity="0.14" stroke-width="14"/>`,
        ],
      ],
      0.5,
    ),
  ]);
  const scene =
    tabletop(1380) +
    shadow +
    `<path d="${body}" fill="url(#tumbler-body)"/>` +
    `<g clip-path="url(#tumbler)">${coat}</g>` +
    `<path d="${lid}" fill="url(#tumbler-lid)"/>` +
    `<ellipse cx="${CX}" cy="${lidTop}" rx="${lidR}" ry="${r1(lidR * TILT)}" fill="#8d9196"/>` +
    `<ellipse cx="${CX}" cy="${lidTop + 2}" rx="${lidR - 30}" ry="${r1((lidR - 30) * TILT)}" fill="#a9adb2"/>` +
    `<rect x="${CX - 70}" y="${lidTop + 10}" width="140" height="16" rx="8" fill="#4c5055"/>` +
    `<path d="M${CX - lidR + 6} ${TOP - 6}A${lidR - 6} ${r1(lidR * TILT)} 0 0 0 ${CX + lidR - 6} ${TOP - 6}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4"/>`;
  const defs =
    cylinderGradient('tumbler-body', shade, (level) => `rgb(${level},${level},${level})`) +
    `<clipPath id="tumbler"><path d="${body}"/></clipPath>` +
    linearGradient(
      'tumbler-lid',
      [0, 0, 1, 0],
      [
        [0, '#6f7378'],
        [0.3, '#b9bdc2'],
        [0.55, '#8e9297'],
        [1, '#5d6166'],
      ],
      'objectBoundingBox',
    );
  return renderScene({
    seed: 505,
    defs,
    body: scene,
    textures: [{ kind: 'plaster' }, { kind: 'ceramic', mask: `<path d="${body}"/>` }],
  });
}

export const tumblerTemplate: StarterTemplate = {
  id: 'library-tumbler-white',
  name: 'Tumbler 20 oz (white)',
  width: SIZE,
  height: SIZE,
  ...wrappedBand(
    { cx: CX, top: TOP, bottom: BOTTOM, rTop: R_TOP, rBottom: R_BOTTOM, tilt: TILT },
    WRAP,
    BAND_TOP,
    BAND_BOTTOM,
  ),
  rotation: 0,
  fit: 'contain',
  render,
};
