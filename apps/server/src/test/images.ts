import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of the given size; transparent background unless alpha is false. */
export function buildPng({ width = 64, height = 48, alpha = true, seed = 0 } = {}): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < width * height; i += 1) {
    raw[i * channels] = (i * 7 + seed * 31) % 256;
    raw[i * channels + 1] = (i * 13) % 256;
    raw[i * channels + 2] = (seed * 57) % 256;
    if (alpha) raw[i * channels + 3] = i % width < width / 2 ? 0 : 255;
  }
  return sharp(raw, { raw: { width, height, channels } }).png().toBuffer();
}

/** A JPEG, for files that claim to be PNGs by name only. */
export function buildJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
}

/** The first bytes of a PNG that claims width × height pixels: enough to be refused by its header. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(6, 9); // RGBA
  const typeAndData = Buffer.concat([Buffer.from('IHDR'), ihdr]);
  const chunk = Buffer.alloc(4 + typeAndData.length + 4);
  chunk.writeUInt32BE(13, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData) >>> 0, 4 + typeAndData.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk,
    Buffer.alloc(4096),
  ]);
}

/** An opaque photo-like PNG with a transparent rectangular window (fractions of the image). */
export function buildWindowPng(
  width: number,
  height: number,
  window: { left: number; top: number; right: number; bottom: number },
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const inside =
        x >= window.left * width &&
        x < window.right * width &&
        y >= window.top * height &&
        y < window.bottom * height;
      raw[i] = 120 + ((x + y) % 60);
      raw[i + 1] = 110;
      raw[i + 2] = 100;
      raw[i + 3] = inside ? 0 : 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Image-mode template data: a perspective quad over the templatePng shirt. */
export const templateData = JSON.stringify({
  topLeft: { x: 0.25, y: 0.2 },
  topRight: { x: 0.75, y: 0.25 },
  bottomRight: { x: 0.72, y: 0.8 },
  bottomLeft: { x: 0.28, y: 0.75 },
  rotation: 0,
  fit: 'contain',
});

/** A small product photo: a grey shirt-like block on a light background. */
export function templatePng(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="hsl(${hue},20%,92%)"/>
    <rect x="80" y="60" width="240" height="300" rx="30" fill="hsl(${hue},10%,80%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
