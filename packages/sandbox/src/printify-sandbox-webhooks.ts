import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { printifyTime } from './printify-sandbox-catalog.ts';
import {
  type PrintifyError,
  isObject,
  notFound,
  unauthorized,
  validationError,
} from './printify-sandbox-checks.ts';

/**
 * The Printify sandbox's webhooks (docs: providers/orders.md "Order webhooks"): one topic per
 * webhook per shop, and their delivery: the envelope `{id, type, created_at, resource:{id, type,
 * data}}` POSTed to each URL registered for the topic, signed `X-Pfy-Signature: sha256=<hex HMAC
 * of the raw body>` with the webhook's secret. Fault switches deliver an event twice, never, or
 * late (after the events that follow it).
 */

export type SandboxWebhook = { id: string; topic: string; url: string; shop_id: number; secret: string };
export type WebhookFault = 'twice' | 'never' | 'late';

/** One POST made (status 0 when it failed to connect), for tests to read. */
export type WebhookDelivery = {
  webhookId: string;
  url: string;
  topic: string;
  orderId: string;
  eventId: string;
  status: number;
  body: string;
};

/** What a webhook looks like in Printify's answers: the secret is never shown. */
export const publicWebhook = ({ secret: _secret, ...webhook }: SandboxWebhook) => webhook;

export function createWebhookRegistry(lateMs: number) {
  const hooks = new Map<string, SandboxWebhook>();
  const faults: WebhookFault[] = [];
  const pending = new Set<Promise<void>>();
  const deliveries: WebhookDelivery[] = [];
  let closed = false;

  async function post(hook: SandboxWebhook, raw: string, meta: Pick<WebhookDelivery, 'orderId' | 'eventId'>) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Printify-Webhooks/1.0 (sandbox)',
    };
    if (hook.secret !== '') {
      headers['x-pfy-signature'] = `sha256=${createHmac('sha256', hook.secret).update(raw).digest('hex')}`;
    }
    const status = await fetch(hook.url, {
      method: 'POST',
      headers,
      body: raw,
      signal: AbortSignal.timeout(5_000),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    deliveries.push({ webhookId: hook.id, url: hook.url, topic: hook.topic, status, body: raw, ...meta });
  }

  function track(work: Promise<void>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  return {
    hooks,
    deliveries,
    add(shopId: number, topic: string, url: string, secret: string): SandboxWebhook {
      const hook = { id: randomBytes(12).toString('hex'), topic, url, shop_id: shopId, secret };
      hooks.set(hook.id, hook);
      return hook;
    },
    ofShop: (shopId: number) => [...hooks.values()].filter((hook) => hook.shop_id === shopId),
    /** The next `times` events (that have a webhook to go to) meet this fault. */
    failNextDelivery(fault: WebhookFault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    /** Delivers an event about the order to every webhook of the shop registered for `topic`. */
    emit(shopId: number, topic: string, orderId: string, data: Record<string, unknown>) {
      const targets = [...hooks.values()].filter((hook) => hook.shop_id === shopId && hook.topic === topic);
      if (closed || targets.length === 0) return;
      const fault = faults.shift();
      if (fault === 'never') return;
      const eventId = randomBytes(12).toString('hex');
      const event = {
        id: eventId,
        type: topic,
        created_at: printifyTime(),
        resource: { id: orderId, type: 'order', data: { shop_id: shopId, ...data } },
      };
      const raw = JSON.stringify(event);
      const meta = { orderId, eventId };
      for (const hook of targets) {
        if (fault === 'late') {
          track(delay(lateMs).then(() => (closed ? undefined : post(hook, raw, meta))));
          continue;
        }
        track(post(hook, raw, meta).then(() => (fault === 'twice' ? post(hook, raw, meta) : undefined)));
      }
    },
    /** Resolves once every delivery under way (late ones included) has been made. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      closed = true;
      await Promise.allSettled([...pending]);
    },
  };
}

export type WebhookRegistry = ReturnType<typeof createWebhookRegistry>;

const send = (reply: FastifyReply, error: PrintifyError) => reply.status(error.status).send(error.body);

/** List, create (one topic, a URL, an optional secret) and delete a shop's webhooks. */
export function mountWebhookRoutes(
  app: FastifyInstance,
  shopOf: (params: unknown) => { id: number } | undefined,
  webhooks: WebhookRegistry,
) {
  app.get('/v1/shops/:shop/webhooks.json', async (request, reply) => {
    const shop = shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    return webhooks.ofShop(shop.id).map(publicWebhook);
  });

  app.post('/v1/shops/:shop/webhooks.json', async (request, reply) => {
    const shop = shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    const body = isObject(request.body) ? request.body : {};
    if (typeof body.topic !== 'string' || !/^[a-z]+(:[a-z-]+)+$/.test(body.topic)) {
      return send(reply, validationError('topic', 'The selected topic is invalid.'));
    }
    if (typeof body.url !== 'string' || !/^https?:\/\/[^\s]+$/.test(body.url)) {
      return send(reply, validationError('url', 'The url must be a valid URL.'));
    }
    if (body.secret !== undefined && typeof body.secret !== 'string') {
      return send(reply, validationError('secret', 'The secret must be a string.'));
    }
    const secret = typeof body.secret === 'string' ? body.secret : '';
    return publicWebhook(webhooks.add(shop.id, body.topic, body.url, secret));
  });

  app.delete('/v1/shops/:shop/webhooks/:id.json', async (request, reply) => {
    const shop = shopOf(request.params);
    if (!shop) return send(reply, unauthorized);
    const hook = webhooks.hooks.get((request.params as { id: string }).id);
    if (!hook || hook.shop_id !== shop.id) return send(reply, notFound);
    webhooks.hooks.delete(hook.id);
    return {};
  });
}
