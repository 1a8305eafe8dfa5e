import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactRequest } from '@podflow/contract/contact';
import { UserError } from '../../platform/errors.ts';
import { type Mail, MailHeaderError } from '../../platform/mail/mail.ts';
import type { ContactRepo } from './contact.repo.ts';

export type ContactServiceDeps = {
  repo: ContactRepo;
  mail: Mail;
  /** The site's address: where contact messages go (CONTACT_TO). */
  to: string;
  log: FastifyBaseLogger;
  now?: () => number;
};

/** The e-mail the team receives: who wrote, when, and the message; answering it reaches the sender. */
function contactMail(id: string, input: ContactRequest, at: number) {
  return {
    subject: `Contact form: message from ${input.name}`,
    text: [
      'A message arrived through the PodFlow contact form.',
      '',
      `Name:  ${input.name}`,
      `Email: ${input.email}`,
      `Sent:  ${new Date(at).toISOString()}`,
      `Reference: ${id}`,
      '',
      input.message,
      '',
      '--',
      `Reply to this e-mail to answer ${input.name} directly.`,
    ].join('\n'),
  };
}

/** The contact form: every message is stored, then e-mailed to the site's address. */
export function contactService(deps: ContactServiceDeps) {
  const now = deps.now ?? Date.now;
  return {
    /** Stores the message and sends it; `delivered` is false when the mail port failed (it stays stored). */
    async send(input: ContactRequest, clientIp: string): Promise<{ id: string; delivered: boolean }> {
      const id = randomUUID();
      const at = now();
      await deps.repo.insert({ id, ...input, client_ip: clientIp, created_at: at });
      try {
        await deps.mail.send({
          to: deps.to,
          replyTo: { name: input.name, address: input.email },
          ...contactMail(id, input, at),
        });
      } catch (error) {
        if (error instanceof MailHeaderError) {
          await deps.repo.markNotDelivered(id, error.message);
          throw new UserError(400, error.message, { code: 'line_break_in_header' });
        }
        const reason = error instanceof Error ? error.message : String(error);
        deps.log.warn({ err: error, contactMessageId: id }, 'contact message stored but not e-mailed');
        await deps.repo.markNotDelivered(id, reason.slice(0, 500));
        return { id, delivered: false };
      }
      await deps.repo.markDelivered(id, now());
      return { id, delivered: true };
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
