import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import type { ListingProvider, ListingResultStatus } from '@podflow/contract/listings';
import { gelatoProductInput } from '@podflow/providers/gelato';
import { ProviderError } from '@podflow/providers/http';
import { cloneProductInput } from '@podflow/providers/printify';
import { sellerFailure } from '@podflow/providers/seller-sentence';
import { eachLimited } from '../../platform/concurrency/each-limited.ts';
import { withRetries } from '../../platform/concurrency/with-retries.ts';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import type { JobDefinition, JobOutcome } from '../../platform/queue/job-queue.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignRow } from '../designs/designs.repo.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import { listingTextOf } from './listing-text.ts';
import type { ListingsRepo } from './listings.repo.ts';
import {
  CREATE_LISTINGS_JOB,
  type ProviderSettings,
  connectionKey,
  keyUnreadable,
  providerClients,
} from './listings.service.ts';

export type CreateListingsDeps = {
  repo: ListingsRepo;
  designs: DesignsService;
  storage: Storage;
  signer: UrlSigner;
  secrets: SecretBox;
  providers: ProviderSettings;
  /** PodFlow's public origin: Gelato downloads designs from signed URLs under it. */
  publicUrl: string | undefined;
  /** Designs sent to the provider at once. */
  concurrency?: number;
};

const payload = z.object({ runId: z.string() });

type Design = DesignRow;
type Outcome = {
  status: ListingResultStatus;
  product_id: string | null;
  reason: string | null;
  detail?: string | null;
  published?: number | null;
};

const gaveUp =
  'The print provider kept failing or could not be reached, so the run stopped: try again in a few minutes.';

/** A design that could not be listed: the seller's sentence, the provider's words in the details. */
function failedAsOutcome(result: Outcome | Error): Outcome {
  if (!(result instanceof Error)) return result;
  const { sentence, detail } = sellerFailure(result);
  return { status: 'failed', product_id: null, reason: sentence, detail };
}

/**
 * A listing run: every pending design of it sent to the provider, each result recorded as soon
 * as it is known (a resumed run skips what it finished). Printify: the design is uploaded and a
 * product cloned from the template product is created, or updated when the design already has
 * one, then published when asked. Gelato: a product from the template with the design's public
 * signed URL (a design already on Gelato is skipped). The client retries 429 and 5xx itself; a
 * design whose calls still fail is tried twice more before it is recorded as failed.
 */
export function createListingsJob(deps: CreateListingsDeps): JobDefinition<z.infer<typeof payload>> {
  const { repo, designs, storage, signer, secrets } = deps;
  const clients = providerClients(deps.providers);

  async function printifyWork(
    run: { id: string; publish: number },
    shopId: string,
    templateId: string,
    apiKey: string,
  ) {
    const client = clients.printify(apiKey);
    const template = await client.getProduct(shopId, templateId);
    return async (design: Design): Promise<Outcome> => {
      const bytes = await buffer(await storage.read(design.storage_key));
      const upload = await client.uploadImage({
        fileName: design.file_name,
        contents: bytes.toString('base64'),
      });
      const body = cloneProductInput(template, { uploadId: upload.id, ...listingTextOf(design) });
      let status: ListingResultStatus = 'created';
      // A product belongs to one shop: this shop's product of the design, never another shop's.
      let productId = await repo.designProduct(design.id, 'printify', shopId);
      if (productId) {
        try {
          await client.updateProduct(shopId, productId, body);
          status = 'updated';
        } catch (error) {
          // Deleted on Printify since, or (data from before products were kept per shop) in
          // another shop: make one in this shop.
          const gone =
            error instanceof ProviderError && (error.status === 404 || String(error.code) === '8104');
          if (!gone) throw error;
          await repo.dropDesignProduct(design.id, 'printify', shopId);
          productId = null;
        }
      }
      if (!productId) {
        productId = (await client.createProduct(shopId, body)).id;
        await repo.setDesignProduct(design.id, 'printify', shopId, productId);
      }
      const product = productId;
      if (run.publish !== 1) return { status, product_id: product, reason: null, published: null };
      // The product exists either way: a refused publish is said on its row, not as a failed listing.
      const published = await withRetries(() => client.publishProduct(shopId, product));
      if (!(published instanceof Error)) return { status, product_id: product, reason: null, published: 1 };
      const { sentence, detail } = sellerFailure(published);
      return { status, product_id: product, reason: `Not published: ${sentence}`, detail, published: 0 };
    };
  }

  async function gelatoWork(storeId: string, templateId: string, apiKey: string) {
    if (!deps.publicUrl) {
      throw new Error('Gelato downloads designs from PodFlow: set PUBLIC_URL to the address it can reach.');
    }
    const client = clients.gelato(apiKey);
    const template = await client.getTemplate(templateId);
    return async (design: Design): Promise<Outcome> => {
      const existing = await repo.designProduct(design.id, 'gelato', storeId);
      if (existing) {
        return { status: 'skipped', product_id: existing, reason: 'Already in this Gelato store.' };
      }
      const fileUrl = new URL(signer.sign(design.storage_key), deps.publicUrl).href;
      const product = await client.createProductFromTemplate(
        storeId,
        gelatoProductInput(template, { fileUrl, ...listingTextOf(design) }),
      );
      await repo.setDesignProduct(design.id, 'gelato', storeId, product.id);
      return { status: 'created', product_id: product.id, reason: null };
    };
  }

  async function handle({ runId }: z.infer<typeof payload>): Promise<JobOutcome> {
    const run = await repo.findRun(runId);
    if (!run || run.status === 'Completed' || run.status === 'Failed') {
      return { status: 'skipped', reason: 'the run has ended' };
    }
    await repo.startRun(runId);
    const provider = run.provider as ListingProvider;
    const connection = await repo.connection(run.workspace_id, provider);
    if (!connection) {
      await repo.finishRun(runId, 'Failed', 'The workspace is no longer connected.');
      return { status: 'failed', reason: 'not connected' };
    }
    const apiKey = connectionKey(secrets, connection);
    if (apiKey === undefined) {
      const reason = keyUnreadable(provider === 'printify' ? 'Printify' : 'Gelato');
      await repo.finishRun(runId, 'Failed', reason);
      return { status: 'failed', reason };
    }
    let one: (design: Design) => Promise<Outcome>;
    try {
      one =
        provider === 'printify'
          ? await printifyWork(run, connection.shop_id, connection.template_id, apiKey)
          : await gelatoWork(connection.shop_id, connection.template_id, apiKey);
    } catch (error) {
      if (error instanceof ProviderError && error.retryable) throw error; // the queue tries the run again
      const reason = sellerFailure(error).sentence;
      await repo.finishRun(runId, 'Failed', reason);
      return { status: 'failed', reason };
    }
    const pending = (await repo.results(runId)).filter((r) => r.status === 'pending');
    await eachLimited(pending, deps.concurrency ?? 4, async (result) => {
      const design = await designs.findRow(result.design_id);
      const outcome = design
        ? failedAsOutcome(await withRetries(() => one(design)))
        : { status: 'failed' as const, product_id: null, reason: 'The design was deleted.' };
      await repo.setResult(runId, result.design_id, outcome);
    });
    const results = await repo.results(runId);
    const allFailed = results.length > 0 && results.every((r) => r.status === 'failed');
    await repo.finishRun(
      runId,
      allFailed ? 'Failed' : 'Completed',
      allFailed ? 'No design could be listed.' : null,
    );
    return { status: 'completed' };
  }

  return {
    name: CREATE_LISTINGS_JOB,
    payload,
    concurrency: 2,
    handle,
    // The queue's reason is the provider's raw text (it is logged); the seller reads what to do.
    onGiveUp: ({ runId }) => repo.finishRun(runId, 'Failed', gaveUp),
  };
}
