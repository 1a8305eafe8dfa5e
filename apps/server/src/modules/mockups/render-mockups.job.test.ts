import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MockupEngine } from '@podflow/mockup-engine/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { reasonFor } from './render-mockups.job.ts';

// The engine's threads open stored designs by path (local disk): what a seller reads when one fails.
describe('the reason a design failed, when the engine read it from its file', () => {
  const engine = new MockupEngine({ threads: 1 });
  const dir = mkdtempSync(path.join(tmpdir(), 'podflow-reason-'));
  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const failureOf = (file: string) =>
    engine.prepareDesign(file, 100).then(
      () => {
        throw new Error('decoded');
      },
      (error: unknown) => error,
    );

  it('says a file deleted during the run is gone, without the server path', async () => {
    const reason = reasonFor(await failureOf(path.join(dir, 'deleted.png')));
    expect(reason).toBe('The design file is gone (it was deleted during the run).');
  });

  it('says a damaged file cannot be read as an image', async () => {
    const file = path.join(dir, 'damaged.png');
    writeFileSync(file, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]));
    expect(reasonFor(await failureOf(file))).toBe(
      'The design file could not be read as an image. Upload it again as a PNG.',
    );
  });

  it('never shows a path of the server in any other reason', () => {
    const reason = reasonFor(
      new Error(`VipsForeignLoad: "${dir}/u/1/design.png" is not a known file format`),
    );
    expect(reason).toBe(
      'The design could not be rendered: VipsForeignLoad: "the file" is not a known file format',
    );
    expect(reasonFor(new Error('wrote image/png at 3/4 size'))).toBe(
      'The design could not be rendered: wrote image/png at 3/4 size',
    );
  });
});
