import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@podflow/contract/errors';
import { messageResponse } from '@podflow/contract/auth';
import {
  createWorkspaceRequest,
  idempotencyHeaders,
  workspace,
  workspaceList,
  workspaceMessages,
  workspaceParams,
} from '@podflow/contract/workspaces';
import type { WorkspacesService } from './workspaces.service.ts';

type Options = { workspaces: WorkspacesService; requireUser: onRequestAsyncHookHandler };

/** SPEC.md section 7 "Workspaces and designs": list, create and delete workspaces. */
export const workspacesRoutes: FastifyPluginAsyncZod<Options> = async (app, { workspaces, requireUser }) => {
  const common = { tags: ['Workspaces'], security: [{ bearer: [] }] };
  app.addHook('onRequest', requireUser);

  app.get(
    '/workspace/get_workspaces/',
    {
      schema: {
        ...common,
        summary: "The signed-in user's workspaces, newest first, with their progress and thumbnails",
        response: { 200: workspaceList, 401: errorBody },
      },
    },
    async (request) => workspaces.list(request.auth.userId),
  );

  app.post(
    '/workspace/create_workspace/',
    {
      schema: {
        ...common,
        summary: 'Create a workspace (a repeat with the same Idempotency-Key answers the first one, 200)',
        headers: idempotencyHeaders,
        body: createWorkspaceRequest,
        response: {
          200: workspace,
          201: workspace,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const created = await workspaces.create(
        request.auth.userId,
        request.body.workspace_name,
        request.headers['idempotency-key'],
      );
      return reply.status(created.repeated ? 200 : 201).send(created.workspace);
    },
  );

  app.delete(
    '/workspace/delete_workspace/:workspace_id/',
    {
      schema: {
        ...common,
        summary: 'Delete a workspace with every design and file in it',
        params: workspaceParams,
        response: { 200: messageResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await workspaces.delete(request.auth.userId, request.params.workspace_id);
      return { message: workspaceMessages.deleted };
    },
  );
};
