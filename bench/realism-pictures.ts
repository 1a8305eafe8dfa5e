/**
 * `node bench/realism-pictures.ts [folder]`: side-by-side pictures of what the realism features do
 * on the starter library: each starter that uses one (the mug's and tumbler's cylinders, the folded t-shirt's
 * displacement, the black t-shirt's dark-fabric shading, the framed print's mat in front) rendered
 * with a demo design as before (corners and fit only) and after (its full placement), cropped
 * round the print area, written as one PNG per starter. Prints where they are.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MockupEngine, type Placement } from '../packages/mockup-engine/src/engine.ts';
import {
  type StarterTemplate,
  starterTemplates,
} from '../apps/server/src/modules/templates/library/starter-templates.ts';
import { designPng, sampleDesigns } from '../scripts/demo-designs.ts';

const folder = process.argv[2] ?? path.join(tmpdir(), 'podflow-realism-pictures');
mkdirSync(folder, { recursive: true });
const engine = new MockupEngine();

const pick = (id: string) => starterTemplates.find((t) => t.id === id)!;
// A framed print's design fills the paper (a poster with a background), so its edge meets the mat.
const cases: { file: string; template: StarterTemplate; design: number; background?: string }[] = [
  { file: 'mug.png', template: pick('library-mug-white'), design: 1 },
  { file: 'tumbler.png', template: pick('library-tumbler-white'), design: 2 },
  { file: 'tshirt-folds.png', template: pick('library-tshirt-white'), design: 0 },
  { file: 'tshirt-black.png', template: pick('library-tshirt-black'), design: 2 },
  {
    file: 'framed-print.png',
    template: pick('library-poster-black-frame'),
    design: 3,
    background: '#d8ecf3',
  },
  { file: 'hoodie-navy.png', template: pick('library-hoodie-navy'), design: 0 },
];

const placementOf = (t: StarterTemplate, realism: boolean): Placement => ({
  corners: t.corners,
  fit: t.fit,
  ...(realism ? { ...t.realism, shading: { tone: 'auto' } } : { shading: { tone: 'light' } }),
});

for (const { file, template, design, background } of cases) {
  const [photo, drawn] = await Promise.all([template.render(), designPng(sampleDesigns[design]!)]);
  const art = background ? await sharp(drawn).flatten({ background }).png().toBuffer() : drawn;
  const render = (realism: boolean) =>
    engine.renderOnce(art, photo, placementOf(template, realism), { format: 'png' });
  const [before, after] = await Promise.all([render(false), render(true)]);
  // The print area's bounds with a margin, at most 900 px on a side per picture.
  const xs = Object.values(template.corners).map((p) => p.x * template.width);
  const ys = Object.values(template.corners).map((p) => p.y * template.height);
  const margin = 60;
  const box = {
    left: Math.max(0, Math.floor(Math.min(...xs)) - margin),
    top: Math.max(0, Math.floor(Math.min(...ys)) - margin),
    width: 0,
    height: 0,
  };
  box.width = Math.min(template.width, Math.ceil(Math.max(...xs)) + margin) - box.left;
  box.height = Math.min(template.height, Math.ceil(Math.max(...ys)) + margin) - box.top;
  const scale = Math.min(1, 900 / Math.max(box.width, box.height));
  const side = { width: Math.round(box.width * scale), height: Math.round(box.height * scale) };
  const crop = (png: Buffer) => sharp(png).extract(box).resize(side).png().toBuffer();
  const [left, right] = await Promise.all([crop(before), crop(after)]);
  const out = path.join(folder, file);
  await sharp({
    create: { width: side.width * 2 + 20, height: side.height, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: side.width + 20, top: 0 },
    ])
    .png()
    .toFile(out);
  console.log(`${template.name}: before | after → ${out}`);
}
await engine.close();
