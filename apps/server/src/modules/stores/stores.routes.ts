import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@podflow/contract/errors';
import { storeMessages, storeNames } from '@podflow/contract/stores';
import {
  saveShopifyRequest,
  saveShopifyResponse,
  saveTargetStoreRequest,
  saveWooCommerceRequest,
  saveWooCommerceResponse,
  shopifyInfo,
  storeSyncRunQuery,
  storeSyncRunResponse,
  syncResponse,
  syncShopifyRequest,
  syncWooCommerceRequest,
  targetStoreResponse,
  wooCommerceInfo,
  workspaceQuery,
} from '@podflow/contract/stores-calls';
import type { StoresService } from './stores.service.ts';

type Options = { stores: StoresService; requireUser: onRequestAsyncHookHandler };

const started = (count: number, store: 'shopify' | 'woocommerce') =>
  `Syncing ${count} design${count === 1 ? '' : 's'} to ${storeNames[store]}.`;

/** SPEC.md section 7 "Listings and stores", the store calls of step 8, plus the sync's progress. */
export const storesRoutes: FastifyPluginAsyncZod<Options> = async (app, { stores, requireUser }) => {
  const common = { tags: ['Stores'], security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
  app.addHook('onRequest', requireUser);

  app.get(
    '/printify_app/get_target_store/',
    {
      schema: {
        ...common,
        summary: "The workspace's target store (shopify until another is chosen)",
        querystring: workspaceQuery,
        response: { 200: targetStoreResponse, ...errors },
      },
    },
    async (request) => ({
      target_store: await stores.targetStore(request.auth.userId, request.query.workspace_id),
    }),
  );

  app.post(
    '/printify_app/save_target_store/',
    {
      schema: {
        ...common,
        summary: "Remember the workspace's target store (beyond the spec: the radio's choice)",
        body: saveTargetStoreRequest,
        response: { 200: targetStoreResponse, ...errors },
      },
    },
    async (request) => ({
      target_store: await stores.saveTargetStore(
        request.auth.userId,
        request.body.workspace_id,
        request.body.target_store,
      ),
    }),
  );

  app.get(
    '/printify_app/get_shopify_shop_info/',
    {
      schema: {
        ...common,
        summary: "The workspace's Shopify connection (the token masked); [] when not connected",
        querystring: workspaceQuery,
        response: { 200: z.array(shopifyInfo), ...errors },
      },
    },
    async (request) => stores.shopifyInfo(request.auth.userId, request.query.workspace_id),
  );

  app.post(
    '/printify_app/save_shopify_shop_info/',
    {
      schema: {
        ...common,
        summary: 'Check the token and its scopes on the shop, then keep the connection (token encrypted)',
        body: saveShopifyRequest,
        response: { 200: saveShopifyResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Shopify store connected.',
      info: await stores.saveShopify(request.auth.userId, request.body),
    }),
  );

  app.get(
    '/printify_app/get_woocommerce_shop_info/',
    {
      schema: {
        ...common,
        summary: "The workspace's WooCommerce connection (the keys masked); [] when not connected",
        querystring: workspaceQuery,
        response: { 200: z.array(wooCommerceInfo), ...errors },
      },
    },
    async (request) => stores.wooInfo(request.auth.userId, request.query.workspace_id),
  );

  app.post(
    '/printify_app/save_woocommerce_shop_info/',
    {
      schema: {
        ...common,
        summary: 'Check the store address (https, public) and the keys with a read, then keep the connection',
        body: saveWooCommerceRequest,
        response: { 200: saveWooCommerceResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'WooCommerce store connected.',
      info: await stores.saveWoo(request.auth.userId, request.body),
    }),
  );

  app.post(
    '/printify_app/sync_printify_shopify_metadata/',
    {
      schema: {
        ...common,
        summary:
          "Start syncing each Printify listing's Shopify product: title, description, tags, SEO and PodFlow's mockups first",
        body: syncShopifyRequest,
        response: { 200: syncResponse, ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const sync = await stores.startSync(request.auth.userId, request.body.workspace_id, 'shopify', false);
      const message = sync.started
        ? started(sync.run.total, 'shopify')
        : storeMessages.alreadyRunning('shopify');
      return { message, run: sync.run };
    },
  );

  app.post(
    '/printify_app/sync_printify_listings_to_woocommerce/',
    {
      schema: {
        ...common,
        summary:
          "Start syncing each Printify listing's WooCommerce product (skip_mockups: leave its images as they are)",
        body: syncWooCommerceRequest,
        response: { 200: syncResponse, ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const { workspace_id, skip_mockups } = request.body;
      const sync = await stores.startSync(request.auth.userId, workspace_id, 'woocommerce', skip_mockups);
      const message = sync.started
        ? started(sync.run.total, 'woocommerce')
        : storeMessages.alreadyRunning('woocommerce');
      return { message, run: sync.run };
    },
  );

  app.get(
    '/printify_app/store_sync_run/',
    {
      config: { rateLimit: false },
      schema: {
        ...common,
        summary: "The workspace's latest sync to a store, with each design's result",
        querystring: storeSyncRunQuery,
        response: { 200: storeSyncRunResponse, ...errors },
      },
    },
    async (request) => ({
      run: await stores.run(request.auth.userId, request.query.workspace_id, request.query.store),
    }),
  );
};
