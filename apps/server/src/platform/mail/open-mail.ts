import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Mail } from './mail.ts';
import { outboxMail } from './outbox-mail.ts';
import { smtpMail } from './smtp-mail.ts';

/** The mail port's adapter, chosen once at start-up: SMTP when SMTP_URL is set, else the outbox. */
export function openMail(config: Config['mail'], log: FastifyBaseLogger): Mail {
  if (config.smtpUrl) return smtpMail({ url: config.smtpUrl, from: config.from, log });
  return outboxMail({ dir: config.outboxDir, from: config.from, log });
}
