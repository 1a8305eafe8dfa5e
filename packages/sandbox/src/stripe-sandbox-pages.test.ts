import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type WebhookReceiver, startWebhookReceiver } from './stripe-sandbox-receiver.ts';
import { type StripeSandbox, startStripeSandbox } from './stripe-sandbox.ts';

/** The hosted pages as a seller's browser uses them: plain GETs and form POSTs, redirects by hand. */

let sandbox: StripeSandbox;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startStripeSandbox({ webhookUrl: `${receiver.url}/webhook` });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

/** Creates a session through the API, as PodFlow's server does; its id and hosted page URL. */
async function createSession(extra: Record<string, string> = {}): Promise<{ id: string; url: string }> {
  const form = new URLSearchParams({
    mode: 'subscription',
    'line_items[0][price]': 'price_podflow_basic',
    'line_items[0][quantity]': '1',
    client_reference_id: 'user_5',
    success_url: `${receiver.url}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${receiver.url}/failure`,
    ...extra,
  });
  const response = await fetch(`${sandbox.url}/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; url: string };
}

const page = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
};

/** Submits a page's form as a browser does, without following the redirect. */
const submit = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

const webhooks = () => receiver.received.filter((r) => r.path === '/webhook');
const types = () => webhooks().map((r) => (JSON.parse(r.body) as { type: string }).type);
const dataOf = (index: number) =>
  (JSON.parse(webhooks()[index]!.body) as { data: Record<string, never> }).data;

describe('hosted Checkout page', () => {
  it('shows the plan, the discount and the total, then pays: 303 to success_url and three signed events in order', async () => {
    const session = await createSession({
      customer_email: 'seller@example.com',
      'discounts[0][coupon]': 'LAUNCH20',
    });
    const shown = await page(session.url);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<h1>Subscribe to PodFlow Basic</h1>');
    expect(shown.html).toContain('$9.00 <span>per month</span>');
    expect(shown.html).toContain('<td>LAUNCH20 (20% off)</td><td>−$1.80</td>');
    expect(shown.html).toContain('<td>Total due today</td><td>$7.20</td>');
    expect(shown.html).toContain('value="seller@example.com"');
    expect(shown.html).toContain('Pay and subscribe</button>');
    expect(shown.html).toContain(`href="${receiver.url}/failure"`);

    const paid = await submit(session.url, { email: 'seller@example.com', card: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    const location = paid.headers.get('location')!;
    expect(location).toBe(`${receiver.url}/success?session_id=${session.id}`);
    expect((await fetch(location)).status).toBe(200);

    expect(types()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    for (const request of webhooks()) {
      const [t, v1] = request.headers['stripe-signature']!.split(',').map((part) => part.split('=')[1]);
      const expected = createHmac('sha256', sandbox.webhookSecret)
        .update(`${t}.${request.body}`)
        .digest('hex');
      expect(v1).toBe(expected);
    }
    const session_ = sandbox.sessions.get(session.id)!;
    expect(dataOf(0)).toMatchObject({
      object: {
        id: session.id,
        status: 'complete',
        client_reference_id: 'user_5',
        amount_total: 720,
        customer_details: { email: 'seller@example.com' },
        customer: session_.customer,
        subscription: session_.subscription,
      },
    });
    expect(sandbox.customers.get(session_.customer!)!.email).toBe('seller@example.com');

    // The page of a paid session says so, and paying again only redirects.
    expect((await page(session.url)).html).toContain('You have already paid for this subscription.');
    expect(
      (await submit(session.url, { email: 'seller@example.com', card: '4242424242424242' })).status,
    ).toBe(303);
    expect(webhooks()).toHaveLength(3);
  });

  it('shows a declined card on the page, keeps the session open and creates nothing; another card then pays', async () => {
    const session = await createSession();
    const subscriptions = sandbox.subscriptions.size;
    const declined = await submit(session.url, { email: 'new@example.com', card: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(sandbox.sessions.get(session.id)).toMatchObject({
      status: 'open',
      subscription: null,
      customer: null,
    });
    expect(sandbox.subscriptions.size).toBe(subscriptions);
    expect(webhooks()).toEqual([]);
    expect((await page(session.url)).html).toContain('Your card was declined.');

    await sandbox.completeCheckout(session.id, { decline: true });
    expect(webhooks()).toEqual([]);

    const paid = await submit(session.url, { email: 'new@example.com', card: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(types()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
  });

  it('asks for an email, and takes a promotion code typed on the page when allowed', async () => {
    const session = await createSession({ allow_promotion_codes: 'true' });
    expect((await page(session.url)).html).toContain('name="promotion_code"');
    const noEmail = await submit(session.url, { email: '', card: '4242424242424242' });
    expect(noEmail.status).toBe(400);
    expect(await noEmail.text()).toContain('Enter a valid email address.');
    const badCode = await submit(session.url, {
      email: 'a@example.com',
      card: '4242424242424242',
      promotion_code: 'NOPE',
    });
    expect(await badCode.text()).toContain('This code is invalid.');
    const paid = await submit(session.url, {
      email: 'a@example.com',
      card: '4242424242424242',
      promotion_code: 'welcome10',
    });
    expect(paid.status).toBe(303);
    expect(sandbox.sessions.get(session.id)).toMatchObject({
      amount_total: 810,
      discounts: [{ coupon: null }],
    });
  });

  it('says an expired session has expired, and an unknown link is not valid', async () => {
    const session = await createSession();
    await fetch(`${sandbox.url}/v1/checkout/sessions/${session.id}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    });
    expect(await page(session.url)).toMatchObject({
      status: 410,
      html: expect.stringContaining('This checkout session has expired.'),
    });
    expect((await page(`${sandbox.url}/c/pay/cs_test_nope`)).status).toBe(404);
  });
});

describe('billing portal page', () => {
  /** A subscribed customer and a portal session for them. */
  async function portal(): Promise<{ url: string; subscription: string }> {
    const session = await createSession({ customer_email: 'portal@example.com' });
    await sandbox.completeCheckout(session.id);
    const { customer, subscription } = sandbox.sessions.get(session.id)!;
    const response = await fetch(`${sandbox.url}/v1/billing_portal/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sandbox.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ customer: customer!, return_url: `${receiver.url}/account` }),
    });
    receiver.received.length = 0;
    return { url: ((await response.json()) as { url: string }).url, subscription: subscription! };
  }

  it('shows the plan with its actions and the way back to PodFlow', async () => {
    const { url } = await portal();
    const { html } = await page(url);
    expect(html).toContain('portal@example.com');
    expect(html).toContain('<strong>PodFlow Basic</strong> · $9.00 per month');
    expect(html).toContain('Your plan renews on');
    expect(html).toContain('Cancel plan</button>');
    expect(html).toContain('Cancel now</button>');
    expect(html).toContain('Switch to PodFlow Premium ($29.00 per month)</button>');
    expect(html).toContain(`href="${receiver.url}/account">← Return to PodFlow</a>`);
  });

  it('cancels at period end, takes it back, switches price, and cancels now, sending an event for each', async () => {
    const { url, subscription } = await portal();

    const cancel = await submit(url, { action: 'cancel' });
    expect(cancel.status).toBe(303);
    expect(new URL(cancel.headers.get('location')!, url).href).toBe(url);
    expect(types()).toEqual(['customer.subscription.updated']);
    expect(dataOf(0)).toMatchObject({
      object: {
        id: subscription,
        status: 'active',
        cancel_at_period_end: true,
        canceled_at: expect.any(Number),
      },
      previous_attributes: { cancel_at_period_end: false, canceled_at: null },
    });
    expect((await page(url)).html).toContain('Your plan will be canceled on');

    await submit(url, { action: 'renew' });
    expect(dataOf(1)).toMatchObject({
      object: { cancel_at_period_end: false },
      previous_attributes: { cancel_at_period_end: true },
    });

    await submit(url, { action: 'switch', price: 'price_podflow_premium' });
    expect(dataOf(2)).toMatchObject({
      object: { items: { data: [{ price: { id: 'price_podflow_premium' } }] } },
      previous_attributes: { items: { data: [{ price: { id: 'price_podflow_basic' } }] } },
    });
    expect((await page(url)).html).toContain('Switch to PodFlow Basic');

    await submit(url, { action: 'cancel_now' });
    expect(types()).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect(dataOf(3)).toMatchObject({
      object: {
        id: subscription,
        status: 'canceled',
        ended_at: expect.any(Number),
        canceled_at: expect.any(Number),
      },
    });
    const after = (await page(url)).html;
    expect(after).toContain('Canceled on');
    expect(after).not.toContain('Cancel now</button>');
    expect((await submit(url, { action: 'cancel' })).status).toBe(400);
  });
});
