import sharp from 'sharp';

/**
 * Surface textures made from seeded noise, as multiplicative deltas around 0 (a pixel becomes
 * `value * (1 + delta)`), so they keep the shading underneath and never shift the mean tone.
 * Drawn as pixel buffers because librsvg's feTurbulence costs over a second at 2000 px; the
 * blurring and scaling run in libvips, which is many times faster than doing it in JavaScript.
 */
export type TextureKind = 'paper' | 'plaster' | 'jersey' | 'fleece' | 'heather' | 'canvas' | 'ceramic';

/** A field of deltas for a square image, roughly within -1..1. */
export type Texture = Float32Array;

/** Seeded noise bytes (xorshift32, inlined: a closure call per pixel costs more than the noise). */
function noiseBytes(count: number, seed: number): Uint8Array {
  const out = new Uint8Array(count);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < count; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 255;
  }
  return out;
}

/** Fine grain, optionally softened so its features are a few pixels wide (which also lowers its contrast). */
async function grain(size: number, seed: number, sigma = 0): Promise<Uint8Array> {
  const bytes = noiseBytes(size * size, seed);
  if (sigma === 0) return bytes;
  return sharp(bytes, { raw: { width: size, height: size, channels: 1 } })
    .blur(sigma)
    .raw()
    .toBuffer();
}

/** Smooth blotches about `cell` pixels wide: a small noise image scaled up. */
async function blotches(size: number, seed: number, cell: number): Promise<Uint8Array> {
  const small = Math.ceil(size / cell) + 1;
  const image = sharp(noiseBytes(small * small, seed), { raw: { width: small, height: small, channels: 1 } });
  return image.resize(size, size, { kernel: 'linear' }).raw().toBuffer();
}

/** Yarn runs sideways, so heather flecks streak horizontally. */
async function streaks(size: number, seed: number): Promise<Uint8Array> {
  const row = [1, 2, 3, 2, 1];
  const kernel = {
    width: 5,
    height: 3,
    kernel: [...row.map(() => 0), ...row, ...row.map(() => 0)],
    scale: 9,
  };
  const image = sharp(noiseBytes(size * size, seed), { raw: { width: size, height: size, channels: 1 } });
  return image.convolve(kernel).raw().toBuffer();
}

/** Plain weave: threads about `pitch` px apart, each a little thicker or thinner than the next. */
function weave(size: number, pitch: number, seed: number): Texture {
  const jitter = noiseBytes(size * 2, seed);
  const k = (2 * Math.PI) / pitch;
  const across = Float32Array.from(
    { length: size },
    (_, y) => Math.cos(y * k) * (0.6 + jitter[Math.floor(y / pitch)]! / 320),
  );
  const down = Float32Array.from(
    { length: size },
    (_, x) => Math.cos(x * k) * (0.6 + jitter[size + Math.floor(x / pitch)]! / 320),
  );
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      // Where one thread rises the crossing one dips: the checker reads as over-under weave.
      const a = across[y]!;
      const b = down[x]!;
      out[y * size + x] = 0.5 * (a + b) * (a * b > 0 ? 1 : 0.55);
    }
  }
  return out;
}

/** Sums byte layers (centred on 128) with weights into a texture. */
function combine(
  size: number,
  layers: ReadonlyArray<readonly [Uint8Array, number]>,
  base?: Texture,
): Texture {
  const out = base ?? new Float32Array(size * size);
  for (const [bytes, weight] of layers) {
    const w = weight / 128;
    for (let i = 0; i < out.length; i += 1) out[i]! += (bytes[i]! - 128) * w;
  }
  return out;
}

/** Builds a texture field of the given kind for a square image. */
export async function buildTexture(kind: TextureKind, size: number, seed: number): Promise<Texture> {
  switch (kind) {
    case 'paper':
      return combine(size, [
        [await grain(size, seed, 0.7), 1.6],
        [await blotches(size, seed + 1, 140), 0.5],
      ]);
    case 'plaster':
      return combine(size, [
        [await grain(size, seed), 0.5],
        [await blotches(size, seed + 1, 24), 0.6],
        [await blotches(size, seed + 2, 240), 0.9],
      ]);
    case 'jersey':
      return combine(size, [
        [await grain(size, seed, 0.6), 2],
        [await blotches(size, seed + 1, 60), 0.45],
      ]);
    case 'fleece':
      return combine(size, [
        [await grain(size, seed, 1.1), 3],
        [await blotches(size, seed + 1, 40), 0.5],
      ]);
    case 'heather':
      return combine(size, [
        [await streaks(size, seed), 1.6],
        [await grain(size, seed + 1), 0.5],
        [await blotches(size, seed + 2, 70), 0.35],
      ]);
    case 'canvas':
      return combine(
        size,
        [
          [await grain(size, seed, 0.6), 0.7],
          [await blotches(size, seed + 1, 90), 0.25],
        ],
        weave(size, 7, seed + 2),
      );
    case 'ceramic':
      return combine(size, [[await grain(size, seed), 1]]);
  }
}

const CONTRAST: Record<TextureKind, number> = {
  paper: 0.012,
  plaster: 0.012,
  jersey: 0.018,
  fleece: 0.02,
  heather: 0.045,
  canvas: 0.05,
  ceramic: 0.004,
};

/** Lays a texture into the scene's field, replacing what is there where the 0..255 mask is set. */
export function layTexture(
  field: Texture,
  texture: Texture,
  kind: TextureKind,
  strength: number,
  mask: Uint8Array | undefined,
): void {
  const amount = CONTRAST[kind] * strength;
  for (let i = 0; i < field.length; i += 1) {
    const weight = mask === undefined ? 1 : mask[i]! / 255;
    if (weight !== 0) field[i] = field[i]! + (texture[i]! * amount - field[i]!) * weight;
  }
}

/** Multiplies a finished field into an RGB buffer. */
export function applyField(rgb: Buffer, field: Texture): void {
  for (let i = 0; i < field.length; i += 1) {
    const factor = 1 + field[i]!;
    const c = i * 3;
    rgb[c] = Math.min(255, rgb[c]! * factor + 0.5);
    rgb[c + 1] = Math.min(255, rgb[c + 1]! * factor + 0.5);
    rgb[c + 2] = Math.min(255, rgb[c + 2]! * factor + 0.5);
  }
}
