import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@podflow/contract/errors';
import {
  createGelatoListingsRequest,
  createGelatoListingsResponse,
  createListingsResponse,
  createPrintifyListingsRequest,
  fetchShopsRequest,
  fetchShopsResponse,
  gelatoInfo,
  listingRunQuery,
  listingRunResponse,
  printifyInfo,
  saveGelatoRequest,
  saveGelatoResponse,
  savePrintifyTemplateRequest,
  savePrintifyTemplateResponse,
  workspaceQuery,
} from '@podflow/contract/listings-calls';
import { listingMessages } from '@podflow/contract/listings';
import { UserError } from '../../platform/errors.ts';
import type { ListingsService } from './listings.service.ts';

type Options = { listings: ListingsService; requireUser: onRequestAsyncHookHandler };

/** SPEC.md section 7 "Listings and stores", the Printify and Gelato calls, plus the run's progress. */
export const listingsRoutes: FastifyPluginAsyncZod<Options> = async (app, { listings, requireUser }) => {
  const common = { tags: ['Listings'], security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
  const provider = { ...errors, 502: errorBody };
  app.addHook('onRequest', requireUser);

  app.get(
    '/printify_app/fetch_workspace_printify_info/',
    {
      schema: {
        ...common,
        summary: "The workspace's Printify connection (the key masked); [] when not connected",
        querystring: workspaceQuery,
        response: { 200: z.array(printifyInfo), ...errors },
      },
    },
    async (request) => listings.printifyInfo(request.auth.userId, request.query.workspace_id),
  );

  app.post(
    '/printify_app/fetch_printify_shopIDs/',
    {
      schema: {
        ...common,
        summary:
          'The shops a Printify API key reaches (send the masked key with workspace_id to use the stored one)',
        body: fetchShopsRequest,
        response: { 200: fetchShopsResponse, ...provider },
      },
    },
    async (request) => ({
      shops: await listings.printifyShops(
        request.auth.userId,
        request.body.apiKey,
        request.body.workspace_id,
      ),
    }),
  );

  app.post(
    '/printify_app/save_printify_template/',
    {
      schema: {
        ...common,
        summary: 'Check the shop and template product on Printify, then keep the connection (key encrypted)',
        body: savePrintifyTemplateRequest,
        response: { 200: savePrintifyTemplateResponse, ...provider },
      },
    },
    async (request) => ({
      message: 'Printify shop and template product saved.',
      info: await listings.savePrintify(request.auth.userId, request.body),
    }),
  );

  app.post(
    '/printify_app/create_printify_listings_v2/',
    {
      schema: {
        ...common,
        summary:
          'Start a run: each design uploaded and made a product cloned from the template product (updated when it exists)',
        body: createPrintifyListingsRequest,
        response: { 200: createListingsResponse, ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const { run, started } = await listings.createPrintify(
        request.auth.userId,
        request.body.workspace_id,
        request.body.publish,
      );
      return {
        message: started
          ? `Creating Printify listings for ${run.total} design${run.total === 1 ? '' : 's'}.`
          : listingMessages.alreadyRunning,
        run,
      };
    },
  );

  app.get(
    '/gelato_app/fetch_workspace_gelato_info/',
    {
      schema: {
        ...common,
        summary: "The workspace's Gelato connection (the key masked); [] when not connected",
        querystring: workspaceQuery,
        response: { 200: z.array(gelatoInfo), ...errors },
      },
    },
    async (request) => listings.gelatoInfo(request.auth.userId, request.query.workspace_id),
  );

  app.post(
    '/gelato_app/save_gelato_store_config/',
    {
      schema: {
        ...common,
        summary: 'Check the key and template on Gelato, then keep the connection (key encrypted)',
        body: saveGelatoRequest,
        response: { 200: saveGelatoResponse, ...provider },
      },
    },
    async (request) => ({
      message: 'Gelato store and template saved.',
      info: await listings.saveGelato(request.auth.userId, request.body),
    }),
  );

  app.post(
    '/gelato_app/create_gelato_listings/',
    {
      config: { rateLimit: false },
      schema: {
        ...common,
        summary:
          "Create a Gelato product from the template for each design; answers when done with the new products' ids",
        body: createGelatoListingsRequest,
        response: { 200: createGelatoListingsResponse, ...errors, 409: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const run = await listings.createGelato(request.auth.userId, request.body.workspace_id);
      if (run.status === 'Failed') {
        throw new UserError(502, listingMessages.gelatoListingsFailed, { code: 'gelato_failed' });
      }
      const created = run.results.filter((r) => r.status === 'created').map((r) => r.product_id!);
      return {
        message: `Created ${created.length} Gelato product${created.length === 1 ? '' : 's'}.`,
        created_product_ids: created,
        run,
      };
    },
  );

  app.get(
    '/listings_app/listing_run/',
    {
      config: { rateLimit: false },
      schema: {
        ...common,
        summary: "The workspace's latest listing run on a provider, with each design's result",
        querystring: listingRunQuery,
        response: { 200: listingRunResponse, ...errors },
      },
    },
    async (request) => ({
      run: await listings.run(request.auth.userId, request.query.workspace_id, request.query.provider),
    }),
  );
};
