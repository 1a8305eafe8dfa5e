import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests and e2e (smtp-server): it accepts every message, keeps
 * it and parses what a reader of the mail would see. No TLS and no login, so a plain
 * `smtp://127.0.0.1:PORT` URL reaches it.
 */

/** A received message: the SMTP envelope, its decoded headers and its text and HTML parts. */
export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  from: string;
  to: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string | undefined;
  raw: string;
};

export type TestSmtpServer = {
  port: number;
  /** The SMTP_URL that reaches this server. */
  url: string;
  received: ReceivedMail[];
  /** The first message (already received or still to come) that matches, or an error after timeoutMs. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

/** Starts the server on `port` (0: any free port) of 127.0.0.1. */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelopeFrom, envelopeTo));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;

  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`No matching e-mail arrived within ${timeoutMs} ms (${received.length} received).`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const pieces = text.replace(/=\r?\n/g, '').split(/(=[0-9A-Fa-f]{2})/);
  const bytes = pieces.map((piece) =>
    /^=[0-9A-Fa-f]{2}$/.test(piece) ? Buffer.from([parseInt(piece.slice(1), 16)]) : Buffer.from(piece),
  );
  return Buffer.concat(bytes).toString('utf8');
}

function decodeBody({ headers, body }: Part): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The leaf parts of a (possibly multipart) message. */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r?\n/, ''))));
}

function parseMail(raw: string, envelopeFrom: string, envelopeTo: string[]): ReceivedMail {
  const message = splitPart(raw);
  const parts = leaves(message);
  const ofType = (type: string) =>
    parts.find((part) => (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    envelopeFrom,
    envelopeTo,
    headers: message.headers,
    from: message.headers.from ?? '',
    to: message.headers.to ?? '',
    replyTo: message.headers['reply-to'],
    subject: message.headers.subject ?? '',
    text: text ? decodeBody(text).replace(/\r\n/g, '\n') : '',
    html: html ? decodeBody(html).replace(/\r\n/g, '\n') : undefined,
    raw,
  };
}
