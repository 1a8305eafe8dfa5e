import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { type ListingProvider, type ListingResultStatus, listingMessages } from '@podflow/contract/listings';
import {
  type GelatoProduct,
  createGelatoProductOnce,
  followGelatoProduct,
  gelatoProductInput,
  gelatoProductOrGone,
  gelatoProductProgress,
  gelatoProductsMade,
  gelatoPublishingFailure,
} from '@podflow/providers/gelato';
import { ProviderError } from '@podflow/providers/http';
import {
  type PrintifyClient,
  type PrintifyProduct,
  cloneProductInput,
  createPrintifyProductOnce,
  printifyAccountOf,
  printifyCanFetch,
  printifyProductsMade,
} from '@podflow/providers/printify';
import { sellerFailure } from '@podflow/providers/seller-sentence';
import { eachLimited } from '../../platform/concurrency/each-limited.ts';
import { withRetries } from '../../platform/concurrency/with-retries.ts';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import {
  type JobContext,
  type JobDefinition,
  type JobOutcome,
  JobStopped,
  stoppableSleep,
} from '../../platform/queue/job-queue.ts';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignRow } from '../designs/designs.repo.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import { createUnderIntent } from './create-under-intent.ts';
import { listingTextOf } from './listing-text.ts';
import { printifyPrintFile } from './print-file.ts';
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
  /** How a new Gelato product is followed until it is made or failed (waits double from first to max). */
  gelatoFollow?: { firstDelayMs: number; maxDelayMs: number; totalMs: number };
  sleep?: (ms: number) => Promise<void>;
};

const payload = z.object({ runId: z.string() });

type Design = DesignRow;
export type Outcome = {
  status: ListingResultStatus;
  product_id: string | null;
  reason: string | null;
  detail?: string | null;
  published?: number | null;
};

/** The marks a Printify intent was written with (migration 0021 keeps them as JSON). */
const printifyMarks = (marker: string) => JSON.parse(marker) as { uploadId: string; title: string };

const gelatoFollowDefaults = { firstDelayMs: 500, maxDelayMs: 10_000, totalMs: 10 * 60_000 };

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
 * one (a new one when the template product's blueprint changed since), then published when asked;
 * the file goes by its signed URL when Printify can fetch PUBLIC_URL, else as base64 up to the
 * limit. Gelato: a product from the template with the design's public signed URL, followed until
 * Gelato has made it or says why it failed (a design already on Gelato is skipped, one whose
 * product failed or was deleted is made again). The client retries 429 and 5xx itself; a design
 * whose calls still fail is tried twice more before it is recorded as failed.
 */
export function createListingsJob(deps: CreateListingsDeps): JobDefinition<z.infer<typeof payload>> {
  const { repo, designs, storage, signer, secrets } = deps;
  const clients = providerClients(deps.providers);

  const sleep = deps.sleep ?? ((ms: number) => delay(ms));

  /**
   * Whether an update Printify refused with 8251 (variants do not match the blueprint) failed
   * because the design's product is of another blueprint or print provider than the template now.
   */
  async function blueprintChanged(
    client: PrintifyClient,
    shopId: string,
    productId: string,
    template: PrintifyProduct,
  ) {
    const product = await client.getProduct(shopId, productId);
    return (
      product.blueprint_id !== template.blueprint_id ||
      product.print_provider_id !== template.print_provider_id
    );
  }

  async function printifyWork(
    run: { id: string; publish: number },
    shopId: string,
    templateId: string,
    apiKey: string,
  ) {
    // Printify's limits are per account: this run shares them with every connection of the account.
    const account = printifyAccountOf(await clients.printify(apiKey).listShops());
    const client = clients.printify(apiKey, account);
    const template = await client.getProduct(shopId, templateId);
    const printFiles = {
      byUrl: printifyCanFetch(deps.publicUrl, deps.providers.printifyBaseUrl),
      publicUrl: deps.publicUrl,
      signer,
      storage,
    };
    return async (design: Design): Promise<Outcome> => {
      const upload = await client.uploadImage(await printifyPrintFile(design, printFiles));
      const body = cloneProductInput(template, { uploadId: upload.id, ...listingTextOf(design) });
      let status: ListingResultStatus = 'created';
      let note: string | null = null;
      // A product belongs to one shop: this shop's product of the design, never another shop's.
      let productId = await repo.designProduct(design.id, 'printify', shopId);
      if (productId) {
        try {
          await client.updateProduct(shopId, productId, body);
          status = 'updated';
        } catch (error) {
          // Deleted on Printify since, or (data from before products were kept per shop) in
          // another shop: make one in this shop. A product of another blueprint than the template
          // now cannot take its variants (8251): the design gets a new product of the template.
          const code = error instanceof ProviderError ? String(error.code) : undefined;
          const gone = error instanceof ProviderError && (error.status === 404 || code === '8104');
          const replaced = code === '8251' && (await blueprintChanged(client, shopId, productId, template));
          if (!gone && !replaced) throw error;
          if (replaced) note = listingMessages.printifyBlueprintChanged(productId);
          await repo.dropDesignProduct(design.id, 'printify', shopId);
          productId = null;
        }
      }
      if (!productId) {
        // Made under an intent: a product an earlier try made (the process died before recording
        // it) is found by the upload and title it was sent with, adopted, and brought in line.
        const { made, adopted } = await createUnderIntent(repo, {
          key: { designId: design.id, provider: 'printify', shopId, kind: 'product' },
          marker: JSON.stringify({ uploadId: upload.id, title: body.title }),
          findMade: (intent) =>
            printifyProductsMade(client, shopId, {
              ...printifyMarks(intent.marker),
              since: intent.created_at,
            }),
          create: () => createPrintifyProductOnce(client, shopId, body),
          record: (product, intentId) =>
            repo.setDesignProduct(design.id, 'printify', shopId, product.id, intentId),
        });
        productId = made.id;
        if (adopted) await client.updateProduct(shopId, productId, body);
      }
      const product = productId;
      if (run.publish !== 1) return { status, product_id: product, reason: note, published: null };
      // The product exists either way: a refused publish is said on its row, not as a failed listing.
      const published = await withRetries(() => client.publishProduct(shopId, product));
      if (!(published instanceof Error)) return { status, product_id: product, reason: note, published: 1 };
      const { sentence, detail } = sellerFailure(published);
      return { status, product_id: product, reason: `Not published: ${sentence}`, detail, published: 0 };
    };
  }

  const following = { ...(deps.gelatoFollow ?? gelatoFollowDefaults), sleep };

  async function gelatoWork(
    runId: string,
    storeId: string,
    templateId: string,
    apiKey: string,
    signal: AbortSignal,
  ) {
    if (!deps.publicUrl) {
      throw new Error('Gelato downloads designs from PodFlow: set PUBLIC_URL to the address it can reach.');
    }
    const client = clients.gelato(apiKey);
    const template = await client.getTemplate(templateId);
    // A product is in hand until its create is recorded; following it stops with the job and resumes later.
    const follow = { ...following, sleep: stoppableSleep(following.sleep, signal) };

    /** The outcome of a followed product; one that failed or is gone is no longer the design's. */
    const outcomeOf = async (design: Design, product: GelatoProduct | undefined, productId: string) => {
      const outcome = gelatoOutcome(product, productId);
      if (outcome.status === 'failed') await repo.dropDesignProduct(design.id, 'gelato', storeId);
      return outcome;
    };

    return async (design: Design, following: string | null): Promise<Outcome> => {
      // A product this run already made (the job was resumed, or the design is tried again): follow it.
      if (following)
        return outcomeOf(design, await followGelatoProduct(client, storeId, following, follow), following);
      const existing = await repo.designProduct(design.id, 'gelato', storeId);
      if (existing) {
        const product = await gelatoProductOrGone(client, storeId, existing);
        if (product && gelatoProductProgress(product) !== 'failed') {
          return { status: 'skipped', product_id: existing, reason: 'Already in this Gelato store.' };
        }
        await repo.dropDesignProduct(design.id, 'gelato', storeId);
      }
      const fileUrl = new URL(signer.sign(design.storage_key), deps.publicUrl).href;
      const body = gelatoProductInput(template, { fileUrl, ...listingTextOf(design) });
      // Made under an intent: a product an earlier try made (the process died before recording
      // it) is found by its title and time and adopted, then followed like a new one.
      const { made: product } = await createUnderIntent(repo, {
        key: { designId: design.id, provider: 'gelato', shopId: storeId, kind: 'product' },
        marker: body.title,
        findMade: (intent) =>
          gelatoProductsMade(client, storeId, { title: intent.marker, since: intent.created_at }),
        create: () => createGelatoProductOnce(client, storeId, body),
        record: (made, intentId) => repo.setDesignProduct(design.id, 'gelato', storeId, made.id, intentId),
      });
      // Gelato makes the product afterwards: the design says so until it is made or failed.
      await repo.setResult(runId, design.id, {
        status: 'pending',
        product_id: product.id,
        reason: listingMessages.creatingOnGelato,
      });
      return outcomeOf(design, await followGelatoProduct(client, storeId, product.id, follow), product.id);
    };
  }

  async function handle({ runId }: z.infer<typeof payload>, { signal }: JobContext): Promise<JobOutcome> {
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
    /** One design's work; `following` is the product this run already made for it, if any. */
    let one: (design: Design, following: string | null) => Promise<Outcome>;
    try {
      one =
        provider === 'printify'
          ? await printifyWork(run, connection.shop_id, connection.template_id, apiKey)
          : await gelatoWork(runId, connection.shop_id, connection.template_id, apiKey, signal);
    } catch (error) {
      if (error instanceof ProviderError && error.retryable) throw error; // the queue tries the run again
      const reason = sellerFailure(error).sentence;
      await repo.finishRun(runId, 'Failed', reason);
      return { status: 'failed', reason };
    }
    const pending = (await repo.results(runId)).filter((r) => r.status === 'pending');
    // Asked to stop, the run finishes and records the designs in hand, starts no other, and is handed back.
    await eachLimited(
      pending,
      deps.concurrency ?? 4,
      async (result) => {
        const design = await designs.findRow(result.design_id);
        if (!design) {
          const deleted = { status: 'failed' as const, product_id: null, reason: 'The design was deleted.' };
          return repo.setResult(runId, result.design_id, deleted);
        }
        const done = await withRetries(async () => one(design, await repo.pendingProduct(runId, design.id)));
        if (done instanceof JobStopped) throw done; // a Gelato product no longer followed: left pending
        await repo.setResult(runId, result.design_id, failedAsOutcome(done));
      },
      signal,
    );
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

/** What a followed Gelato product came to: made, still being made, or failed (or gone) with why. */
export function gelatoOutcome(product: GelatoProduct | undefined, productId: string): Outcome {
  if (!product) {
    return {
      status: 'failed',
      product_id: productId,
      reason: listingMessages.gelatoProductGone,
      detail: `Gelato answered 404 for product ${productId}`,
    };
  }
  const progress = gelatoProductProgress(product);
  if (progress === 'ready') return { status: 'created', product_id: productId, reason: null };
  if (progress === 'in_progress') {
    return { status: 'created', product_id: productId, reason: listingMessages.gelatoStillMaking };
  }
  const { sentence, detail } = gelatoPublishingFailure(product);
  return { status: 'failed', product_id: productId, reason: sentence, detail };
}
