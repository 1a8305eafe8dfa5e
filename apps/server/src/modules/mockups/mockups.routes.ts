import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@podflow/contract/errors';
import {
  adjustMockupRequest,
  adjustMockupResponse,
  deleteMockupsRequest,
  deleteMockupsResponse,
  generateMockupsQuery,
  generateMockupsResponse,
  mockupImagesGrid,
  mockupJobLogs,
  mockupsZipFileName,
  workspaceQuery,
} from '@podflow/contract/mockups';
import type { MockupsService } from './mockups.service.ts';
import { type OpenStreams, streamJobEvents } from './mockup-events.ts';

type Options = { mockups: MockupsService; requireUser: onRequestAsyncHookHandler };

/** SPEC.md section 7 "Mockup templates and mockups": runs, job logs, grid, delete and download. */
export const mockupsRoutes: FastifyPluginAsyncZod<Options> = async (app, { mockups, requireUser }) => {
  const common = { tags: ['Mockups'], security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
  app.addHook('onRequest', requireUser);
  const streams: OpenStreams = new Set();
  app.addHook('onClose', async () => {
    for (const close of [...streams]) close();
  });

  app.get(
    '/mockups_python_engine_app/generate_mockups/',
    {
      schema: {
        ...common,
        summary:
          'Start a mockup run: one job per selected template; mode=new (default) renders only the designs with no mockup on it that were never deleted, mode=all every design again; answers at once, and answers the running run while one is going on',
        querystring: generateMockupsQuery,
        response: { 200: generateMockupsResponse, ...errors },
      },
    },
    async (request) => mockups.generate(request.auth.userId, request.query.workspace_id, request.query.mode),
  );

  app.post(
    '/mockups_app/adjust_mockup/',
    {
      schema: {
        ...common,
        summary:
          "Render one mockup again with the seller's scale, move or fit (kept for its design and template, used by later runs); nothing else is rendered",
        body: adjustMockupRequest,
        response: { 200: adjustMockupResponse, ...errors, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => mockups.adjust(request.auth.userId, request.body.mockup_id, request.body.adjustment),
  );

  app.post(
    '/mockups_app/preview_mockup/',
    {
      schema: {
        ...common,
        summary: 'The mockup as it would look with this adjustment (a JPEG); nothing is stored',
        body: adjustMockupRequest,
        produces: ['image/jpeg'],
        response: { 200: z.any().describe('The preview (image/jpeg)'), ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const image = await mockups.preview(
        request.auth.userId,
        request.body.mockup_id,
        request.body.adjustment,
      );
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'no-store').send(image);
    },
  );

  app.get(
    '/mockups_app/get_mockup_job_logs/',
    {
      schema: {
        ...common,
        summary: "The jobs of the workspace's latest run with their progress",
        querystring: workspaceQuery,
        response: { 200: mockupJobLogs, ...errors },
      },
    },
    async (request) => ({ job_logs: await mockups.jobLogs(request.auth.userId, request.query.workspace_id) }),
  );

  app.get(
    '/mockups_app/mockup_job_events/',
    {
      config: { rateLimit: false },
      schema: {
        ...common,
        summary:
          'Server-sent events: `job` with a MockupJobLog whenever a job of the latest run moves, `ping` every 15 s',
        querystring: workspaceQuery,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('The event stream (text/event-stream)'), ...errors },
      },
    },
    async (request, reply) => {
      await mockups.requireWorkspace(request.auth.userId, request.query.workspace_id);
      streamJobEvents(request, reply, mockups, request.query.workspace_id, streams);
    },
  );

  app.get(
    '/mockups_app/get_mockup_images_grid/',
    {
      schema: {
        ...common,
        summary: 'One row per design with its mockups (signed image URLs and template names)',
        querystring: workspaceQuery,
        response: { 200: mockupImagesGrid, ...errors },
      },
    },
    async (request) => ({
      arr_mockup_images_grid: await mockups.grid(request.auth.userId, request.query.workspace_id),
    }),
  );

  app.post(
    '/mockups_app/delete_selected_mockups/',
    {
      schema: {
        ...common,
        summary: "Delete the caller's mockups with these ids (any other id: 404, nothing deleted)",
        body: deleteMockupsRequest,
        response: { 200: deleteMockupsResponse, ...errors },
      },
    },
    async (request) => {
      const deleted = await mockups.delete(request.auth.userId, request.body.mockup_ids);
      return { message: `Deleted ${deleted} mockup${deleted === 1 ? '' : 's'}.`, deleted };
    },
  );

  app.get(
    '/mockups_app/download_mockup_files/',
    {
      schema: {
        ...common,
        summary: "A zip of the workspace's mockups (stored, streamed, with Content-Length)",
        querystring: workspaceQuery,
        produces: ['application/zip'],
        response: { 200: z.any().describe('The zip file (application/zip)'), ...errors },
      },
    },
    async (request, reply) => {
      const { stream, size } = await mockups.zip(request.auth.userId, request.query.workspace_id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${mockupsZipFileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
