/**
 * `npm run bench:mockups [-- --skip-imagemagick] [--rounds N] [--large]`: 100 mockups (20 print files of 4500x5400 on 5
 * photo templates of 2000x2000, JPEG q90) by the mockup engine, against the floor (sharp decoding
 * every input once and encoding every output once) and ImageMagick's CLI; then quality against
 * ImageMagick and a single cold mockup. Inputs are generated once (seeded) and kept in the temp folder.
 * `--large` instead runs 1,000 mockups (100 designs x 10 templates) through the server beside the
 * 100 (issue 24): the ratio, the server's peak RSS and when the first mockup shows.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import {
  MockupEngine,
  type Placement,
  jpegSettings,
  magnification,
  workingSide,
} from '../packages/mockup-engine/src/engine.ts';
import { type Quad, layout, pixelBounds, quadInPixels } from '../packages/mockup-engine/src/geometry.ts';
import { mockupRunDone, newWorkspace, premiumSeller, sellerApi, startServer } from './server-process.ts';

/** Bump when the generated inputs change: the cache folder is keyed by it. */
const INPUTS_VERSION = 'v1';
const DESIGNS = 20;
const DESIGN_WIDTH = 4500;
const DESIGN_HEIGHT = 5400;
const TEMPLATE_SIDE = 2000;
const DESIGNS_IN_FLIGHT = 2;
const THREADS = availableParallelism();
/** Rounds of the bulk run and the floor (`--rounds N`, 3 by default). */
const ROUNDS = Math.max(1, Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3);
const MB = 1024 * 1024;

/** The five print areas (fractions of the template): moderate to strong perspective, each different. */
const AREAS: Quad[] = [
  [
    [0.3, 0.22],
    [0.7, 0.26],
    [0.72, 0.8],
    [0.28, 0.76],
  ],
  [
    [0.33, 0.2],
    [0.67, 0.2],
    [0.78, 0.78],
    [0.22, 0.78],
  ],
  [
    [0.25, 0.3],
    [0.62, 0.18],
    [0.66, 0.84],
    [0.27, 0.7],
  ],
  [
    [0.2, 0.25],
    [0.8, 0.3],
    [0.7, 0.7],
    [0.3, 0.75],
  ],
  [
    [0.35, 0.15],
    [0.75, 0.28],
    [0.7, 0.85],
    [0.25, 0.72],
  ],
].map(([tl, tr, br, bl]) => ({
  topLeft: { x: tl![0]!, y: tl![1]! },
  topRight: { x: tr![0]!, y: tr![1]! },
  bottomRight: { x: br![0]!, y: br![1]! },
  bottomLeft: { x: bl![0]!, y: bl![1]! },
}));
const PLACEMENTS: Placement[] = AREAS.map((corners) => ({ corners, fit: 'contain' }));

/** `--large`: the 1,000-mockup run through the server, 100 designs on 10 templates. */
const large = process.argv.includes('--large');
const LARGE_DESIGNS = 100;
/** The large run's five further templates: the same photos, their print areas mirrored. */
const MIRRORED: Placement[] = AREAS.map(({ topLeft, topRight, bottomRight, bottomLeft }) => {
  const mirror = ({ x, y }: { x: number; y: number }) => ({ x: 1 - x, y });
  return {
    corners: {
      topLeft: mirror(topRight),
      topRight: mirror(topLeft),
      bottomRight: mirror(bottomLeft),
      bottomLeft: mirror(bottomRight),
    },
    fit: 'contain',
  };
});

/**
 * The same print areas with every realism feature on (issue 24): wrapped round a cylinder, the
 * design following the photo's folds, and a strap (picked) and a hand (painted) in front.
 */
const REALISTIC: Placement[] = PLACEMENTS.map((placement) => {
  const { topLeft, topRight, bottomRight } = placement.corners;
  const midX = (topLeft.x + topRight.x) / 2;
  return {
    ...placement,
    cylinder: { curvature: 0.05, wrap: 120 },
    displacement: 0.5,
    occluders: [
      {
        points: [
          [midX - 0.02, 0],
          [midX + 0.02, 0],
          [midX + 0.02, 1],
          [midX - 0.02, 1],
        ],
      },
      {
        points: [
          [topLeft.x, bottomRight.y - 0.1],
          [midX, bottomRight.y - 0.05],
        ],
        brush: 0.03,
      },
    ],
  };
});

/** mulberry32: a small seeded generator, so every run draws the same inputs. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['SUMMER', 'COFFEE', 'WILD', 'RETRO', 'OCEAN', 'FOREST', 'ROAD TRIP', 'NIGHT OWL', 'BLOOM'];

/** A print file: transparent ground, gradients, many shapes, hatching, hairlines and lettering. */
async function makeDesign(seed: number): Promise<Buffer> {
  const r = random(seed * 7919 + 1);
  const pick = (low: number, high: number) => low + r() * (high - low);
  const hue = () => Math.floor(pick(0, 360));
  const colour = () => `hsl(${hue()},${Math.floor(pick(45, 90))}%,${Math.floor(pick(25, 70))}%)`;
  const [W, H] = [DESIGN_WIDTH, DESIGN_HEIGHT];
  const parts: string[] = [];
  parts.push(
    `<rect x="${pick(150, 500)}" y="${pick(150, 500)}" width="${pick(3200, 3800)}" height="${pick(2600, 3400)}" rx="${pick(0, 400)}" fill="url(#bg)"/>`,
  );
  for (let k = 0; k < 60; k += 1) {
    const [cx, cy, radius] = [pick(300, W - 300), pick(300, H - 300), pick(30, 420)];
    parts.push(
      r() < 0.5
        ? `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${colour()}" opacity="${pick(0.4, 1).toFixed(2)}"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${colour()}" stroke-width="${pick(2, 8).toFixed(1)}"/>`,
    );
  }
  const [fx, fy] = [pick(800, W - 800), pick(3800, 4600)];
  for (let k = 0; k < 90; k += 1) {
    const angle = (k / 90) * Math.PI * 2;
    const length = pick(500, 1300);
    parts.push(
      `<line x1="${fx}" y1="${fy}" x2="${(fx + Math.cos(angle) * length).toFixed(1)}" y2="${(fy + Math.sin(angle) * length).toFixed(1)}" stroke="#15202b" stroke-width="${pick(1.5, 4).toFixed(1)}"/>`,
    );
  }
  const wave = Array.from({ length: 120 }, (_, k) => {
    const x = 200 + (k * (W - 400)) / 119;
    return `${x.toFixed(1)},${(pick(2500, 2560) + Math.sin(k / pick(3, 6)) * 180).toFixed(1)}`;
  }).join(' ');
  for (let k = 0; k < 6; k += 1) {
    parts.push(
      `<polyline points="${wave}" transform="translate(0 ${k * 26})" fill="none" stroke="${colour()}" stroke-width="3"/>`,
    );
  }
  parts.push(
    `<rect x="${pick(300, 700)}" y="${pick(3000, 3300)}" width="${pick(2800, 3400)}" height="${pick(500, 800)}" fill="url(#hatch)"/>`,
  );
  const word = WORDS[seed % WORDS.length]!;
  parts.push(
    `<text x="${W / 2}" y="${pick(1900, 2300)}" font-size="${pick(380, 520)}" font-family="${seed % 2 ? 'DejaVu Sans' : 'DejaVu Serif'}" font-weight="bold" text-anchor="middle" fill="${colour()}" stroke="#fff" stroke-width="10">${word} ${seed + 1}</text>`,
  );
  for (let k = 0; k < 8; k += 1) {
    parts.push(
      `<text x="400" y="${4300 + k * 110}" font-size="${pick(60, 90)}" font-family="DejaVu Sans" fill="#111">Small print line ${k + 1} of design ${seed + 1}: the quick brown fox jumps over the lazy dog.</text>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="${pick(0.3, 1).toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient>
      <pattern id="hatch" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(${hue()})"><line x1="0" y1="0" x2="0" y2="16" stroke="${colour()}" stroke-width="4"/></pattern>
    </defs>
    ${parts.join('\n')}
  </svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).png().toBuffer();
}

/** A product photo: lit backdrop, a shaded product under the print area with folds, fabric grain. */
async function makeTemplate(index: number): Promise<Buffer> {
  const r = random(index * 104729 + 3);
  const S = TEMPLATE_SIDE;
  const area = quadInPixels(AREAS[index]!, S, S);
  const ring = [area.topLeft, area.topRight, area.bottomRight, area.bottomLeft];
  const centre = { x: ring.reduce((s, p) => s + p.x, 0) / 4, y: ring.reduce((s, p) => s + p.y, 0) / 4 };
  const body = ring.map((p) => `${centre.x + (p.x - centre.x) * 1.35},${centre.y + (p.y - centre.y) * 1.3}`);
  const hue = Math.floor(r() * 360);
  const folds = Array.from({ length: 7 }, () => {
    const x = area.topLeft.x + r() * (area.topRight.x - area.topLeft.x);
    const tilt = (r() - 0.5) * 500;
    const dark = r() < 0.6;
    return `<path d="M${x} ${area.topLeft.y - 400} Q${x + tilt} ${centre.y} ${x + tilt / 2} ${area.bottomLeft.y + 400}" stroke="${dark ? '#000' : '#fff'}" stroke-width="${20 + r() * 70}" opacity="${(dark ? 0.25 : 0.18) + r() * 0.2}" fill="none"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="${r().toFixed(2)}" y2="1"><stop offset="0" stop-color="hsl(${hue},20%,86%)"/><stop offset="1" stop-color="hsl(${hue},15%,45%)"/></linearGradient>
      <radialGradient id="lit" cx="${0.3 + r() * 0.4}" cy="0.3" r="0.9"><stop offset="0" stop-color="#fbfbfa"/><stop offset="1" stop-color="hsl(${(hue + 180) % 360},8%,62%)"/></radialGradient>
      <filter id="soft" filterUnits="userSpaceOnUse" x="0" y="0" width="${S}" height="${S}"><feGaussianBlur stdDeviation="${18 + r() * 20}"/></filter>
      <filter id="shadow" filterUnits="userSpaceOnUse" x="0" y="0" width="${S}" height="${S}"><feGaussianBlur stdDeviation="40"/></filter>
      <clipPath id="body"><polygon points="${body.join(' ')}"/></clipPath>
    </defs>
    <rect width="${S}" height="${S}" fill="url(#wall)"/>
    <polygon points="${body.join(' ')}" transform="translate(30 45)" fill="#000" opacity="0.35" filter="url(#shadow)"/>
    <polygon points="${body.join(' ')}" fill="url(#lit)" stroke="hsl(${hue},10%,55%)" stroke-width="14" stroke-linejoin="round"/>
    <g clip-path="url(#body)"><g filter="url(#soft)">${folds}</g></g>
  </svg>`;
  const grain = Buffer.alloc(S * S * 4);
  for (let k = 0; k < grain.length; k += 4) {
    const v = Math.floor(r() * 256);
    grain.set([v, v, v, 20], k);
  }
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width: S, height: S, channels: 4 } }])
    .flatten()
    .png()
    .toBuffer();
}

type Inputs = { designs: string[]; templates: string[] };

const inputsDir = path.join(tmpdir(), `podflow-bench-mockups-${INPUTS_VERSION}`);
const inputFiles = (designs = DESIGNS): Inputs => ({
  designs: Array.from({ length: designs }, (_, k) => path.join(inputsDir, `design-${k}.png`)),
  templates: AREAS.map((_, k) => path.join(inputsDir, `template-${k}.png`)),
});

/** Draws the missing inputs (in a child process, so drawing them does not count in this one's RSS). */
async function ensureInputs(): Promise<Inputs> {
  const files = inputFiles(large ? LARGE_DESIGNS : DESIGNS);
  if ([...files.designs, ...files.templates].every((file) => existsSync(file))) return files;
  if (!process.argv.includes('--generate')) {
    console.log(`Drawing the bench inputs once into ${inputsDir} ...`);
    const child = spawnSync(
      process.execPath,
      [import.meta.filename, '--generate', ...(large ? ['--large'] : [])],
      {
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) throw new Error('drawing the bench inputs failed');
    return files;
  }
  mkdirSync(inputsDir, { recursive: true });
  await forEachLimited([...files.designs.keys()], 2, async (k) => {
    if (!existsSync(files.designs[k]!)) writeFileSync(files.designs[k]!, await makeDesign(k));
  });
  for (const [k, file] of files.templates.entries()) {
    if (!existsSync(file)) writeFileSync(file, await makeTemplate(k));
  }
  return files;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function forEachLimited<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * A process's peak resident set (this one by default; all threads: the engine's workers are
 * threads of its process) from a reset on: the kernel's high-water mark when it can be reset,
 * else sampling.
 */
function watchPeakRss(pid: number | 'self' = 'self'): { stop: () => number } {
  const status = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) *
    1024;
  let reset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  let peak = status('VmRSS');
  const timer = setInterval(() => (peak = Math.max(peak, status('VmRSS'))), 10);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, reset ? status('VmHWM') : 0);
    },
  };
}

/**
 * Every design on every template with a warm engine: the templates prepared once, each design
 * decoded once (at the size the largest print area needs) while at most DESIGNS_IN_FLIGHT are held.
 */
async function podflowBulk(files: Inputs, placements: Placement[] = PLACEMENTS) {
  const engine = new MockupEngine({ threads: THREADS });
  // A server's engine is warm: its threads are up and have loaded sharp before the first run.
  const tiny = await sharp({ create: { width: 2, height: 2, channels: 4, background: '#fff' } })
    .png()
    .toBuffer();
  await Promise.all(Array.from({ length: THREADS * 2 }, () => engine.prepareDesign(tiny)));
  const rss = watchPeakRss();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const templateBytes = await Promise.all(files.templates.map((file) => readFile(file)));
  // The print areas in pixels come from the headers, so designs start decoding while templates do.
  const areas = await Promise.all(
    templateBytes.map(async (bytes, k) => {
      const { width, height } = await sharp(bytes).metadata();
      const placement = placements[k]!;
      return {
        quad: quadInPixels(placement.corners, width, height),
        fit: placement.fit,
        magnify: magnification(placement),
      };
    }),
  );
  const templates = Promise.all(
    templateBytes.map((bytes, k) => engine.prepareTemplate(bytes, placements[k]!)),
  );
  let outputs = 0;
  let bytes = 0;
  await forEachLimited(files.designs, DESIGNS_IN_FLIGHT, async (file) => {
    const image = await readFile(file);
    const { width, height } = await sharp(image).metadata(); // the header only
    const design = await engine.prepareDesign(image, workingSide(areas, width, height));
    const mockups = await Promise.all((await templates).map((template) => engine.render(design, template)));
    outputs += mockups.length;
    bytes += mockups.reduce((sum, m) => sum + m.length, 0);
  });
  const ms = performance.now() - started;
  const cpuMs = cpuMilliseconds(process.cpuUsage(cpu));
  const peak = rss.stop();
  await engine.close();
  if (outputs !== DESIGNS * AREAS.length) throw new Error(`only ${outputs} mockups`);
  return { ms, cpuMs, peak, bytes };
}

/**
 * The same 100 mockups through the server (embedded defaults, its own process, its engine on
 * every core): the designs and templates uploaded as a seller would (the templates with the
 * bench's print areas) and the designs' previews loaded as Prepare Designs loads them, then from
 * the generate_mockups call until every mockup is stored and recorded (its job Completed) and
 * until every mockup's preview (the grid's thumbnail) loads.
 */
async function serverPath(files: Inputs, placements: Placement[] = PLACEMENTS) {
  const server = await startServer(['apps/server/src/main.ts'], { RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    const authorization = await premiumSeller(server, 'bench-server-path@example.com');
    const call = sellerApi(server, authorization);
    const workspaceId = await newWorkspace(call, 'Bench server path');
    // In batches of 20, as the upload screen sends them.
    for (let from = 0; from < files.designs.length; from += 20) {
      const designs = new FormData();
      designs.append('workspace_id', workspaceId);
      for (const file of files.designs.slice(from, from + 20)) {
        designs.append('files', new Blob([await readFile(file)], { type: 'image/png' }), path.basename(file));
      }
      const uploaded = await fetch(`${server.url}/workspace/upload_designs/`, {
        method: 'POST',
        headers: { authorization },
        body: designs,
      });
      if (uploaded.status !== 201) throw new Error(`design upload: ${uploaded.status}`);
    }
    // The designs' previews load, as Prepare Designs shows them before the seller moves on (the
    // server makes them in the background after an upload; they are not part of the run).
    const listed = await call<{ image_thumbnail_path: string }[]>(
      `/workspace/get_workarea_information/?workspace_id=${workspaceId}`,
    );
    await forEachLimited(listed, 6, async ({ image_thumbnail_path }) => {
      await (await fetch(`${server.url}${image_thumbnail_path}`)).arrayBuffer();
    });
    for (const [k, placement] of placements.entries()) {
      const file = files.templates[k % files.templates.length]!;
      const { corners, fit, ...realism } = placement;
      const form = new FormData();
      form.append('workspace_id', workspaceId);
      form.append('templateData', JSON.stringify({ ...corners, fit, ...realism }));
      form.append('file', new Blob([await readFile(file)], { type: 'image/jpeg' }), path.basename(file));
      const reply = await fetch(`${server.url}/mockups_app/upload_image_mode_mockup_templates/`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      if (reply.status !== 201) throw new Error(`template upload: ${reply.status} ${await reply.text()}`);
    }
    const rss = watchPeakRss(server.pid);
    const cpuBefore = processCpuMs(server.pid);
    const started = performance.now();
    await call(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`);
    type Grid = { arr_mockup_images_grid: { mockup_images: { mockup_thumbnail: string }[] }[] };
    const grid = async () =>
      (
        await call<Grid>(`/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`)
      ).arr_mockup_images_grid.flatMap((row) => row.mockup_images.map((m) => m.mockup_thumbnail));
    // As the Review screen shows it: the first mockup's preview loads while the run goes on.
    const first = (async () => {
      for (;;) {
        const [thumbnail] = await grid();
        if (thumbnail && (await fetch(`${server.url}${thumbnail}`)).ok) return performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const made = await mockupRunDone(call, workspaceId);
    const doneMs = performance.now() - started;
    const cpuMs = processCpuMs(server.pid) - cpuBefore;
    const thumbnails = await grid();
    // As the Review grid loads them: a browser's six connections.
    await forEachLimited(thumbnails, 6, async (url) => {
      const reply = await fetch(`${server.url}${url}`);
      if (!reply.ok) throw new Error(`thumbnail: ${reply.status}`);
      await reply.arrayBuffer();
    });
    const previewsMs = performance.now() - started;
    const expected = files.designs.length * placements.length;
    if (made !== expected || thumbnails.length !== expected) throw new Error(`only ${made} mockups`);
    return { doneMs, previewsMs, cpuMs, firstMs: await first, peakRss: rss.stop(), count: expected };
  } finally {
    await server.stop();
  }
}

/** CPU time (user + system, every thread) a process has used, in milliseconds (Linux). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time of the whole process (every thread) in milliseconds. */
const cpuMilliseconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * The least any tool has to do: decode each input once and encode each output once (with the
 * engine's JPEG settings), as parallel.
 */
async function floor(files: Inputs) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const templates: Buffer[] = [];
  await forEachLimited([...files.designs, ...files.templates], THREADS, async (file) => {
    const raw = await sharp(await readFile(file), { limitInputPixels: false })
      .raw()
      .toBuffer();
    if (files.templates.includes(file)) templates[files.templates.indexOf(file)] = raw;
  });
  const channels = templates[0]!.length / (TEMPLATE_SIDE * TEMPLATE_SIDE);
  await forEachLimited([...Array(DESIGNS * AREAS.length).keys()], THREADS, async (k) => {
    await sharp(templates[k % AREAS.length]!, {
      raw: { width: TEMPLATE_SIDE, height: TEMPLATE_SIDE, channels: channels as 3 | 4 },
    })
      .removeAlpha()
      .jpeg({ quality: 90, ...jpegSettings })
      .toBuffer();
  });
  return { ms: performance.now() - started, cpuMs: cpuMilliseconds(process.cpuUsage(cpu)) };
}

/** ImageMagick as the Debian package installs it (PATH may hold a wrapper that adds its own start-up). */
const CONVERT = existsSync('/usr/bin/convert') ? '/usr/bin/convert' : 'convert';

/**
 * One mockup by ImageMagick: the whole design as the source rectangle, distorted onto the
 * corners the engine's contain fit gives it (geometry.layout), over the template.
 */
function imageMagickArgs(template: string, design: string, area: Quad, out: string): string[] {
  const plan = layout(area, 'contain', null, DESIGN_WIDTH, DESIGN_HEIGHT);
  const source = [
    [0, 0],
    [DESIGN_WIDTH, 0],
    [DESIGN_WIDTH, DESIGN_HEIGHT],
    [0, DESIGN_HEIGHT],
  ];
  const target = [plan.quad.topLeft, plan.quad.topRight, plan.quad.bottomRight, plan.quad.bottomLeft];
  const points = target
    .map((p, k) => `${source[k]![0]},${source[k]![1]} ${p.x.toFixed(4)},${p.y.toFixed(4)}`)
    .join('  ');
  return [
    template,
    '(',
    design,
    '-alpha',
    'set',
    '-virtual-pixel',
    'transparent',
    '-define',
    `distort:viewport=${TEMPLATE_SIDE}x${TEMPLATE_SIDE}+0+0`,
    '-distort',
    'Perspective',
    points,
    ')',
    '-compose',
    'over',
    '-composite',
    '-quality',
    '90',
    out,
  ];
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr}`))));
  });
}

/** The ImageMagick mockups of `pairs` (design, template indexes), two processes at a time, into `dir`. */
async function imageMagick(files: Inputs, pairs: [number, number][], dir: string, format: 'jpg' | 'png') {
  const probe = spawnSync(CONVERT, ['-version'], { encoding: 'utf8' });
  if (probe.status !== 0 || !probe.stdout.includes('ImageMagick')) {
    throw new Error(
      'ImageMagick `convert` is missing: apt-get install imagemagick (or pass --skip-imagemagick)',
    );
  }
  const started = performance.now();
  await forEachLimited(pairs, 2, ([d, t]) =>
    run(
      CONVERT,
      imageMagickArgs(
        files.templates[t]!,
        files.designs[d]!,
        quadInPixels(AREAS[t]!, TEMPLATE_SIDE, TEMPLATE_SIDE),
        path.join(dir, `${d}-${t}.${format}`),
      ),
    ),
  );
  return performance.now() - started;
}

/** SSIM of two images over a rectangle: at full resolution, and with ssim.js's standard downsampling. */
async function ssimOver(
  a: Uint8Array,
  b: Uint8Array,
  box: { left: number; top: number; width: number; height: number },
) {
  const crop = async (image: Uint8Array) => {
    const data = await sharp(image).extract(box).ensureAlpha().raw().toBuffer();
    return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), ...box };
  };
  const [x, y] = await Promise.all([crop(a), crop(b)]);
  return { full: ssim(x, y, { downsample: false }).mssim, standard: ssim(x, y).mssim };
}

/**
 * Mean SSIM against ImageMagick over each print area's bounding box, the engine rendering with
 * shading 0 (ImageMagick has none): the JPEG q90 mockups of both (what a seller gets) and, for the
 * renderers alone, PNGs of one design per template.
 */
async function quality(
  files: Inputs,
  imageMagickFiles: { pair: [number, number]; file: string; format: 'jpeg' | 'png' }[],
) {
  const engine = new MockupEngine({ threads: THREADS });
  const templates = await Promise.all(
    files.templates.map(async (file, k) => engine.prepareTemplate(await readFile(file), PLACEMENTS[k]!)),
  );
  const areas = templates.map((t) => ({ quad: t.area!, fit: t.placement!.fit }));
  const scores = {
    jpeg: [] as { full: number; standard: number }[],
    png: [] as { full: number; standard: number }[],
  };
  const byDesign = Map.groupBy(imageMagickFiles, ({ pair }) => pair[0]);
  await forEachLimited([...byDesign.keys()], DESIGNS_IN_FLIGHT, async (d) => {
    const design = await engine.prepareDesign(
      await readFile(files.designs[d]!),
      workingSide(areas, DESIGN_WIDTH, DESIGN_HEIGHT),
    );
    for (const { pair, file, format } of byDesign.get(d)!) {
      const template = templates[pair[1]]!;
      const ours = await engine.render(design, template, { shading: 0, format });
      const box = pixelBounds(template.area!, TEMPLATE_SIDE, TEMPLATE_SIDE);
      scores[format].push(await ssimOver(ours, readFileSync(file), box));
    }
  });
  await engine.close();
  const summary = (values: { full: number; standard: number }[]) => ({
    full: values.reduce((s, v) => s + v.full, 0) / values.length,
    standard: values.reduce((s, v) => s + v.standard, 0) / values.length,
    worst: Math.min(...values.map((v) => v.full)),
    count: values.length,
  });
  return { jpeg: summary(scores.jpeg), png: summary(scores.png) };
}

/**
 * One mockup from files with nothing warm. First a new engine answering its first (tiny) task:
 * its start; then renderOnce on it. And on another new engine, renderOnce alone: the first
 * preview after a server starts (the pool starts with the first task).
 */
async function cold(files: Inputs) {
  const [design, template] = await Promise.all([readFile(files.designs[0]!), readFile(files.templates[1]!)]);
  const tiny = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#fff' } })
    .png()
    .toBuffer();
  let started = performance.now();
  let engine = new MockupEngine({ threads: THREADS });
  await Promise.all(Array.from({ length: THREADS }, () => engine.prepareDesign(tiny)));
  const startMs = performance.now() - started;
  started = performance.now();
  await engine.renderOnce(design, template, PLACEMENTS[1]!);
  const renderMs = performance.now() - started;
  await engine.close();
  engine = new MockupEngine({ threads: THREADS });
  started = performance.now();
  await engine.renderOnce(design, template, PLACEMENTS[1]!);
  const totalMs = performance.now() - started;
  await engine.close();
  return { startMs, renderMs, totalMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
const mark = (ok: boolean) => (ok ? '✔' : '✖');

/**
 * `--large`: the same 100 mockups through the server, then 1,000 (100 designs x 10 templates) in
 * one run, in this process: how the time grows, the server's peak memory, the first mockup.
 */
async function largeRun(files: Inputs) {
  const hundred = await serverPath({ ...files, designs: files.designs.slice(0, DESIGNS) });
  const thousand = await serverPath(files, [...PLACEMENTS, ...MIRRORED]);
  const ratio = thousand.previewsMs / hundred.previewsMs;
  console.log(
    `\nThrough the server: ${DESIGNS} designs x ${AREAS.length} templates, then ${files.designs.length} designs x ${AREAS.length * 2} templates (4500x5400 PNG on 2000x2000, contain), to every preview loaded`,
  );
  console.log('                     mockups   total   ms/mockup  first visible  server CPU  server peak RSS');
  for (const [name, run] of [
    ['100 mockups', hundred],
    ['1,000 mockups', thousand],
  ] as const) {
    console.log(
      `  ${name.padEnd(16)} ${String(run.count).padStart(7)}  ${seconds(run.previewsMs)}  ${(run.previewsMs / run.count).toFixed(1).padStart(8)}  ${run.firstMs.toFixed(0).padStart(10)} ms  ${seconds(run.cpuMs)}  ${(run.peakRss / MB).toFixed(0).padStart(9)} MB`,
    );
  }
  console.log(
    `  1,000 / 100: ${ratio.toFixed(2)}x (target ≤ 10.5x) ${mark(ratio <= 10.5)}; peak RSS (target < 1.2 GB) ${mark(thousand.peakRss < 1.2 * 1024 * MB)}; first mockup visible (target ≤ 2 s) ${mark(thousand.firstMs <= 2000)}`,
  );
}

async function main() {
  const files = await ensureInputs();
  if (process.argv.includes('--generate')) return;
  if (large) return largeRun(files);
  const skipImageMagick = process.argv.includes('--skip-imagemagick');
  const count = DESIGNS * AREAS.length;
  const pairs: [number, number][] = [];
  for (let d = 0; d < DESIGNS; d += 1) for (let t = 0; t < AREAS.length; t += 1) pairs.push([d, t]);

  // The bulk run and the floor take turns, ROUNDS times: the figures are the medians, so a burst of
  // load on a shared machine moves one round, not the result.
  const rounds: {
    bulk: Awaited<ReturnType<typeof podflowBulk>>;
    realistic: Awaited<ReturnType<typeof podflowBulk>>;
    floor: Awaited<ReturnType<typeof floor>>;
  }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    (globalThis as { gc?: () => void }).gc?.(); // each round starts as the first: nothing left of the last
    const bulkRound = await podflowBulk(files);
    (globalThis as { gc?: () => void }).gc?.();
    const realistic = await podflowBulk(files, REALISTIC);
    rounds.push({ bulk: bulkRound, realistic, floor: await floor(files) });
  }
  // Then the same 100 mockups through the server, once per round (after them: sending the files
  // would count in this process's RSS), each against its round's engine time.
  const servers: Awaited<ReturnType<typeof serverPath>>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) servers.push(await serverPath(files));
  const bulk = {
    ms: median(rounds.map((r) => r.bulk.ms)),
    cpuMs: median(rounds.map((r) => r.bulk.cpuMs)),
    peak: Math.max(...rounds.map((r) => r.bulk.peak)),
  };
  const floorMs = median(rounds.map((r) => r.floor.ms));
  const floorCpuMs = median(rounds.map((r) => r.floor.cpuMs));
  const jpegDir = mkdtempSync(path.join(tmpdir(), 'podflow-bench-im-'));
  const pngDir = mkdtempSync(path.join(tmpdir(), 'podflow-bench-im-png-'));
  try {
    // Skipped, ImageMagick still renders one design on each template so quality can be measured.
    const jpegPairs = skipImageMagick ? pairs.filter(([d]) => d === 0) : pairs;
    const imMs = await imageMagick(files, jpegPairs, jpegDir, 'jpg');
    const pngPairs = AREAS.map((_, t): [number, number] => [(t * 4 + 1) % DESIGNS, t]);
    await imageMagick(files, pngPairs, pngDir, 'png');
    const similarity = await quality(files, [
      ...jpegPairs.map((pair) => ({
        pair,
        file: path.join(jpegDir, `${pair.join('-')}.jpg`),
        format: 'jpeg' as const,
      })),
      ...pngPairs.map((pair) => ({
        pair,
        file: path.join(pngDir, `${pair.join('-')}.png`),
        format: 'png' as const,
      })),
    ]);
    const { startMs, renderMs, totalMs } = await cold(files);
    // The server's figures beside the engine's of the same round (medians of the rounds).
    const server = {
      doneMs: median(servers.map((s) => s.doneMs)),
      previewsMs: median(servers.map((s) => s.previewsMs)),
      cpuMs: median(servers.map((s) => s.cpuMs)),
      firstMs: median(servers.map((s) => s.firstMs)),
      doneRatio: median(servers.map((s, k) => s.doneMs / rounds[k]!.bulk.ms)),
      previewsRatio: median(servers.map((s, k) => s.previewsMs / rounds[k]!.bulk.ms)),
    };

    const perMockup = bulk.ms / count;
    const ratioFloor = median(rounds.map((r) => r.bulk.ms / r.floor.ms));
    console.log(
      `\nMockups: ${DESIGNS} designs of ${DESIGN_WIDTH}x${DESIGN_HEIGHT} PNG x ${AREAS.length} templates of ${TEMPLATE_SIDE}x${TEMPLATE_SIDE} (perspective print areas, contain) = ${count} JPEG q90, ${THREADS} threads`,
    );
    for (const [k, r] of rounds.entries()) {
      console.log(
        `  round ${k + 1}: PodFlow ${seconds(r.bulk.ms)} (CPU ${seconds(r.bulk.cpuMs)}, peak RSS ${(r.bulk.peak / MB).toFixed(0)} MB), realism on ${seconds(r.realistic.ms)}, floor ${seconds(r.floor.ms)} (CPU ${seconds(r.floor.cpuMs)}): ${(r.bulk.ms / r.floor.ms).toFixed(2)}x; through the server ${seconds(servers[k]!.doneMs)} to done: ${(servers[k]!.doneMs / r.bulk.ms).toFixed(2)}x`,
      );
    }
    console.log(`  medians of the ${ROUNDS} rounds:`);
    console.log(
      `  PodFlow bulk, read to all encoded   ${seconds(bulk.ms)}  ${(count / (bulk.ms / 1000)).toFixed(1)} mockups/s  ${perMockup.toFixed(0)} ms/mockup  (target ≤ 50 ms, ≤ 5 s) ${mark(perMockup <= 50)}`,
    );
    console.log(
      `  floor: sharp decodes every input and encodes every output once, ${THREADS} at a time  ${seconds(floorMs)}  PodFlow/floor ${ratioFloor.toFixed(2)}x (median of the rounds' ratios)  (target ≤ 1.5x) ${mark(ratioFloor <= 1.5)}`,
    );
    console.log(
      `  CPU time, all threads: PodFlow ${seconds(bulk.cpuMs)} (${(bulk.cpuMs / count).toFixed(0)} ms/mockup), floor ${seconds(floorCpuMs)}: ${(bulk.cpuMs / floorCpuMs).toFixed(2)}x`,
    );
    const realisticMs = median(rounds.map((r) => r.realistic.ms));
    const realisticRatio = median(rounds.map((r) => r.realistic.ms / r.floor.ms));
    const realisticPeak = Math.max(...rounds.map((r) => r.realistic.peak));
    console.log(
      '  realism (issue 24: a cylinder, the folds, a strap and a hand in front, on every template):',
    );
    console.log('                   total      ms/mockup  x floor  peak RSS');
    console.log(
      `    off          ${seconds(bulk.ms)}  ${perMockup.toFixed(1).padStart(8)}  ${ratioFloor.toFixed(2).padStart(7)}x  ${(bulk.peak / MB).toFixed(0).padStart(5)} MB`,
    );
    console.log(
      `    on           ${seconds(realisticMs)}  ${(realisticMs / count).toFixed(1).padStart(8)}  ${realisticRatio.toFixed(2).padStart(7)}x  ${(realisticPeak / MB).toFixed(0).padStart(5)} MB  (target ≤ 50 ms/mockup and ≤ 1.6x) ${mark(realisticMs / count <= 50 && realisticRatio <= 1.6)}`,
    );
    console.log(
      `  through the server (generate_mockups to every mockup stored and recorded / and every preview loaded)  ${seconds(server.doneMs)} / ${seconds(server.previewsMs)}  server/engine ${server.doneRatio.toFixed(2)}x / ${server.previewsRatio.toFixed(2)}x (median of the rounds' ratios)  (target ≤ 1.25x to every mockup stored, recorded and its preview ready) ${mark(server.doneRatio <= 1.25)}; the server's CPU to done ${seconds(server.cpuMs)} (engine bulk ${seconds(bulk.cpuMs)}); first mockup visible ${server.firstMs.toFixed(0)} ms`,
    );
    if (skipImageMagick) {
      console.log('  ImageMagick CLI                     skipped (--skip-imagemagick)');
    } else {
      console.log(
        `  ImageMagick CLI, 2 processes        ${seconds(imMs)}  IM/PodFlow ${(imMs / bulk.ms).toFixed(1)}x  (target ≥ 22x) ${mark(imMs / bulk.ms >= 22)}`,
      );
    }
    console.log(
      `  peak RSS, the most of any round     ${(bulk.peak / MB).toFixed(0).padStart(6)} MB  (whole process, worker threads included; target < 1024 MB) ${mark(bulk.peak < 1024 * MB)}`,
    );
    const { jpeg, png } = similarity;
    console.log(
      `  SSIM vs ImageMagick, shading 0, over the print areas' bounding boxes (ssim.js; full resolution / standard downsampling):`,
    );
    console.log(
      `    JPEG q90 both, ${jpeg.count} mockups${skipImageMagick ? ' (one design)' : ''}: mean ${jpeg.full.toFixed(4)} / ${jpeg.standard.toFixed(4)}, worst ${jpeg.worst.toFixed(4)}  (target ≥ 0.995) ${mark(jpeg.standard >= 0.995)}`,
    );
    console.log(
      `    PNG both (renderers alone), ${png.count} mockups: mean ${png.full.toFixed(4)} / ${png.standard.toFixed(4)}, worst ${png.worst.toFixed(4)}  (target ≥ 0.995) ${mark(png.full >= 0.995)}`,
    );
    console.log(
      `  cold single mockup (one design, one template): engine start ${startMs.toFixed(0)} ms, then renderOnce ${renderMs.toFixed(0)} ms  (target < 350 ms) ${mark(renderMs < 350)}; renderOnce on an engine not yet started ${totalMs.toFixed(0)} ms`,
    );
  } finally {
    rmSync(jpegDir, { recursive: true, force: true });
    rmSync(pngDir, { recursive: true, force: true });
  }
}

await main();
