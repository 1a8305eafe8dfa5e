import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import {
  type AdjustMockupResponse,
  type GenerateMockupsResponse,
  type GenerateMode,
  type MockupAdjustment,
  type MockupGridRow,
  type MockupImage,
  type MockupJobError,
  type MockupJobLog,
  type MockupJobStatus,
  mockupMessages,
} from '@podflow/contract/mockups';
import { quotaErrors } from '@podflow/contract/designs';
import { UserError } from '../../platform/errors.ts';
import { makeThumbnail } from '../../platform/images/thumbnail.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import {
  type MockupRenderer,
  QuotaError,
  engineAdjustment,
  sideFor,
  toMockupAdjustment,
} from './mockup-renderer.ts';
import {
  type AdjustmentRow,
  type MockupJobRow,
  type MockupRow,
  type MockupsRepo,
  type NewMockupJobRow,
  pairKey,
} from './mockups.repo.ts';
import { type ZipEntry, zipStream } from './mockups-zip.ts';

export const RENDER_MOCKUPS_JOB = 'render-mockups';

export type MockupsServiceDeps = {
  repo: MockupsRepo;
  storage: Storage;
  signer: UrlSigner;
  queue: JobQueue;
  workspaces: WorkspacesService;
  designs: DesignsService;
  templates: TemplatesService;
  renderer: MockupRenderer;
  maxPixels: number;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The job log row the web app shows. */
export function toJobLog(row: MockupJobRow): MockupJobLog {
  return {
    id: row.id,
    status: row.status as MockupJobStatus,
    template_file_name: row.template_name,
    template_id: row.template_id,
    total: row.total,
    done: row.done,
    failed: row.failed,
    errors: JSON.parse(row.errors) as MockupJobError[],
    reason: row.reason,
    created_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
  };
}

/** Mockup runs (one job per selected template), the review grid, deletion and the zip download. */
export function mockupsService(deps: MockupsServiceDeps) {
  const { repo, storage, signer, queue, workspaces, designs, templates, renderer } = deps;
  /** Emits 'changed' with a workspace id whenever one of its jobs moves (server-sent events listen). */
  const events = new EventEmitter().setMaxListeners(0);

  /** A mockup as the grid shows it. */
  function toImage(m: MockupRow, adjustment: AdjustmentRow | undefined): MockupImage {
    return {
      mockup_id: m.id,
      mockup_image: signer.sign(m.storage_key),
      mockup_thumbnail: signer.sign(m.thumbnail_key),
      template: m.template_name,
      template_id: m.template_id,
      cut_off: Number(m.cut_off) === 1,
      adjustment: toMockupAdjustment(adjustment),
    };
  }

  /** The caller's mockup with the template and design it was made of, or the error that says why not. */
  async function pairOf(userId: string, mockupId: string) {
    const row = await repo.findOwned(userId, mockupId);
    if (!row) throw new UserError(404, mockupMessages.mockupGone, { code: 'mockup_not_found' });
    const [template, design] = await Promise.all([
      templates.findRow(row.template_id),
      designs.findRow(row.design_id),
    ]);
    if (!template) throw new UserError(409, mockupMessages.templateGone, { code: 'template_gone' });
    if (!design) throw new UserError(404, mockupMessages.mockupGone, { code: 'mockup_not_found' });
    return { row, template, design };
  }

  async function deleteFiles(rows: { storage_key: string; thumbnail_key: string }[]): Promise<void> {
    for (const row of rows) {
      await storage.delete(row.storage_key);
      await storage.delete(row.thumbnail_key);
    }
  }

  return {
    events,
    deleteFiles,

    /** The caller's workspace, or a 404 (see WorkspacesService.requireOwned). */
    requireWorkspace: (userId: string, workspaceId: string) => workspaces.requireOwned(userId, workspaceId),

    /**
     * Starts a run: one job per selected template, each rendering the designs of the workspace
     * (`all`), or only the designs with no mockup on it yet that the seller never deleted
     * (`new`). While a run of the workspace is going on, starts nothing and answers that run.
     */
    async generate(
      userId: string,
      workspaceId: string,
      mode: GenerateMode = 'new',
    ): Promise<GenerateMockupsResponse> {
      await workspaces.requireOwned(userId, workspaceId);
      const designRows = await designs.listRows(workspaceId);
      if (designRows.length === 0) throw new UserError(400, mockupMessages.noDesigns, { code: 'no_designs' });
      const selected = await templates.listSelectedRows(userId, workspaceId);
      if (selected.length === 0)
        throw new UserError(400, mockupMessages.noTemplates, { code: 'no_templates' });
      const covered = mode === 'new' ? await repo.coveredPairs(workspaceId) : new Set<string>();
      const runId = randomUUID();
      const now = Date.now();
      const jobs: NewMockupJobRow[] = [];
      const designsInRun = new Set<string>();
      for (const template of selected) {
        const todo = designRows.filter((d) => !covered.has(pairKey(d.id, template.id)));
        if (todo.length === 0) continue;
        for (const d of todo) designsInRun.add(d.id);
        jobs.push({
          id: randomUUID(),
          run_id: runId,
          workspace_id: workspaceId,
          user_id: userId,
          template_id: template.id,
          template_name: template.name,
          position: jobs.length,
          status: 'Pending',
          total: todo.length,
          reason: null,
          created_at: now,
          started_at: null,
          finished_at: null,
          design_ids: mode === 'new' ? JSON.stringify(todo.map((d) => d.id)) : null,
        });
      }
      const result = await repo.startRun(workspaceId, jobs, mode === 'all');
      if (result === 'gone') {
        await workspaces.requireOwned(userId, workspaceId); // deleted meanwhile: its 404
        throw new Error('The workspace could not be locked.');
      }
      if ('running' in result) {
        return {
          message: mockupMessages.answeringRunning,
          job_logs: (await repo.run(result.running)).map(toJobLog),
          mode,
          queued: 0,
          already_running: true,
        };
      }
      if (jobs.length === 0) {
        return {
          message: mockupMessages.nothingNew,
          job_logs: (await repo.latestRun(workspaceId)).map(toJobLog),
          mode,
          queued: 0,
          already_running: false,
        };
      }
      for (const row of jobs) await queue.enqueue(RENDER_MOCKUPS_JOB, row.id, { jobId: row.id });
      events.emit('changed', workspaceId);
      const count = jobs.reduce((sum, job) => sum + job.total, 0);
      return {
        message: `Generating ${plural(count, 'mockup')}: ${plural(designsInRun.size, 'design')} on ${plural(
          jobs.length,
          'template',
        )}.`,
        job_logs: (await repo.run(runId)).map(toJobLog),
        mode,
        queued: count,
        already_running: false,
      };
    },

    /**
     * Renders one mockup again with the seller's adjustment (kept for its design and template and
     * used by every later render) and answers it; nothing else is rendered.
     */
    async adjust(
      userId: string,
      mockupId: string,
      adjustment: MockupAdjustment,
    ): Promise<AdjustMockupResponse> {
      const { row, template, design } = await pairOf(userId, mockupId);
      const adjust = engineAdjustment(adjustment);
      try {
        await renderer.renderAndStore({
          jobId: row.job_id,
          userId,
          workspaceId: row.workspace_id,
          template,
          design,
          side: sideFor(design, template, adjust),
          adjust,
          storageLimit: await designs.storageLimit(userId),
        });
      } catch (error) {
        if (error instanceof QuotaError) throw new UserError(403, quotaErrors.space, { code: 'space_quota' });
        throw error;
      }
      const saved: AdjustmentRow = {
        design_id: row.design_id,
        template_id: row.template_id,
        workspace_id: row.workspace_id,
        user_id: userId,
        fit: adjustment.fit,
        scale: adjustment.scale,
        offset_x: adjustment.offset_x,
        offset_y: adjustment.offset_y,
        updated_at: Date.now(),
      };
      // Back to the template's own placement (Reset): nothing is kept, the mockup is not "adjusted".
      const plain =
        adjust === null || (!adjust.fit && adjust.scale === 1 && !adjust.offsetX && !adjust.offsetY);
      if (plain) await repo.deleteAdjustment(row.design_id, row.template_id);
      else await repo.saveAdjustment(saved);
      const fresh = await repo.findOwned(userId, mockupId);
      if (!fresh) throw new UserError(404, mockupMessages.mockupGone, { code: 'mockup_not_found' });
      return { message: mockupMessages.adjusted, mockup: toImage(fresh, plain ? undefined : saved) };
    },

    /** The mockup as it would look with this adjustment (a JPEG); nothing is stored. */
    async preview(userId: string, mockupId: string, adjustment: MockupAdjustment): Promise<Buffer> {
      const { template, design } = await pairOf(userId, mockupId);
      return renderer.preview(template, design, engineAdjustment(adjustment));
    },

    async jobLogs(userId: string, workspaceId: string): Promise<MockupJobLog[]> {
      await workspaces.requireOwned(userId, workspaceId);
      return (await repo.latestRun(workspaceId)).map(toJobLog);
    },

    /** The latest run's jobs without the ownership check (the events stream checked it once). */
    async latestRun(workspaceId: string): Promise<MockupJobLog[]> {
      return (await repo.latestRun(workspaceId)).map(toJobLog);
    },

    /** One row per design of the workspace with its mockups, in template order. */
    async grid(userId: string, workspaceId: string): Promise<MockupGridRow[]> {
      await workspaces.requireOwned(userId, workspaceId);
      const [designRows, mockups, adjustments] = await Promise.all([
        designs.listRows(workspaceId),
        repo.listByWorkspace(workspaceId),
        repo.adjustments(workspaceId),
      ]);
      const byDesign = new Map<string, MockupGridRow['mockup_images']>();
      for (const m of mockups) {
        const list = byDesign.get(m.design_id) ?? [];
        list.push(toImage(m, adjustments.get(pairKey(m.design_id, m.template_id))));
        byDesign.set(m.design_id, list);
      }
      return designRows.map((d) => ({
        design_id: d.id,
        design_file_name: d.file_name,
        design_image_path: signer.sign(d.thumbnail_key),
        mockup_images: (byDesign.get(d.id) ?? []).sort((a, b) => a.template.localeCompare(b.template)),
      }));
    },

    /** Deletes the caller's mockups; any id that is not theirs makes it a 404 that deletes nothing. */
    async delete(userId: string, ids: string[]): Promise<number> {
      const rows = await repo.deleteOwned(userId, ids);
      if (!rows) throw new UserError(404, mockupMessages.notFound, { code: 'mockup_not_found' });
      await deleteFiles(rows);
      return rows.length;
    },

    /** The workspace's mockups as a stored (not recompressed) zip, streamed with its size known up front. */
    async zip(userId: string, workspaceId: string): Promise<{ stream: Readable; size: number }> {
      await workspaces.requireOwned(userId, workspaceId);
      const [designRows, mockups] = await Promise.all([
        designs.listRows(workspaceId),
        repo.listByWorkspace(workspaceId),
      ]);
      if (mockups.length === 0) {
        throw new UserError(404, mockupMessages.nothingToDownload, { code: 'no_mockups' });
      }
      const designNames = new Map(designRows.map((d) => [d.id, d.file_name]));
      const entries: ZipEntry[] = mockups
        .filter((m) => designNames.has(m.design_id))
        .map((m) => ({
          name: zipEntryName(designNames.get(m.design_id)!, m.template_name, m.storage_key),
          size: Number(m.bytes),
          modified: new Date(Number(m.updated_at)),
          open: () => storage.read(m.storage_key),
        }));
      return zipStream(entries);
    },

    /** Removes the mockups of deleted designs (rows, bytes, files). */
    /** The workspace's mockups for the other steps, per design in template order (as the grid shows them). */
    async rowsOf(workspaceId: string): Promise<MockupRow[]> {
      const rows = await repo.listByWorkspace(workspaceId);
      return rows.sort(
        (a, b) => a.design_id.localeCompare(b.design_id) || a.template_name.localeCompare(b.template_name),
      );
    },

    async releaseDesigns(userId: string, designIds: string[]): Promise<void> {
      await deleteFiles(await repo.deleteForDesigns(userId, designIds));
    },

    /**
     * Makes a mockup's 512 px preview on its first request when it is missing (a FileProducer):
     * runs store it with the mockup (.thumb.jpg); mockups made before that have .thumb.webp.
     */
    async produceThumbnail(key: string): Promise<boolean> {
      const format = key.endsWith('.thumb.jpg') ? 'jpeg' : key.endsWith('.thumb.webp') ? 'webp' : null;
      if (!format) return false;
      const row = await repo.findByThumbnailKey(key);
      if (!row) return false;
      const thumbnail = await makeThumbnail(await storage.read(row.storage_key), {
        size: 512,
        maxPixels: deps.maxPixels,
        format,
      });
      await storage.write(key, [thumbnail]);
      // Deleted (with its workspace, say) while the preview was made: leave no file behind.
      if (!(await repo.findByThumbnailKey(key))) {
        await storage.delete(key);
        return false;
      }
      return true;
    },

    /** Marks a job Failed when every attempt to run it threw. */
    async giveUp(jobId: string, reason: string): Promise<void> {
      const job = await repo.findJob(jobId);
      if (!job) return;
      await repo.finishJob(jobId, 'Failed', `The job stopped unexpectedly: ${reason}`, Date.now());
      events.emit('changed', job.workspace_id);
    },
  };
}

const unsafe = /[\\/:*?"<>|\p{Cc}]+/gu;

/** A readable, safe file name for a zip entry: design-name__template-name.jpg. */
export function zipEntryName(designFileName: string, templateName: string, storageKey: string): string {
  const clean = (text: string) =>
    text.replace(unsafe, '-').replace(/\s+/g, ' ').trim().slice(0, 80) || 'untitled';
  const base = (name: string) => clean(name.replace(/\.[a-z0-9]{1,5}$/i, ''));
  const extension = storageKey.slice(storageKey.lastIndexOf('.'));
  return `${base(designFileName)}__${base(templateName)}${extension}`;
}

export type MockupsService = ReturnType<typeof mockupsService>;
