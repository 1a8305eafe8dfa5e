import multipart from '@fastify/multipart';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finished } from 'node:stream/promises';
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
import { UserError } from '../../platform/errors.ts';
import type { DesignsService, UploadPart } from './designs.service.ts';

type Options = {
  designs: DesignsService;
  requireUser: preHandlerAsyncHookHandler;
  limits: { maxFileBytes: number; maxFiles: number };
};

/** Adapts @fastify/multipart's parts to the service's UploadPart, streaming every file. */
async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        yield { kind: 'field', name: part.fieldname, value: String(part.value) };
        continue;
      }
      const file = part.file;
      yield {
        kind: 'file',
        fileName: part.filename,
        chunks: () => file.iterator({ destroyOnReturn: false }),
        discard: async () => {
          if (file.readableEnded) return;
          file.resume();
          await finished(file).catch(() => undefined);
        },
        truncated: () => file.truncated,
      };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      yield { kind: 'too-many-files' };
      return;
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new UserError(415, 'Send the designs as multipart/form-data with repeated "files" parts.', {
        code: 'not_multipart',
      });
    }
    throw error;
  }
}

/** SPEC.md section 7 "Workspaces and designs": upload, list and delete designs. */
export const designsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { designs, requireUser, limits },
) => {
  const common = { tags: ['Designs'], security: [{ bearer: [] }] };
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields: 20,
      fieldSize: 1024,
      parts: limits.maxFiles + 20,
    },
  });
  app.addHook('preHandler', requireUser);

  app.post(
    '/workspace/upload_designs/',
    {
      schema: {
        ...common,
        summary:
          'Upload PNG designs (multipart: workspace_id, then repeated files); each file is stored or rejected with its reason',
        consumes: ['multipart/form-data'],
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
