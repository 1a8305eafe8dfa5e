import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError, type Storage, type StoredFile, assertValidKey } from './storage.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under a folder (DATA_DIR/files). A write goes to a temporary name beside its target, is
 * fsynced, then renamed: a crash never leaves a half file under a real key.
 */
export function localDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  /** The file's path; rejects with FileNotFoundError when there is none. */
  async function existing(key: string): Promise<string> {
    const file = pathOf(key);
    try {
      await stat(file);
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
    return file;
  }

  async function syncDirectory(dir: string): Promise<void> {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** The files under a folder, depth first; temporary files of writes in progress are not keys. */
  async function* walk(dir: string): AsyncGenerator<StoredFile> {
    let entries;
    try {
      entries = await opendir(dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.startsWith('.tmp-')) {
        const info = await stat(full).catch((error: unknown) => {
          if (isMissing(error)) return undefined; // removed while the folder was read
          throw error;
        });
        if (!info) continue;
        const key = path.relative(root, full).split(path.sep).join('/');
        yield { key, bytes: info.size, modifiedAt: info.mtimeMs };
      }
    }
  }

  return {
    list: () => walk(root),

    async write(key, source) {
      const target = pathOf(key);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.tmp-${randomUUID()}`);
      // `flush` fsyncs the file before it closes; the rename then makes it appear whole or not at all.
      const out = createWriteStream(temp, {
        flags: 'wx',
        mode: 0o600,
        flush: true,
        highWaterMark: 1024 * 1024,
      });
      try {
        await pipeline(source, out);
        await rename(temp, target);
        await syncDirectory(dir);
        return out.bytesWritten;
      } catch (error) {
        // The file may still be opening: wait for the stream to close, or it appears after the rm.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()).destroy());
        await rm(temp, { force: true });
        throw error;
      }
    },

    async read(key) {
      return createReadStream(await existing(key), { highWaterMark: 256 * 1024 }) as Readable;
    },

    localFile: existing,

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async move(from, to) {
      const target = pathOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(pathOf(from), target);
      await syncDirectory(path.dirname(target));
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`A prefix must end with '/': ${prefix}`);
      // A file added while the folder is being removed (a render finishing) fails the last rmdir
      // with ENOTEMPTY: rm then tries again, removing that file too.
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
    },
  };
}
