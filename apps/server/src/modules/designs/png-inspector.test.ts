import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type PngInfo, PngRejection, inspectPng } from './png-inspector.ts';

async function inspect(bytes: Buffer, maxPixels = 100_000_000, chunkSize = 7): Promise<Partial<PngInfo>> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const info: Partial<PngInfo> = {};
  const out: Buffer[] = [];
  for await (const chunk of inspectPng(Readable.from(chunks), { maxPixels }, info)) out.push(chunk);
  expect(Buffer.concat(out).equals(bytes)).toBe(true);
  return info;
}

const png = (channels: 3 | 4, width = 40, height = 30) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 10, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('inspectPng', () => {
  it('passes a whole PNG through byte for byte and reads its size and alpha', async () => {
    expect(await inspect(await png(4))).toEqual({ width: 40, height: 30, hasAlpha: true });
    expect(await inspect(await png(3), undefined, 65536)).toEqual({ width: 40, height: 30, hasAlpha: false });
  });

  it('names what a renamed JPEG really is', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    await expect(inspect(jpeg)).rejects.toThrow('is not a PNG image (it is a JPEG image).');
  });

  it('calls a short or long text file (readme.txt) not a PNG image, not an export cut short', async () => {
    await expect(inspect(Buffer.from('hello\n'))).rejects.toThrow('is not a PNG image (it is a text file).');
    await expect(inspect(Buffer.from('# Readme\n\nThese are my designs.\n'))).rejects.toThrow(
      'is not a PNG image (it is a text file).',
    );
    // The first bytes of a PNG and nothing more is a PNG cut short.
    await expect(inspect(Buffer.from([0x89, 0x50, 0x4e]))).rejects.toThrow(/incomplete/);
  });

  it('refuses a truncated PNG', async () => {
    const whole = await png(4, 300, 300);
    await expect(inspect(whole.subarray(0, whole.length - 20))).rejects.toThrow(/incomplete/);
  });

  it('refuses a PNG whose bytes were altered', async () => {
    const bytes = Buffer.from(await png(4, 64, 64));
    bytes[bytes.length - 30] = (bytes[bytes.length - 30] ?? 0) ^ 0xff;
    await expect(inspect(bytes)).rejects.toThrow(/checksum/);
  });

  it('refuses too many pixels from the header alone', async () => {
    const error = await inspect(await png(4, 200, 100), 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PngRejection);
    expect((error as Error).message).toBe(
      'is 200 × 100 pixels (0.02 megapixels); the limit is 0.01 megapixels.',
    );
  });

  it('refuses an empty file', async () => {
    await expect(inspect(Buffer.alloc(0))).rejects.toThrow('is empty.');
  });
});
