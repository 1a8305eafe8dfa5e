import { randomUUID } from 'node:crypto';
import {
  type GelatoInfo,
  type ListingProvider,
  type ListingRun,
  type ListingRunStatus,
  type PrintifyInfo,
  type PrintifyShop,
  isMaskedKey,
  listingMessages,
  maskKey,
  printifyProductIdPattern,
} from '@podflow/contract/listings';
import { gelatoClient } from '@podflow/providers/gelato';
import { type ProviderAttempt, ProviderError } from '@podflow/providers/http';
import { printifyClient } from '@podflow/providers/printify';
import { type SecretBox, SecretUnreadableError, connectionBinding } from '../../platform/crypto/secrets.ts';
import { UserError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import type { DesignsService } from '../designs/designs.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { ConnectionRow, ListingResultRow, ListingRunRow, ListingsRepo } from './listings.repo.ts';

type ConnectionFields = Pick<
  ConnectionRow,
  'shop_id' | 'shop_title' | 'template_id' | 'template_title' | 'sales_channel'
>;

export const CREATE_LISTINGS_JOB = 'create-listings';

export type ProviderSettings = {
  printifyBaseUrl: string;
  gelatoBaseUrl: string;
  timeoutMs: number;
  /** Told of every call's attempts (the metrics). */
  onAttempt?: (attempt: ProviderAttempt) => void;
};

/** What every client takes from the settings: each attempt's timeout and its observer. */
export const transportOf = ({ timeoutMs, onAttempt }: Pick<ProviderSettings, 'timeoutMs' | 'onAttempt'>) => ({
  timeoutMs,
  ...(onAttempt && { onAttempt }),
});

/** The provider clients for a key, on the configured base URLs and timeout (connections and runs alike). */
export function providerClients(settings: ProviderSettings) {
  return {
    /** `account` (printifyAccountOf the key's shops) makes the client share the account's rate limits. */
    printify: (apiKey: string, account?: string) =>
      printifyClient({ apiKey, account, baseUrl: settings.printifyBaseUrl, ...transportOf(settings) }),
    gelato: (apiKey: string) =>
      gelatoClient({ apiKey, baseUrl: settings.gelatoBaseUrl, ...transportOf(settings) }),
  };
}

export type ListingsServiceDeps = {
  repo: ListingsRepo;
  queue: JobQueue;
  secrets: SecretBox;
  workspaces: WorkspacesService;
  designs: DesignsService;
  providers: ProviderSettings;
};

const names: Record<ListingProvider, string> = { printify: 'Printify', gelato: 'Gelato' };

/**
 * A connection's stored key, or undefined when it can no longer be opened (sealed under an
 * APP_SECRET this server does not have, changed, or copied from another row): the seller is then
 * asked for it again instead of getting an error.
 */
export function connectionKey(secrets: SecretBox, row: ConnectionRow): string | undefined {
  try {
    return secrets.open(row.api_key_sealed, connectionBinding(row));
  } catch (error) {
    if (error instanceof SecretUnreadableError) return undefined;
    throw error;
  }
}

/** Why a run stopped when the stored key of `name` cannot be opened. */
export const keyUnreadable = (name: string) =>
  `The saved ${name} credentials can no longer be read: connect ${name} again.`;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The run the web app shows: counts and one result per design. */
export function toListingRun(run: ListingRunRow, results: ListingResultRow[]): ListingRun {
  const count = (status: string) => results.filter((r) => r.status === status).length;
  return {
    id: run.id,
    provider: run.provider as ListingProvider,
    status: run.status as ListingRunStatus,
    publish: run.publish === 1,
    total: results.length,
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped'),
    failed: count('failed'),
    published: results.filter((r) => r.published === 1).length,
    publish_failed: results.filter((r) => r.published === 0).length,
    results: results.map((r) => ({
      lineitem_id: r.design_id,
      image_file_name: r.design_file_name,
      status: r.status as ListingRun['results'][number]['status'],
      product_id: r.product_id,
      reason: r.reason,
      detail: r.detail,
      published: r.published === null ? null : r.published === 1,
    })),
    reason: run.reason,
    created_at: iso(run.created_at)!,
    finished_at: iso(run.finished_at),
  };
}

/**
 * A provider's refusal as the seller should read it: a refused key or an unreachable provider in
 * the step's words, anything else as `fallback` (SPEC.md section 8's text for that call).
 */
function userErrorFor(error: unknown, provider: ListingProvider, fallback: string): UserError {
  if (!(error instanceof ProviderError)) throw error;
  if (error.status === 0 || error.status >= 500 || error.status === 429) {
    return new UserError(502, listingMessages.unreachable(names[provider]), { code: 'provider_unreachable' });
  }
  if (error.status === 401 || error.status === 403) {
    const message =
      provider === 'printify' ? listingMessages.printifyKeyRejected : listingMessages.gelatoKeyRejected;
    return new UserError(400, provider === 'gelato' ? fallback : message, { code: 'provider_key_rejected' });
  }
  return new UserError(400, fallback, { code: 'provider_refused' });
}

/** Provider connections per workspace (keys sealed at rest, masked in answers) and listing runs. */
export function listingsService(deps: ListingsServiceDeps) {
  const { repo, queue, secrets, workspaces, designs, providers } = deps;
  const { printify, gelato } = providerClients(providers);

  /** The key a form sent: a new one as typed, or the stored one when it sent the masked value back. */
  async function keyFrom(sent: string, workspaceId: string | undefined, provider: ListingProvider) {
    if (!isMaskedKey(sent)) return sent;
    const stored = workspaceId ? await repo.connection(workspaceId, provider) : undefined;
    const key = stored && connectionKey(secrets, stored);
    if (key === undefined) {
      throw new UserError(400, `Enter your ${names[provider]} API key.`, { code: 'key_required' });
    }
    return key;
  }

  /**
   * Starts a run, or answers the one already running for the workspace and provider (a second
   * click, another tab): never a second run, never an error for it.
   */
  async function startRun(
    userId: string,
    workspaceId: string,
    provider: ListingProvider,
    publish: boolean,
  ): Promise<{ id: string; started: boolean }> {
    await workspaces.requireOwned(userId, workspaceId);
    const running = await repo.activeRun(workspaceId, provider);
    if (running) return { id: running.id, started: false };
    const connection = await repo.connection(workspaceId, provider);
    if (!connection) {
      const message =
        provider === 'printify' ? listingMessages.notConnectedPrintify : listingMessages.notConnectedGelato;
      throw new UserError(400, message, { code: 'not_connected' });
    }
    const rows = await designs.listRows(workspaceId);
    if (rows.length === 0) throw new UserError(400, listingMessages.noDesigns, { code: 'no_designs' });
    const id = randomUUID();
    const inserted = await repo.insertRun(
      {
        id,
        workspace_id: workspaceId,
        user_id: userId,
        provider,
        status: 'Pending',
        publish: publish ? 1 : 0,
        reason: null,
        created_at: Date.now(),
        started_at: null,
        finished_at: null,
      },
      rows.map((design, position) => ({
        run_id: id,
        design_id: design.id,
        design_file_name: design.file_name,
        position,
        status: 'pending',
        product_id: null,
        reason: null,
      })),
    );
    if (inserted.started) await queue.enqueue(CREATE_LISTINGS_JOB, id, { runId: id });
    return inserted;
  }

  async function runOf(id: string): Promise<ListingRun> {
    const run = (await repo.findRun(id))!;
    return toListingRun(run, await repo.results(id));
  }

  return {
    async printifyInfo(userId: string, workspaceId: string): Promise<PrintifyInfo[]> {
      await workspaces.requireOwned(userId, workspaceId);
      const row = await repo.connection(workspaceId, 'printify');
      const key = row && connectionKey(secrets, row);
      return row && key !== undefined ? [printifyInfoOf(row, key)] : [];
    },

    async gelatoInfo(userId: string, workspaceId: string): Promise<GelatoInfo[]> {
      await workspaces.requireOwned(userId, workspaceId);
      const row = await repo.connection(workspaceId, 'gelato');
      const key = row && connectionKey(secrets, row);
      return row && key !== undefined ? [gelatoInfoOf(row, key)] : [];
    },

    /** The shops a Printify key reaches (the key is not stored by this call). */
    async printifyShops(userId: string, apiKey: string, workspaceId?: string): Promise<PrintifyShop[]> {
      if (workspaceId) await workspaces.requireOwned(userId, workspaceId);
      const key = await keyFrom(apiKey, workspaceId, 'printify');
      try {
        return await printify(key).listShops();
      } catch (error) {
        throw userErrorFor(error, 'printify', listingMessages.printifyKeyRejected);
      }
    },

    /**
     * Checks the shop and the template product against Printify, then stores the connection
     * (key sealed). Nothing is stored unless Printify confirmed both.
     */
    async savePrintify(
      userId: string,
      input: { workspace_id: string; shop_id: string; apiKey: string; printify_product_id: string },
    ): Promise<PrintifyInfo> {
      await workspaces.requireOwned(userId, input.workspace_id);
      const key = await keyFrom(input.apiKey, input.workspace_id, 'printify');
      if (!printifyProductIdPattern.test(input.printify_product_id)) {
        throw new UserError(400, listingMessages.printifyProductInvalid, { code: 'product_invalid' });
      }
      const client = printify(key);
      let shopTitle: string;
      let salesChannel: string;
      try {
        const shop = (await client.listShops()).find((s) => String(s.id) === input.shop_id);
        if (!shop) throw new UserError(400, listingMessages.printifyProductInvalid, { code: 'shop_unknown' });
        shopTitle = shop.title;
        salesChannel = shop.sales_channel ?? '';
        await client.getProduct(input.shop_id, input.printify_product_id);
      } catch (error) {
        if (error instanceof UserError) throw error;
        throw userErrorFor(error, 'printify', listingMessages.printifyProductInvalid);
      }
      const row = {
        workspace_id: input.workspace_id,
        provider: 'printify',
        user_id: userId,
        api_key_sealed: secrets.seal(
          key,
          connectionBinding({ user_id: userId, workspace_id: input.workspace_id, provider: 'printify' }),
        ),
        shop_id: input.shop_id,
        shop_title: shopTitle,
        template_id: input.printify_product_id,
        template_title: '',
        sales_channel: salesChannel,
        updated_at: Date.now(),
      };
      await repo.saveConnection(row);
      return printifyInfoOf(row, key);
    },

    /** Checks the template (and with it the key) and the store against Gelato, then stores the connection. */
    async saveGelato(
      userId: string,
      input: { workspace_id: string; api_key: string; store_id: string; template_id: string },
    ): Promise<GelatoInfo> {
      await workspaces.requireOwned(userId, input.workspace_id);
      const key = await keyFrom(input.api_key, input.workspace_id, 'gelato');
      let title: string;
      try {
        const template = await gelato(key).getTemplate(input.template_id);
        title = template.title ?? template.templateName ?? '';
      } catch (error) {
        throw userErrorFor(error, 'gelato', listingMessages.gelatoCredentialsInvalid);
      }
      try {
        // The template is the account's; the store must be too, or every product would fail later.
        await gelato(key).listProducts(input.store_id, { limit: 1 });
      } catch (error) {
        if (error instanceof ProviderError && (error.status === 404 || error.status === 403)) {
          throw new UserError(400, listingMessages.gelatoStoreUnknown, { code: 'store_unknown' });
        }
        throw userErrorFor(error, 'gelato', listingMessages.gelatoCredentialsInvalid);
      }
      const row = {
        workspace_id: input.workspace_id,
        provider: 'gelato',
        user_id: userId,
        api_key_sealed: secrets.seal(
          key,
          connectionBinding({ user_id: userId, workspace_id: input.workspace_id, provider: 'gelato' }),
        ),
        shop_id: input.store_id,
        shop_title: '',
        template_id: input.template_id,
        template_title: title,
        sales_channel: '',
        updated_at: Date.now(),
      };
      await repo.saveConnection(row);
      return gelatoInfoOf(row, key);
    },

    /**
     * Starts a Printify run in the background: one product per design in the connected shop,
     * updated when the design has one there. `started` is false when the answer is the run that
     * was already going on.
     */
    async createPrintify(
      userId: string,
      workspaceId: string,
      publish: boolean,
    ): Promise<{ run: ListingRun; started: boolean }> {
      const { id, started } = await startRun(userId, workspaceId, 'printify', publish);
      return { run: await runOf(id), started };
    },

    /**
     * A Gelato run; SPEC's call answers with the ids it created, so this waits for the run (its
     * progress shows meanwhile through `run`).
     */
    async createGelato(userId: string, workspaceId: string, waitMs = 30 * 60_000): Promise<ListingRun> {
      const { id } = await startRun(userId, workspaceId, 'gelato', false);
      const until = Date.now() + waitMs;
      for (;;) {
        const run = await repo.findRun(id);
        if (run && (run.status === 'Completed' || run.status === 'Failed')) return runOf(id);
        if (Date.now() > until) return runOf(id);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },

    async run(userId: string, workspaceId: string, provider: ListingProvider): Promise<ListingRun | null> {
      await workspaces.requireOwned(userId, workspaceId);
      const run = await repo.latestRun(workspaceId, provider);
      return run ? toListingRun(run, await repo.results(run.id)) : null;
    },
  };
}

/**
 * Whether publishing to the shop's sales channel lists the products in a store: on for a shop
 * linked to Shopify, WooCommerce, Etsy and the like; off for an API shop (Printify waits for an
 * integration to confirm), a disconnected shop, or one whose channel is not known.
 */
export const sellsOnAStore = (channel: string) =>
  channel !== '' && channel !== 'disconnected' && channel !== 'custom_integration';

/** What the screen shows of a connection: the key only masked. */
function printifyInfoOf(row: ConnectionFields, apiKey: string): PrintifyInfo {
  return {
    api_key: maskKey(apiKey),
    shop_id: row.shop_id,
    product_id: row.template_id,
    shop_title: row.shop_title,
    sales_channel: row.sales_channel,
    publishes_to_store: sellsOnAStore(row.sales_channel),
  };
}

function gelatoInfoOf(row: ConnectionFields, apiKey: string): GelatoInfo {
  return {
    api_key: maskKey(apiKey),
    store_id: row.shop_id,
    template_id: row.template_id,
    template_title: row.template_title,
  };
}

export type ListingsService = ReturnType<typeof listingsService>;
