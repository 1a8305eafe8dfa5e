import { request } from 'node:http';
import { Agent } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type TestApp, startTestApp } from '../../test/test-app.ts';

let t: TestApp | undefined;
afterAll(async () => t?.close());

describe('closing the server', () => {
  it('ends a keep-alive connection whose request was under way, instead of waiting for it to time out', async () => {
    t = await startTestApp();
    // A second app on the test's database, with a call that answers only when told to.
    const app = await buildApp({ config: t.config, db: t.db });
    let answer: () => void = () => undefined;
    const told = new Promise<void>((resolve) => (answer = resolve));
    app.get('/slow-for-test/', async () => {
      await told;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true });
    const reply = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/slow-for-test/', agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      })
        .on('error', reject)
        .end();
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the request is under way
    const started = Date.now();
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer();
    expect(await reply).toEqual({ status: 200, connection: 'close' });
    await closed;
    // Answered, then closed: not held for the 72 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
  });
});
