import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadErrorBody } from '@podflow/contract/designs';
import { errorBody } from '@podflow/contract/errors';
import {
  deleteTemplatesRequest,
  removeTemplatesRequest,
  setTemplatesRequest,
  templatesChanged,
  templatesInformation,
  uploadTemplatesResponse,
} from '@podflow/contract/templates';
import { workspaceQuery } from '@podflow/contract/workspaces';
import { registerMultipart, uploadParts } from '../../platform/http/multipart.ts';
import type { TemplatesService } from './templates.service.ts';

type Options = {
  templates: TemplatesService;
  requireUser: onRequestAsyncHookHandler;
  limits: { maxFileBytes: number; maxFiles: number };
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** SPEC.md section 7 "Mockup templates and mockups": the template calls. */
export const templatesRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { templates, requireUser, limits },
) => {
  const common = { tags: ['Templates'], security: [{ bearer: [] }] };
  await registerMultipart(app, limits);
  app.addHook('onRequest', requireUser);
  const listResponse = { 200: templatesInformation, 400: errorBody, 401: errorBody, 404: errorBody };
  const changeResponse = {
    200: templatesChanged,
    400: errorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  };
  const uploadFields = {
    templateData: z.string().optional().describe("The placement editor's JSON: the print area's corners"),
    workspace_id: z.string().max(64).optional().describe('Select the stored templates for this workspace'),
  };
  const uploadResponse = {
    201: uploadTemplatesResponse,
    400: uploadErrorBody,
    401: errorBody,
    403: uploadErrorBody,
    404: errorBody,
    413: errorBody,
    415: errorBody,
  };

  app.get(
    '/mockups_app/get_templates_information/',
    {
      schema: {
        ...common,
        summary: 'Templates not yet selected for the workspace (Remaining Templates)',
        querystring: workspaceQuery,
        response: listResponse,
      },
    },
    async (request) => ({
      templates_information: await templates.listRemaining(request.auth.userId, request.query.workspace_id),
    }),
  );
  app.get(
    '/mockups_app/get_workspace_templates_information/',
    {
      schema: {
        ...common,
        summary: 'Templates selected for the workspace (Selected Templates)',
        querystring: workspaceQuery,
        response: listResponse,
      },
    },
    async (request) => ({
      templates_information: await templates.listSelected(request.auth.userId, request.query.workspace_id),
    }),
  );
  app.get(
    '/mockups_app/get_all_templates_information/',
    {
      schema: {
        ...common,
        summary: 'Every template the user can use: the starter library and their own',
        response: { 200: templatesInformation, 401: errorBody },
      },
    },
    async (request) => ({ templates_information: await templates.listAll(request.auth.userId) }),
  );

  app.post(
    '/mockups_app/set_templates_for_workspace/',
    {
      schema: {
        ...common,
        summary: 'Select templates for the workspace (>>)',
        body: setTemplatesRequest,
        response: changeResponse,
      },
    },
    async (request) => {
      const count = await templates.select(
        request.auth.userId,
        request.body.workspace_id,
        request.body.selectedTemplates,
      );
      return { count, message: `${plural(count, 'template', 'templates')} selected.` };
    },
  );
  app.post(
    '/mockups_app/remove_templates_from_workspace/',
    {
      schema: {
        ...common,
        summary: 'Move templates back to Remaining Templates (<<)',
        body: removeTemplatesRequest,
        response: changeResponse,
      },
    },
    async (request) => {
      const count = await templates.unselect(
        request.auth.userId,
        request.body.workspace_id,
        request.body.removeTemplates,
      );
      return { count, message: `${plural(count, 'template', 'templates')} removed from the workspace.` };
    },
  );
  app.post(
    '/mockups_app/delete_user_templates/',
    {
      schema: {
        ...common,
        summary: "Delete the user's own templates (from every workspace too)",
        body: deleteTemplatesRequest,
        response: changeResponse,
      },
    },
    async (request) => {
      const count = await templates.deleteOwn(request.auth.userId, request.body.removeTemplates);
      return { count, message: `${plural(count, 'template', 'templates')} deleted.` };
    },
  );

  app.post(
    '/mockups_app/upload_image_mode_mockup_templates/',
    {
      schema: {
        ...common,
        summary:
          'Upload one template image with its placement (multipart: file, templateData JSON or no_placeholder, optional workspace_id)',
        consumes: ['multipart/form-data'],
        multipart: z.object({
          file: z.file().describe('The template image (PNG, JPEG or WebP)'),
          ...uploadFields,
          no_placeholder: z.string().optional().describe("'true': no print area"),
        }),
        response: uploadResponse,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.uploadImageMode(request.auth.userId, uploadParts(request))),
  );
  app.post(
    '/mockups_app/upload_mockup_templates/',
    {
      schema: {
        ...common,
        summary:
          'Upload template images (classic mode: repeated files; print area from templateData or from transparency)',
        consumes: ['multipart/form-data'],
        multipart: z.object({ files: z.array(z.file()).describe('The template images'), ...uploadFields }),
        response: uploadResponse,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.uploadClassic(request.auth.userId, uploadParts(request))),
  );
};
