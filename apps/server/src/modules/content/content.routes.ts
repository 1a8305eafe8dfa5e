import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@podflow/contract/errors';
import { tutorialList } from '@podflow/contract/tutorials';
import { UserError } from '../../platform/errors.ts';
import {
  type ContentFolder,
  contentFolder,
  mediaFilePattern,
  tutorialFilePattern,
  tutorialImagePattern,
} from './content-folder.ts';
import { listTutorials } from './content.service.ts';

const contentRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content');

/** Where the tutorials and the demo media live: apps/server/content/, shipped with the server. */
export const contentDirs = {
  tutorialsDir: path.join(contentRoot, 'tutorials'),
  mediaDir: path.join(contentRoot, 'media'),
};

type Options = { tutorialsDir: string; mediaDir: string };

const fiveMinutes = 5 * 60 * 1000;
const oneDay = 24 * 60 * 60 * 1000;

/**
 * A tutorial opened on its own (not through the app, which sanitises it) runs nothing: no script,
 * no form, no plugin, images from our origin only.
 */
const tutorialPolicy =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; sandbox";

const notFound = (what: string) => new UserError(404, `No such ${what}.`, { code: 'not_found' });

/**
 * Static content: the tutorial list, the tutorials and their images (GET /tutorials/*), and the demo
 * video with its poster (GET /media/*, with Range requests). Only plain files of the two folders
 * whose names match a strict pattern are served.
 */
export const contentRoutes: FastifyPluginAsyncZod<Options> = async (app, { tutorialsDir, mediaDir }) => {
  // Sends files with ETag, Last-Modified and Range support; serves no route by itself.
  await app.register(fastifyStatic, { root: [tutorialsDir, mediaDir], serve: false });
  const tutorials = contentFolder(tutorialsDir);
  const media = contentFolder(mediaDir);
  const tags = ['Content'];
  const params = z.object({ file: z.string() });

  const sendFrom = (folder: ContentFolder, name: string, reply: FastifyReply, maxAge: number) =>
    reply.sendFile(name, folder.dir, { maxAge, dotfiles: 'deny', index: false });

  app.get(
    '/tutorials/tutorials.json',
    { config: { rateLimit: false }, schema: { tags, response: { 200: tutorialList } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return listTutorials(tutorials, request.log);
    },
  );

  app.get(
    '/tutorials/:file',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        params,
        produces: ['text/html', 'image/webp', 'image/png', 'image/jpeg'],
        response: { 200: z.string().describe('A tutorial page (HTML) or one of its images'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const page = await tutorials.find(file, tutorialFilePattern);
      if (page) {
        reply.header('content-security-policy', tutorialPolicy);
        return sendFrom(tutorials, page, reply, fiveMinutes);
      }
      const image = await tutorials.find(file, tutorialImagePattern);
      if (image) return sendFrom(tutorials, image, reply, oneDay);
      throw notFound('tutorial');
    },
  );

  app.get(
    '/media/:file',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        params,
        produces: ['video/webm', 'video/mp4', 'image/jpeg', 'image/png', 'image/webp'],
        response: { 200: z.string().describe('The demo video or its poster'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const name = await media.find(request.params.file, mediaFilePattern);
      if (!name) throw notFound('media file');
      return sendFrom(media, name, reply, oneDay);
    },
  );
};
