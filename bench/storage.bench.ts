import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** Upload wall time and the CPU it took PodFlow's server and the S3 server (ms), then the mockup run. */
type Figures = {
  uploadMs: number;
  bytes: number;
  serverCpuMs: number;
  s3CpuMs: number;
  mockupMs: number;
  mockups: number;
};

/** A process's CPU time so far (user and system), in ms, from /proc. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

const sum = (a: Figures, b: Figures): Figures => ({
  uploadMs: a.uploadMs + b.uploadMs,
  bytes: a.bytes + b.bytes,
  serverCpuMs: a.serverCpuMs + b.serverCpuMs,
  s3CpuMs: a.s3CpuMs + b.s3CpuMs,
  mockupMs: a.mockupMs + b.mockupMs,
  mockups: a.mockups + b.mockups,
});

/** One seller's upload of FILES print files, then a mockup run on TEMPLATES starter templates. */
async function measure(env: Record<string, string>, s3Pid: number | undefined): Promise<Figures> {
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
    const cpuBefore = { server: cpuMs(server.pid), s3: cpuMs(s3Pid) };
    let started = performance.now();
    const uploaded = await fetch(`${server.url}/workspace/upload_designs/`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    const uploadMs = performance.now() - started;
    const serverCpuMs = cpuMs(server.pid) - cpuBefore.server;
    const s3CpuMs = cpuMs(s3Pid) - cpuBefore.s3;
    const { stored } = (await uploaded.json()) as { stored: number };
    if (uploaded.status !== 201 || stored !== FILES) throw new Error(`upload failed: ${uploaded.status}`);

    await selectStarterTemplates(call, workspaceId, TEMPLATES);
    started = performance.now();
    await call(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`);
    const mockups = await mockupRunDone(call, workspaceId);
    return { uploadMs, bytes, serverCpuMs, s3CpuMs, mockupMs: performance.now() - started, mockups };
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
    for (const env of [localEnv, bucketEnv, bucketEnv, localEnv]) runs.push(await measure(env, s3.pid));
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
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `  CPU of the uploads: PodFlow's server ${seconds(local.serverCpuMs)} on local disk, ${seconds(bucketRun.serverCpuMs)} on S3 (${(local.serverCpuMs / bucketRun.serverCpuMs).toFixed(2)}x the throughput per CPU second); the S3 server ${seconds(bucketRun.s3CpuMs)} more, on the same ${availableParallelism()} cores`,
    );
  } finally {
    s3.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStorage();
