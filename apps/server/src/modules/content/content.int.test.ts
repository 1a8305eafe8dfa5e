import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tutorialList } from '@podflow/contract/tutorials';
import { registerErrorHandler } from '../../platform/errors.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';
import { contentDirs, contentRoutes } from './content.routes.ts';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET with the path sent byte for byte as given (fetch and URL would normalise dot segments). */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const secret = 'TOP-SECRET-NEVER-SERVED';
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('content routes over a folder of their own', () => {
  let root: string;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'podflow-content-'));
    const tutorialsDir = path.join(root, 'tutorials');
    const mediaDir = path.join(root, 'media');
    mkdirSync(tutorialsDir);
    mkdirSync(mediaDir);
    writeFileSync(
      path.join(tutorialsDir, 'tutorials.json'),
      JSON.stringify([
        {
          id: 1,
          file: 'first-steps.html',
          title: 'First steps',
          description: 'Where to begin.',
          date_published: '2025-01-15',
        },
        {
          id: 2,
          file: 'not-written.html',
          title: 'Later',
          description: 'Not yet.',
          date_published: '2025-02-01',
        },
      ]),
    );
    writeFileSync(path.join(tutorialsDir, 'first-steps.html'), '<h1>First steps</h1><p>Hello.</p>');
    writeFileSync(path.join(tutorialsDir, 'first-shot.png'), onePixelPng);
    writeFileSync(path.join(tutorialsDir, '.hidden.html'), secret);
    writeFileSync(path.join(tutorialsDir, 'notes.txt'), secret);
    mkdirSync(path.join(tutorialsDir, 'drafts.html'));
    writeFileSync(path.join(root, 'secret.html'), secret);
    writeFileSync(path.join(root, 'secret.png'), secret);
    symlinkSync(path.join(root, 'secret.html'), path.join(tutorialsDir, 'linked.html'));
    symlinkSync(path.join(root, 'secret.png'), path.join(tutorialsDir, 'linked.png'));
    writeFileSync(
      path.join(mediaDir, 'clip.webm'),
      Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)),
    );
    writeFileSync(path.join(mediaDir, 'clip.jpg'), onePixelPng);

    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(contentRoutes, { tutorialsDir, mediaDir });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists the tutorials whose page exists, as JSON with a short cache', async () => {
    const answer = await rawGet(base, '/tutorials/tutorials.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(JSON.parse(answer.body.toString())).toEqual([
      {
        id: 1,
        file: 'first-steps.html',
        title: 'First steps',
        description: 'Where to begin.',
        date_published: '2025-01-15',
      },
    ]);
  });

  it('serves a tutorial as HTML that cannot run anything when opened on its own', async () => {
    const answer = await rawGet(base, '/tutorials/first-steps.html');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.headers['content-security-policy']).toContain('sandbox');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers.etag).toBeTruthy();
    expect(answer.body.toString()).toBe('<h1>First steps</h1><p>Hello.</p>');

    const again = await rawGet(base, '/tutorials/first-steps.html', {
      'if-none-match': answer.headers.etag!,
    });
    expect(again.status).toBe(304);
  });

  it('serves a tutorial image with its type and a day of caching', async () => {
    const answer = await rawGet(base, '/tutorials/first-shot.png');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    expect(answer.body.equals(onePixelPng)).toBe(true);
  });

  it('serves the video in ranges, and its poster', async () => {
    const whole = await rawGet(base, '/media/clip.webm');
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.length).toBe(1000);

    const part = await rawGet(base, '/media/clip.webm', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect([...part.body]).toEqual(Array.from({ length: 100 }, (_, i) => (i + 100) % 256));

    const beyond = await rawGet(base, '/media/clip.webm', { range: 'bytes=5000-6000' });
    expect(beyond.status).toBe(416);

    const poster = await rawGet(base, '/media/clip.jpg');
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 for names that are not a plain listed file', async () => {
    for (const name of [
      'missing.html',
      'not-written.html',
      '.hidden.html',
      'notes.txt',
      'drafts.html',
      'linked.html',
      'linked.png',
      'First-Steps.html',
      'first-steps.HTML',
      'first-steps.htm',
      'first-steps.html.bak',
      'tutorials',
    ]) {
      const answer = await rawGet(base, `/tutorials/${name}`);
      expect(answer.status, name).toBe(404);
      expect(answer.body.toString(), name).not.toContain(secret);
    }
    expect((await rawGet(base, '/media/first-steps.html')).status).toBe(404);
    expect((await rawGet(base, '/media/missing.webm')).status).toBe(404);
  });

  const attacks = [
    '../secret.html',
    '..%2fsecret.html',
    '..%2Fsecret.html',
    '%2e%2e%2fsecret.html',
    '%2E%2E%2Fsecret.html',
    '%2e%2e/secret.html',
    '.%2e/secret.html',
    '%2e./secret.html',
    '..%5csecret.html',
    '..%5Csecret.html',
    '..\\secret.html',
    '%252e%252e%252fsecret.html',
    '..%252fsecret.html',
    '....//secret.html',
    '..../secret.html',
    '..;/secret.html',
    '..%00/secret.html',
    'first-steps.html%00',
    'first-steps.html%00.png',
    'first-steps.html%2500',
    '%2fetc%2fpasswd',
    '%2F..%2Fsecret.html',
    '..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '..%2f..%2f..%2f..%2fpackage.json',
    'C:%5csecret.html',
    'file:%2f%2f%2fetc%2fpasswd',
    '%20../secret.html',
    'linked.html%23',
    'linked.html%3f',
    '.',
    '..',
    '%2e',
    '%2e%2e',
  ];

  // Overlong UTF-8 and %u escapes are not valid percent-encoding: the router refuses them (400).
  const malformed = [
    '%c0%ae%c0%ae%c0%afsecret.html',
    '%c0%ae%c0%ae/secret.html',
    '..%c0%afsecret.html',
    '..%c1%9csecret.html',
    '%uff0e%uff0e%u2215secret.html',
  ];

  it.each([...attacks, ...malformed])('never reads outside the folder: /tutorials/%s', async (attack) => {
    for (const prefix of ['/tutorials/', '/media/']) {
      const answer = await rawGet(base, `${prefix}${attack}`);
      expect(answer.status).toBe(malformed.includes(attack) ? 400 : 404);
      const body = answer.body.toString();
      expect(body).not.toContain(secret);
      expect(body).not.toContain('root:');
      expect(body).not.toContain('"workspaces"');
    }
  });
});

describe(`the app's own tutorials and media on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists at least six tutorials, each with its page, and serves them without rate limits', async () => {
    const answer = await rawGet(t.url, '/tutorials/tutorials.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
    const list = tutorialList.parse(JSON.parse(answer.body.toString()));
    const written = tutorialList.parse(
      JSON.parse(readFileSync(path.join(contentDirs.tutorialsDir, 'tutorials.json'), 'utf8')),
    );
    expect(list).toEqual(written);
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(new Set(list.map((item) => item.id)).size).toBe(list.length);

    for (const { file } of list) {
      const page = await rawGet(t.url, `/tutorials/${file}`);
      expect(page.status, file).toBe(200);
      const html = page.body.toString();
      expect(html, file).toMatch(/<h1>/);
      expect(html, file).not.toMatch(/<script|\son\w+=|javascript:/i);
      // Every image the tutorial shows is served, with alt text.
      const images = [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
      expect(images.length, file).toBeGreaterThan(0);
      for (const tag of images) {
        expect(tag, file).toMatch(/\balt="[^"]{10,}"/);
        const src = /\bsrc="([^"]+)"/.exec(tag)?.[1] ?? '';
        expect(src, file).toMatch(/^\/tutorials\/[a-z0-9-]+\.(webp|png|jpg)$/);
        const image = await rawGet(t.url, src);
        expect(image.status, src).toBe(200);
        expect(image.headers['content-type'], src).toMatch(/^image\//);
      }
    }
  });

  it('serves the demo video and its poster at the paths the landing page links to', async () => {
    const video = await rawGet(t.url, '/media/podflow-demo.webm', { range: 'bytes=0-3' });
    expect(video.status).toBe(206);
    expect(video.headers['content-type']).toBe('video/webm');
    // A WebM file starts with the EBML magic number.
    expect(video.body.toString('hex')).toBe('1a45dfa3');
    const poster = await rawGet(t.url, '/media/podflow-demo.jpg');
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('never serves the server’s own files through a path in the name', async () => {
    for (const attack of [
      '..%2f..%2fpackage.json',
      '..%2f..%2fsrc%2fconfig.ts',
      '..%2fmedia%2fpodflow-demo.jpg',
    ]) {
      const answer = await rawGet(t.url, `/tutorials/${attack}`, { accept: 'application/json' });
      expect(answer.status, attack).toBe(404);
      expect(answer.body.toString()).not.toContain('"dependencies"');
    }
  });
});
