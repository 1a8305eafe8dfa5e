import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../errors.ts';
import { filesRoutes } from './files.routes.ts';
import { UrlSigner } from './signed-urls.ts';
import { FileNotFoundError, type Storage } from './storage.ts';

/** A storage to test and how to remove it (a temp folder, a bucket) afterwards. */
export type StorageUnderTest = { storage: Storage; close: () => Promise<void> };

async function text(storage: Storage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function keys(storage: Storage): Promise<string[]> {
  const found: string[] = [];
  for await (const file of storage.list()) found.push(file.key);
  return found.sort();
}

/**
 * What every storage adapter promises its callers (uploads, thumbnails, mockups, zips, signed
 * file URLs), run against each adapter: storage-disk.test.ts and storage-s3.int.test.ts.
 */
export function storageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`the ${name} storage contract`, () => {
    let opened: StorageUnderTest;
    let storage: Storage;
    beforeAll(async () => {
      opened = await open();
      storage = opened.storage;
    });
    afterAll(async () => {
      await opened.close();
    });

    it('answers the bytes written, then reads, sizes and streams the same bytes back', async () => {
      const big = Buffer.alloc(9 * 1024 * 1024 + 7, 3); // more than one multipart part
      big.write('first', 0);
      big.write('last!', big.length - 5);
      const chunks = [big.subarray(0, 4 * 1024 * 1024), big.subarray(4 * 1024 * 1024)];
      expect(await storage.write('u/1/w/1/designs/big.png', chunks)).toBe(big.length);
      expect(await storage.size('u/1/w/1/designs/big.png')).toBe(big.length);
      const back: Buffer[] = [];
      for await (const chunk of await storage.read('u/1/w/1/designs/big.png')) back.push(chunk as Buffer);
      expect(Buffer.concat(back).equals(big)).toBe(true);
      expect(await storage.write('u/1/w/1/designs/empty.png', [])).toBe(0);
      expect(await storage.size('u/1/w/1/designs/empty.png')).toBe(0);
    });

    it('says a missing file is missing: read rejects with FileNotFoundError, size is undefined, delete is quiet', async () => {
      await expect(storage.read('u/1/w/1/designs/none.png')).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(storage.read('u/1/w/1/designs/none.png')).rejects.toThrow(
        'No file at u/1/w/1/designs/none.png',
      );
      expect(await storage.size('u/1/w/1/designs/none.png')).toBeUndefined();
      await expect(storage.delete('u/1/w/1/designs/none.png')).resolves.toBeUndefined();
      await expect(storage.move('u/1/w/1/designs/none.png', 'u/1/w/1/designs/to.png')).rejects.toThrow();
    });

    it('answers a local file only when it holds the stored bytes, and a missing one as missing', async () => {
      await storage.write('u/1/w/1/designs/local.png', [Buffer.from('local bytes')]);
      const file = await storage.localFile?.('u/1/w/1/designs/local.png');
      // The disk adapter answers its file; a remote one answers nothing and callers read the stream.
      if (file !== undefined) expect(readFileSync(file, 'utf8')).toBe('local bytes');
      if (storage.localFile) {
        const missing = storage.localFile('u/1/w/1/designs/none.png');
        await (file === undefined
          ? expect(missing).resolves.toBeUndefined()
          : expect(missing).rejects.toBeInstanceOf(FileNotFoundError));
        await expect(storage.localFile('../outside.png')).rejects.toThrow('Invalid storage key');
      }
    });

    it('overwrites a file whole, and a failed write leaves the old file untouched and no new one', async () => {
      await storage.write('u/2/a.txt', [Buffer.from('old contents, longer')]);
      await storage.write('u/2/a.txt', [Buffer.from('new')]);
      expect(await text(storage, 'u/2/a.txt')).toBe('new');
      async function* failing() {
        yield Buffer.alloc(64 * 1024, 1);
        throw new Error('connection reset');
      }
      await expect(storage.write('u/2/a.txt', failing())).rejects.toThrow('connection reset');
      await expect(storage.write('u/2/b.txt', failing())).rejects.toThrow('connection reset');
      expect(await text(storage, 'u/2/a.txt')).toBe('new');
      expect(await storage.size('u/2/b.txt')).toBeUndefined();
    });

    it('keeps each of many concurrent writes whole, the last of writes to one key winning whole', async () => {
      const writes = Array.from({ length: 12 }, (_, i) =>
        storage.write(`u/3/f${i}.bin`, [Buffer.alloc(200 * 1024, i)]),
      );
      const same = Array.from({ length: 6 }, (_, i) =>
        storage.write('u/3/same.bin', [Buffer.alloc(100 * 1024, 65 + i)]),
      );
      await Promise.all([...writes, ...same]);
      for (let i = 0; i < 12; i += 1) {
        const bytes = Buffer.from(await text(storage, `u/3/f${i}.bin`), 'latin1');
        expect(bytes.length).toBe(200 * 1024);
        expect(bytes.every((b) => b === i)).toBe(true);
      }
      const winner = await text(storage, 'u/3/same.bin');
      expect(winner).toHaveLength(100 * 1024);
      expect(new Set(winner).size).toBe(1);
    });

    it('moves a file to another key and deletes files one by one or by prefix', async () => {
      await storage.write('u/4/staging/t.png', [Buffer.from('template')]);
      await storage.move('u/4/staging/t.png', 'u/4/w/1/templates/t.png');
      expect(await storage.size('u/4/staging/t.png')).toBeUndefined();
      expect(await text(storage, 'u/4/w/1/templates/t.png')).toBe('template');
      await storage.write('u/4/w/1/mockups/m.jpg', [Buffer.from('m')]);
      await storage.write('u/4/w/2/mockups/n.jpg', [Buffer.from('n')]);
      await storage.write('u/4/w/10/mockups/o.jpg', [Buffer.from('o')]);
      await storage.deletePrefix('u/4/w/1/');
      expect((await keys(storage)).filter((key) => key.startsWith('u/4/'))).toEqual([
        'u/4/w/10/mockups/o.jpg',
        'u/4/w/2/mockups/n.jpg',
      ]);
      await storage.delete('u/4/w/2/mockups/n.jpg');
      expect(await storage.size('u/4/w/2/mockups/n.jpg')).toBeUndefined();
      await expect(storage.deletePrefix('u/4/w/10')).rejects.toThrow("A prefix must end with '/'");
    });

    it('lists every file with its size and time of writing', async () => {
      const before = Date.now() - 5000; // S3 keeps whole seconds
      await storage.write('u/5/x/one.png', [Buffer.from('12345')]);
      await storage.write('u/5/two.png', [Buffer.from('12')]);
      const listed = [];
      for await (const file of storage.list()) if (file.key.startsWith('u/5/')) listed.push(file);
      listed.sort((a, b) => a.key.localeCompare(b.key));
      expect(listed.map(({ key, bytes }) => ({ key, bytes }))).toEqual([
        { key: 'u/5/two.png', bytes: 2 },
        { key: 'u/5/x/one.png', bytes: 5 },
      ]);
      for (const file of listed) {
        expect(file.modifiedAt).toBeGreaterThan(before);
        expect(file.modifiedAt).toBeLessThan(Date.now() + 5000);
      }
    });

    it('refuses keys that could leave its space, before touching anything', async () => {
      for (const key of ['../x', 'u/../../x', '/etc/passwd', 'u//x', 'u/./x', 'u/x/', 'u/%2e%2e/x']) {
        await expect(storage.write(key, [Buffer.from('x')]), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.read(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.size(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
      }
      await expect(storage.deletePrefix('../')).rejects.toThrow(/Invalid storage key/);
    });

    it('serves a file at its signed URL with its type and length, and says when it is gone', async () => {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerErrorHandler(app);
      const signer = new UrlSigner('k'.repeat(40), 3600);
      await app.register(filesRoutes, { storage, signer, producers: [] });
      const png = Buffer.alloc(300 * 1024, 9);
      await storage.write('u/6/w/1/designs/d.png', [png]);
      const served = await app.inject(signer.sign('u/6/w/1/designs/d.png'));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-length']).toBe(String(png.length));
      expect(served.rawPayload.equals(png)).toBe(true);
      await storage.delete('u/6/w/1/designs/d.png');
      const gone = await app.inject(signer.sign('u/6/w/1/designs/d.png'));
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe('This file no longer exists.');
      await app.close();
    });
  });
}
