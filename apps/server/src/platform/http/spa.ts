import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets with long caching, compressed ahead of time, and
 * index.html for every other GET that accepts HTML (client-side routes such as /welcome). API paths
 * never fall through to it.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app is not built: run `npm run build` (npm start does it)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/** True for a browser navigation: a GET that accepts HTML. */
export function wantsHtml(method: string, url: string, accept: string | undefined): boolean {
  return method === 'GET' && !url.startsWith('/api/') && (accept ?? '').includes('text/html');
}
