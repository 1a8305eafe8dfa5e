import { crc32 } from 'node:zlib';

/** Why a file is not a usable PNG, as a sentence that follows the file name. */
export class PngRejection extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PngRejection';
  }
}

export type PngInfo = { width: number; height: number; hasAlpha: boolean };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_CHUNK = 0x7fffffff;

/** Names what a file really is from its first bytes, for a helpful rejection. */
function sniff(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'a JPEG image';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'a GIF image';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'a WebP image';
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return 'a PDF document';
  if (head.subarray(0, 2).toString('latin1') === 'BM') return 'a BMP image';
  if (head.subarray(4, 12).toString('latin1').startsWith('ftyp')) return 'a HEIC/MP4 file';
  if (head.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004') return 'a ZIP archive';
  if (/^\s*</.test(head.toString('latin1'))) return 'an SVG or HTML file';
  if (head.length > 0 && !head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f))
    return 'a text file';
  return 'not an image we can read';
}

/** Chunks that carry free text (or compressed text) a browser or another parser might act on. */
const TEXT_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt']);

/**
 * Passes a file's bytes through while checking, as they stream, that they are one whole PNG: the
 * signature, a sane IHDR within the pixel limit, every chunk's CRC, and IEND at the end. What comes
 * out is the same image without its text chunks (tEXt, zTXt, iTXt) and without anything after
 * IEND, so a polyglot (a PNG carrying HTML or a ZIP) is stored as a plain PNG. It never holds more
 * than one stream chunk. Throws a PngRejection; `info` is set once IHDR is read.
 */
export async function* inspectPng(
  source: AsyncIterable<Buffer>,
  limits: { maxPixels: number },
  info: Partial<PngInfo> = {},
): AsyncGenerator<Buffer> {
  let header = Buffer.alloc(0); // pending bytes of a signature, chunk header or CRC
  let state: 'signature' | 'chunk-header' | 'data' | 'crc' | 'end' = 'signature';
  let remaining = 0; // bytes of chunk data still to come
  let type = '';
  let dropped = false; // the current chunk is left out of what is stored
  let crc = 0;
  let ihdr: Buffer | undefined;
  let chunkData: Buffer[] = []; // IHDR data only (13 bytes)
  let sawIhdr = false;

  for await (const chunk of source) {
    const kept: Buffer[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      if (state === 'end') break; // bytes after IEND are dropped (decoders ignore them)
      if (state === 'data') {
        const take = Math.min(remaining, chunk.length - offset);
        const part = chunk.subarray(offset, offset + take);
        crc = crc32(part, crc);
        if (type === 'IHDR') chunkData.push(Buffer.from(part));
        if (!dropped) kept.push(part);
        remaining -= take;
        offset += take;
        if (remaining === 0) state = 'crc';
        continue;
      }
      const need = state === 'signature' ? 8 : state === 'chunk-header' ? 8 : 4;
      const take = Math.min(need - header.length, chunk.length - offset);
      header = Buffer.concat([header, chunk.subarray(offset, offset + take)]);
      offset += take;
      if (header.length < need) continue;

      if (state === 'signature') {
        if (!header.equals(SIGNATURE))
          throw new PngRejection(
            `is not a PNG image (it is ${sniff(Buffer.concat([header, chunk.subarray(offset, offset + 16)]))}).`,
          );
        kept.push(header);
        state = 'chunk-header';
      } else if (state === 'chunk-header') {
        remaining = header.readUInt32BE(0);
        type = header.subarray(4, 8).toString('latin1');
        if (remaining > MAX_CHUNK || !/^[A-Za-z]{4}$/.test(type))
          throw new PngRejection('is damaged: its PNG structure is broken.');
        if (!sawIhdr && type !== 'IHDR') throw new PngRejection('is damaged: it has no PNG header (IHDR).');
        dropped = TEXT_CHUNKS.has(type);
        if (!dropped) kept.push(header);
        crc = crc32(header.subarray(4, 8));
        chunkData = [];
        state = remaining === 0 ? 'crc' : 'data';
      } else {
        if (header.readUInt32BE(0) !== crc >>> 0)
          throw new PngRejection('is damaged: a checksum inside the PNG does not match.');
        if (!dropped) kept.push(header);
        if (type === 'IHDR') {
          ihdr = Buffer.concat(chunkData);
          readHeader(ihdr, limits, info);
          sawIhdr = true;
        } else if (type === 'tRNS') {
          info.hasAlpha = true;
        } else if (type === 'IEND') {
          state = 'end';
        }
        if (state !== 'end') state = 'chunk-header';
      }
      header = Buffer.alloc(0);
    }
    if (kept.length === 1) yield kept[0]!;
    else if (kept.length > 1) yield Buffer.concat(kept);
  }
  if (state === 'signature' && header.length === 0) throw new PngRejection('is empty.');
  // A file shorter than the signature (a short readme.txt) is no PNG cut short unless it starts like one.
  if (state === 'signature' && !SIGNATURE.subarray(0, header.length).equals(header))
    throw new PngRejection(`is not a PNG image (it is ${sniff(header)}).`);
  if (state !== 'end')
    throw new PngRejection(
      'is incomplete: the file ends before the image does (was the upload or export cut short?).',
    );
}

function readHeader(data: Buffer, limits: { maxPixels: number }, info: Partial<PngInfo>): void {
  if (data.length !== 13) throw new PngRejection('is damaged: its PNG header is malformed.');
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const colorType = data.readUInt8(9);
  if (width === 0 || height === 0) throw new PngRejection('is damaged: it says it has no pixels.');
  const pixels = width * height;
  if (pixels > limits.maxPixels) {
    const mp = (n: number) =>
      `${(n / 1e6).toLocaleString('en-US', { maximumSignificantDigits: 3 })} megapixels`;
    throw new PngRejection(
      `is ${width} × ${height} pixels (${mp(pixels)}); the limit is ${mp(limits.maxPixels)}.`,
    );
  }
  info.width = width;
  info.height = height;
  // Colour types 4 and 6 carry an alpha channel; a tRNS chunk (seen later) adds transparency too.
  info.hasAlpha = colorType === 4 || colorType === 6;
}
