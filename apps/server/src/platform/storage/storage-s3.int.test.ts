import { DeleteBucketCommand } from '@aws-sdk/client-s3';
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
});
