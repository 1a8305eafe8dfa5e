import { ProviderError } from './http.ts';
import { base64HmacMatches } from './webhook-signature.ts';
import { type WooClientOptions, wooTransport } from './woocommerce.ts';

/**
 * A WooCommerce store's orders on REST v3 (docs: providers/orders.md §4): pages of orders changed
 * since a time, one order, the order.created / order.updated webhooks, and the check of a
 * delivery's signature. Money comes as decimal strings, dates in the site's time and in GMT.
 */

export type WooAddress = {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email?: string;
  phone?: string;
};

/** An order as GET /orders/{id} answers it (the fields PodFlow reads). */
export type WooOrder = {
  id: number;
  /** The order number the customer sees (usually the id as a string; plugins may change it). */
  number: string;
  /** pending, processing, on-hold, completed, cancelled, refunded, failed, trash, checkout-draft (or a plugin's). */
  status: string;
  currency: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  date_completed_gmt: string | null;
  total: string;
  shipping_total: string;
  billing: WooAddress;
  shipping: WooAddress;
  line_items: {
    id: number;
    name: string;
    product_id: number;
    variation_id: number;
    quantity: number;
    sku: string | null;
    total: string;
  }[];
};

export type WooWebhook = {
  id: number;
  name: string;
  /** active, paused or disabled (after 5 failed deliveries in a row). */
  status: string;
  topic: string;
  delivery_url: string;
};

/** The order topics PodFlow subscribes to. */
export const wooOrderTopics = ['order.created', 'order.updated'] as const;
export type WooOrderTopic = (typeof wooOrderTopics)[number];

/** Orders a page: WordPress's largest. */
export const wooOrdersPage = 100;

/** WooCommerce's GMT dates carry no zone ("2026-01-02T03:04:05"): read as UTC. */
export function wooGmt(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? ms : null;
}

/** A GMT time as modified_after takes it (with dates_are_gmt=true): ISO 8601, whole seconds, no zone. */
const gmtParam = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '');

/** A store's order client on the shared HTTP helper (same options as wooClient). */
export function wooOrdersClient(options: WooClientOptions) {
  const { http, observed, notAList, numberHeader } = wooTransport(options);

  const missing = (error: unknown) =>
    error instanceof ProviderError && error.status === 404 && !error.retryable;

  return {
    /**
     * A page of orders (1-based), newest first, only those changed after `since` (GMT); `next`
     * is the following page number while X-WP-TotalPages says there is one.
     */
    async listOrders(query: {
      page?: number;
      since?: number;
      perPage?: number;
    }): Promise<{ orders: WooOrder[]; next: number | null; total: number }> {
      const page = query.page ?? 1;
      const { body, exchange } = await observed(() =>
        http.request<unknown>('GET', '/orders', {
          query: {
            page,
            per_page: query.perPage ?? wooOrdersPage,
            orderby: 'date',
            order: 'desc',
            modified_after: query.since === undefined ? undefined : gmtParam(query.since),
            dates_are_gmt: query.since === undefined ? undefined : 'true',
          },
        }),
      );
      if (!Array.isArray(body)) throw notAList('GET', '/orders');
      const pages = numberHeader(exchange, 'x-wp-totalpages');
      const total = numberHeader(exchange, 'x-wp-total');
      return {
        orders: body as WooOrder[],
        next: Number.isFinite(pages) && page < pages ? page + 1 : null,
        total: Number.isFinite(total) ? total : body.length,
      };
    },

    /** One order; null when the store has none under that id. */
    async getOrder(id: number): Promise<WooOrder | null> {
      try {
        return await http.request<WooOrder>('GET', `/orders/${encodeURIComponent(id)}`);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    /** The store's webhooks of a topic delivering to an address (GET /webhooks, every page). */
    async findWebhooks(topic: WooOrderTopic, deliveryUrl: string): Promise<WooWebhook[]> {
      const found: WooWebhook[] = [];
      for (let page = 1; ; page += 1) {
        const { body, exchange } = await observed(() =>
          http.request<unknown>('GET', '/webhooks', { query: { page, per_page: wooOrdersPage } }),
        );
        if (!Array.isArray(body)) throw notAList('GET', '/webhooks');
        const hooks = body as WooWebhook[];
        found.push(...hooks.filter((hook) => hook.topic === topic && hook.delivery_url === deliveryUrl));
        const pages = numberHeader(exchange, 'x-wp-totalpages');
        if (!(Number.isFinite(pages) && page < pages)) return found;
      }
    },

    /**
     * Creates an active webhook signing its deliveries with `secret` (the store pings the URL
     * first). Not retried after a 5xx or timeout: a repeat would make a second webhook.
     */
    createWebhook(input: { name: string; topic: WooOrderTopic; deliveryUrl: string; secret: string }) {
      const body = {
        name: input.name,
        topic: input.topic,
        delivery_url: input.deliveryUrl,
        secret: input.secret,
        status: 'active',
      };
      return http.request<WooWebhook>('POST', '/webhooks', { body });
    },

    /** Deletes a webhook for good; one the store no longer has counts as deleted. */
    async deleteWebhook(id: number): Promise<void> {
      try {
        await http.request<unknown>('DELETE', `/webhooks/${encodeURIComponent(id)}`, {
          query: { force: 'true' },
          idempotent: true,
        });
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
  };
}

export type WooOrdersClient = ReturnType<typeof wooOrdersClient>;

/** WooCommerce's check of a delivery: X-WC-Webhook-Signature = base64 HMAC-SHA256 of the raw body with the webhook's secret. */
export const verifyWooWebhook = (rawBody: Buffer, signatureHeader: string | undefined, secret: string) =>
  base64HmacMatches(rawBody, signatureHeader, secret);

/**
 * The ping WooCommerce sends when a webhook is created: a form body `webhook_id=<id>`, unsigned
 * and naming no order. Answers the webhook id, or null for anything else.
 */
export function wooPingOf(rawBody: Buffer): string | null {
  const match = /^webhook_id=(\d+)$/.exec(rawBody.toString('utf8').trim());
  return match ? match[1]! : null;
}
