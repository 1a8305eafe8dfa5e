import { randomUUID } from 'node:crypto';
import { quotaErrors, designMessages } from '@podflow/contract/designs';
import {
  type AiTaskStatus,
  type AiTokensResponse,
  type GenerateMetadataResponse,
  type ImportMetadataResponse,
  type Listing,
  type MetadataRow,
  type SaveMetadataResponse,
  type TaskStatusSummary,
  checkListing,
  joinKeywords,
  metadataMessages,
  splitKeywords,
} from '@podflow/contract/metadata';
import { planById } from '@podflow/contract/plans';
import { UserError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { DesignListing, MetadataRepo } from './metadata.repo.ts';
import { type CsvRow, parseMetadataCsv, toCsv } from './metadata-csv.ts';

export const WRITE_LISTING_JOB = 'write-listing';

export type MetadataServiceDeps = {
  repo: MetadataRepo;
  queue: JobQueue;
  workspaces: WorkspacesService;
  designs: DesignsService;
  /** The clock, for the month AI tokens are counted in (tests move it). */
  now?: () => Date;
};

/** The month AI tokens are counted in, 'YYYY-MM' in UTC. */
export const tokenPeriod = (date: Date) => date.toISOString().slice(0, 7);

/** A design's stored listing fields from what a seller sent: keywords kept in one clean form. */
function toStored(
  id: string,
  listing: { title: string; keywords: string; description: string },
): DesignListing {
  return {
    id,
    product_title: listing.title.trim(),
    seo_keywords: joinKeywords(splitKeywords(listing.keywords)),
    product_description: listing.description.trim(),
  };
}

/** The listing a stored design row shows to the checks. */
const listingOf = (row: {
  product_title: string;
  seo_keywords: string;
  product_description: string;
}): Listing => ({
  title: row.product_title,
  keywords: splitKeywords(row.seo_keywords),
  description: row.product_description,
});

/** Listing metadata: saved by hand, written by AI in background tasks, and round-tripped as CSV. */
export function metadataService(deps: MetadataServiceDeps) {
  const { repo, queue, workspaces, designs } = deps;
  const now = deps.now ?? (() => new Date());

  /** The user's designs of `rows`, all of them or a 404 (another user's id is never found). */
  async function ownedRowsOf(userId: string, rows: MetadataRow[]) {
    const ids = rows.map((row) => row.lineitem_id);
    if (new Set(ids).size !== ids.length) {
      throw new UserError(400, 'Each design may appear once in a request.', { code: 'duplicate_design' });
    }
    const owned = await repo.ownedDesigns(userId, ids);
    if (owned.length !== ids.length) throw new UserError(404, designMessages.notFound, { code: 'not_found' });
    const byId = new Map(owned.map((design) => [design.id, design]));
    return rows.map((row) => byId.get(row.lineitem_id)!);
  }

  async function tokens(userId: string): Promise<AiTokensResponse> {
    const period = tokenPeriod(now());
    const { plan, used } = await repo.tokenUsage(userId, period);
    const allowance = planById(plan).aiTokensPerMonth;
    return { allowance, used, remaining: Math.max(0, allowance - used), period };
  }

  return {
    tokens,

    /**
     * Saves every row (all or none) and counts the designs it changed; over-limit fields are
     * saved and reported as warnings.
     */
    async save(userId: string, rows: MetadataRow[]): Promise<SaveMetadataResponse> {
      const owned = await ownedRowsOf(userId, rows);
      const listings = rows.map((row) =>
        toStored(row.lineitem_id, {
          title: row.product_title,
          keywords: row.seo_keywords,
          description: row.product_description,
        }),
      );
      const changed = listings.filter(
        (listing, index) =>
          listing.product_title !== owned[index]!.product_title ||
          listing.seo_keywords !== owned[index]!.seo_keywords ||
          listing.product_description !== owned[index]!.product_description,
      );
      await repo.saveListings(changed);
      const warnings = listings.flatMap((listing, index) => {
        const issues = checkListing(listingOf(listing));
        return issues.length > 0
          ? [{ lineitem_id: listing.id, image_file_name: owned[index]!.file_name, issues }]
          : [];
      });
      return { message: metadataMessages.saved(changed.length), saved: changed.length, warnings };
    },

    /**
     * Queues one AI task per design, what the seller typed kept as its hints; one AI token each,
     * charged atomically before anything is queued (403 past the plan's monthly allowance).
     */
    async generate(userId: string, rows: MetadataRow[]): Promise<GenerateMetadataResponse> {
      const owned = await ownedRowsOf(userId, rows);
      const workspaceIds = new Set(owned.map((design) => design.workspace_id));
      if (workspaceIds.size !== 1) {
        throw new UserError(400, 'Send the designs of one workspace at a time.', {
          code: 'several_workspaces',
        });
      }
      const workspaceId = owned[0]!.workspace_id;
      if (await repo.hasActiveTasks(workspaceId)) {
        throw new UserError(409, metadataMessages.aiRunning, { code: 'ai_running' });
      }
      const period = tokenPeriod(now());
      const runId = randomUUID();
      const created = now().getTime();
      const tasks = rows.map((row, position) => ({
        id: randomUUID(),
        run_id: runId,
        workspace_id: workspaceId,
        user_id: userId,
        design_id: row.lineitem_id,
        design_file_name: owned[position]!.file_name,
        position,
        status: 'Pending',
        hints: JSON.stringify({
          title: row.product_title.trim(),
          keywords: splitKeywords(row.seo_keywords),
          description: row.product_description.trim(),
        } satisfies Listing),
        reason: null,
        token_period: period,
        created_at: created,
        started_at: null,
        finished_at: null,
      }));
      const { allowance } = await tokens(userId);
      if (!(await repo.startRun(userId, tasks, allowance, period))) {
        throw new UserError(403, quotaErrors.aiTokens, { code: 'ai_tokens_quota' });
      }
      for (const task of tasks) await queue.enqueue(WRITE_LISTING_JOB, task.id, { taskId: task.id });
      return {
        message: metadataMessages.queued(tasks.length),
        queued: tasks.length,
        tokens_remaining: (await tokens(userId)).remaining,
      };
    },

    /** The workspace's latest AI run: how many tasks are in each status, and why any failed. */
    async summary(userId: string, workspaceId: string): Promise<TaskStatusSummary> {
      await workspaces.requireOwned(userId, workspaceId);
      const tasks = await repo.latestRun(workspaceId);
      const status_summary: Record<AiTaskStatus, number> = {
        Pending: 0,
        'In Progress': 0,
        Completed: 0,
        Failed: 0,
      };
      for (const task of tasks) status_summary[task.status as AiTaskStatus] += 1;
      const failures = tasks
        .filter((task) => task.status === 'Failed')
        .map((task) => ({ image_file_name: task.design_file_name, reason: task.reason ?? 'Unknown error' }));
      return { status_summary, failures };
    },

    async exportCsv(userId: string, workspaceId: string): Promise<string> {
      await workspaces.requireOwned(userId, workspaceId);
      const rows = await designs.listRows(workspaceId);
      return toCsv(
        rows.map((row) => ({
          file_name: row.file_name,
          title: row.product_title,
          keywords: row.seo_keywords,
          description: row.product_description,
        })),
      );
    },

    /**
     * Matches an edited CSV's rows to the workspace's designs by file name (a name several designs
     * share updates each of them) and reports what would change; with `apply`, saves it too.
     */
    async importCsv(
      userId: string,
      workspaceId: string,
      bytes: Buffer,
      apply: boolean,
    ): Promise<ImportMetadataResponse> {
      await workspaces.requireOwned(userId, workspaceId);
      const { rows, invalid } = parseMetadataCsv(bytes);
      const byName = Map.groupBy(await designs.listRows(workspaceId), (design) => design.file_name);
      const firstRowOf = new Map<string, number>();
      const unmatched: ImportMetadataResponse['unmatched'] = [];
      const changed: ImportMetadataResponse['changed'] = [];
      const updates: DesignListing[] = [];
      let unchanged = 0;
      for (const row of rows) {
        const first = firstRowOf.get(row.file_name);
        if (first !== undefined) {
          invalid.push({
            row: row.row,
            reason: `Repeats ${row.file_name} of row ${first}; only the first row is used.`,
          });
          continue;
        }
        firstRowOf.set(row.file_name, row.row);
        const matches = byName.get(row.file_name);
        if (!matches) {
          unmatched.push({ row: row.row, file_name: row.file_name });
          continue;
        }
        for (const design of matches) {
          const change = changesOf(design, row);
          if (change.length === 0) {
            unchanged += 1;
            continue;
          }
          changed.push({ lineitem_id: design.id, image_file_name: design.file_name, changes: change });
          updates.push(
            toStored(design.id, {
              title: row.title ?? design.product_title,
              keywords: row.keywords ?? design.seo_keywords,
              description: row.description ?? design.product_description,
            }),
          );
        }
      }
      invalid.sort((a, b) => a.row - b.row);
      const applied = apply && updates.length > 0;
      if (applied) await repo.saveListings(updates);
      const count = changed.length;
      const designsWord = `${count} design${count === 1 ? '' : 's'}`;
      return {
        message: applied
          ? `Updated the metadata of ${designsWord} from the CSV.`
          : count === 0
            ? 'Nothing in the CSV differs from the saved metadata.'
            : `${designsWord} would change.`,
        applied,
        changed,
        unchanged,
        unmatched,
        invalid,
      };
    },
  };
}

/** The fields a CSV row changes on a design (keywords compared in their stored form). */
function changesOf(
  design: { product_title: string; seo_keywords: string; product_description: string },
  row: CsvRow,
): ImportMetadataResponse['changed'][number]['changes'] {
  const changes: ImportMetadataResponse['changed'][number]['changes'] = [];
  if (row.title !== undefined && row.title !== design.product_title) {
    changes.push({ field: 'title', from: design.product_title, to: row.title });
  }
  if (row.keywords !== undefined) {
    const to = joinKeywords(splitKeywords(row.keywords));
    if (to !== joinKeywords(splitKeywords(design.seo_keywords))) {
      changes.push({ field: 'keywords', from: design.seo_keywords, to });
    }
  }
  if (row.description !== undefined && row.description !== design.product_description.trim()) {
    changes.push({ field: 'description', from: design.product_description, to: row.description });
  }
  return changes;
}

export type MetadataService = ReturnType<typeof metadataService>;
