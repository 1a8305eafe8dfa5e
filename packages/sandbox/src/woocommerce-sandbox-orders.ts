import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Json,
  type ListQuery,
  checkListQuery,
  invalidParams,
  isObject,
  wooError,
} from './woocommerce-sandbox-checks.ts';
import { send } from './woocommerce-sandbox-http.ts';
import { pageOf, wpTime } from './woocommerce-sandbox-types.ts';
import { type Deliverer, base64Hmac } from './store-webhooks.ts';

/**
 * The WooCommerce sandbox's orders and webhooks (docs: providers/orders.md §4): GET /orders (paged,
 * modified_after, X-WP-Total/-TotalPages), GET /orders/{id}, POST /webhooks (pinged on creation),
 * GET/PUT/DELETE /webhooks/{id}; deliveries of order.created / order.updated with the REST order as
 * body, signed in X-WC-Webhook-Signature; a webhook is disabled after 5 failed deliveries in a row.
 */

export const wooOrderStatuses = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
  'checkout-draft',
];

export type NewWooOrder = {
  lines: { productId?: number; name: string; quantity: number; priceCents: number; sku?: string }[];
  /** Default 'processing' (paid, awaiting shipment). */
  status?: string;
  customer?: { firstName: string; lastName: string; country: string; email?: string };
  shippingCents?: number;
  /** Default now. */
  createdAt?: Date;
};

export type WooOrderChange = { status: string };

type OrderRecord = {
  id: number;
  status: string;
  created: string;
  modified: string;
  paid: string | null;
  completed: string | null;
  shippingCents: number;
  customer: { firstName: string; lastName: string; country: string; email: string };
  lines: (NewWooOrder['lines'][number] & { id: number })[];
  key: string;
};

type WebhookRecord = {
  id: number;
  name: string;
  status: string;
  topic: string;
  deliveryUrl: string;
  secret: string;
  failures: number;
  created: string;
};

const api = '/wp-json/wc/v3';
const topics = ['order.created', 'order.updated', 'order.deleted', 'order.restored'];
const userAgent = 'WooCommerce/9.4.0 Hookshot (WordPress/6.7.1)';
/** woocommerce_max_webhook_delivery_failures, as the docs state it. */
const maxFailures = 5;
const money = (cents: number) => (cents / 100).toFixed(2);
const dayMs = 86_400_000;
const invalidOrder = wooError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
const invalidWebhook = wooError(404, 'woocommerce_rest_shop_webhook_invalid_id', 'Invalid ID.');

/** The store's orders and webhooks, their routes, and their deliveries. */
export function createWooOrders(options: {
  baseUrl: () => string;
  deliverer: Deliverer;
  now?: () => number;
}) {
  const { baseUrl, deliverer, now = Date.now } = options;
  const orders = new Map<number, OrderRecord>();
  const webhooks = new Map<number, WebhookRecord>();
  let nextOrder = 7001;
  let nextLine = 301;
  let nextWebhook = 11;

  const time = (ms = now()) => wpTime(new Date(ms));

  function show(order: OrderRecord): Json {
    const items = order.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const { firstName, lastName, country, email } = order.customer;
    const address = {
      first_name: firstName,
      last_name: lastName,
      company: '',
      address_1: '1 Main St',
      address_2: '',
      city: 'Portland',
      state: 'OR',
      postcode: '97201',
      country,
    };
    return {
      id: order.id,
      parent_id: 0,
      status: order.status,
      currency: 'USD',
      version: '9.4.0',
      prices_include_tax: false,
      date_created: order.created,
      date_created_gmt: order.created,
      date_modified: order.modified,
      date_modified_gmt: order.modified,
      discount_total: '0.00',
      shipping_total: money(order.shippingCents),
      total: money(items + order.shippingCents),
      total_tax: '0.00',
      customer_id: 0,
      order_key: order.key,
      billing: { ...address, email, phone: '' },
      shipping: { ...address, phone: '' },
      payment_method: 'stripe',
      payment_method_title: 'Credit card',
      date_paid: order.paid,
      date_paid_gmt: order.paid,
      date_completed: order.completed,
      date_completed_gmt: order.completed,
      number: String(order.id),
      meta_data: [],
      line_items: order.lines.map((line) => ({
        id: line.id,
        name: line.name,
        product_id: line.productId ?? 0,
        variation_id: 0,
        quantity: line.quantity,
        subtotal: money(line.priceCents * line.quantity),
        total: money(line.priceCents * line.quantity),
        sku: line.sku ?? '',
        price: line.priceCents / 100,
      })),
      shipping_lines: [],
      refunds: [],
      _links: { self: [{ href: `${baseUrl()}${api}/orders/${order.id}` }] },
    };
  }

  function showWebhook(webhook: WebhookRecord): Json {
    const [resource, event] = webhook.topic.split('.');
    return {
      id: webhook.id,
      name: webhook.name,
      status: webhook.status,
      topic: webhook.topic,
      resource,
      event,
      hooks: [`woocommerce_${event === 'created' ? 'new' : 'update'}_order`],
      delivery_url: webhook.deliveryUrl,
      date_created: webhook.created,
      date_created_gmt: webhook.created,
      date_modified: webhook.created,
      date_modified_gmt: webhook.created,
    };
  }

  async function deliver(order: OrderRecord, topic: 'order.created' | 'order.updated'): Promise<void> {
    const body = JSON.stringify(show(order));
    for (const webhook of webhooks.values()) {
      if (webhook.status !== 'active' || webhook.topic !== topic) continue;
      // wp_hash(id . strtotime('now')): two deliveries of one webhook in the same second share it.
      const deliveryId = createHash('md5')
        .update(`${webhook.id}${Math.floor(now() / 1000)}`)
        .digest('hex');
      await deliverer.send(
        {
          url: webhook.deliveryUrl,
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': userAgent,
            'x-wc-webhook-source': `${baseUrl()}/`,
            'x-wc-webhook-topic': topic,
            'x-wc-webhook-resource': 'order',
            'x-wc-webhook-event': topic.split('.')[1]!,
            'x-wc-webhook-signature': base64Hmac(body, webhook.secret),
            'x-wc-webhook-id': String(webhook.id),
            'x-wc-webhook-delivery-id': deliveryId,
          },
        },
        (status) => {
          if (status >= 200 && status < 300) webhook.failures = 0;
          else if (++webhook.failures >= maxFailures) webhook.status = 'disabled';
        },
      );
    }
  }

  function add(input: NewWooOrder): OrderRecord {
    const created = time(input.createdAt?.getTime());
    const status = input.status ?? 'processing';
    const order: OrderRecord = {
      id: nextOrder++,
      status,
      created,
      modified: created,
      paid: ['processing', 'completed'].includes(status) ? created : null,
      completed: status === 'completed' ? created : null,
      shippingCents: input.shippingCents ?? 499,
      customer: {
        email: `buyer${nextOrder}@example.com`,
        ...(input.customer ?? { firstName: 'Grace', lastName: 'Hopper', country: 'US' }),
      },
      lines: input.lines.map((line) => ({ ...line, id: nextLine++ })),
      key: `wc_order_${randomBytes(6).toString('hex')}`,
    };
    orders.set(order.id, order);
    return order;
  }

  function change(order: OrderRecord, update: WooOrderChange): void {
    const at = time(Math.max(now(), Date.parse(`${order.modified}Z`) + 1000));
    order.status = update.status;
    if (['processing', 'completed'].includes(update.status)) order.paid ??= at;
    if (update.status === 'completed') order.completed = at;
    order.modified = at;
  }

  return {
    webhooks,
    async addOrder(input: NewWooOrder): Promise<number> {
      const order = add(input);
      await deliver(order, 'order.created');
      return order.id;
    },
    async updateOrder(id: number, update: WooOrderChange): Promise<void> {
      const order = orders.get(id);
      if (!order) throw new Error(`The sandbox store has no order ${id}`);
      change(order, update);
      await deliver(order, 'order.updated');
    },
    /** An order history (no deliveries) for the products given, plus one of a product PodFlow did not list. */
    seed(productIds: number[], otherProductId: number | null): number[] {
      const day = (n: number) => new Date(now() - n * dayMs);
      const made: OrderRecord[] = [];
      productIds.forEach((productId, index) => {
        const lines = [{ productId, name: `Design tee ${index + 1}`, quantity: 1, priceCents: 2400 }];
        const at = (n: number) => day(n + index * 5);
        made.push(add({ lines, status: 'completed', createdAt: at(12) }));
        made.push(add({ lines, status: 'pending', createdAt: at(5) }));
        made.push(add({ lines, status: 'on-hold', createdAt: at(4) }));
        made.push(add({ lines, status: 'refunded', createdAt: at(8) }));
        made.push(add({ lines, status: 'processing', createdAt: at(2) }));
      });
      if (otherProductId !== null) {
        const lines = [{ productId: otherProductId, name: 'Gift card', quantity: 1, priceCents: 5000 }];
        made.push(add({ lines, status: 'processing', createdAt: day(1) }));
      }
      return made.map((order) => order.id);
    },
    /** The API routes of orders and webhooks. */
    routes(
      app: FastifyInstance,
      page: (reply: FastifyReply, request: FastifyRequest, total: number, query: ListQuery) => void,
    ) {
      const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

      app.get(`${api}/orders`, async (request, reply) => {
        const query = request.query as Json;
        const checked = checkListQuery(query, {
          orderby: 'date',
          order: 'desc',
          orderbys: ['date', 'id', 'include', 'title', 'slug'],
          statuses: ['any', ...wooOrderStatuses, 'trash'],
        });
        if (!checked.ok) return send(reply, checked.error);
        const bounds: Record<string, number> = {};
        for (const key of ['modified_after', 'modified_before', 'after', 'before']) {
          const raw = query[key];
          if (raw === undefined) continue;
          const ms =
            typeof raw === 'string' ? Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(raw) ? raw : `${raw}Z`) : NaN;
          if (!Number.isFinite(ms)) return send(reply, invalidParams({ [key]: 'Invalid date.' }));
          bounds[key] = ms;
        }
        const at = (value: string) => Date.parse(`${value}Z`);
        const list = [...orders.values()].filter(
          (order) =>
            (checked.value.status === 'any'
              ? order.status !== 'trash'
              : order.status === checked.value.status) &&
            (bounds.modified_after === undefined || at(order.modified) > bounds.modified_after) &&
            (bounds.modified_before === undefined || at(order.modified) < bounds.modified_before) &&
            (bounds.after === undefined || at(order.created) > bounds.after) &&
            (bounds.before === undefined || at(order.created) < bounds.before),
        );
        const sortKey =
          checked.value.orderby === 'id' ? (o: OrderRecord) => o.id : (o: OrderRecord) => o.created;
        const { page: items, total } = pageOf(list, checked.value, sortKey);
        page(reply, request, total, checked.value);
        return items.map(show);
      });

      app.get(`${api}/orders/:id(^\\d+$)`, async (request, reply) => {
        const order = orders.get(idOf(request));
        return order ? show(order) : send(reply, invalidOrder);
      });

      app.post(`${api}/webhooks`, async (request, reply) => {
        const body: Json = isObject(request.body) ? request.body : {};
        const missing = ['topic', 'delivery_url'].filter((key) => body[key] === undefined);
        if (missing.length > 0) {
          const error = wooError(
            400,
            'rest_missing_callback_param',
            `Missing parameter(s): ${missing.join(', ')}`,
            {
              params: missing,
            },
          );
          return send(reply, error);
        }
        const topic = String(body.topic).toLowerCase();
        if (!topics.includes(topic)) {
          return send(
            reply,
            wooError(
              400,
              'woocommerce_rest_shop_webhook_invalid_topic',
              'Webhook topic is required and must be valid.',
            ),
          );
        }
        const url = String(body.delivery_url);
        if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
          const message = 'Webhook delivery URL must be a valid URL starting with http:// or https://.';
          return send(reply, wooError(400, 'woocommerce_rest_shop_webhook_invalid_delivery_url', message));
        }
        const status = body.status === undefined ? 'active' : String(body.status);
        if (!['active', 'paused', 'disabled'].includes(status)) {
          return send(reply, invalidParams({ status: 'status is not one of active, paused, and disabled.' }));
        }
        const webhook: WebhookRecord = {
          id: nextWebhook++,
          name: typeof body.name === 'string' && body.name ? body.name : `Webhook created on ${time()}`,
          status,
          topic,
          deliveryUrl: url,
          secret:
            typeof body.secret === 'string' && body.secret ? body.secret : randomBytes(16).toString('hex'),
          failures: 0,
          created: time(),
        };
        webhooks.set(webhook.id, webhook);
        // The ping an active webhook gets when it is created: a form body naming it, unsigned.
        if (status === 'active') {
          await deliverer.send({
            url,
            body: `webhook_id=${webhook.id}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
          });
        }
        return reply
          .status(201)
          .header('location', `${baseUrl()}${api}/webhooks/${webhook.id}`)
          .send(showWebhook(webhook));
      });

      app.get(`${api}/webhooks`, async (request, reply) => {
        const checked = checkListQuery(request.query as Json, {
          orderby: 'date',
          order: 'desc',
          orderbys: ['date', 'id', 'include', 'title'],
        });
        if (!checked.ok) return send(reply, checked.error);
        const { page: items, total } = pageOf([...webhooks.values()], checked.value, (hook) => hook.created);
        page(reply, request, total, checked.value);
        return items.map(showWebhook);
      });

      app.get(`${api}/webhooks/:id(^\\d+$)`, async (request, reply) => {
        const webhook = webhooks.get(idOf(request));
        return webhook ? showWebhook(webhook) : send(reply, invalidWebhook);
      });

      app.route({
        method: ['PUT', 'PATCH', 'POST'],
        url: `${api}/webhooks/:id(^\\d+$)`,
        handler: async (request, reply) => {
          const webhook = webhooks.get(idOf(request));
          if (!webhook) return send(reply, invalidWebhook);
          const body: Json = isObject(request.body) ? request.body : {};
          if (body.status !== undefined) {
            if (!['active', 'paused', 'disabled'].includes(String(body.status))) {
              return send(
                reply,
                invalidParams({ status: 'status is not one of active, paused, and disabled.' }),
              );
            }
            webhook.status = String(body.status);
            if (webhook.status === 'active') webhook.failures = 0;
          }
          return showWebhook(webhook);
        },
      });

      app.delete(`${api}/webhooks/:id(^\\d+$)`, async (request, reply) => {
        const webhook = webhooks.get(idOf(request));
        if (!webhook) return send(reply, invalidWebhook);
        if (!['true', '1'].includes(String((request.query as Json).force))) {
          return send(
            reply,
            wooError(501, 'woocommerce_rest_trash_not_supported', 'Webhooks do not support trashing.'),
          );
        }
        webhooks.delete(webhook.id);
        return showWebhook(webhook);
      });
    },
    showWebhook,
  };
}
