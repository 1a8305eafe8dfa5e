import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery } from '../order-source.ts';

/**
 * For the adapters' tests: an HTTP endpoint on loopback that keeps every delivery's raw bytes and
 * headers, answering the status a test sets (200 by default).
 */
export async function startReceiver() {
  const received: (WebhookDelivery & { headers: IncomingHttpHeaders })[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ rawBody: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/store/token123/`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
