import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import { type Listing, joinKeywords } from '@podflow/contract/metadata';
import { type JobDefinition, type JobOutcome, stopIfAsked } from '../../platform/queue/job-queue.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { DesignTextReader } from './design-text/design-text-reader.ts';
import { type ListingWriter, ListingWriterError } from './listing-writer.ts';
import type { MetadataRepo } from './metadata.repo.ts';
import { WRITE_LISTING_JOB } from './metadata.service.ts';
import { productTypes } from './product-types.ts';

export type WriteListingDeps = {
  repo: MetadataRepo;
  storage: Storage;
  designs: DesignsService;
  templates: TemplatesService;
  writer: ListingWriter;
  /** Reads the words printed on the design (OCR); absent: the writer goes without them. */
  reader?: Pick<DesignTextReader, 'read'>;
  /** Designs written at once by this process. */
  concurrency: number;
};

const payload = z.object({ taskId: z.string() });

/**
 * One AI task: the design's listing written from its image, the words printed on it, its file name, the product types of
 * the workspace's selected templates and what the seller had typed, then saved on the design. A
 * failure the writer says retrying cannot fix fails the task at once; anything else is retried by
 * the queue and, given up, fails it. A failed task gives its AI token back.
 */
export function writeListingJob(deps: WriteListingDeps): JobDefinition<z.infer<typeof payload>> {
  const { repo, storage, designs, templates, writer, reader } = deps;

  async function handle(
    { taskId }: z.infer<typeof payload>,
    context: { signal: AbortSignal },
  ): Promise<JobOutcome> {
    const task = await repo.findTask(taskId);
    if (!task || task.status === 'Completed' || task.status === 'Failed') {
      return { status: 'skipped', reason: 'the task has ended' };
    }
    const design = await designs.findRow(task.design_id);
    if (!design) {
      const reason = 'The design was deleted before its metadata was written.';
      await repo.fail(taskId, reason);
      return { status: 'failed', reason };
    }
    await repo.markStarted(taskId);
    const [image, selected] = await Promise.all([
      storage.read(design.storage_key).then(buffer),
      templates.listSelectedRows(task.user_id, task.workspace_id),
    ]);
    // A design that cannot be read has no words; it is written from its file name as before.
    const lettering = reader ? await reader.read(image, context.signal) : undefined;
    // Stopping before the AI call hands the task back; a call under way is let finish (it is paid for).
    stopIfAsked(context.signal);
    let listing: Listing;
    try {
      listing = await writer.write({
        image,
        fileName: design.file_name,
        productTypes: productTypes(selected.map((template) => template.name)),
        hints: JSON.parse(task.hints) as Listing,
        designText: lettering?.phrase ?? '',
        designSmallPrint: lettering?.smallPrint.join(' · ') ?? '',
        position: task.position,
      });
    } catch (error) {
      if (error instanceof ListingWriterError && !error.retryable) {
        await repo.fail(taskId, error.message);
        return { status: 'failed', reason: error.message };
      }
      throw error;
    }
    await repo.complete(taskId, {
      id: design.id,
      product_title: listing.title,
      seo_keywords: joinKeywords(listing.keywords),
      product_description: listing.description,
    });
    return { status: 'completed' };
  }

  return {
    name: WRITE_LISTING_JOB,
    payload,
    concurrency: deps.concurrency,
    handle,
    onGiveUp: ({ taskId }, reason) => repo.fail(taskId, reason),
  };
}
