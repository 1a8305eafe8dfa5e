import { randomUUID } from 'node:crypto';
import { type Mail, type MailMessage, mailPort } from './mail.ts';

/** The in-memory twin for tests: keeps what was sent; `failWith` makes the next sends fail. */
export function memoryMail(): Mail & { sent: MailMessage[]; failWith: Error | undefined } {
  const state = { sent: [] as MailMessage[], failWith: undefined as Error | undefined };
  const port = mailPort(async (message) => {
    if (state.failWith) throw state.failWith;
    state.sent.push(message);
    return { messageId: `<${randomUUID()}@memory>`, via: 'memory' };
  });
  return Object.assign(state, port);
}
