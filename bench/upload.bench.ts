import { existsSync, mkdirSync, openAsBlob, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { premiumSeller, startServer } from './server-process.ts';

const FILES = 100;
const WIDTH = 4500;
const HEIGHT = 5400;
const VARIANTS = 4;

/** A print-file-like design: transparent background, gradient shapes, lettering and a textured patch. */
async function makeDesign(seed: number): Promise<Buffer> {
  const hue = (seed * 83) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue},80%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},70%,35%)"/></radialGradient></defs>
    <circle cx="2250" cy="2100" r="1500" fill="url(#g)"/>
    <rect x="700" y="3500" width="3100" height="900" rx="200" fill="hsl(${(hue + 200) % 360},60%,45%)"/>
    <text x="2250" y="4120" font-size="520" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#fff">PODFLOW ${seed}</text>
  </svg>`;
  const noise = Buffer.alloc(1200 * 1200 * 4);
  let x = seed + 1;
  for (let i = 0; i < noise.length; i += 4) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = x & 255;
    noise[i + 1] = (x >> 8) & 255;
    noise[i + 2] = (x >> 16) & 255;
    noise[i + 3] = 200;
  }
  return sharp(Buffer.from(svg))
    .composite([
      { input: noise, raw: { width: 1200, height: 1200, channels: 4 }, left: 1650, top: 1500, blend: 'over' },
    ])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The bench's design files, made once and kept in the temp folder between runs. */
export async function designFiles(): Promise<string[]> {
  const dir = path.join(tmpdir(), 'podflow-bench-designs');
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < VARIANTS; i += 1) {
    const file = path.join(dir, `design-${WIDTH}x${HEIGHT}-${i}.png`);
    if (!existsSync(file)) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, await makeDesign(i));
    }
    files.push(file);
  }
  return files;
}

/** An upload form of `count` files taken in turn from `files`, and its bytes. */
export async function buildForm(
  files: string[],
  workspaceId: string,
  count = FILES,
): Promise<{ form: FormData; bytes: number }> {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  let bytes = 0;
  for (let i = 0; i < count; i += 1) {
    const file = files[i % files.length] as string;
    bytes += statSync(file).size;
    form.append('files', await openAsBlob(file, { type: 'image/png' }), `design-${i + 1}.png`);
  }
  return { form, bytes };
}

/** Samples a process's resident set size (from /proc) until stopped; answers the peak growth. */
function watchRss(pid: number): { stop: () => number } {
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const start = rss();
  let peak = start;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss());
    } catch {
      // process gone
    }
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return peak - start;
    },
  };
}

const MB = 1024 * 1024;

/**
 * Uploads 100 PNGs of 4500x5400 in one multipart request over loopback: wall time, MB/s and the
 * server's peak RSS growth, against a bare node:http server that only writes the same body to disk.
 */
export async function benchUpload(): Promise<void> {
  const files = await designFiles();

  const baseline = await startServer(['bench/baseline-upload-server.ts']);
  const { form: baselineForm, bytes } = await buildForm(files, 'baseline');
  let started = performance.now();
  const baselineResponse = await fetch(`${baseline.url}/upload`, { method: 'POST', body: baselineForm });
  const baselineMs = performance.now() - started;
  if (baselineResponse.status !== 201) throw new Error(`baseline upload failed: ${baselineResponse.status}`);
  await baseline.stop();

  const server = await startServer(['apps/server/src/main.ts'], {
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  });
  try {
    const json = { 'content-type': 'application/json' };
    // Premium: 200 design slots per workspace, room for the 100 files; the library is drawn first.
    const authorization = await premiumSeller(server, 'bench-upload@example.com');
    const workspace = (await (
      await fetch(`${server.url}/workspace/create_workspace/`, {
        method: 'POST',
        headers: { ...json, authorization },
        body: JSON.stringify({ workspace_name: 'Bench' }),
      })
    ).json()) as { workspace_id: string };

    const { form } = await buildForm(files, workspace.workspace_id);
    const rss = watchRss(server.pid);
    started = performance.now();
    const response = await fetch(`${server.url}/workspace/upload_designs/`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    const uploadMs = performance.now() - started;
    const result = (await response.json()) as { stored: number };
    if (response.status !== 201 || result.stored !== FILES)
      throw new Error(`upload failed: ${response.status} ${JSON.stringify(result).slice(0, 300)}`);
    const uploadRss = rss.stop();

    const rssThumbs = watchRss(server.pid);
    started = performance.now();
    const items = (await (
      await fetch(
        `${server.url}/workspace/get_workarea_information/?workspace_id=${workspace.workspace_id}`,
        { headers: { authorization } },
      )
    ).json()) as Array<{ image_thumbnail_path: string }>;
    for (const item of items) {
      const thumb = await fetch(`${server.url}${item.image_thumbnail_path}`);
      if (thumb.status !== 200) throw new Error(`thumbnail failed: ${thumb.status}`);
      await thumb.arrayBuffer();
    }
    const thumbsMs = performance.now() - started;
    const thumbsRss = rssThumbs.stop();

    const mb = bytes / MB;
    console.log(
      `\nUpload: ${FILES} PNGs of ${WIDTH}x${HEIGHT} (${mb.toFixed(0)} MB) in one multipart request over loopback`,
    );
    console.log(
      `  bare node:http writing the body to disk  ${(baselineMs / 1000).toFixed(2).padStart(6)} s  ${(mb / (baselineMs / 1000)).toFixed(0).padStart(5)} MB/s`,
    );
    console.log(
      `  PodFlow upload_designs                    ${(uploadMs / 1000).toFixed(2).padStart(6)} s  ${(mb / (uploadMs / 1000)).toFixed(0).padStart(5)} MB/s  (${(baselineMs / uploadMs).toFixed(2)}x the baseline's throughput; target ≥ 0.5)`,
    );
    console.log(
      `  server peak RSS growth during the upload  ${(uploadRss / MB).toFixed(0).padStart(6)} MB (target < 150 MB)`,
    );
    console.log(
      `  all ${FILES} thumbnails ready (512 px WebP)    ${(thumbsMs / 1000).toFixed(2).padStart(6)} s  peak RSS growth ${(thumbsRss / MB).toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
  }
}
