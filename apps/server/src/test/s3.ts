import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { s3Client, type S3Settings } from '../platform/storage/s3-storage.ts';

/**
 * A fresh, empty bucket on the loopback S3 server that scripts/test.ts starts (TEST_S3_URL, an
 * s3rver), or on `endpoint`; `env` configures an app to use it. No server is a failure naming what to start.
 */
export async function createTestBucket(
  endpoint = process.env.TEST_S3_URL,
): Promise<{ settings: S3Settings; env: Record<string, string> }> {
  if (!endpoint) {
    throw new Error(
      'The S3 tests need TEST_S3_URL, the loopback S3 server scripts/test.ts starts (node scripts/s3-server.ts prints one).',
    );
  }
  const settings: S3Settings = {
    endpoint,
    bucket: `podflow-t-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = s3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  client.destroy();
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: settings.bucket,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  return { settings, env };
}
