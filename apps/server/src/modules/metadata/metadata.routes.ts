import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@podflow/contract/errors';
import {
  aiTokensResponse,
  generateMetadataResponse,
  importMetadataResponse,
  metadataRows,
  saveMetadataResponse,
  taskStatusSummary,
  workspaceQuery,
} from '@podflow/contract/metadata-calls';
import {
  type MetadataRow,
  metadataCsvFileName,
  metadataFields,
  metadataMessages,
} from '@podflow/contract/metadata';
import { UserError } from '../../platform/errors.ts';
import { registerMultipart, uploadParts } from '../../platform/http/multipart.ts';
import { maxCsvBytes } from './metadata-csv.ts';
import type { MetadataService } from './metadata.service.ts';

type Options = { metadata: MetadataService; requireUser: onRequestAsyncHookHandler };

const maxDesigns = 1000;

/** The multipart fields of save and generate, for the OpenAPI document: each repeated once per design. */
const metadataForm = z.object(
  Object.fromEntries(metadataFields.map((name) => [name, z.array(z.string())])) as Record<
    (typeof metadataFields)[number],
    z.ZodArray<z.ZodString>
  >,
);

/**
 * The rows of a save or generate request: SPEC's multipart with lineitem_id, product_title,
 * seo_keywords and product_description each repeated once per design, in the same order.
 */
async function metadataRowsOf(request: FastifyRequest): Promise<MetadataRow[]> {
  const fields = new Map<string, string[]>(metadataFields.map((name) => [name, []]));
  for await (const part of uploadParts(request)) {
    if (part.kind === 'file') await part.discard();
    else if (part.kind === 'field') fields.get(part.name)?.push(part.value);
  }
  const count = fields.get('lineitem_id')!.length;
  if (metadataFields.some((name) => fields.get(name)!.length !== count)) {
    throw new UserError(
      400,
      'Send lineitem_id, product_title, seo_keywords and product_description once for each design, in the same order.',
      { code: 'fields_mismatch' },
    );
  }
  const rows = Array.from({ length: count }, (_, index) =>
    Object.fromEntries(metadataFields.map((name) => [name, fields.get(name)![index]])),
  );
  const parsed = metadataRows.safeParse(rows);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = typeof issue.path[0] === 'number' ? `Design ${issue.path[0] + 1}: ` : '';
    throw new UserError(400, `${at}${issue.message}`, { code: 'invalid_metadata' });
  }
  return parsed.data;
}

/** The one CSV file of an import request, whole (it is bounded), or a 400/413 saying what is wrong. */
async function csvFileOf(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  for await (const part of uploadParts(request)) {
    if (part.kind !== 'file') continue;
    const chunks: Buffer[] = [];
    for await (const chunk of part.chunks()) chunks.push(chunk);
    if (part.truncated()) throw new UserError(413, metadataMessages.csvTooLarge, { code: 'csv_too_large' });
    file ??= Buffer.concat(chunks);
  }
  if (!file) throw new UserError(400, 'Choose a CSV file to import.', { code: 'no_file' });
  return file;
}

/** SPEC.md section 7's metadata calls (save, AI generation and its summary) plus AI tokens and the CSV round trip. */
export const metadataRoutes: FastifyPluginAsyncZod<Options> = async (app, { metadata, requireUser }) => {
  const common = { tags: ['Metadata'], security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
  app.addHook('onRequest', requireUser);
  await registerMultipart(app, {
    maxFileBytes: maxCsvBytes,
    maxFiles: 1,
    maxFields: metadataFields.length * maxDesigns + 10,
  });

  app.post(
    '/workspace/save_metadata/',
    {
      schema: {
        ...common,
        summary:
          'Save titles, keywords and descriptions (multipart: the four fields repeated once per design); over-limit fields are saved and reported',
        consumes: ['multipart/form-data'],
        multipart: metadataForm,
        response: { 200: saveMetadataResponse, ...errors, 413: errorBody, 415: errorBody },
      },
    },
    async (request) => metadata.save(request.auth.userId, await metadataRowsOf(request)),
  );

  app.post(
    '/openai_app/generate_textfields_openai/',
    {
      schema: {
        ...common,
        summary:
          'Queue one AI task per design (what is typed goes along as hints); one AI token each; answers at once',
        consumes: ['multipart/form-data'],
        multipart: metadataForm,
        response: {
          200: generateMetadataResponse,
          ...errors,
          403: errorBody,
          409: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => metadata.generate(request.auth.userId, await metadataRowsOf(request)),
  );

  app.get(
    '/openai_app/task-status-summary/',
    {
      schema: {
        ...common,
        summary: "The workspace's latest AI run: status name to count, and why tasks failed",
        querystring: workspaceQuery,
        response: { 200: taskStatusSummary, ...errors },
      },
    },
    async (request) => metadata.summary(request.auth.userId, request.query.workspace_id),
  );

  app.get(
    '/openai_app/ai_tokens/',
    {
      schema: {
        ...common,
        summary: "This month's AI tokens: the plan's allowance, used and remaining",
        response: { 200: aiTokensResponse, 401: errorBody },
      },
    },
    async (request) => metadata.tokens(request.auth.userId),
  );

  app.get(
    '/workspace/export_metadata_csv/',
    {
      schema: {
        ...common,
        summary: "The workspace's metadata as CSV: file_name, title, keywords, description",
        querystring: workspaceQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The CSV file (text/csv)'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await metadata.exportCsv(request.auth.userId, request.query.workspace_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${metadataCsvFileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/workspace/import_metadata_csv/',
    {
      schema: {
        ...common,
        summary:
          'Match an edited metadata CSV to the designs by file name: apply=false previews the changes, apply=true saves them',
        consumes: ['multipart/form-data'],
        multipart: z.object({ file: z.file().describe('The CSV file (one part)') }),
        querystring: workspaceQuery.extend({
          apply: z.enum(['true', 'false']).default('false'),
        }),
        response: { 200: importMetadataResponse, ...errors, 413: errorBody, 415: errorBody },
      },
    },
    async (request) =>
      metadata.importCsv(
        request.auth.userId,
        request.query.workspace_id,
        await csvFileOf(request),
        request.query.apply === 'true',
      ),
  );
};
