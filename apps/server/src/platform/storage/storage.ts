import type { Readable } from 'node:stream';

/**
 * Where files live (designs, thumbnails, templates, mockups, zips). Keys are opaque paths built by
 * the server (`u/<user>/w/<workspace>/designs/<id>.png`), never from a name a user typed.
 * The local-disk adapter is the default; an S3-compatible one can stand in behind the same port.
 */
export interface Storage {
  /** Streams `source` under `key`, all or nothing: a failed or interrupted write leaves no file. Answers the bytes written. */
  write(key: string, source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number>;
  /** A stream of the file; rejects with FileNotFoundError when there is none. */
  read(key: string): Promise<Readable>;
  /** The size in bytes, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  /**
   * Where the file lies on this machine's disk, for a reader that opens it itself (the mockup
   * engine's threads decode from it, and no bytes pass through this process); undefined when the
   * adapter keeps files elsewhere. Rejects with FileNotFoundError when there is none.
   */
  localFile?(key: string): Promise<string | undefined>;
  /** Moves a file to another key (same atomicity as write). */
  move(from: string, to: string): Promise<void>;
  /** Removes a file; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored file (writes still in progress left out), in no particular order. */
  list(): AsyncIterable<StoredFile>;
}

/** A stored file as list() reports it. */
export type StoredFile = {
  key: string;
  bytes: number;
  /** Epoch ms of its last write. */ modifiedAt: number;
};

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No file at ${key}`);
    this.name = 'FileNotFoundError';
  }
}

const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Throws unless the key is a plain relative path of safe segments (no '..', no absolute path). */
export function assertValidKey(key: string): void {
  if (!keyPattern.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
