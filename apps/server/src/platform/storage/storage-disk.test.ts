import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk-storage.ts';
import { storageContract } from './storage.contract.ts';

storageContract('local-disk', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'podflow-storage-'));
  return { storage: localDiskStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe('local-disk storage', () => {
  const root = () => mkdtempSync(path.join(tmpdir(), 'podflow-storage-'));

  it('writes, reads, sizes and deletes a file by key', async () => {
    const dir = root();
    const storage = localDiskStorage(dir);
    expect(await storage.write('u/1/a.bin', [Buffer.from('hello '), Buffer.from('world')])).toBe(11);
    expect(readFileSync(path.join(dir, 'u/1/a.bin'), 'utf8')).toBe('hello world');
    expect(await storage.size('u/1/a.bin')).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('u/1/a.bin')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello world');
    await storage.delete('u/1/a.bin');
    expect(await storage.size('u/1/a.bin')).toBeUndefined();
    await expect(storage.read('u/1/a.bin')).rejects.toThrow(/No file/);
  });

  it('leaves no file, and no temporary file, when the source fails half way', async () => {
    const dir = root();
    const storage = localDiskStorage(dir);
    await storage.write('u/1/keep.bin', [Buffer.from('old')]);
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('connection reset');
    }
    await expect(storage.write('u/1/new.bin', failing())).rejects.toThrow('connection reset');
    await expect(storage.write('u/1/keep.bin', failing())).rejects.toThrow('connection reset');
    expect(readdirSync(path.join(dir, 'u/1'))).toEqual(['keep.bin']);
    expect(readFileSync(path.join(dir, 'u/1/keep.bin'), 'utf8')).toBe('old');
  });

  it('leaves no temporary file when the source fails before the file is even open', async () => {
    const dir = root();
    const storage = localDiskStorage(dir);
    const attempts = Array.from({ length: 100 }, async (_, i) => {
      // eslint-disable-next-line require-yield -- a source that fails at once
      async function* failsAtOnce(): AsyncGenerator<Buffer> {
        throw new Error('not an image');
      }
      await expect(storage.write(`u/1/x${i}.bin`, failsAtOnce())).rejects.toThrow('not an image');
    });
    await Promise.all(attempts);
    expect(readdirSync(path.join(dir, 'u/1'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = localDiskStorage(root());
    for (const key of ['../x', 'u/../../x', '/etc/passwd', 'u//x', 'u/./x']) {
      await expect(storage.write(key, [Buffer.from('x')])).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('removes everything under a prefix', async () => {
    const dir = root();
    const storage = localDiskStorage(dir);
    await storage.write('u/1/w/2/designs/a.png', [Buffer.from('a')]);
    await storage.write('u/1/w/3/designs/b.png', [Buffer.from('b')]);
    await storage.deletePrefix('u/1/w/2/');
    expect(readdirSync(path.join(dir, 'u/1/w'))).toEqual(['3']);
  });
});
