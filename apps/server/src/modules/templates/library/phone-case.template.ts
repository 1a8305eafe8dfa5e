import { SIZE, rectCorners } from './geometry.ts';
import { linearGradient, renderScene, softLayer, studioBackdrop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

/**
 * A white phone case seen from the back, lying on the backdrop. The print area is the flat back
 * below the camera cut-out: a quad cannot leave a hole for the camera, so the strip beside the
 * lenses stays plain.
 */
const CASE = { left: 620, top: 220, width: 760, height: 1560, radius: 118 };
const OUTLINE = `M${CASE.left + CASE.radius} ${CASE.top}H${CASE.left + CASE.width - CASE.radius}A${CASE.radius} ${CASE.radius} 0 0 1 ${CASE.left + CASE.width} ${CASE.top + CASE.radius}V${CASE.top + CASE.height - CASE.radius}A${CASE.radius} ${CASE.radius} 0 0 1 ${CASE.left + CASE.width - CASE.radius} ${CASE.top + CASE.height}H${CASE.left + CASE.radius}A${CASE.radius} ${CASE.radius} 0 0 1 ${CASE.left} ${CASE.top + CASE.height - CASE.radius}V${CASE.top + CASE.radius}A${CASE.radius} ${CASE.radius} 0 0 1 ${CASE.left + CASE.radius} ${CASE.top}Z`;
const ISLAND = { x: 660, y: 260, size: 300, radius: 74 };

/** A camera lens: a metal ring, dark glass, and the window's reflection in it. */
function lens(cx: number, cy: number): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="62" fill="url(#ring)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="50" fill="#14151a"/>` +
    `<circle cx="${cx}" cy="${cy}" r="34" fill="url(#glass)"/>` +
    `<ellipse cx="${cx - 16}" cy="${cy - 18}" rx="12" ry="8" fill="#fff" fill-opacity="0.55" transform="rotate(-35 ${cx - 16} ${cy - 18})"/>`
  );
}

async function render(): Promise<Buffer> {
  const island = `<rect x="${ISLAND.x}" y="${ISLAND.y}" width="${ISLAND.size}" height="${ISLAND.size}" rx="${ISLAND.radius}"/>`;
  const [shadow, shading] = await Promise.all([
    softLayer([
      [34, `<path d="${OUTLINE}" transform="translate(22 34)" fill-opacity="0.26"/>`],
      [6, `<path d="${OUTLINE}" transform="translate(4 6)" fill-opacity="0.3"/>`],
    ]),
    softLayer(
      [
        [
          16,
          `<path d="${OUTLINE}" transform="translate(-10 -10)" fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="30"/>`,
        ],
        [
          18,
          `<path d="${OUTLINE}" transform="translate(12 12)" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="34"/>`,
        ],
        [70, `<path d="M560 1100L1440 380L1440 560L560 1280Z" fill="#fff" fill-opacity="0.3"/>`],
        [
          8,
          `<g transform="translate(6 8)" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="14">${island.replace('/>', ' fill="none"/>')}</g>`,
        ],
      ],
      0.5,
    ),
  ]);
  const defs =
    `<clipPath id="case"><path d="${OUTLINE}"/></clipPath>` +
    linearGradient(
      'back',
      [CASE.left, CASE.top, CASE.left + CASE.width, CASE.top + CASE.height],
      [
        [0, '#f6f6f4'],
        [1, '#e3e2df'],
      ],
    ) +
    linearGradient(
      'island',
      [ISLAND.x, ISLAND.y, ISLAND.x + ISLAND.size, ISLAND.y + ISLAND.size],
      [
        [0, '#45464b'],
        [1, '#232428'],
      ],
    ) +
    linearGradient(
      'ring',
      [0, 0, 1, 1],
      [
        [0, '#8c8e94'],
        [0.5, '#3c3e43'],
        [1, '#6f7177'],
      ],
      'objectBoundingBox',
    ) +
    // Dark glass with a blue cast, lighter towards the window (same for each lens, hence bounding-box units).
    '<radialGradient id="glass" cx="0.4" cy="0.4" r="0.6"><stop offset="0" stop-color="#2c3550"/><stop offset="1" stop-color="#07080b"/></radialGradient>';
  const body =
    studioBackdrop('#eeedeb', '#d5d4d1') +
    shadow +
    `<path d="M${CASE.left - 5} 430h8v120h-8zM${CASE.left + CASE.width - 3} 470h8v170h-8z" fill="#d8d7d4"/>` +
    `<path d="${OUTLINE}" fill="url(#back)"/>` +
    `<g clip-path="url(#case)">${shading}</g>` +
    `<rect x="${ISLAND.x - 10}" y="${ISLAND.y - 10}" width="${ISLAND.size + 20}" height="${ISLAND.size + 20}" rx="${ISLAND.radius + 10}" fill="#e6e5e2"/>` +
    `<rect x="${ISLAND.x - 10}" y="${ISLAND.y - 10}" width="${ISLAND.size + 20}" height="${ISLAND.size + 20}" rx="${ISLAND.radius + 10}" fill="none" stroke="#fff" stroke-width="3"/>` +
    island.replace('/>', ' fill="url(#island)"/>') +
    lens(740, 340) +
    lens(740, 480) +
    lens(880, 410) +
    `<circle cx="880" cy="310" r="17" fill="#efe9d2" stroke="#8d8a80" stroke-width="3"/><circle cx="884" cy="512" r="6" fill="#0c0c0e"/>`;
  return renderScene({
    seed: 909,
    defs,
    body,
    textures: [{ kind: 'paper' }, { kind: 'ceramic', strength: 2, mask: `<path d="${OUTLINE}"/>` }],
  });
}

export const phoneCaseTemplate: StarterTemplate = {
  id: 'library-phone-case-white',
  name: 'Phone case (white, back)',
  width: SIZE,
  height: SIZE,
  corners: rectCorners(672, 610, 1328, 1722),
  rotation: 0,
  // The whole design, inside the case's back: a case is printed within its camera and edge margins.
  fit: 'contain',
  render,
};
