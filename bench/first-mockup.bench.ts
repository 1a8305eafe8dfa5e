import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  mockupRunDone,
  newWorkspace,
  premiumSeller,
  selectStarterTemplates,
  sellerApi,
  startServer,
} from './server-process.ts';

const designCount = 20;
const templateCount = 5;
const cacheDir = path.join(tmpdir(), 'podflow-bench-first-mockup-v1');

/** Detailed 4500x5400 transparent designs, made once and kept in the temp folder. */
async function designFiles(): Promise<string[]> {
  mkdirSync(cacheDir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < designCount; i += 1) {
    const file = path.join(cacheDir, `design-${i}.png`);
    files.push(file);
    if (existsSync(file)) continue;
    let shapes = '';
    for (let k = 0; k < 120; k += 1) {
      const x = (i * 331 + k * 197) % 4500;
      const y = (i * 173 + k * 263) % 5400;
      shapes += `<circle cx="${x}" cy="${y}" r="${40 + ((k * 37) % 400)}" fill="hsl(${(i * 29 + k * 17) % 360},70%,50%)" fill-opacity="0.8"/>`;
      shapes += `<line x1="${x}" y1="${y}" x2="${(x * 7) % 4500}" y2="${(y * 3) % 5400}" stroke="#222" stroke-width="4"/>`;
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4500" height="5400">${shapes}
      <text x="400" y="2800" font-size="520" font-family="sans-serif" fill="#111">DESIGN ${i}</text></svg>`;
    await sharp(Buffer.from(svg)).png().toFile(file);
  }
  return files;
}

/**
 * From pressing Generate (the call) to the first finished mockup's preview loading, as the Review
 * screen shows it; then until the whole run of 20 designs x 5 starter templates is done.
 */
export async function benchFirstMockup(): Promise<void> {
  const files = await designFiles();
  const server = await startServer(['apps/server/src/main.ts'], { RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    const authorization = await premiumSeller(server, 'bench-mockups@example.com');
    const call = sellerApi(server, authorization);
    const workspaceId = await newWorkspace(call, 'Bench mockups');
    const form = new FormData();
    form.append('workspace_id', workspaceId);
    for (const file of files) {
      form.append('files', new Blob([readFileSync(file)], { type: 'image/png' }), path.basename(file));
    }
    const uploaded = await fetch(`${server.url}/workspace/upload_designs/`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status}`);
    await selectStarterTemplates(call, workspaceId, templateCount);

    type Grid = { arr_mockup_images_grid: { mockup_images: { mockup_thumbnail: string }[] }[] };
    const pressed = performance.now();
    await call(`/mockups_python_engine_app/generate_mockups/?workspace_id=${workspaceId}`);
    let firstMs = Number.NaN;
    while (Number.isNaN(firstMs)) {
      const grid = await call<Grid>(`/mockups_app/get_mockup_images_grid/?workspace_id=${workspaceId}`);
      const first = grid.arr_mockup_images_grid.flatMap((r) => r.mockup_images)[0];
      if (first && (await fetch(`${server.url}${first.mockup_thumbnail}`)).ok)
        firstMs = performance.now() - pressed;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const made = await mockupRunDone(call, workspaceId);
    const runMs = performance.now() - pressed;

    console.log('\nMockups through the server (20 designs of 4500x5400 x 5 starter templates of 2000x2000)');
    console.log(
      `  first finished mockup visible  ${firstMs.toFixed(0)} ms after pressing Generate (target < 2000 ms)`,
    );
    console.log(
      `  whole run                      ${(runMs / 1000).toFixed(2)} s for ${made} mockups, ` +
        `${(made / (runMs / 1000)).toFixed(1)} mockups/s, ${(runMs / made).toFixed(0)} ms per mockup ` +
        '(stored, recorded, progress pushed)',
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFirstMockup();
