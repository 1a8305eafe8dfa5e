import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a local endpoint standing in for PodFlow's webhook route and success page. It keeps
 * each request's raw body and headers exactly as received and answers with the next queued status
 * (200 when none is queued).
 */

export type ReceivedRequest = { method: string; path: string; headers: Record<string, string>; body: string };

export type WebhookReceiver = {
  /** e.g. http://127.0.0.1:41234; POST ${url}/webhook, GET ${url}/success, anything goes. */
  url: string;
  received: ReceivedRequest[];
  /** The statuses of the next requests, in order. */
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
};

/** Starts the receiver on a free loopback port. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answerNext: (...next) => void statuses.push(...next),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
