import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { type Mail, mailPort } from './mail.ts';

/**
 * The embedded default: each message is composed exactly as SMTP would send it and written to
 * `dir` as an .eml file (any mail client opens it), then logged. Nothing leaves the machine.
 */
export function outboxMail({ dir, from, log }: { dir: string; from: string; log: FastifyBaseLogger }): Mail {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return mailPort(async (message) => {
    const info = await composer.sendMail(message);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await mkdir(dir, { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a message.
    await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    log.info(
      { to: info.envelope.to, subject: message.subject, file },
      'e-mail written to the outbox (set SMTP_URL to send it)',
    );
    return { messageId: info.messageId, via: 'outbox', file };
  });
}
