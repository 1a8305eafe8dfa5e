import { type WebhookReceiver, startWebhookReceiver } from '@podflow/sandbox/stripe-sandbox-receiver';
import { type StripeSandbox, startStripeSandbox } from '@podflow/sandbox/stripe-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError, signWebhook, stripeClient, verifyWebhook } from './stripe.ts';

let sandbox: StripeSandbox;
let receiver: WebhookReceiver;
/** The first event the sandbox delivered: checkout.session.completed, as PodFlow's route receives it. */
let delivered: { body: string; header: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startStripeSandbox({ webhookUrl: `${receiver.url}/webhook` });
  const stripe = stripeClient({ secretKey: sandbox.secretKey, baseUrl: sandbox.url });
  const session = await stripe.createCheckoutSession({
    priceId: 'price_podflow_basic',
    clientReferenceId: 'user_9',
    successUrl: 'https://podflow.test/success',
    cancelUrl: 'https://podflow.test/failure',
  });
  await sandbox.completeCheckout(session.id);
  const first = receiver.received[0]!;
  delivered = { body: first.body, header: first.headers['stripe-signature']! };
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

/** The error message verifyWebhook throws, or 'accepted'. */
function outcome(...args: Parameters<typeof verifyWebhook>): string {
  try {
    verifyWebhook(...args);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return (error as Error).message;
  }
}

const timestampOf = (header: string) => Number(/t=(\d+)/.exec(header)![1]);

describe('verifyWebhook', () => {
  it('accepts an event the sandbox delivered, from the raw string or Buffer, and returns it parsed', () => {
    const event = verifyWebhook(delivered.body, delivered.header, sandbox.webhookSecret);
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      object: 'event',
      livemode: false,
      api_version: '2026-07-29.dahlia',
      data: { object: { object: 'checkout.session', client_reference_id: 'user_9', status: 'complete' } },
    });
    expect(event.id).toBe(sandbox.events[0]!.id);
    expect(verifyWebhook(Buffer.from(delivered.body), delivered.header, sandbox.webhookSecret).id).toBe(
      event.id,
    );
  });

  it('refuses a wrong secret', () => {
    expect(outcome(delivered.body, delivered.header, 'whsec_someone_else')).toBe(
      'No signatures found matching the expected signature for payload. ' +
        'Are you passing the raw request body you received from Stripe?',
    );
  });

  it('refuses a body that was parsed and serialised again, even with the same content', () => {
    const reserialised = JSON.stringify(JSON.parse(delivered.body));
    expect(reserialised).not.toBe(delivered.body);
    expect(outcome(reserialised, delivered.header, sandbox.webhookSecret)).toMatch(
      /^No signatures found matching/,
    );
  });

  it('refuses a timestamp older than 300 s, and one older than a tolerance given', () => {
    const t = timestampOf(delivered.header);
    expect(outcome(delivered.body, delivered.header, sandbox.webhookSecret, { now: t + 300 })).toBe(
      'accepted',
    );
    expect(outcome(delivered.body, delivered.header, sandbox.webhookSecret, { now: t + 301 })).toBe(
      'Timestamp outside the tolerance zone',
    );
    const strict = { now: t + 11, toleranceSeconds: 10 };
    expect(outcome(delivered.body, delivered.header, sandbox.webhookSecret, strict)).toBe(
      'Timestamp outside the tolerance zone',
    );
    // Like stripe-node: a timestamp from the future passes.
    expect(outcome(delivered.body, delivered.header, sandbox.webhookSecret, { now: t - 3_600 })).toBe(
      'accepted',
    );
  });

  it('refuses a missing or malformed header', () => {
    const { body } = delivered;
    const secret = sandbox.webhookSecret;
    expect(outcome(body, undefined, secret)).toBe('No stripe-signature header value was provided.');
    expect(outcome(body, '', secret)).toBe('No stripe-signature header value was provided.');
    const v1 = delivered.header.split(',')[1]!;
    expect(outcome(body, v1, secret)).toBe('Unable to extract timestamp and signatures from header');
    const t = timestampOf(delivered.header);
    expect(outcome(body, `t=${t}`, secret)).toBe('No signatures found with expected scheme');
    expect(outcome(body, `t=${t},v0=${v1.slice(3)}`, secret)).toBe(
      'No signatures found with expected scheme',
    );
  });

  it('accepts a header whose second v1 matches (secret rotation)', () => {
    const t = timestampOf(delivered.header);
    const stale = signWebhook(delivered.body, 'whsec_old', t).split(',')[1];
    const header = `t=${t},${stale},${delivered.header.split(',')[1]}`;
    expect(outcome(delivered.body, header, sandbox.webhookSecret, { now: t })).toBe('accepted');
  });
});

describe('signWebhook', () => {
  it('makes the header the sandbox makes (two implementations of stripe.md agree)', () => {
    const payload = '{\n  "id": "evt_1"\n}';
    expect(signWebhook(payload, sandbox.webhookSecret, 1_700_000_000)).toBe(
      sandbox.sign(payload, 1_700_000_000),
    );
    expect(signWebhook(payload, 'whsec_x', 1_700_000_000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    const header = signWebhook(payload, 'whsec_x');
    expect(verifyWebhook(payload, header, 'whsec_x').id).toBe('evt_1');
  });
});
