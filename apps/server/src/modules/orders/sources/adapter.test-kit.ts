import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OrderAddress } from '@podflow/contract/orders';
import type { OrderSnapshot, OrderSourceAdapter, WebhookDelivery } from '../order-source.ts';

/** The Gelato sandbox's own address (gelatoSandboxAddress) as a seller enters it in PodFlow. */
export const gelatoSandboxShipTo: OrderAddress = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  country: 'US',
  region: 'IL',
  address1: '12 Analytical Row',
  address2: null,
  city: 'Springfield',
  zip: '62704',
  company: null,
};

/** Every order an adapter lists since `since`, page after page. */
export async function listAll(source: OrderSourceAdapter, since: number): Promise<OrderSnapshot[]> {
  const all: OrderSnapshot[] = [];
  let cursor: string | null = null;
  do {
    const page = await source.list(cursor, { since });
    all.push(...page.orders);
    cursor = page.next;
  } while (cursor);
  return all;
}

/** An adapter's webhook registration, for a provider that registers them by API (never 'manual'). */
export async function register(source: OrderSourceAdapter, url: string, secret: string): Promise<string[]> {
  const ids = await source.registerWebhooks(url, secret);
  if (ids === 'manual') throw new Error('the adapter answered manual webhooks, not registered ones');
  return ids;
}

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
    /** Forgets what was received and answers 200 again. */
    reset() {
      received.length = 0;
      status = 200;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
