import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserError } from '../errors.ts';
import type { UrlSigner } from './signed-urls.ts';
import { FileNotFoundError, type Storage, assertValidKey } from './storage.ts';

/** Makes a missing derived file (a thumbnail, say) on first request; answers false when it cannot. */
export type FileProducer = (key: string) => Promise<boolean>;

type Options = { storage: Storage; signer: UrlSigner; producers: FileProducer[] };

const contentTypes: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
};

const images = new Set(['png', 'webp', 'jpg', 'jpeg']);

/**
 * Headers that keep a stored file inert wherever it is opened: shown inline only when it is an
 * image (anything else downloads), never sniffed as another type, and sandboxed with no source
 * allowed should a browser render it as a document anyway. Keys are safe names, so the file name is too.
 */
function inertHeaders(key: string, extension: string): Record<string, string> {
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  return {
    'content-disposition': `${images.has(extension) ? 'inline' : 'attachment'}; filename="${fileName}"`,
    'content-security-policy': "default-src 'none'; base-uri 'none'; sandbox",
    'x-content-type-options': 'nosniff',
  };
}

const linkExpired = () =>
  new UserError(403, 'This file link has expired or is not valid. Reload the page to get a fresh one.', {
    code: 'link_expired',
  });

/** GET /files/<key>?exp=&sig=: streams a stored file to whoever holds a valid signed URL. */
export const filesRoutes: FastifyPluginAsyncZod<Options> = async (app, { storage, signer, producers }) => {
  app.get(
    '/files/*',
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(128) }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      try {
        assertValidKey(key);
      } catch {
        throw linkExpired();
      }
      if (!signer.verify(key, request.query.exp, request.query.sig)) throw linkExpired();

      let size = await storage.size(key);
      for (const produce of producers) {
        if (size !== undefined) break;
        if (await produce(key)) size = await storage.size(key);
      }
      if (size === undefined)
        throw new UserError(404, 'This file no longer exists.', { code: 'file_not_found' });
      let body;
      try {
        body = await storage.read(key);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw new UserError(404, 'This file no longer exists.');
        throw error;
      }
      const maxAge = Math.max(0, request.query.exp - Math.floor(Date.now() / 1000));
      const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      return reply
        .header('content-type', contentTypes[extension] ?? 'application/octet-stream')
        .header('content-length', size)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('cross-origin-resource-policy', 'same-origin')
        .headers(inertHeaders(key, extension))
        .send(body);
    },
  );
};
