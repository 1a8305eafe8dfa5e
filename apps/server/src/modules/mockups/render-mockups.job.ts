import { workingSide } from '@podflow/mockup-engine/engine';
import { z } from 'zod';
import { quotaErrors } from '@podflow/contract/designs';
import { type JobDefinition, type JobOutcome, stopIfAsked } from '../../platform/queue/job-queue.ts';
import { FileNotFoundError, type Storage } from '../../platform/storage/storage.ts';
import type { DesignRow } from '../designs/designs.repo.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import { workspacePrefix } from '../workspaces/workspaces.service.ts';
import {
  type MockupRenderer,
  QuotaError,
  WorkspaceGone,
  areasOf,
  engineAdjustment,
  placementOf,
} from './mockup-renderer.ts';
import { type MockupJobRow, type MockupsRepo, pairKey } from './mockups.repo.ts';
import { RENDER_MOCKUPS_JOB, type MockupsService } from './mockups.service.ts';
import { type RenderCache, templatesAtOnce } from './render-cache.ts';

type Deps = {
  repo: MockupsRepo;
  storage: Storage;
  cache: RenderCache;
  renderer: MockupRenderer;
  designs: DesignsService;
  templates: TemplatesService;
  mockups: MockupsService;
  /** Told how long each mockup took to render and store, in seconds (the metrics' histogram). */
  onRendered?: (seconds: number) => void;
};

const payload = z.object({ jobId: z.string() });

/**
 * An error's message without the server's file paths: the engine's threads open stored files by
 * path, and a decoder's message can name the file.
 */
const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/(?<![\w])(?:\/[\w.-]+){2,}/g, 'the file');

/** Why a design could not be rendered, in words a seller can act on. */
export function reasonFor(error: unknown): string {
  const message = messageOf(error);
  if (error instanceof FileNotFoundError || /input file is missing/i.test(message)) {
    return 'The design file is gone (it was deleted during the run).';
  }
  if (error instanceof QuotaError) return quotaErrors.space;
  if (/unsupported image format|corrupt|premature end|read error|bad seek/i.test(message)) {
    return 'The design file could not be read as an image. Upload it again as a PNG.';
  }
  if (/pixel limit/i.test(message)) return 'The design has too many pixels to render.';
  return `The design could not be rendered: ${message}`;
}

/** Designs decoded ahead of the one being rendered (see handle). */
const decodeAhead = 2;

/**
 * Renders every design of the workspace onto one template (one job of a run). Safe to run twice:
 * a resumed job skips the designs it already rendered, and each design has one mockup per
 * template, replaced in place. One design failing is logged with its reason; the rest go on.
 */
export function renderMockupsJob(deps: Deps): JobDefinition<z.infer<typeof payload>> {
  const { repo, storage, cache, renderer, designs, templates, mockups } = deps;

  /** The seller's adjustments of the workspace, and the side each design is decoded at for this run. */
  async function planFor(job: MockupJobRow, designRows: DesignRow[]) {
    const adjustments = await repo.adjustments(job.workspace_id);
    const adjustOf = (designId: string, templateId: string) =>
      engineAdjustment(adjustments.get(pairKey(designId, templateId)));
    const runTemplates = await templates.findRows((await repo.run(job.run_id)).map((j) => j.template_id));
    // The most any template of the run needs of each design (an adjusted pair may need more).
    const sides = new Map(
      designRows.map((d) => [
        d.id,
        workingSide(
          areasOf(runTemplates, (t) => adjustOf(d.id, t.id)),
          d.width,
          d.height,
        ),
      ]),
    );
    return {
      adjustOf,
      sideOf: (design: DesignRow) => sides.get(design.id) ?? Math.max(design.width, design.height),
    };
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
    // A "new only" run renders the designs it was given (those still there); otherwise every design.
    const only = job.design_ids ? new Set(JSON.parse(job.design_ids) as string[]) : null;
    const designRows = (await designs.listRows(job.workspace_id)).filter((d) => !only || only.has(d.id));
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
      return fail(`The template image could not be read: ${messageOf(error)}`);
    }

    const { adjustOf, sideOf } = await planFor(job, designRows);
    const storageLimit = await designs.storageLimit(job.user_id);
    let done = designRows.length - todo.length;
    let failed = 0;
    /** The run stops once its workspace is deleted, and removes whatever it wrote after the delete. */
    const stopped = async (): Promise<JobOutcome> => {
      await storage.deletePrefix(workspacePrefix(job.user_id, job.workspace_id));
      return { status: 'skipped', reason: 'The workspace was deleted during the run.' };
    };
    for (const [index, design] of todo.entries()) {
      stopIfAsked(context.signal); // the designs rendered so far are counted; the rest resume elsewhere
      // Start decoding the next designs while this one renders, so the pool never waits on a read:
      // a design takes longer to decode than to render on every template of a run, so two are
      // decoded ahead, one per thread (the cache shares them with the run's other template jobs).
      for (const next of todo.slice(index + 1, index + 1 + decodeAhead)) {
        cache.design(next.storage_key, sideOf(next)).catch(() => undefined);
      }
      const renderStarted = performance.now();
      try {
        await renderer.renderAndStore({
          jobId: job.id,
          userId: job.user_id,
          workspaceId: job.workspace_id,
          template,
          design,
          side: sideOf(design),
          adjust: adjustOf(design.id, template.id),
          storageLimit,
        });
        deps.onRendered?.((performance.now() - renderStarted) / 1000);
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
    // Every template job of a run walks the designs together, sharing each decoded design: a run
    // of 10 templates with 8 at a time left the last 2 to decode every design again, alone.
    concurrency: templatesAtOnce,
    handle,
    onGiveUp: ({ jobId }, reason) => mockups.giveUp(jobId, reason),
  };
}
