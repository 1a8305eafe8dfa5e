import { randomBytes, randomUUID } from 'node:crypto';
import type { MockupAdjustment } from '@podflow/contract/mockups';
import type { Placement } from '@podflow/contract/templates';
import {
  type Adjustment,
  type MockupEngine,
  designCutOff,
  magnification,
  quadInPixels,
  workingSide,
} from '@podflow/mockup-engine/engine';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignRow } from '../designs/designs.repo.ts';
import type { TemplateRow } from '../templates/templates.repo.ts';
import { workspacePrefix } from '../workspaces/workspaces.service.ts';
import type { AdjustmentRow, MockupRow, MockupsRepo } from './mockups.repo.ts';
import type { RenderCache } from './render-cache.ts';

type Deps = {
  repo: MockupsRepo;
  storage: Storage;
  engine: MockupEngine;
  cache: RenderCache;
};

/** The quota refused the mockup's bytes. */
export class QuotaError extends Error {}
/** The workspace was deleted while its mockups rendered. */
export class WorkspaceGone extends Error {}

export const placementOf = (template: TemplateRow): Placement | null =>
  template.placement ? (JSON.parse(template.placement) as Placement) : null;

/** The engine's form of a stored or requested adjustment (null: the template's placement as it is). */
export function engineAdjustment(
  adjustment:
    Pick<AdjustmentRow, 'fit' | 'scale' | 'offset_x' | 'offset_y'> | MockupAdjustment | null | undefined,
): Adjustment | null {
  if (!adjustment) return null;
  return {
    ...(adjustment.fit ? { fit: adjustment.fit as Adjustment['fit'] } : {}),
    scale: Number(adjustment.scale),
    offsetX: Number(adjustment.offset_x),
    offsetY: Number(adjustment.offset_y),
  };
}

/** The contract's form of a stored adjustment. */
export function toMockupAdjustment(row: AdjustmentRow | undefined): MockupAdjustment | null {
  if (!row) return null;
  return {
    fit: (row.fit as MockupAdjustment['fit']) ?? null,
    scale: Number(row.scale),
    offset_x: Number(row.offset_x),
    offset_y: Number(row.offset_y),
  };
}

/**
 * The print areas a design is laid on (templates with a placement), each with the seller's
 * adjustment of the pair: what workingSide needs.
 */
export function areasOf(templates: TemplateRow[], adjustOf: (template: TemplateRow) => Adjustment | null) {
  return templates.flatMap((t) => {
    const placement = placementOf(t);
    if (!placement) return [];
    return [
      {
        quad: quadInPixels(placement.corners, t.width, t.height),
        fit: placement.fit,
        dimensions: placement.dimensions,
        adjust: adjustOf(t),
        magnify: magnification(placement),
      },
    ];
  });
}

/**
 * The longest side a design is decoded at for one template and adjustment (a single re-render or
 * a preview), rounded up to a step of √2: while the seller drags the size slider, the previews
 * share one decoded design instead of decoding it again for every size.
 */
export function sideFor(design: DesignRow, template: TemplateRow, adjust: Adjustment | null): number {
  const side = workingSide(
    areasOf([template], () => adjust),
    design.width,
    design.height,
  );
  const step = Math.ceil(2 ** (Math.ceil(Math.log2(side) * 2) / 2));
  return Math.min(Math.max(design.width, design.height), step);
}

/** The longest side of a mockup's preview in the Review grid (as the thumbnail producer makes it). */
const thumbnailSide = 512;

/**
 * Renders one design on one template (with the seller's adjustment of the pair) and stores it as
 * that pair's mockup: a new file under a new key, the row inserted or replaced in place within the
 * storage quota, the replaced file removed. Whether the render cut off part of the design is
 * found from geometry (the design's opaque bounds against the part the layout keeps) and kept on
 * the row.
 */
export function mockupRenderer({ repo, storage, engine, cache }: Deps) {
  async function deleteFiles(rows: Pick<MockupRow, 'storage_key' | 'thumbnail_key'>[]): Promise<void> {
    for (const row of rows) {
      await storage.delete(row.storage_key);
      await storage.delete(row.thumbnail_key);
    }
  }

  return {
    async renderAndStore(options: {
      jobId: string;
      userId: string;
      workspaceId: string;
      template: TemplateRow;
      design: DesignRow;
      side: number;
      adjust: Adjustment | null;
      storageLimit: number;
    }): Promise<{ cutOff: boolean }> {
      const { template, design, adjust } = options;
      const [preparedTemplate, preparedDesign] = await Promise.all([
        cache.template(template.storage_key, placementOf(template)),
        cache.design(design.storage_key, options.side),
      ]);
      // The preview is made from the rendered pixels, so the grid's thumbnails are ready with the run.
      const { image: bytes, thumbnail } = await engine.renderWithThumbnail(
        preparedDesign,
        preparedTemplate,
        thumbnailSide,
        { adjust },
      );
      const cutOff = designCutOff(preparedDesign, preparedTemplate, adjust);
      // A new key for every render, so a cached URL never shows an older picture.
      const stamp = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
      const base = `${workspacePrefix(options.userId, options.workspaceId)}mockups/${design.id}-${template.id}-${stamp}`;
      const now = Date.now();
      const files = { storage_key: `${base}.jpg`, thumbnail_key: `${base}.thumb.jpg` };
      const removeFiles = () => deleteFiles([files]);
      await Promise.all([
        storage.write(files.storage_key, [bytes]),
        storage.write(files.thumbnail_key, [thumbnail]),
      ]).catch(async (error: unknown) => {
        await removeFiles();
        throw error;
      });
      const recorded = repo.put(
        {
          id: randomUUID(), // kept only when the design has no mockup on this template yet
          workspace_id: options.workspaceId,
          user_id: options.userId,
          design_id: design.id,
          template_id: template.id,
          template_name: template.name,
          job_id: options.jobId,
          ...files,
          bytes: bytes.length,
          width: preparedTemplate.width,
          height: preparedTemplate.height,
          cut_off: cutOff ? 1 : 0,
          created_at: now,
          updated_at: now,
        },
        options.storageLimit,
      );
      // The files go whenever no row refers to them: quota refused, workspace deleted, or a failure.
      const result = await recorded.catch(async (error: unknown) => {
        await removeFiles();
        throw error;
      });
      if (result === 'space' || result === 'gone') {
        await removeFiles();
        throw result === 'space' ? new QuotaError() : new WorkspaceGone();
      }
      if (result.replaced) await deleteFiles([result.replaced]);
      return { cutOff };
    },

    /** One mockup rendered with an adjustment and not stored: what the adjust dialog shows. */
    async preview(template: TemplateRow, design: DesignRow, adjust: Adjustment | null): Promise<Buffer> {
      const [preparedTemplate, preparedDesign] = await Promise.all([
        cache.template(template.storage_key, placementOf(template)),
        cache.design(design.storage_key, sideFor(design, template, adjust)),
      ]);
      return engine.render(preparedDesign, preparedTemplate, { adjust, quality: 80 });
    },
  };
}

export type MockupRenderer = ReturnType<typeof mockupRenderer>;
