import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '@podflow/contract/contact';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

let addressCounter = 0;
/** A client address of its own, so one test's messages never count against another's limit. */
const newAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const sendEmail = (t: TestApp, payload: unknown, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/workspace/send-email/', payload: payload as object, remoteAddress });

const storedMessages = (t: TestApp) => t.db.selectFrom('contact_messages').selectAll().execute();

describe(`contact form on ${testDbKind}`, () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'PodFlow <support@podflow.test>',
      CONTACT_TO: 'team@podflow.test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('stores the message and e-mails it to the team with Reply-To the sender', async () => {
    const body = {
      name: '  Zoë Ärger ',
      email: 'zoe@example.com',
      message: 'Can PodFlow list on Etsy?\n\nThanks,\nZoë',
    };
    const response = await sendEmail(t, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: contactMessages.sent });

    const mail = await smtp.waitFor((m) => m.text.includes('Can PodFlow list on Etsy?'));
    expect(mail.envelopeTo).toEqual(['team@podflow.test']);
    expect(mail.from).toBe('PodFlow <support@podflow.test>');
    expect(mail.replyTo).toBe('Zoë Ärger <zoe@example.com>');
    expect(mail.subject).toBe('Contact form: message from Zoë Ärger');
    expect(mail.text).toContain('Email: zoe@example.com');
    expect(mail.text).toContain('Can PodFlow list on Etsy?\n\nThanks,\nZoë');

    const stored = (await storedMessages(t)).find((row) => row.email === 'zoe@example.com');
    expect(stored).toMatchObject({ name: 'Zoë Ärger', message: body.message, delivery_error: null });
    expect(stored?.delivered_at).toEqual(expect.any(Number));
  });

  it('never writes the Host or X-Forwarded-Host a request named into the e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/workspace/send-email/',
      remoteAddress: newAddress(),
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      payload: { name: 'Mallory', email: 'mallory@example.com', message: 'About my order' },
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.text.includes('About my order'));
    expect(`${mail.text}\n${mail.html ?? ''}\n${mail.subject}`).not.toContain('attacker.example');
  });

  for (const [field, value, sentence] of [
    ['name', 'Eve\r\nBcc: victim@example.com', contactMessages.nameOneLine],
    ['name', 'Eve\n', contactMessages.nameOneLine],
    ['email', 'eve@example.com\nBcc: victim@example.com', contactMessages.emailOneLine],
  ] as const) {
    it(`refuses a line break in the ${field} with a clear 400, storing and sending nothing`, async () => {
      const before = { stored: (await storedMessages(t)).length, received: smtp.received.length };
      const response = await sendEmail(t, {
        name: 'Eve',
        email: 'eve@example.com',
        message: 'Hello',
        [field]: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: sentence, fields: { [field]: sentence } });
      expect(await storedMessages(t)).toHaveLength(before.stored);
      expect(smtp.received).toHaveLength(before.received);
    });
  }

  it('names every missing field, and refuses a bad e-mail address and an overlong message', async () => {
    const empty = await sendEmail(t, { name: ' ', message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      message: 'Message is required.',
    });
    const badEmail = await sendEmail(t, { name: 'Ann', email: 'not-an-address', message: 'Hi' });
    expect(badEmail.json().fields).toEqual({ email: 'Enter a valid e-mail address.' });
    const long = await sendEmail(t, { name: 'Ann', email: 'ann@example.com', message: 'x'.repeat(5001) });
    expect(long.json().fields).toEqual({ message: 'Message has at most 5000 characters.' });
  });

  it('allows 5 messages per address in 10 minutes, then answers 429 with a sentence', async () => {
    const address = newAddress();
    const body = { name: 'Busy Bee', email: 'bee@example.com', message: 'Another question' };
    for (let i = 0; i < 5; i += 1) expect((await sendEmail(t, body, address)).statusCode).toBe(200);
    const refused = await sendEmail(t, body, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: contactMessages.throttled, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect((await sendEmail(t, body, newAddress())).statusCode).toBe(200);
  });
});

describe(`contact form without a working mail server on ${testDbKind}`, () => {
  it('keeps the message, says it was not sent (502, success false) and records why', async () => {
    const gone = await startTestSmtpServer();
    await gone.close();
    const t = await startTestApp({ SMTP_URL: gone.url });
    try {
      const response = await sendEmail(t, { name: 'Ann', email: 'ann@example.com', message: 'Still there?' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ success: false, message: contactMessages.notDelivered });
      const [stored] = await storedMessages(t);
      expect(stored).toMatchObject({ message: 'Still there?', delivered_at: null });
      expect(stored?.delivery_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.close();
    }
  });
});

describe(`contact form with the embedded outbox on ${testDbKind}`, () => {
  it('writes the e-mail to DATA_DIR/outbox when SMTP_URL is not set', async () => {
    const t = await startTestApp();
    try {
      const response = await sendEmail(t, {
        name: 'Ann',
        email: 'ann@example.com',
        message: 'Via the outbox',
      });
      expect(response.json()).toEqual({ success: true, message: contactMessages.sent });
      const outbox = path.join(t.config.dataDir, 'outbox');
      const [file] = readdirSync(outbox);
      const eml = readFileSync(path.join(outbox, file!), 'utf8');
      expect(eml).toMatch(/^To: support@podflow\.local$/m);
      expect(eml).toMatch(/^Reply-To: Ann <ann@example\.com>$/m);
      expect(eml).toContain('Via the outbox');
    } finally {
      await t.close();
    }
  });
});
