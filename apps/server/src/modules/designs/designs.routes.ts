import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteDesignsRequest,
  deleteDesignsResponse,
  designList,
  uploadDesignsResponse,
  uploadErrorBody,
} from '@podflow/contract/designs';
import { errorBody } from '@podflow/contract/errors';
import { workspaceQuery } from '@podflow/contract/workspaces';
import { registerMultipart, uploadParts } from '../../platform/http/multipart.ts';
import type { DesignsService } from './designs.service.ts';

type Options = {
  designs: DesignsService;
  requireUser: onRequestAsyncHookHandler;
  limits: { maxFileBytes: number; maxFiles: number };
};

/** SPEC.md section 7 "Workspaces and designs": upload, list and delete designs. */
export const designsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { designs, requireUser, limits },
) => {
  const common = { tags: ['Designs'], security: [{ bearer: [] }] };
  await registerMultipart(app, limits);
  app.addHook('onRequest', requireUser);

  app.post(
    '/workspace/upload_designs/',
    {
      schema: {
        ...common,
        summary:
          'Upload PNG designs (multipart: workspace_id, then repeated files); each file is stored or rejected with its reason',
        consumes: ['multipart/form-data'],
        multipart: z.object({
          workspace_id: z.string().max(64).describe('The workspace (or in the query), sent before the files'),
          files: z.array(z.file()).describe('The PNG designs, one part each'),
        }),
        querystring: z.object({ workspace_id: z.string().max(64).optional() }),
        response: {
          201: uploadDesignsResponse,
          400: uploadErrorBody,
          401: errorBody,
          403: uploadErrorBody,
          404: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await designs.upload(
        request.auth.userId,
        uploadParts(request),
        request.query.workspace_id,
      );
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/workspace/get_workarea_information/',
    {
      schema: {
        ...common,
        summary: 'The design line items of a workspace, with signed thumbnail and file URLs',
        querystring: workspaceQuery,
        response: { 200: designList, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => designs.list(request.auth.userId, request.query.workspace_id),
  );

  app.post(
    '/workspace/delete_designs/',
    {
      schema: {
        ...common,
        summary:
          "Delete designs and their files (only the caller's; any other id is a 404 and nothing changes)",
        body: deleteDesignsRequest,
        response: { 200: deleteDesignsResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const deleted = await designs.delete(request.auth.userId, request.body.lineitem_ids);
      return { deleted, message: deleted === 1 ? '1 design deleted.' : `${deleted} designs deleted.` };
    },
  );
};
