import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UrlSigner } from '../../platform/storage/signed-urls.ts';
import { printifyPrintFile } from './print-file.ts';

const limit = 5 * 1024 * 1024;
const tooLarge =
  "This design is larger than the 5 MB Printify takes as an upload: set PUBLIC_URL to PodFlow's address on the internet so Printify can fetch it, or upload a smaller file.";

/** A storage holding one file of `size` bytes, counting reads. */
function storageOf(size: number) {
  const reads: string[] = [];
  const bytes = Buffer.alloc(size, 7);
  return {
    reads,
    bytes,
    read: async (key: string) => {
      reads.push(key);
      return Readable.from([bytes]);
    },
  };
}

const signer = new UrlSigner('a'.repeat(64), 3600);
const design = (bytes: number) => ({ file_name: 'cat.png', storage_key: 'designs/w1/cat.png', bytes });

describe('printifyPrintFile', () => {
  it('sends the signed URL under PUBLIC_URL when Printify can fetch it, whatever the size, reading nothing', async () => {
    const storage = storageOf(limit + 1);
    const file = await printifyPrintFile(design(limit + 1), {
      byUrl: true,
      publicUrl: 'https://podflow.example.com',
      signer,
      storage,
    });
    expect(file).toEqual({
      fileName: 'cat.png',
      url: expect.stringMatching(
        /^https:\/\/podflow\.example\.com\/files\/designs\/w1\/cat\.png\?exp=\d+&sig=/,
      ),
    });
    expect(storage.reads).toEqual([]);
  });

  it('sends the bytes as base64 up to exactly 5 MB when Printify cannot fetch PUBLIC_URL', async () => {
    const storage = storageOf(limit);
    const file = await printifyPrintFile(design(limit), {
      byUrl: false,
      publicUrl: undefined,
      signer,
      storage,
    });
    expect(file).toEqual({ fileName: 'cat.png', contents: storage.bytes.toString('base64') });
    expect(storage.reads).toEqual(['designs/w1/cat.png']);
  });

  it('fails a design over 5 MB with a sentence saying to set PUBLIC_URL, sending nothing', async () => {
    const storage = storageOf(limit + 1);
    const source = { byUrl: false, publicUrl: 'http://127.0.0.1:3000', signer, storage };
    await expect(printifyPrintFile(design(limit + 1), source)).rejects.toThrow(tooLarge);
    expect(storage.reads).toEqual([]);
    // A row that says less than the stored file holds does not let the file through.
    await expect(printifyPrintFile(design(10), source)).rejects.toThrow(tooLarge);
  });
});
