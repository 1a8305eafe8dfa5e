import { createHash } from 'node:crypto';
import type { OrderAddress, ShippingOption } from '@podflow/contract/orders';
import { createOnce, madeSince } from '@podflow/providers/create-once';
import { ProviderError } from '@podflow/providers/http';
import { type PrintifyShop, printifyAccountOf, printifyClient } from '@podflow/providers/printify';
import {
  type PrintifyOrder,
  type PrintifyOrderAddress,
  type PrintifyShippingCosts,
  printifyHasNextPage,
  printifyOrderTopics,
  printifyOrdersClient,
  printifyTimeMs,
  verifyPrintifySignature,
} from '@podflow/providers/printify-orders';
import {
  type ManualOrderInput,
  type OrderSourceAdapter,
  type SourceInput,
  type WebhookEvent,
  pageSince,
} from '../order-source.ts';
import { printifySnapshot } from './printify-snapshot.ts';

/**
 * The Printify order source (order-source.ts) on the providers' Printify clients. Its requests
 * count against the account's 600 a minute together with the account's listing runs: the account
 * is told by the key's shops (printifyAccountOf), read once per key every 10 minutes. Printify
 * documents no address edit, so there is no updateAddress.
 */

/** Shipping methods by PodFlow's word: Printify's numbers and the keys of its shipping quote. */
const methods = [
  { method: 'standard', number: 1, keys: ['standard'], name: 'Standard' },
  { method: 'priority', number: 2, keys: ['priority', 'express'], name: 'Priority' },
  { method: 'printify_express', number: 3, keys: ['printify_express'], name: 'Printify Express' },
  { method: 'economy', number: 4, keys: ['economy'], name: 'Economy' },
] as const;

/** How long the account a key belongs to is trusted: a shop added to it changes the account's name. */
const accountTtlMs = 10 * 60_000;
/** The shops of each key (by hash): its account, so every adapter of it shares the account's limiter, and their sales channels. */
const accounts = new Map<string, { at: number; shops: Promise<PrintifyShop[]> }>();

async function accountOf(input: SourceInput, now = Date.now()) {
  const id = createHash('sha256')
    .update(`${input.settings.printifyBaseUrl}\n${input.credential}`)
    .digest('hex');
  let known = accounts.get(id);
  if (!known || now - known.at >= accountTtlMs) {
    const shops = printifyClient(clientOptions(input)).listShops();
    shops.catch(() => accounts.delete(id));
    known = { at: now, shops };
    accounts.set(id, known);
  }
  const shops = await known.shops;
  return {
    account: printifyAccountOf(shops),
    channel: shops.find((shop) => String(shop.id) === input.shopId)?.sales_channel,
  };
}

const clientOptions = (input: SourceInput, account?: string) => ({
  apiKey: input.credential,
  account,
  baseUrl: input.settings.printifyBaseUrl,
  timeoutMs: input.settings.timeoutMs,
});

function addressTo(address: OrderAddress): PrintifyOrderAddress {
  const { email, phone, region, address2, company, ...required } = address;
  return {
    ...required,
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    region: region ?? '',
    ...(address2 ? { address2 } : {}),
    ...(company ? { company } : {}),
  };
}

/** A refusal of the caller's own input, in Printify's error type as the port promises. */
const refused = (message: string) =>
  new ProviderError(`Printify: ${message}`, { provider: 'Printify', status: 400, retryable: false });

function variantNumber(variantId: string): number {
  const number = Number(variantId);
  if (!Number.isInteger(number) || number <= 0) throw refused(`no variant ${variantId}`);
  return number;
}

/** The adapter of one Printify shop. */
export function printifyOrderSource(input: SourceInput): OrderSourceAdapter {
  const { shopId } = input;
  type Clients = {
    orders: ReturnType<typeof printifyOrdersClient>;
    products: ReturnType<typeof printifyClient>;
    /** The shop's sales channel: which store its external orders come from. */
    channel: string | undefined;
  };
  let clients: Promise<Clients> | undefined;
  /** The clients on the account's limits; a failed look-up of the account is tried again next time. */
  const use = (): Promise<Clients> => {
    if (clients) return clients;
    const made = accountOf(input).then(({ account, channel }) => ({
      orders: printifyOrdersClient(clientOptions(input, account)),
      products: printifyClient(clientOptions(input, account)),
      channel,
    }));
    made.catch(() => {
      if (clients === made) clients = undefined;
    });
    clients = made;
    return made;
  };
  const snapshot = async (order: PrintifyOrder) => printifySnapshot(order, shopId, (await use()).channel);
  /** An action's answer, read again when it is not a whole order. */
  const whole = async (answer: PrintifyOrder | undefined, orderId: string) =>
    snapshot(
      Array.isArray(answer?.line_items) ? answer : await (await use()).orders.getOrder(shopId, orderId),
    );

  async function find(externalRef: string, since: number) {
    const { orders } = await use();
    const made = await madeSince(
      async (index) => {
        const page = await orders.listOrders(shopId, index + 1);
        return { items: page.data, last: !printifyHasNextPage(page) };
      },
      (order) => order.created_at.replace(' ', 'T'),
      since,
      (order) =>
        String(order.metadata?.shop_order_id ?? '') === externalRef ||
        order.metadata?.shop_order_label === externalRef,
    );
    return made[0];
  }

  async function productOptions(productId: string) {
    const { products } = await use();
    try {
      const product = await products.getProduct(shopId, productId);
      return {
        productId: product.id,
        title: product.title,
        variants: product.variants
          .filter((variant) => variant.is_enabled)
          .map((variant) => ({
            id: String(variant.id),
            title: variant.title ?? String(variant.id),
            costCents: variant.cost ?? null,
          })),
      };
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 404 || error.status === 422)) return null;
      throw error;
    }
  }

  return {
    provider: 'printify',

    async list(cursor, { since }) {
      const { orders, channel } = await use();
      const pageNumber = cursor === null ? 1 : Math.max(1, Number(cursor) || 1);
      const page = await orders.listOrders(shopId, pageNumber);
      const snapshots = page.data.map((order) => printifySnapshot(order, shopId, channel));
      const next = printifyHasNextPage(page) ? String(pageNumber + 1) : null;
      return pageSince(snapshots, next, since, 'newest_created');
    },

    async get(providerOrderId) {
      const { orders } = await use();
      try {
        return await snapshot(await orders.getOrder(shopId, providerOrderId));
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      }
    },

    async registerWebhooks(url, secret) {
      const { orders } = await use();
      const stale = (await orders.listWebhooks(shopId)).filter((hook) => hook.url === url);
      for (const hook of stale) await orders.deleteWebhook(shopId, hook.id);
      const ids: string[] = [];
      try {
        for (const topic of printifyOrderTopics)
          ids.push((await orders.createWebhook(shopId, { topic, url, secret })).id);
      } catch (error) {
        await Promise.allSettled(ids.map((id) => orders.deleteWebhook(shopId, id)));
        throw error;
      }
      return ids;
    },

    async removeWebhooks(ids) {
      const { orders } = await use();
      for (const id of ids) {
        await orders.deleteWebhook(shopId, id).catch((error: unknown) => {
          if (!(error instanceof ProviderError && error.status === 404)) throw error;
        });
      }
    },

    verifyWebhook(delivery, secret): WebhookEvent | null {
      if (!verifyPrintifySignature(delivery.rawBody, delivery.headers['x-pfy-signature'], secret))
        return null;
      let event: {
        id?: unknown;
        type?: unknown;
        created_at?: unknown;
        resource?: { id?: unknown; type?: unknown };
      };
      try {
        event = JSON.parse(delivery.rawBody.toString('utf8')) as typeof event;
      } catch {
        return null;
      }
      if (typeof event !== 'object' || event === null) return null;
      const key =
        typeof event.id === 'string' && event.id !== ''
          ? event.id
          : createHash('sha256').update(delivery.rawBody).digest('hex');
      const resource = event.resource;
      const isOrder =
        resource?.type === 'order' && (typeof resource.id === 'string' || typeof resource.id === 'number');
      return {
        eventKey: `printify:${key}`,
        topic: typeof event.type === 'string' ? event.type : 'unknown',
        providerOrderId: isOrder ? String(resource.id) : null,
        occurredAt: typeof event.created_at === 'string' ? printifyTimeMs(event.created_at) : null,
      };
    },

    async sendToProduction(providerOrderId) {
      const { orders } = await use();
      return whole(await orders.sendToProduction(shopId, providerOrderId), providerOrderId);
    },

    async cancel(providerOrderId) {
      const { orders } = await use();
      return whole(await orders.cancelOrder(shopId, providerOrderId), providerOrderId);
    },

    productOptions,

    async quote({ productId, variantId, quantity, address }) {
      const { orders } = await use();
      const line = { product_id: productId, variant_id: variantNumber(variantId), quantity };
      const [costs, product] = await Promise.all([
        orders.shippingCosts(shopId, { line_items: [line], address_to: addressTo(address) }),
        productOptions(productId),
      ]);
      const variantCost = product?.variants.find((variant) => variant.id === variantId)?.costCents ?? null;
      return {
        itemsCents: variantCost === null ? null : variantCost * quantity,
        options: shippingOptions(costs),
      };
    },

    async createOrder(order: ManualOrderInput) {
      const { orders } = await use();
      const method = methods.find((entry) => entry.method === order.shippingMethod);
      if (!method) throw refused(`no shipping method ${order.shippingMethod}`);
      const body = {
        external_id: order.externalRef,
        label: order.externalRef,
        line_items: [
          {
            product_id: order.productId,
            variant_id: variantNumber(order.variantId),
            quantity: order.quantity,
          },
        ],
        shipping_method: method.number,
        is_printify_express: method.number === 3,
        is_economy_shipping: method.number === 4,
        send_shipping_notification: false,
        address_to: addressTo(order.address),
      };
      const made = await createOnce(
        async () => (await orders.createOrder(shopId, body)).id,
        async (sentAt) => (await find(order.externalRef, sentAt))?.id,
      );
      return snapshot(await orders.getOrder(shopId, made));
    },

    async findByExternalRef(externalRef, since) {
      const order = await find(externalRef, since);
      return order ? snapshot(order) : null;
    },
  };
}

/** Printify's quote as options, cheapest first; a method it leaves out is not offered. */
function shippingOptions(costs: PrintifyShippingCosts): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const entry of methods) {
    const price = entry.keys.map((key) => costs[key]).find((value) => typeof value === 'number');
    if (price === undefined) continue;
    options.push({
      method: entry.method,
      name: entry.name,
      price_cents: price,
      currency: 'USD',
      min_days: null,
      max_days: null,
    });
  }
  return options.sort((a, b) => a.price_cents - b.price_cents);
}
