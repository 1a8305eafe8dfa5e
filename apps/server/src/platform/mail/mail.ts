/** An address as `user@example.com`, or with a display name that is encoded for the header. */
export type MailAddress = string | { name: string; address: string };

/** One message through the mail port; the sender is the configured MAIL_FROM. */
export type MailMessage = {
  to: MailAddress;
  subject: string;
  text: string;
  html?: string;
  replyTo?: MailAddress;
};

/** What an adapter reports once a message is on its way: its Message-ID, and where it went. */
export type SentMail = { messageId: string; via: 'smtp' | 'outbox'; file?: string };

/** The mail port (ARCHITECTURE.md "e-mail"): SMTP when SMTP_URL is set, else the outbox folder. */
export interface Mail {
  send(message: MailMessage): Promise<SentMail>;
}

/** A header field held a line break: refused before anything is sent (header injection). */
export class MailHeaderError extends Error {
  readonly field: string;
  constructor(field: string) {
    super(`The ${field} of an e-mail may not contain line breaks.`);
    this.name = 'MailHeaderError';
    this.field = field;
  }
}

const lineBreak = /[\r\n]/;

function addressParts(address: MailAddress): string[] {
  return typeof address === 'string' ? [address] : [address.name, address.address];
}

/** Throws MailHeaderError when a field that becomes a header (to, reply-to, subject) holds CR or LF. */
export function assertSafeHeaders(message: MailMessage): void {
  const headers: Array<[string, string[]]> = [
    ['recipient', addressParts(message.to)],
    ['subject', [message.subject]],
    ['reply-to address', message.replyTo === undefined ? [] : addressParts(message.replyTo)],
  ];
  for (const [field, values] of headers) {
    if (values.some((value) => lineBreak.test(value))) throw new MailHeaderError(field);
  }
}

/** Wraps an adapter's delivery so every message is checked the same way before it leaves. */
export function mailPort(deliver: (message: MailMessage) => Promise<SentMail>): Mail {
  return {
    async send(message) {
      assertSafeHeaders(message);
      return deliver(message);
    },
  };
}
