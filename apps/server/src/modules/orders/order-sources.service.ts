import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type OrderProvider, orderProviderNames } from '@podflow/contract/orders';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import type { JobQueue } from '../../platform/queue/job-queue.ts';
import { connectionKey } from '../listings/listings.service.ts';
import type { OrderSourceAdapter, SourceInput, WebhookDelivery } from './order-source.ts';
import type { ConnectionRow, OrderSourceRow, OrderSourcesRepo } from './order-sources.repo.ts';
import type { OrdersRepo } from './orders.repo.ts';

/** Builds a source's adapter: the lead's registry (sources/index.ts) in the app, a fake in tests. */
export type SourceFor = (provider: OrderProvider, input: SourceInput) => OrderSourceAdapter;

export const SYNC_ORDERS_JOB = 'orders.sync';
export const ORDER_EVENTS_JOB = 'orders.events';
export const syncJobId = (sourceId: string) => `orders.sync:${sourceId}`;
export const eventsJobId = (sourceId: string) => `orders.events:${sourceId}`;

/** An event older than this is stored as stale and not applied. */
export const EVENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type OrderSourcesServiceDeps = {
  sources: OrderSourcesRepo;
  orders: OrdersRepo;
  secrets: SecretBox;
  queue: JobQueue;
  sourceFor: SourceFor;
  settings: SourceInput['settings'];
  /** Whether the provider can reach PodFlow's public origin (printifyCanFetch's rule per provider). */
  reachable: (provider: OrderProvider, shopId: string) => boolean;
  publicOrigin: () => string;
  /**
   * Shopify signs its webhooks with the app's API secret key (a new optional field of the Shopify
   * connection, added by the stores engineer). Until that reader is wired, Shopify's webhooks are 'off'.
   */
  shopifySecret?: (connection: ConnectionRow) => string | undefined;
  log: FastifyBaseLogger;
  now?: () => number;
};

const sourceBinding = (source: Pick<OrderSourceRow, 'user_id' | 'id'>) =>
  ['order_sources', source.user_id, source.id] as const;

/** A sentence for a provider failure, its words kept (secrets never reach it: the HTTP helper redacts them). */
export const problemOf = (provider: string, error: unknown) =>
  `${orderProviderNames[provider as OrderProvider] ?? provider} answered: ${error instanceof Error ? error.message : String(error)}`;

/**
 * The seller's order sources: one per distinct (provider, shop) among their connections, with
 * webhooks registered where the provider can reach PodFlow, and webhook deliveries stored once.
 */
export function orderSourcesService(deps: OrderSourcesServiceDeps) {
  const { sources, orders, secrets, queue, sourceFor, settings, log } = deps;
  const now = deps.now ?? Date.now;

  const webhookUrl = (source: OrderSourceRow) =>
    `${deps.publicOrigin()}/webhooks/${source.provider}/${source.webhook_token}/`;

  /** The newest connection row reaching the source, or undefined when none does. */
  async function connectionOf(source: OrderSourceRow, rows?: ConnectionRow[]) {
    return (rows ?? (await sources.connections(source.user_id))).find(
      (row) => row.provider === source.provider && row.shop_id === source.shop_id,
    );
  }

  /** The source's adapter on its newest connection's credential, or a sentence saying why there is none. */
  async function adapterOf(
    source: OrderSourceRow,
    rows?: ConnectionRow[],
  ): Promise<{ adapter: OrderSourceAdapter; connection: ConnectionRow } | { problem: string }> {
    const connection = await connectionOf(source, rows);
    const name = orderProviderNames[source.provider as OrderProvider];
    if (!connection) return { problem: `No workspace connects this ${name} shop any more.` };
    const credential = connectionKey(secrets, connection);
    if (!credential)
      return { problem: `The saved ${name} credentials can no longer be read: connect ${name} again.` };
    try {
      return {
        adapter: sourceFor(source.provider as OrderProvider, {
          shopId: source.shop_id,
          credential,
          settings,
        }),
        connection,
      };
    } catch (error) {
      return { problem: error instanceof Error ? error.message : String(error) };
    }
  }

  async function removeWebhooks(
    source: OrderSourceRow,
    adapter: OrderSourceAdapter | undefined,
  ): Promise<void> {
    const ids = source.webhook_ids ? (JSON.parse(source.webhook_ids) as string[]) : [];
    if (adapter && ids.length > 0) {
      try {
        await adapter.removeWebhooks(ids);
      } catch (error) {
        log.warn({ err: error, sourceId: source.id }, 'orders: removing webhooks failed');
      }
    }
    await sources.updateSource(source.id, {
      webhooks: 'off',
      webhook_ids: null,
      webhook_secret_sealed: null,
      updated_at: now(),
    });
  }

  /** Registers the source's webhooks where the provider can reach PodFlow; never throws. */
  async function registerWebhooks(
    source: OrderSourceRow,
    adapter: OrderSourceAdapter,
    connection: ConnectionRow,
  ) {
    const provider = source.provider as OrderProvider;
    let secret: string | undefined = randomBytes(32).toString('hex');
    if (provider === 'shopify') secret = deps.shopifySecret?.(connection);
    if (!deps.reachable(provider, source.shop_id) || !secret) {
      if (source.webhooks !== 'off')
        await sources.updateSource(source.id, { webhooks: 'off', updated_at: now() });
      return;
    }
    // Stored first: a provider delivers as soon as a webhook exists (WooCommerce pings it on
    // creation), before the call registering it has answered.
    await sources.updateSource(source.id, {
      webhook_secret_sealed: secrets.seal(secret, sourceBinding(source)),
      updated_at: now(),
    });
    try {
      const ids = await adapter.registerWebhooks(webhookUrl(source), secret);
      await sources.updateSource(source.id, {
        webhooks: ids === 'manual' ? 'manual' : 'registered',
        webhook_ids: ids === 'manual' ? null : JSON.stringify(ids),
        updated_at: now(),
      });
    } catch (error) {
      log.warn({ err: error, sourceId: source.id }, 'orders: registering webhooks failed');
      await sources.updateSource(source.id, {
        webhooks: 'off',
        sync_problem: `Webhooks could not be registered (${problemOf(provider, error)}); PodFlow checks for changes every few minutes instead.`,
        updated_at: now(),
      });
    }
  }

  return {
    adapterOf,

    /**
     * Derives the seller's sources from their connections: a new (provider, shop) becomes a source
     * with webhooks; one no workspace connects any more is disconnected (its webhooks removed, its
     * orders kept read-only); one connected again is reconnected. `withoutWorkspace` answers as if
     * that workspace's connections were gone (called just before it is deleted, while its
     * credentials can still remove the webhooks). Never throws: a failure is logged.
     */
    async syncSources(userId: string, withoutWorkspace?: string): Promise<void> {
      try {
        const all = await sources.connections(userId);
        const rows = withoutWorkspace ? all.filter((row) => row.workspace_id !== withoutWorkspace) : all;
        const existing = await sources.sourcesOf(userId);
        const seen = new Set<string>();
        for (const connection of rows) {
          const key = `${connection.provider}\n${connection.shop_id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          let source = existing.find(
            (s) => s.provider === connection.provider && s.shop_id === connection.shop_id,
          );
          if (source?.connected === 1) {
            // Webhooks that could not be registered (the provider failed, or PodFlow was not
            // reachable then) are tried again on every derivation; registered ones are left alone.
            if (source.webhooks !== 'off' || source.webhook_ids) continue;
            if (!deps.reachable(source.provider as OrderProvider, source.shop_id)) continue;
            const opened = await adapterOf(source, rows);
            if ('adapter' in opened) await registerWebhooks(source, opened.adapter, opened.connection);
            continue;
          }
          if (!source) {
            source = await sources.addSource({
              user_id: userId,
              provider: connection.provider,
              shop_id: connection.shop_id,
              shop_title:
                connection.shop_title ||
                `${orderProviderNames[connection.provider as OrderProvider]} ${connection.shop_id}`,
              webhook_token: randomBytes(24).toString('base64url'),
              now: now(),
            });
          } else {
            await sources.updateSource(source.id, { connected: 1, sync_problem: null, updated_at: now() });
          }
          const opened = await adapterOf(source, rows);
          if ('adapter' in opened) {
            if (source.webhook_ids) await removeWebhooks(source, opened.adapter);
            await registerWebhooks(source, opened.adapter, opened.connection);
          }
          await queue.enqueue(SYNC_ORDERS_JOB, syncJobId(source.id), { sourceId: source.id });
        }
        for (const source of existing) {
          if (source.connected !== 1 || seen.has(`${source.provider}\n${source.shop_id}`)) continue;
          await sources.updateSource(source.id, { connected: 0, updated_at: now() });
          const opened = await adapterOf(source, all);
          await removeWebhooks(source, 'adapter' in opened ? opened.adapter : undefined);
        }
      } catch (error) {
        log.error({ err: error, userId }, 'orders: deriving the order sources failed');
      }
    },

    /**
     * A webhook delivery: 404 for an unknown token, 401 when the signature does not hold (nothing
     * stored), else stored once ('stale' when older than the order's last update or a day) and
     * applied by the orders.events job. A ping, or a disconnected source's delivery, is answered
     * and not stored.
     */
    async receive(
      provider: OrderProvider,
      token: string,
      delivery: WebhookDelivery,
    ): Promise<'unknown' | 'refused' | 'stored' | 'repeated' | 'ignored'> {
      const source = await sources.sourceByToken(token);
      if (!source || source.provider !== provider) return 'unknown';
      let secret = '';
      if (source.webhook_secret_sealed) {
        try {
          secret = secrets.open(source.webhook_secret_sealed, sourceBinding(source));
        } catch {
          return 'refused';
        }
      } else if (provider !== 'gelato') {
        return 'refused';
      }
      let event;
      try {
        event = sourceFor(provider, { shopId: source.shop_id, credential: '', settings }).verifyWebhook(
          delivery,
          secret,
        );
      } catch (error) {
        log.warn({ err: error, sourceId: source.id }, 'orders: a webhook delivery could not be read');
        return 'refused';
      }
      if (!event) return 'refused';
      if (event.providerOrderId === null || source.connected !== 1) return 'ignored';
      const received = now();
      const updatedAt = await orders.updatedAt(source.id, event.providerOrderId);
      const stale =
        event.occurredAt !== null &&
        (event.occurredAt < received - EVENT_MAX_AGE_MS ||
          (updatedAt !== null && event.occurredAt < updatedAt));
      const stored = await sources.addEvent({
        source_id: source.id,
        event_key: event.eventKey.slice(0, 300),
        topic: event.topic.slice(0, 100),
        provider_order_id: event.providerOrderId,
        occurred_at: event.occurredAt,
        received_at: received,
        outcome: stale ? 'stale' : 'pending',
      });
      if (!stored) return 'repeated';
      if (!stale) await queue.enqueue(ORDER_EVENTS_JOB, eventsJobId(source.id), { sourceId: source.id });
      return 'stored';
    },
  };
}

export type OrderSourcesService = ReturnType<typeof orderSourcesService>;
