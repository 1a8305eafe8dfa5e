import { BODY_DETAILS, BODY_OUTLINE, bodyLayers, ribs } from './long-sleeve-body.ts';
import { SIZE, rectCorners, fabricDisplacement } from './geometry.ts';
import { linearGradient, renderScene, seam, stitches, studioBackdrop } from './render-helpers.ts';
import type { StarterTemplate } from './starter-templates.ts';

// A light heather-grey crew-neck sweatshirt laid flat.
const BACK_NECK = 'M850 330C890 337 940 342 1000 345C1060 342 1110 337 1150 330';
const NECK_OPENING = `${BACK_NECK}C1134 500 866 500 850 330Z`;
const COLLAR = 'M850 330C866 500 1134 500 1150 330L1168 346C1150 552 850 552 832 346Z';

async function render(): Promise<Buffer> {
  const { shadow, shading } = await bodyLayers();
  const defs =
    `<clipPath id="body"><path d="${BODY_OUTLINE}"/></clipPath><clipPath id="opening"><path d="${NECK_OPENING}"/></clipPath>` +
    linearGradient(
      'inside',
      [0, 350, 0, 470],
      [
        [0, '#bdbcb8'],
        [1, '#a9a8a4'],
      ],
    );
  const body =
    studioBackdrop() +
    shadow +
    `<path d="${BODY_OUTLINE}" fill="#dcdcd9"/>` +
    `<path d="${NECK_OPENING}" fill="url(#inside)"/>` +
    `<g clip-path="url(#opening)"><path d="${BACK_NECK}" fill="none" stroke="#cfcfcc" stroke-width="64"/>` +
    `<path d="${BACK_NECK}" transform="translate(0 32)" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="6"/></g>` +
    `<path d="${COLLAR}" fill="#dadad7"/>` +
    ribs('M841 338C858 528 1142 528 1159 338', 40) +
    `<g clip-path="url(#body)">${shading}${BODY_DETAILS}` +
    seam('M832 346C850 552 1150 552 1168 346') +
    stitches('M822 356C840 570 1160 570 1178 356') +
    seam('M850 336L560 426') +
    seam('M1150 336L1440 426') +
    '</g>';
  return renderScene({
    seed: 202,
    defs,
    body,
    textures: [{ kind: 'paper' }, { kind: 'heather', mask: `<path d="${BODY_OUTLINE}"/>` }],
  });
}

export const sweatshirtTemplate: StarterTemplate = {
  id: 'library-sweatshirt-heather',
  name: 'Sweatshirt (light heather grey)',
  width: SIZE,
  height: SIZE,
  corners: rectCorners(700, 600, 1300, 1360),
  rotation: 0,
  fit: 'contain',
  realism: { displacement: fabricDisplacement },
  render,
};
