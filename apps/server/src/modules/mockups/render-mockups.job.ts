import { randomBytes, randomUUID } from 'node:crypto';
import type { Placement } from '@podflow/contract/templates';
import { type MockupEngine, quadInPixels, workingSide } from '@podflow/mockup-engine/engine';
import { z } from 'zod';
import { quotaErrors } from '@podflow/contract/designs';
import type { JobDefinition, JobOutcome } from '../../platform/queue/job-queue.ts';
import { FileNotFoundError, type Storage } from '../../platform/storage/storage.ts';
import type { DesignRow } from '../designs/designs.repo.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { TemplateRow } from '../templates/templates.repo.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import { workspacePrefix } from '../workspaces/workspaces.service.ts';
import type { MockupJobRow, MockupsRepo } from './mockups.repo.ts';
import { RENDER_MOCKUPS_JOB, type MockupsService } from './mockups.service.ts';
import type { RenderCache } from './render-cache.ts';

type Deps = {
  repo: MockupsRepo;
  storage: Storage;
  engine: MockupEngine;
  cache: RenderCache;
  designs: DesignsService;
  templates: TemplatesService;
  mockups: MockupsService;
};

const payload = z.object({ jobId: z.string() });

const placementOf = (template: TemplateRow): Placement | null =>
  template.placement ? (JSON.parse(template.placement) as Placement) : null;

/** Why a design could not be rendered, in words a seller can act on. */
function reasonFor(error: unknown): string {
  if (error instanceof FileNotFoundError) return 'The design file is gone (it was deleted during the run).';
  if (error instanceof QuotaError) return quotaErrors.space;
  const message = error instanceof Error ? error.message : String(error);
  if (/unsupported image format|corrupt|premature end|read error|bad seek/i.test(message)) {
    return 'The design file could not be read as an image. Upload it again as a PNG.';
  }
  if (/pixel limit/i.test(message)) return 'The design has too many pixels to render.';
  return `The design could not be rendered: ${message}`;
}

class QuotaError extends Error {}
/** The workspace was deleted while its mockups rendered. */
class WorkspaceGone extends Error {}

/**
 * Renders every design of the workspace onto one template (one job of a run). Safe to run twice:
 * a resumed job skips the designs it already rendered, and each design has one mockup per
 * template, replaced in place. One design failing is logged with its reason; the rest go on.
 */
export function renderMockupsJob(deps: Deps): JobDefinition<z.infer<typeof payload>> {
  const { repo, storage, engine, cache, designs, templates, mockups } = deps;

  async function renderOne(
    job: MockupJobRow,
    template: TemplateRow,
    design: DesignRow,
    side: number,
    storageLimit: number,
  ): Promise<void> {
    const [preparedTemplate, preparedDesign] = await Promise.all([
      cache.template(template.storage_key, placementOf(template)),
      cache.design(design.storage_key, side),
    ]);
    const bytes = await engine.render(preparedDesign, preparedTemplate);
    // A new key for every render, so a cached URL never shows an older picture.
    const stamp = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const base = `${workspacePrefix(job.user_id, job.workspace_id)}mockups/${design.id}-${template.id}-${stamp}`;
    const now = Date.now();
    await storage.write(`${base}.jpg`, [bytes]);
    const recorded = repo.put(
      {
        id: randomUUID(), // kept only when the design has no mockup on this template yet
        workspace_id: job.workspace_id,
        user_id: job.user_id,
        design_id: design.id,
        template_id: template.id,
        template_name: template.name,
        job_id: job.id,
        storage_key: `${base}.jpg`,
        thumbnail_key: `${base}.thumb.webp`,
        bytes: bytes.length,
        width: preparedTemplate.width,
        height: preparedTemplate.height,
        created_at: now,
        updated_at: now,
      },
      storageLimit,
    );
    // The file goes whenever no row refers to it: quota refused, workspace deleted, or a failure.
    const result = await recorded.catch(async (error: unknown) => {
      await storage.delete(`${base}.jpg`);
      throw error;
    });
    if (result === 'space' || result === 'gone') {
      await storage.delete(`${base}.jpg`);
      throw result === 'space' ? new QuotaError() : new WorkspaceGone();
    }
    if (result.replaced) await mockups.deleteFiles([result.replaced]);
  }

  /** The longest side each design is decoded at: the most any template of the run needs. */
  async function sidesFor(
    job: MockupJobRow,
    designRows: DesignRow[],
  ): Promise<(design: DesignRow) => number> {
    const runTemplates = await templates.findRows((await repo.run(job.run_id)).map((j) => j.template_id));
    const areas = runTemplates.flatMap((t) => {
      const placement = placementOf(t);
      if (!placement) return [];
      return [
        {
          quad: quadInPixels(placement.corners, t.width, t.height),
          fit: placement.fit,
          dimensions: placement.dimensions,
        },
      ];
    });
    const sides = new Map(designRows.map((d) => [d.id, workingSide(areas, d.width, d.height)]));
    return (design) => sides.get(design.id) ?? Math.max(design.width, design.height);
  }

  async function handle(
    { jobId }: z.infer<typeof payload>,
    context: { signal: AbortSignal },
  ): Promise<JobOutcome> {
    const job = await repo.findJob(jobId);
    if (!job) return { status: 'skipped', reason: 'The job was deleted with its workspace.' };
    if (job.status === 'Completed' || job.status === 'Failed') {
      return { status: 'skipped', reason: `The job is already ${job.status}.` };
    }
    const changed = () => mockups.events.emit('changed', job.workspace_id);
    const designRows = await designs.listRows(job.workspace_id);
    const already = await repo.renderedBy(jobId);
    const todo = designRows.filter((d) => !already.has(d.id));
    // A resumed job counts again from what it made before it was interrupted.
    await repo.startJob(jobId, designRows.length, designRows.length - todo.length, Date.now());
    changed();

    const template = await templates.findRow(job.template_id);
    const fail = async (reason: string): Promise<JobOutcome> => {
      await repo.finishJob(jobId, 'Failed', reason, Date.now());
      changed();
      return { status: 'failed', reason };
    };
    if (!template) return fail('The template was deleted before its mockups were made.');
    try {
      await cache.template(template.storage_key, placementOf(template));
    } catch (error) {
      return fail(
        `The template image could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }

    const sideOf = await sidesFor(job, designRows);
    const storageLimit = await designs.storageLimit(job.user_id);
    let done = designRows.length - todo.length;
    let failed = 0;
    /** The run stops once its workspace is deleted, and removes whatever it wrote after the delete. */
    const stopped = async (): Promise<JobOutcome> => {
      await storage.deletePrefix(workspacePrefix(job.user_id, job.workspace_id));
      return { status: 'skipped', reason: 'The workspace was deleted during the run.' };
    };
    for (const [index, design] of todo.entries()) {
      if (context.signal.aborted)
        throw new Error('The server is shutting down; the job resumes on the next start.');
      const next = todo[index + 1];
      // Start decoding the next design while this one renders, so the pool never waits on a read.
      if (next) cache.design(next.storage_key, sideOf(next)).catch(() => undefined);
      try {
        await renderOne(job, template, design, sideOf(design), storageLimit);
        await repo.countDesign(jobId);
        done += 1;
      } catch (error) {
        if (error instanceof WorkspaceGone || !(await repo.findJob(jobId))) return stopped();
        await repo.countDesign(jobId, {
          design_id: design.id,
          design_file_name: design.file_name,
          reason: reasonFor(error),
        });
        failed += 1;
      }
      changed();
    }
    if (done === 0 && failed > 0)
      return fail('No design could be rendered on this template; see the reasons below.');
    await repo.finishJob(jobId, 'Completed', null, Date.now());
    changed();
    return { status: 'completed' };
  }

  return {
    name: RENDER_MOCKUPS_JOB,
    payload,
    // Every template job of a run walks the designs together, sharing each decoded design.
    concurrency: 8,
    handle,
    onGiveUp: ({ jobId }, reason) => mockups.giveUp(jobId, reason),
  };
}
