import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { zipStream } from './mockups-zip.ts';

describe('zipStream', () => {
  it('ends the download with an error when a file is gone by its turn, instead of hanging', async () => {
    const { stream } = await zipStream([
      {
        name: 'a.jpg',
        size: 3,
        modified: new Date(0),
        open: async () => Readable.from([Buffer.from('abc')]),
      },
      {
        name: 'b.jpg',
        size: 3,
        modified: new Date(0),
        open: () => Promise.reject(new Error('No file at b')),
      },
    ]);
    const read = (async () => {
      for await (const _chunk of stream) {
        // drain
      }
    })();
    await expect(read).rejects.toThrow('No file at b');
  });
});
