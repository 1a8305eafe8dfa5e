import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderError } from './http.ts';
import { type PrintifyClientOptions, pathSegment, printifyHttp } from './printify.ts';

/**
 * Printify's order API v1 (docs: providers/orders.md §1): list, get, create, send to production,
 * cancel, shipping quotes and the order webhooks, on the same HTTP helper and the same per-account
 * 600 requests a minute as the product calls (printifyHttp), so order syncs and listing runs of
 * one account share the allowance.
 */

/** The recipient, as Printify takes and answers it (`country` an ISO code or, in some answers, a name). */
export type PrintifyOrderAddress = {
  first_name: string;
  last_name: string;
  email?: string | null;
  phone?: string | null;
  country: string;
  region?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  zip: string;
  company?: string | null;
};

export type PrintifyOrderLine = {
  product_id?: string;
  variant_id: number;
  quantity: number;
  print_provider_id?: number;
  blueprint_id?: number;
  /** What Printify charges the merchant for the line, cents (0 once canceled). */
  cost?: number;
  shipping_cost?: number;
  /** The line's own status (same words as the order's). */
  status?: string;
  /** `price` is the retail price of one unit, cents. */
  metadata?: { title?: string; price?: number; variant_label?: string; sku?: string; country?: string };
  sent_to_production_at?: string | null;
  fulfilled_at?: string | null;
};

export type PrintifyShipment = {
  carrier: string;
  number: string;
  url?: string | null;
  shipped_at?: string | null;
  delivered_at?: string | null;
};

export type PrintifyOrder = {
  /** 24 hexadecimal characters. */
  id: string;
  address_to: PrintifyOrderAddress;
  line_items: PrintifyOrderLine[];
  /**
   * `external` orders come from the sales channel (`shop_order_id` a number); `api` orders carry
   * the caller's `external_id` as `shop_order_id`/`shop_order_label` (a string); `manual` ones were
   * made in Printify's app.
   */
  metadata: {
    order_type?: string;
    shop_order_id?: number | string;
    shop_order_label?: string;
    /** "1970-01-01 00:00:00+00:00" means not set. */
    shop_fulfilled_at?: string;
  };
  total_price?: number;
  total_shipping?: number;
  total_tax?: number;
  /** No closed list is published: on-hold, payment-not-received, sending-to-production, ... */
  status: string;
  /** 1 standard, 2 priority, 3 printify express, 4 economy. */
  shipping_method?: number;
  is_printify_express?: boolean;
  is_economy_shipping?: boolean;
  shipments?: PrintifyShipment[];
  /** Printify timestamps read "2017-04-18 13:24:28+00:00" (printifyTimeMs). */
  created_at: string;
  /** Not in Printify's examples; used when present. */
  updated_at?: string | null;
  sent_to_production_at?: string | null;
  fulfilled_at?: string | null;
  printify_connect?: { url: string; id: string };
};

/** A Laravel paginator page, newest first. */
export type PrintifyOrderPage = {
  current_page: number;
  data: PrintifyOrder[];
  last_page?: number;
  next_page_url?: string | null;
  per_page?: number;
  total?: number;
};

/** Whether another page follows (by last_page, or next_page_url where a server gives no count). */
export function printifyHasNextPage(page: PrintifyOrderPage): boolean {
  if (page.data.length === 0) return false;
  return page.last_page === undefined ? Boolean(page.next_page_url) : page.current_page < page.last_page;
}

/** A line of a new order: a product's variant (the other forms of orders.md are not used by PodFlow). */
export type PrintifyNewOrderLine = { product_id: string; variant_id: number; quantity: number };

export type PrintifyNewOrder = {
  /** The caller's reference: Printify answers it back as metadata.shop_order_id. */
  external_id: string;
  label?: string;
  line_items: PrintifyNewOrderLine[];
  shipping_method: number;
  is_printify_express?: boolean;
  is_economy_shipping?: boolean;
  send_shipping_notification?: boolean;
  address_to: PrintifyOrderAddress;
};

/** Shipping prices in cents by method; a missing key is a method not offered for the address. */
export type PrintifyShippingCosts = Partial<
  Record<'standard' | 'express' | 'priority' | 'printify_express' | 'economy', number>
>;

export const printifyOrderTopics = [
  'order:created',
  'order:updated',
  'order:sent-to-production',
  'order:shipment:created',
  'order:shipment:delivered',
] as const;
export type PrintifyOrderTopic = (typeof printifyOrderTopics)[number];

export type PrintifyWebhook = { id: string; topic: string; url: string; shop_id: number | string };

/** A webhook delivery's body: `data` is a hint (shop id, status, carrier), never the whole order. */
export type PrintifyOrderEvent = {
  id: string;
  type: string;
  created_at: string;
  resource: { id: string; type: string; data?: Record<string, unknown> | null };
};

/** The most orders a page asks for; a server that gives fewer is paged through all the same. */
const askedPerPage = 50;

export type PrintifyOrdersClient = ReturnType<typeof printifyOrdersClient>;

/** A Printify orders client on the account's shared helper and limits (see printifyHttp). */
export function printifyOrdersClient(options: PrintifyClientOptions) {
  const { http } = printifyHttp(options);
  const shop = (shopId: number | string) => `/v1/shops/${pathSegment(shopId)}`;
  const order = (shopId: number | string, orderId: string) =>
    `${shop(shopId)}/orders/${pathSegment(orderId)}`;
  let perPage = askedPerPage;

  return {
    /**
     * One page of the shop's orders, newest first. Asks for 50; a server that refuses more than
     * 10 is asked again for 10 (and from then on), one that gives 10 is followed page by page.
     */
    async listOrders(shopId: number | string, page = 1, status?: string): Promise<PrintifyOrderPage> {
      const read = (limit: number) =>
        http.request<PrintifyOrderPage>('GET', `${shop(shopId)}/orders.json`, {
          query: { page, limit, status },
        });
      try {
        return await read(perPage);
      } catch (error) {
        if (!(perPage > 10 && refusesLimit(error))) throw error;
        perPage = 10;
        return read(perPage);
      }
    },

    getOrder: (shopId: number | string, orderId: string) =>
      http.request<PrintifyOrder>('GET', `${order(shopId, orderId)}.json`),

    /**
     * Creates an order (it starts on hold). Never retried after a 5xx or a timeout: Printify takes
     * no idempotency key, so the caller looks for `external_id` before trying again.
     */
    createOrder: (shopId: number | string, body: PrintifyNewOrder) =>
      http.request<{ id: string }>('POST', `${shop(shopId)}/orders.json`, { body }),

    /** Sends an on-hold order to production (Printify charges the merchant now). Never retried after a 5xx or timeout. */
    sendToProduction: (shopId: number | string, orderId: string) =>
      http.request<PrintifyOrder>('POST', `${order(shopId, orderId)}/send_to_production.json`),

    /** Cancels an order that is on hold or awaiting payment; Printify refuses it later on. */
    cancelOrder: (shopId: number | string, orderId: string) =>
      http.request<PrintifyOrder>('POST', `${order(shopId, orderId)}/cancel.json`),

    /** What shipping would cost for these lines to this address, by method. Changes nothing. */
    shippingCosts: (
      shopId: number | string,
      body: { line_items: PrintifyNewOrderLine[]; address_to: PrintifyOrderAddress },
    ) =>
      http.request<PrintifyShippingCosts>('POST', `${shop(shopId)}/orders/shipping.json`, {
        body,
        idempotent: true,
      }),

    listWebhooks: (shopId: number | string) =>
      http.request<PrintifyWebhook[]>('GET', `${shop(shopId)}/webhooks.json`),

    /** Registers one topic at `url`; Printify signs each delivery with `secret`. */
    createWebhook: (shopId: number | string, body: { topic: string; url: string; secret: string }) =>
      http.request<PrintifyWebhook>('POST', `${shop(shopId)}/webhooks.json`, { body }),

    async deleteWebhook(shopId: number | string, webhookId: string): Promise<void> {
      await http.request<unknown>('DELETE', `${shop(shopId)}/webhooks/${pathSegment(webhookId)}.json`);
    },
  };
}

function refusesLimit(error: unknown): boolean {
  return (
    error instanceof ProviderError &&
    (error.status === 400 || error.status === 422) &&
    /\blimit\b/i.test(error.message)
  );
}

/**
 * Whether `header` (X-Pfy-Signature: `sha256=<hex HMAC-SHA256 of the raw body>`) signs these exact
 * bytes with `secret`; compared in constant time. Parse the body only after this holds.
 */
export function verifyPrintifySignature(
  rawBody: Buffer | string,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(value?.trim() ?? '');
  if (!match || secret === '') return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** The X-Pfy-Signature value Printify sends with `rawBody` (tests and the sandbox's twin use it). */
export function printifySignature(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Printify's epoch "1970-01-01 00:00:00+00:00" stands for a time that is not set. */
const notSet = 0;

/** A Printify timestamp ("2017-04-18 13:24:28+00:00", or ISO) in ms; null when absent, unreadable or not set. */
export function printifyTimeMs(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || text === '') return null;
  const ms = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(ms) || ms === notSet ? null : ms;
}
