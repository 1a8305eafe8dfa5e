import { type Curve, SIZE, r1, ribbon, wrappedBand } from './geometry.ts';
import { cylinderGradient, linearGradient, renderScene, softLayer, tabletop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/**
 * A white 11 oz mug on a table, seen from 5° above: a cylinder tapering slightly towards its foot,
 * handle on the right. The print area wraps ±52° around the front; since the mug tapers and the
 * camera is nearly level, its corners make a trapezoid narrower at the bottom, and its top and
 * bottom edges bow down by ry·(1 − cos 52°), about 12 px: the placement's cylinder (a wrap of
 * 104°, that bow as a fraction of the width), so lettering follows the mug round.
 */
const CX = 930;
const TOP = 580;
const BOTTOM = 1440;
const R_TOP = 360;
const R_BOTTOM = 325;
const TILT = Math.sin((5 * Math.PI) / 180);
const WRAP = (52 * Math.PI) / 180;

// The print band's top and bottom edges, where they cross the front of the mug (nearest the camera).
const BAND_TOP = TOP + 85;
const BAND_BOTTOM = BOTTOM - 75;

/** Brightness across the cylinder (−1 = left edge, 1 = right): window light from the front left, a little bounce on the right. */
function shade(u: number): number {
  const theta = Math.asin(u);
  const key = Math.max(0, Math.cos(theta + 0.7));
  const bounce = Math.max(0, u - 0.75) * 0.35;
  return 0.7 + 0.3 * key + bounce;
}

async function render(): Promise<Buffer> {
  const ryTop = R_TOP * TILT;
  const ryBottom = R_BOTTOM * TILT;
  const body = `M${CX - R_TOP} ${TOP}A${R_TOP} ${r1(ryTop)} 0 0 1 ${CX + R_TOP} ${TOP}L${CX + R_BOTTOM} ${BOTTOM}A${R_BOTTOM} ${r1(ryBottom)} 0 0 1 ${CX - R_BOTTOM} ${BOTTOM}Z`;
  const handle: Curve = [
    [CX + 330, 730],
    [CX + 590, 700],
    [CX + 600, 1240],
    [CX + 305, 1275],
  ];
  const handleShape = ribbon(handle, 96, [0, 0], false);
  const [shadow, glaze, handleShading] = await Promise.all([
    softLayer([
      [
        40,
        `<ellipse cx="${CX + 300}" cy="${BOTTOM + 40}" rx="470" ry="60" fill="#000" fill-opacity="0.16"/>`,
      ],
      [
        12,
        `<ellipse cx="${CX + 10}" cy="${BOTTOM + 14}" rx="${R_BOTTOM + 10}" ry="${r1(ryBottom + 14)}" fill="#000" fill-opacity="0.4"/>`,
      ],
      [
        26,
        `<path d="${handle}" transform="translate(60 150)" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="60"/>`,
      ],
    ]),
    softLayer(
      [
        [
          14,
          `<path d="M${CX - 175} ${TOP + 60}L${CX - 150} ${BOTTOM - 60}" stroke="#fff" stroke-opacity="0.9" stroke-width="34"/>`,
        ],
        [
          40,
          `<path d="M${CX - 230} ${TOP + 40}L${CX - 200} ${BOTTOM - 40}" stroke="#fff" stroke-opacity="0.5" stroke-width="110"/>`,
        ],
        [
          24,
          `<path d="M${CX - R_BOTTOM} ${BOTTOM - 10}H${CX + R_BOTTOM}" stroke="#000" stroke-opacity="0.18" stroke-width="50"/>`,
        ],
        [
          8,
          `<ellipse cx="${CX}" cy="${TOP + 14}" rx="${R_TOP - 20}" ry="${r1(ryTop)}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="10"/>`,
        ],
      ],
      0.5,
    ),
    softLayer(
      [
        [14, `<path d="${ribbon(handle, 44, [16, 14], false)}" fill-opacity="0.3"/>`],
        [10, `<path d="${ribbon(handle, 40, [-14, -12], false)}" fill="#fff" fill-opacity="0.9"/>`],
        [3, `<path d="${ribbon(handle, 8, [-20, -16], false)}" fill="#fff"/>`],
      ],
      0.5,
    ),
  ]);
  const scene =
    tabletop(1330) +
    shadow +
    `<path d="${handleShape}" fill="#d6d4cf"/><g clip-path="url(#handle)">${handleShading}</g>` +
    `<path d="${body}" fill="url(#mug-body)"/>` +
    `<g clip-path="url(#mug)">${glaze}</g>` +
    `<ellipse cx="${CX}" cy="${TOP}" rx="${R_TOP}" ry="${r1(ryTop)}" fill="#f4f4f2"/>` +
    `<ellipse cx="${CX}" cy="${TOP + 1}" rx="${R_TOP - 16}" ry="${r1(ryTop - 2)}" fill="url(#mug-inside)"/>` +
    `<path d="M${CX - R_TOP + 4} ${TOP + 3}A${R_TOP - 4} ${r1(ryTop)} 0 0 0 ${CX + R_TOP - 4} ${TOP + 3}" fill="none" stroke="#fff" stroke-width="4"/>`;
  const defs =
    cylinderGradient('mug-body', shade, (level) => `rgb(${level},${level},${level - 2})`) +
    `<clipPath id="mug"><path d="${body}"/></clipPath><clipPath id="handle"><path d="${handleShape}"/></clipPath>` +
    linearGradient(
      'mug-inside',
      [0, 0, 1, 0],
      [
        [0, '#9b9893'],
        [0.6, '#c8c5c0'],
        [1, '#dcdad6'],
      ],
      'objectBoundingBox',
    );
  return renderScene({
    seed: 404,
    defs,
    body: scene,
    textures: [{ kind: 'plaster' }, { kind: 'ceramic', mask: `<path d="${body}"/>` }],
  });
}

export const mugTemplate: StarterTemplate = {
  id: 'library-mug-white',
  name: 'Mug 11 oz (white)',
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
