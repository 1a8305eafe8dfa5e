import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../apps/server/src/platform/storage/s3-storage.ts';
import { startS3 } from '../scripts/services.ts';
import {
  mockupRunDone,
  newWorkspace,
  premiumSeller,
  selectStarterTemplates,
  sellerApi,
  startServer,
} from './server-process.ts';
import { buildForm, designFiles } from './upload.bench.ts';

const FILES = 40;
const TEMPLATES = 2;
const MB = 1024 * 1024;

type Figures = { uploadMs: number; bytes: number; mockupMs: number; mockups: number };

const sum = (a: Figures, b: Figures): Figures => ({
  uploadMs: a.uploadMs + b.uploadMs,
  bytes: a.bytes + b.bytes,
  mockupMs: a.mockupMs + b.mockupMs,
  mockups: a.mockups + b.mockups,
});

/** One seller's upload of FILES print files, then a mockup run on TEMPLATES starter templates. */
async function measure(env: Record<string, string>): Promise<Figures> {
  const server = await startServer(['apps/server/src/main.ts'], {
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
    ...env,
  });
  try {
    const authorization = await premiumSeller(server, 'bench-storage@example.com');
    const call = sellerApi(server, authorization);
    const workspaceId = await newWorkspace(call, 'Bench storage');
    const { form, bytes } = await buildForm(await designFiles(), workspaceId, FILES);
    let started = performance.now();
    const uploaded = await fetch(`${server.url}/workspace/upload_designs/`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    const uploadMs = performance.now() - started;
    const { stored } = (await uploaded.json()) as { stored: number };
    if (uploaded.status !== 201 || stored !== FILES) throw new Error(`upload failed: ${uploaded.status}`);

    await selectStarterTemplates(call, workspaceId, TEMPLATES);
    started = performance.now();
    await call(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`);
    const mockups = await mockupRunDone(call, workspaceId);
    return { uploadMs, bytes, mockupMs: performance.now() - started, mockups };
  } finally {
    await server.stop();
  }
}

/**
 * The same upload and mockup run with files on the local disk and in an S3 bucket (s3rver on
 * loopback, itself writing to the same disk), one after the other in one run: S3's throughput as
 * a share of local disk's (target ≥ 0.8).
 */
export async function benchStorage(): Promise<void> {
  const s3 = await startS3();
  try {
    const bucket = `podflow-bench-${randomBytes(4).toString('hex')}`;
    const settings = {
      endpoint: s3.url,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    const client = s3Client(settings);
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    const localEnv = { STORAGE: 'local' };
    const bucketEnv = {
      STORAGE: 's3',
      S3_ENDPOINT: s3.url,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    // Local, S3, S3, local: each adapter gets one run early and one late, so neither is favoured
    // by what the machine was doing (or had cached) at the time; each figure is the two runs summed.
    const runs: Figures[] = [];
    for (const env of [localEnv, bucketEnv, bucketEnv, localEnv]) runs.push(await measure(env));
    const local = sum(runs[0]!, runs[3]!);
    const bucketRun = sum(runs[1]!, runs[2]!);
    const mbps = (f: Figures) => f.bytes / MB / (f.uploadMs / 1000);
    const perSecond = (f: Figures) => f.mockups / (f.mockupMs / 1000);
    const line = (name: string, f: Figures) =>
      `  ${name.padEnd(28)} upload ${mbps(f).toFixed(0).padStart(4)} MB/s (${(f.uploadMs / 1000).toFixed(2)} s)   mockups ${perSecond(f).toFixed(2).padStart(5)}/s (${f.mockups} in ${(f.mockupMs / 1000).toFixed(2)} s)`;
    console.log(
      `\nStorage: ${FILES} PNGs of 4500x5400 (${(local.bytes / 2 / MB).toFixed(0)} MB) uploaded, then ${FILES} x ${TEMPLATES} mockups; twice per adapter (local, S3, S3, local), summed`,
    );
    console.log(line('local disk', local));
    console.log(line('S3 (s3rver on loopback)', bucketRun));
    console.log(
      `  S3 / local disk: upload ${(mbps(bucketRun) / mbps(local)).toFixed(2)}x, mockups ${(perSecond(bucketRun) / perSecond(local)).toFixed(2)}x (target ≥ 0.8 each)`,
    );
  } finally {
    s3.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStorage();
