import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('storage configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-config-'));
  const s3 = {
    DATA_DIR: dataDir,
    STORAGE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'podflow-files',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files on the local disk under DATA_DIR/files when STORAGE is not set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).storage).toEqual({
      kind: 'local',
      root: path.join(dataDir, 'files'),
    });
  });

  it('uses an S3 bucket with STORAGE=s3, in AWS style unless path style is asked for', () => {
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'podflow-files',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const aws = loadConfig({ ...s3, S3_ENDPOINT: '', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' });
    expect(aws.storage).toMatchObject({ endpoint: undefined, region: 'eu-west-3', forcePathStyle: true });
    const role = loadConfig({ ...s3, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' });
    expect(role.storage).toMatchObject({ accessKeyId: '', secretAccessKey: '' });
  });

  it('refuses to start on an S3 setting that cannot work, naming it', () => {
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow(
      'Invalid configuration:\n  STORAGE=s3 needs S3_BUCKET',
    );
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'STORAGE=s3 needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for the AWS credential chain)',
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'My_Bucket' })).toThrow(
      'S3_BUCKET: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT: S3_ENDPOINT must be an http(s) URL',
    );
    expect(() => loadConfig({ ...s3, STORAGE: 'gcs' })).toThrow('STORAGE: STORAGE must be local or s3');
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
  });
});
