import sharp from 'sharp';
import { type TextureKind, applyField, buildTexture, layTexture } from './fabric-textures.ts';
import { SIZE } from './geometry.ts';

/** A seeded PRNG (mulberry32): textures and wood grain come out the same on every render. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = Math.imul(state ^ (state >>> 15), 1 | state);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

const svgOpen = (px: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${SIZE} ${SIZE}">`;

/** Markup to blur as one piece, with the blur's standard deviation in template pixels. */
export type SoftGroup = readonly [blur: number, markup: string];

/**
 * Renders soft markup (shadows, folds, glow) at a fraction of the size and returns it as an `<image>`
 * for the full-size scene. Blurred shapes lose nothing at low resolution, and each group is blurred
 * by libvips rather than by an SVG filter: librsvg takes ~30 ms per filter even at 500 px (more for
 * small radii), libvips a few.
 */
export async function softLayer(groups: readonly SoftGroup[], scale = 0.25): Promise<string> {
  const px = Math.round(SIZE * scale);
  const layers = await Promise.all(
    groups.map(([blur, markup]) => {
      const image = sharp(Buffer.from(`${svgOpen(px)}${markup}</svg>`));
      return (blur * scale >= 0.3 ? image.blur(blur * scale) : image).raw().toBuffer();
    }),
  );
  const raw = { width: px, height: px, channels: 4 } as const;
  const png = await sharp({ create: { ...raw, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers.map((input) => ({ input, raw })))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return `<image width="${SIZE}" height="${SIZE}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`;
}

export type TextureRegion = {
  kind: TextureKind;
  /** Multiplies the texture's built-in contrast. */
  strength?: number;
  /** White-filled shapes where the texture applies; the whole image when absent. */
  mask?: string;
};

export type Scene = {
  /** Seeds every texture, so each template has its own grain but the same one on every render. */
  seed: number;
  defs?: string;
  body: string;
  textures: readonly TextureRegion[];
};

async function renderMask(markup: string): Promise<Uint8Array> {
  const svg = `${svgOpen(SIZE)}<rect width="${SIZE}" height="${SIZE}"/><g fill="#fff">${markup}</g></svg>`;
  return sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
}

/** Renders a scene: the SVG body at full size, then its textures multiplied in (each region replacing the ones before it), as an opaque PNG. */
export async function renderScene(scene: Scene): Promise<Buffer> {
  const svg = `${svgOpen(SIZE)}<defs>${scene.defs ?? ''}</defs>${scene.body}</svg>`;
  const rgb = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const field = new Float32Array(SIZE * SIZE);
  for (const [index, region] of scene.textures.entries()) {
    const [texture, mask] = await Promise.all([
      buildTexture(region.kind, SIZE, scene.seed * 16 + index),
      region.mask === undefined ? undefined : renderMask(region.mask),
    ]);
    layTexture(field, texture, region.kind, region.strength ?? 1, mask);
  }
  applyField(rgb, field);
  return sharp(rgb, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png({ compressionLevel: 4 })
    .toBuffer();
}

/** A linear gradient definition from `[offset, colour, opacity?]` stops. */
export function linearGradient(
  id: string,
  [x1, y1, x2, y2]: readonly [number, number, number, number],
  stops: ReadonlyArray<readonly [number, string, number?]>,
  units: 'userSpaceOnUse' | 'objectBoundingBox' = 'userSpaceOnUse',
): string {
  const stopTags = stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
  return `<linearGradient id="${id}" gradientUnits="${units}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopTags}</linearGradient>`;
}

/**
 * The light across an upright cylinder's body as a left-to-right gradient: `shade` (of u, −1 at
 * the left edge to 1 at the right) sampled at 41 stops, each level (of 250) coloured by `colour`.
 */
export function cylinderGradient(
  id: string,
  shade: (u: number) => number,
  colour: (level: number) => string,
): string {
  const stops: Array<[number, string]> = [];
  for (let i = 0; i <= 40; i += 1) {
    const f = i / 40;
    const level = Math.round(Math.min(1, shade(Math.max(-0.999, Math.min(0.999, 2 * f - 1)))) * 250);
    stops.push([f, colour(level)]);
  }
  return linearGradient(id, [0, 0, 1, 0], stops, 'objectBoundingBox');
}

/** A radial gradient definition (user space) from `[offset, colour, opacity?]` stops. */
export function radialGradient(
  id: string,
  [cx, cy, rx, ry]: readonly [number, number, number, number],
  stops: ReadonlyArray<readonly [number, string, number?]>,
): string {
  const stopTags = stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
  // An ellipse is a circle of radius rx squashed vertically around its centre.
  const squash = `translate(0 ${cy}) scale(1 ${ry / rx}) translate(0 ${-cy})`;
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${rx}" gradientTransform="${squash}">${stopTags}</radialGradient>`;
}

/**
 * A seamless studio backdrop: a warm light grey lit from the upper left, falling off to the
 * corners, so white products still read against it.
 */
export function studioBackdrop(centre = '#efece7', edge = '#d9d4cc'): string {
  const defs = radialGradient(
    'backdrop',
    [820, 700, 1650, 1450],
    [
      [0, centre],
      [0.55, centre],
      [1, edge],
    ],
  );
  return `<defs>${defs}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#backdrop)"/>`;
}

/** A dashed stitch line along a path, with the faint highlight a thread casts beside its hole. */
export function stitches(d: string, opacity = 0.16): string {
  return (
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${opacity * 1.5}" stroke-width="3" stroke-dasharray="8 6" transform="translate(1 2)"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${opacity}" stroke-width="2.6" stroke-dasharray="8 6"/>`
  );
}

/** A sewn seam: a thin dark crease with a light ridge beside it. */
export function seam(d: string, opacity = 0.14): string {
  return (
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4" transform="translate(2 2)"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${opacity}" stroke-width="3"/>`
  );
}

/**
 * A wall meeting a tabletop at `horizon` (template pixels), with the soft edge a shallow depth of
 * field gives it and window light from the upper left.
 */
export function tabletop(horizon: number, wall = '#e6e2dc', table = '#ece8e2'): string {
  const h = horizon / SIZE;
  const defs =
    linearGradient(
      'scene',
      [0, 0, 0, SIZE],
      [
        [0, wall],
        [h - 0.02, wall],
        [h, '#d6d1c9'],
        [h + 0.015, table],
        [1, '#f3f0eb'],
      ],
    ) +
    radialGradient(
      'window',
      [500, 300, 1500, 1300],
      [
        [0, '#fff', 0.45],
        [1, '#fff', 0],
      ],
    ) +
    radialGradient(
      'falloff',
      [1000, 1000, 1500, 1500],
      [
        [0.5, '#000', 0],
        [1, '#000', 0.1],
      ],
    );
  return (
    `<defs>${defs}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#scene)"/>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#window)"/><rect width="${SIZE}" height="${SIZE}" fill="url(#falloff)"/>`
  );
}
