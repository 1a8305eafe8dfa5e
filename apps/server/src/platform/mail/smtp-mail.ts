import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { type Mail, mailPort } from './mail.ts';

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). One connection per
 * message, with timeouts, so a slow or absent server fails a send instead of holding a request.
 */
export function smtpMail({ url, from, log }: { url: string; from: string; log: FastifyBaseLogger }): Mail {
  const transport = createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return mailPort(async (message) => {
    const info = await transport.sendMail(message);
    log.info({ to: info.envelope.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
    return { messageId: info.messageId, via: 'smtp' };
  });
}
