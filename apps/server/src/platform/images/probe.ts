import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** The image format a file's first bytes announce, or undefined when it is none we accept. */
export function sniffImageFormat(head: Buffer): ImageFormat | undefined {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return undefined;
}

/** Width, height and alpha from the image's header (no pixel is decoded). */
export async function probeImage(
  source: Readable,
): Promise<{ width: number; height: number; hasAlpha: boolean }> {
  const reader = sharp();
  const [meta] = await Promise.all([reader.metadata(), pipeline(source, reader)]);
  return { width: meta.width ?? 0, height: meta.height ?? 0, hasAlpha: meta.hasAlpha === true };
}

export type Box = { left: number; top: number; right: number; bottom: number };

/**
 * The bounding box (fractions 0..1) of an image's transparent window: where a photo with a
 * cut-out shows the design behind it. Undefined when the image is opaque or nearly all clear.
 */
export async function transparentWindow(source: Readable, maxPixels: number): Promise<Box | undefined> {
  const reader = sharp({ limitInputPixels: maxPixels, sequentialRead: true })
    .ensureAlpha()
    .extractChannel('alpha')
    .resize(400, 400, { fit: 'inside', withoutEnlargement: true })
    .raw();
  const [{ data, info }] = await Promise.all([
    reader.toBuffer({ resolveWithObject: true }),
    pipeline(source, reader),
  ]);
  let left = info.width;
  let top = info.height;
  let right = -1;
  let bottom = -1;
  let clear = 0;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if ((data[y * info.width + x] ?? 255) >= 128) continue;
      clear += 1;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  const share = clear / (info.width * info.height);
  if (share < 0.005 || share > 0.95) return undefined;
  return {
    left: left / info.width,
    top: top / info.height,
    right: (right + 1) / info.width,
    bottom: (bottom + 1) / info.height,
  };
}
