import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';

// Each image is read once: libvips' operation cache would only hold memory.
sharp.cache(false);

/** A WebP thumbnail that fits in size × size (never enlarged), transparency kept. Streams its input. */
export async function makeThumbnail(
  source: Readable,
  options: { size: number; maxPixels: number },
): Promise<Buffer> {
  const transformer = sharp({ limitInputPixels: options.maxPixels, sequentialRead: true })
    .resize(options.size, options.size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82, alphaQuality: 90, effort: 2 });
  const [thumbnail] = await Promise.all([transformer.toBuffer(), pipeline(source, transformer)]);
  return thumbnail;
}
