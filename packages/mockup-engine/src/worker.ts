import sharp from 'sharp';
import type { Adjustment, Placement } from './geometry.ts';
import {
  type ImageSource,
  type PreparedDesign,
  type PreparedTemplate,
  type RenderOptions,
  prepareDesign,
  prepareDesignFor,
  prepareTemplate,
  renderMockup,
} from './pipeline.ts';

// The pool already runs one task per core; libvips' own threads on top of it only contend (about
// 15% more CPU per mockup). The setting is the process's: every thread shares one libvips.
sharp.concurrency(1);
// Each task decodes its input once, so libvips' operation cache would only hold memory, and could
// answer a file's old pixels when a path it read is written again.
sharp.cache(false);

/** The tasks a pool thread runs. */
export type Task =
  | { kind: 'template'; image: ImageSource; placement: Placement | null }
  | { kind: 'design'; image: ImageSource; maxSide: number | undefined }
  | {
      kind: 'designFor';
      image: Uint8Array;
      template: Uint8Array;
      placement: Placement | null;
      adjust?: Adjustment | null;
    }
  | { kind: 'render'; design: PreparedDesign; template: PreparedTemplate; options: RenderOptions };

export default async function run(task: Task): Promise<unknown> {
  if (task.kind === 'template') return prepareTemplate(task.image, task.placement);
  if (task.kind === 'design') return prepareDesign(task.image, task.maxSide);
  if (task.kind === 'designFor')
    return prepareDesignFor(task.image, task.template, task.placement, task.adjust);
  // sharp's buffers live outside the JS heap and cannot be transferred; a JPEG is small to copy.
  return renderMockup(task.design, task.template, task.options);
}
