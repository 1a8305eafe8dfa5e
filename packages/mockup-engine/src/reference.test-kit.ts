import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ssim } from 'ssim.js';

/** What the engine's quality tests compare against: ImageMagick's renderings, by SSIM. */

/**
 * A print-file-like design, drawn at any size from one SVG: gradients, circles, a hatch of thin
 * lines, a fan of hairlines and lettering from headline to small print, on a transparent ground.
 */
export function detailedDesign(width: number, height: number): Promise<Buffer> {
  const rings = Array.from(
    { length: 24 },
    (_, k) =>
      `<circle cx="750" cy="520" r="${40 + k * 24}" fill="none" stroke="#fff" stroke-width="2" opacity="0.7"/>`,
  ).join('');
  const fan = Array.from(
    { length: 48 },
    (_, k) =>
      `<line x1="750" y1="1790" x2="${60 + k * 29}" y2="1360" stroke="#0b3954" stroke-width="${k % 2 ? 1.2 : 2.5}"/>`,
  ).join('');
  const smallPrint = Array.from(
    { length: 5 },
    (_, k) =>
      `<text x="120" y="${1390 + k * 44}" font-size="34" font-family="DejaVu Sans" fill="#1b1b1e">The quick brown fox jumps over the lazy dog ${k}1234567890</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1500 1800">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4e89"/><stop offset="1" stop-color="#f7b32b"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fff5c0"/><stop offset="1" stop-color="#e4572e"/></radialGradient>
      <pattern id="hatch" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><line x1="0" y1="0" x2="0" y2="9" stroke="#2d1e2f" stroke-width="2"/></pattern>
    </defs>
    <rect x="60" y="60" width="1380" height="900" rx="60" fill="url(#sky)"/>
    <circle cx="750" cy="520" r="300" fill="url(#sun)"/>
    ${rings}
    <rect x="100" y="990" width="1300" height="330" rx="30" fill="url(#hatch)"/>
    <text x="750" y="1210" font-size="170" font-family="DejaVu Sans" font-weight="bold" text-anchor="middle" fill="#c81d25" stroke="#fff" stroke-width="5">PODFLOW</text>
    ${fan}
    <rect x="90" y="1345" width="1320" height="230" fill="#ffffff" opacity="0.85"/>
    ${smallPrint}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** ImageMagick's convert as scripts/test.ts installs it (Debian's binary: PATH may hold a wrapper). */
export function imageMagick(): string {
  const binary = existsSync('/usr/bin/convert') ? '/usr/bin/convert' : 'convert';
  const probe = spawnSync(binary, ['-version'], { encoding: 'utf8' });
  if (probe.status !== 0 || !probe.stdout.includes('ImageMagick')) {
    throw new Error(
      'ImageMagick `convert` is missing: the quality test compares against it. `npm test` (scripts/test.ts) installs the Debian package imagemagick; or run apt-get install imagemagick.',
    );
  }
  return binary;
}

/**
 * Runs ImageMagick's convert in a fresh folder holding `files` (name: bytes); `args` name them
 * and write `out.png`, which is returned.
 */
export function magick(files: Record<string, Uint8Array>, args: string[]): Buffer {
  const binary = imageMagick();
  const dir = mkdtempSync(path.join(tmpdir(), 'podflow-im-'));
  try {
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
    const result = spawnSync(binary, args, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`convert failed: ${result.stderr}`);
    return readFileSync(path.join(dir, 'out.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SSIM of two images over a rectangle, at full resolution and with ssim.js's default downsampling. */
export async function ssimOver(
  a: Uint8Array,
  b: Uint8Array,
  box: { left: number; top: number; width: number; height: number },
) {
  const crop = async (image: Uint8Array) => {
    const data = await sharp(image).extract(box).ensureAlpha().raw().toBuffer();
    return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), ...box };
  };
  const [x, y] = await Promise.all([crop(a), crop(b)]);
  return {
    full: ssim(x, y, { downsample: false }).mssim,
    standard: ssim(x, y).mssim,
  };
}
