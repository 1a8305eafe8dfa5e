import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { MailHeaderError, type MailMessage } from './mail.ts';
import { openMail } from './open-mail.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

const log = Fastify({ logger: false }).log;
const from = 'PodFlow <support@podflow.test>';
const message: MailMessage = {
  to: 'team@podflow.test',
  subject: 'Grüße from the contact form',
  text: 'Hello,\nthis line is long enough to be wrapped by quoted-printable encoding, which the reader must undo: ✓',
  replyTo: { name: 'Zoë Ärger', address: 'zoe@example.com' },
};

const injections: Array<[string, Partial<MailMessage>]> = [
  ['subject', { subject: 'Hi\r\nBcc: victim@example.com' }],
  ['recipient', { to: 'team@podflow.test\nBcc: victim@example.com' }],
  ['reply-to address', { replyTo: { name: 'Eve\r\nBcc: victim@example.com', address: 'eve@example.com' } }],
  ['reply-to address', { replyTo: 'eve@example.com\rBcc: victim@example.com' }],
];

describe('mail port: outbox (no SMTP_URL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podflow-mail-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32), MAIL_FROM: from });
  const mail = openMail(config.mail, log);

  it('writes each message to DATA_DIR/outbox as an .eml a mail client opens', async () => {
    const sent = await mail.send(message);
    expect(sent.via).toBe('outbox');
    expect(path.dirname(sent.file!)).toBe(path.join(dataDir, 'outbox'));
    expect(readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const eml = readFileSync(sent.file!, 'utf8');
    expect(eml).toMatch(/^From: PodFlow <support@podflow\.test>$/m);
    expect(eml).toMatch(/^To: team@podflow\.test$/m);
    expect(eml).toMatch(/^Reply-To: =\?UTF-8\?/m); // the display name, encoded
    expect(eml).toMatch(/^Message-ID: </m);
  });

  for (const [field, change] of injections) {
    it(`refuses a line break in the ${field} and writes nothing`, async () => {
      const before = readdirSync(path.join(dataDir, 'outbox')).length;
      await expect(mail.send({ ...message, ...change })).rejects.toThrow(MailHeaderError);
      await expect(mail.send({ ...message, ...change })).rejects.toThrow(`The ${field} of an e-mail`);
      expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(before);
    });
  }
});

describe('mail port: SMTP (SMTP_URL set)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  const smtpMail = () =>
    openMail(
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'podflow-mail-')),
        APP_SECRET: 'x'.repeat(32),
        SMTP_URL: smtp.url,
        MAIL_FROM: from,
      }).mail,
      log,
    );

  it('delivers to the SMTP server with the sender, Reply-To and text a reader sees', async () => {
    const sent = await smtpMail().send(message);
    expect(sent.via).toBe('smtp');
    const got = await smtp.waitFor((m) => m.headers['message-id'] === sent.messageId);
    expect(got.envelopeFrom).toBe('support@podflow.test');
    expect(got.envelopeTo).toEqual(['team@podflow.test']);
    expect(got.subject).toBe('Grüße from the contact form');
    expect(got.replyTo).toBe('Zoë Ärger <zoe@example.com>');
    expect(got.text.trim()).toBe(message.text);
  });

  it('refuses a header with a line break before connecting', async () => {
    const count = smtp.received.length;
    await expect(smtpMail().send({ ...message, subject: 'Hi\nBcc: victim@example.com' })).rejects.toThrow(
      MailHeaderError,
    );
    expect(smtp.received).toHaveLength(count);
  });

  it('fails a send when no SMTP server answers, instead of hanging', async () => {
    const closed = await startTestSmtpServer();
    await closed.close();
    const mail = openMail(
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'podflow-mail-')),
        APP_SECRET: 'x'.repeat(32),
        SMTP_URL: closed.url,
      }).mail,
      log,
    );
    await expect(mail.send(message)).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});

describe('mail settings', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'podflow-mail-')), APP_SECRET: 'x'.repeat(32) };

  it('send contact messages to MAIL_FROM by default, or to CONTACT_TO', () => {
    expect(loadConfig({ ...base, MAIL_FROM: from }).mail.contactTo).toBe('support@podflow.test');
    expect(loadConfig({ ...base, MAIL_FROM: from, CONTACT_TO: 'hello@podflow.test' }).mail.contactTo).toBe(
      'hello@podflow.test',
    );
  });

  it('refuse an SMTP_URL that is not smtp(s):// and a MAIL_FROM that is not an address', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'PodFlow' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/);
  });

  it('need MAIL_FROM with SMTP_URL in production', () => {
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://podflow.example.com',
        SMTP_URL: 'smtps://u:p@smtp.example.com',
      }),
    ).toThrow(/MAIL_FROM/);
  });
});
