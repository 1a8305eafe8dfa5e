import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { FileNotFoundError, type Storage, type StoredFile, assertValidKey } from './storage.ts';

export type S3Settings = {
  /** Empty for AWS itself; the URL of any other S3-compatible server. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both empty: the SDK's default credential chain (an instance role, AWS_* variables). */
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
};

/** Parts of a multipart upload; a file smaller than one part goes up in a single PUT. */
const PART_BYTES = 8 * 1024 * 1024;
/** ListObjectsV2 and DeleteObjects both take at most 1000 keys a call. */
const PAGE = 1000;

const status = (error: unknown) => (error as S3ServiceException).$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Files as objects of one bucket on any S3-compatible store (AWS SDK v3). Uploads stream as a
 * multipart upload that is completed only when the source ended well: a failed source aborts it,
 * so no object, old or new, is ever half written. Objects stay private; the server streams them
 * at its signed /files URLs like the disk adapter's.
 */
export function s3Storage(settings: S3Settings, client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;
  const where = `bucket "${Bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;

  /** An S3 failure said in words an operator can act on (which setting to check), keeping the cause. */
  const explain = (action: string, error: unknown): Error => {
    if (!(error instanceof S3ServiceException)) {
      const code = (error as NodeJS.ErrnoException).code;
      return new Error(
        `Object storage: ${action} failed: ${where} did not answer (${code ?? (error as Error).message}); check S3_ENDPOINT`,
        { cause: error },
      );
    }
    const hint =
      error.name === 'NoSuchBucket'
        ? '; the bucket does not exist, create it or check S3_BUCKET'
        : ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied'].includes(error.name)
          ? '; check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket policy'
          : '';
    return new Error(
      `Object storage: ${action} failed on ${where}: ${error.name} (HTTP ${status(error) ?? '?'})${hint}`,
      { cause: error },
    );
  };

  const keyOf = (key: string) => {
    assertValidKey(key);
    return key;
  };

  async function* listUnder(prefix: string | undefined): AsyncGenerator<StoredFile> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client
        .send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: PAGE, ContinuationToken }))
        .catch((error: unknown) => {
          throw explain('list', error);
        });
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key, bytes: object.Size ?? 0, modifiedAt: object.LastModified?.getTime() ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    list: () => listUnder(undefined),

    async write(key, source) {
      let bytes = 0;
      async function* counted() {
        for await (const chunk of source) {
          bytes += (chunk as Uint8Array).byteLength;
          yield chunk as Uint8Array;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: Readable.from(counted()) },
        partSize: PART_BYTES,
        queueSize: 4,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The source's own failure (a rejected upload, a reset connection) is the caller's to see.
        if (error instanceof S3ServiceException) throw explain(`write ${key}`, error);
        throw error;
      }
      return bytes;
    },

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw explain(`read ${key}`, error);
      }
    },

    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }))).ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw explain(`size ${key}`, error);
      }
    },

    async move(from, to) {
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: keyOf(to), CopySource: `${Bucket}/${keyOf(from)}` }),
        );
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(from);
        throw explain(`move ${from}`, error);
      }
      await this.delete(from);
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) })).catch((error: unknown) => {
        throw explain(`delete ${key}`, error);
      });
    },

    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`A prefix must end with '/': ${prefix}`);
      keyOf(prefix.slice(0, -1));
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const answer = await client
          .send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          )
          .catch((error: unknown) => {
            throw explain(`delete ${prefix}`, error);
          });
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `Object storage: delete ${prefix} failed for ${failed.length} objects on ${where}: ${failed[0]?.Code} ${failed[0]?.Key}`,
          );
        }
        batch = [];
      };
      for await (const file of listUnder(prefix)) {
        batch.push(file.key);
        if (batch.length >= PAGE) await flush();
      }
      await flush();
    },
  };
}

/** Commands whose body is a file's bytes: signed without hashing them (see s3Client). */
const fileBodies = new Set(['PutObjectCommand', 'UploadPartCommand']);

/**
 * The SDK client for these settings; checksums only where S3 requires them (wider compatibility).
 * File bytes are sent as UNSIGNED-PAYLOAD, as boto3 and the AWS CLI send uploads: the headers
 * are signed, the body is not hashed first (SHA-256 of every byte cost about a third of an
 * upload's time here); S3 and compatible stores accept it.
 */
export function s3Client(settings: S3Settings): S3Client {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId
      ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
      : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  client.middlewareStack.add(
    (next, context) => (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (fileBodies.has(context.commandName ?? '') && request.headers) {
        request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      }
      return next(args);
    },
    { step: 'build', name: 'podflowUnsignedFileBodies' },
  );
  return client;
}
