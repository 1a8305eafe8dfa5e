import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import {
  type GenerateMockupsResponse,
  type MockupGridRow,
  type MockupJobError,
  type MockupJobLog,
  type MockupJobStatus,
  mockupMessages,
} from '@podflow/contract/mockups';
import { UserError } from '../../platform/errors.ts';
import { makeThumbnail } from '../../platform/images/thumbnail.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { MockupJobRow, MockupRow, MockupsRepo } from './mockups.repo.ts';
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
  maxPixels: number;
};

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
  const { repo, storage, signer, queue, workspaces, designs, templates } = deps;
  /** Emits 'changed' with a workspace id whenever one of its jobs moves (server-sent events listen). */
  const events = new EventEmitter().setMaxListeners(0);

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

    /** Starts a run: one job per selected template, each rendering every design of the workspace. */
    async generate(userId: string, workspaceId: string): Promise<GenerateMockupsResponse> {
      await workspaces.requireOwned(userId, workspaceId);
      const designRows = await designs.listRows(workspaceId);
      if (designRows.length === 0) throw new UserError(400, mockupMessages.noDesigns, { code: 'no_designs' });
      const selected = await templates.listSelectedRows(userId, workspaceId);
      if (selected.length === 0)
        throw new UserError(400, mockupMessages.noTemplates, { code: 'no_templates' });
      if (await repo.hasActiveJobs(workspaceId)) {
        throw new UserError(409, mockupMessages.alreadyRunning, { code: 'mockups_running' });
      }
      const runId = randomUUID();
      const now = Date.now();
      const rows = selected.map((template, position) => ({
        id: randomUUID(),
        run_id: runId,
        workspace_id: workspaceId,
        user_id: userId,
        template_id: template.id,
        template_name: template.name,
        position,
        status: 'Pending',
        total: designRows.length,
        reason: null,
        created_at: now,
        started_at: null,
        finished_at: null,
      }));
      await repo.insertJobs(rows);
      for (const row of rows) await queue.enqueue(RENDER_MOCKUPS_JOB, row.id, { jobId: row.id });
      events.emit('changed', workspaceId);
      const count = designRows.length * selected.length;
      return {
        message: `Generating ${count} mockup${count === 1 ? '' : 's'}: ${designRows.length} design${
          designRows.length === 1 ? '' : 's'
        } on ${selected.length} template${selected.length === 1 ? '' : 's'}.`,
        job_logs: (await repo.run(runId)).map(toJobLog),
      };
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
      const [designRows, mockups] = await Promise.all([
        designs.listRows(workspaceId),
        repo.listByWorkspace(workspaceId),
      ]);
      const byDesign = new Map<string, MockupGridRow['mockup_images']>();
      for (const m of mockups) {
        const list = byDesign.get(m.design_id) ?? [];
        list.push({
          mockup_id: m.id,
          mockup_image: signer.sign(m.storage_key),
          mockup_thumbnail: signer.sign(m.thumbnail_key),
          template: m.template_name,
          template_id: m.template_id,
        });
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

    /** Makes a mockup's 512 px preview on its first request (a FileProducer). */
    async produceThumbnail(key: string): Promise<boolean> {
      if (!key.endsWith('.thumb.webp')) return false;
      const row = await repo.findByThumbnailKey(key);
      if (!row) return false;
      const thumbnail = await makeThumbnail(await storage.read(row.storage_key), {
        size: 512,
        maxPixels: deps.maxPixels,
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
