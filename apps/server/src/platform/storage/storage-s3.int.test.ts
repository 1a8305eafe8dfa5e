import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestBucket } from '../../test/s3.ts';
import { s3Client, s3Storage } from './s3-storage.ts';
import { storageContract } from './storage.contract.ts';

storageContract('S3', async () => {
  const { settings } = await createTestBucket();
  const client = s3Client(settings);
  const storage = s3Storage(settings, client);
  return {
    storage,
    close: async () => {
      await storage.deletePrefix('u/');
      await client.send(new DeleteBucketCommand({ Bucket: settings.bucket }));
      client.destroy();
    },
  };
});

describe('the S3 storage adapter', () => {
  it('lists past a page of 1000 objects (ListObjectsV2 continuation) and removes them all by prefix', async () => {
    const { settings } = await createTestBucket();
    const storage = s3Storage(settings);
    const keys = Array.from({ length: 1005 }, (_, i) => `u/1/w/1/mockups/${String(i).padStart(4, '0')}.jpg`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.write(key, [Buffer.from('j')])));
    }
    const listed = new Set<string>();
    for await (const file of storage.list()) listed.add(file.key);
    expect(listed.size).toBe(1005);
    await storage.deletePrefix('u/1/w/1/');
    let left = 0;
    for await (const _ of storage.list()) left += 1;
    expect(left).toBe(0);
  });

  it('says which setting to check when the bucket is missing or the server does not answer', async () => {
    const { settings } = await createTestBucket();
    const missing = s3Storage({ ...settings, bucket: 'podflow-no-such-bucket' });
    await expect(missing.write('u/1/a.png', [Buffer.from('x')])).rejects.toThrow(
      `Object storage: write u/1/a.png failed on bucket "podflow-no-such-bucket" at ${settings.endpoint}: NoSuchBucket (HTTP 404); the bucket does not exist, create it or check S3_BUCKET`,
    );
    const wrongKey = s3Storage({ ...settings, accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.read('u/1/a.png')).rejects.toThrow(/check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    const down = s3Storage({ ...settings, endpoint: 'http://127.0.0.1:9' });
    await expect(down.read('u/1/a.png')).rejects.toThrow(
      /^Object storage: read u\/1\/a.png failed: bucket ".+" at http:\/\/127.0.0.1:9 did not answer \(ECONNREFUSED\); check S3_ENDPOINT$/,
    );
  });

  it('sends file bytes signed as UNSIGNED-PAYLOAD, whole, and hashes the bodies S3 requires hashed', async () => {
    const seen: Array<{ method: string; sha: string | undefined; bytes: number }> = [];
    const capture = createServer((request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        seen.push({ method: request.method!, sha: request.headers['x-amz-content-sha256'] as string, bytes });
        response.setHeader('etag', '"x"');
        response.end();
      });
    });
    await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
    const storage = s3Storage({
      endpoint,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    try {
      const file = Buffer.alloc(300_000, 7);
      expect(await storage.write('u/1/a.png', [file.subarray(0, 100_000), file.subarray(100_000)])).toBe(
        300_000,
      );
      await storage.delete('u/1/a.png');
    } finally {
      capture.close();
    }
    expect(seen).toEqual([
      { method: 'PUT', sha: 'UNSIGNED-PAYLOAD', bytes: 300_000 },
      // A DELETE has no body: the hash of nothing, as the SDK signs it.
      { method: 'DELETE', sha: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', bytes: 0 },
    ]);
  });
});
