import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopifySandbox, defaultShopifyShops, startShopifySandbox } from './shopify-sandbox.ts';

/** The Shopify sandbox's order subscriptions refuse what Shopify refuses (HTTP 200, userErrors). */

const shop = 'podflow-demo';
let sandbox: ShopifySandbox;

beforeAll(async () => {
  sandbox = await startShopifySandbox();
});
afterAll(() => sandbox.close());

const create = `mutation C($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } }
}`;

async function post(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${sandbox.url}/${shop}/admin/api/2026-07/graphql.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-access-token': defaultShopifyShops[shop].token,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: { webhookSubscriptionCreate: { userErrors: { message: string }[] } };
  };
}

describe('order webhook subscriptions', () => {
  it.each([
    ['a blank address', '', "Address can't be blank"],
    [
      'plain http to a public host',
      'http://podflow.example/hook',
      'Address protocol http:// is not supported',
    ],
  ])('refuses %s', async (_what, uri, message) => {
    const answer = await post(create, { topic: 'ORDERS_CREATE', sub: { uri } });
    expect(answer.data?.webhookSubscriptionCreate.userErrors).toEqual([
      { field: ['webhookSubscription', 'callbackUrl'], message },
    ]);
    expect(sandbox.webhooks(shop)).toEqual([]);
  });

  it('refuses the same topic and address twice', async () => {
    const sub = { uri: 'https://podflow.example/webhooks/shopify/abc/' };
    expect(
      (await post(create, { topic: 'ORDERS_UPDATED', sub })).data?.webhookSubscriptionCreate.userErrors,
    ).toEqual([]);
    expect(
      (await post(create, { topic: 'ORDERS_UPDATED', sub })).data?.webhookSubscriptionCreate.userErrors,
    ).toEqual([
      {
        field: ['webhookSubscription', 'callbackUrl'],
        message: 'Address for this topic has already been taken',
      },
    ]);
    expect(sandbox.webhooks(shop)).toHaveLength(1);
  });

  it('refuses a topic the schema does not have', async () => {
    const answer = (await post(create, {
      topic: 'ORDERS_PAID_LATER',
      sub: { uri: 'https://x.example/' },
    })) as {
      errors?: { message: string }[];
    };
    expect(answer.errors?.[0]?.message).toContain(
      'Variable $topic of type WebhookSubscriptionTopic! was provided invalid value',
    );
  });
});
