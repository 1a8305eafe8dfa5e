import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@podflow/contract/errors';
import { orderMessages } from '@podflow/contract/orders';
import {
  addressRequest,
  manualOrderRequest,
  manualProductsQuery,
  manualProductsResponse,
  orderActionRefusal,
  orderActionResponse,
  orderRun,
  quoteRequest,
  runIdParams,
  shippingQuote,
  startRunRequest,
  startRunResponse,
} from '@podflow/contract/order-actions-calls';
import { orderParams } from '@podflow/contract/orders-calls';
import { idempotencyHeaders } from '@podflow/contract/workspaces';
import type { OrderActionsService } from './order-actions.service.ts';
import type { OrderRunsService } from './order-runs.service.ts';

type Options = {
  actions: OrderActionsService;
  runs: OrderRunsService;
  requireUser: onRequestAsyncHookHandler;
};

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const refusals = { ...errors, 409: orderActionRefusal, 502: orderActionRefusal };

/** The order actions under /orders_app/ (issue 23): one order's, bulk runs, and manual orders. */
export const orderActionsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { actions, runs, requireUser },
) => {
  const common = { tags: ['Orders'], security: [{ bearer: [] }] };
  app.addHook('onRequest', requireUser);

  const single = [
    ['send_to_production', 'Send an order on hold to production (Printify)'],
    ['cancel', 'Cancel an order where its provider still allows it'],
    ['retry', 'Submit again an order whose submission failed (read first: never sent twice)'],
  ] as const;
  for (const [action, summary] of single) {
    app.post(
      `/orders_app/orders/:order_id/${action}/`,
      {
        schema: {
          ...common,
          summary,
          params: orderParams,
          response: { 200: orderActionResponse, ...refusals },
        },
      },
      async (request) => actions.act(request.auth.userId, request.params.order_id, action),
    );
  }

  app.put(
    '/orders_app/orders/:order_id/address/',
    {
      schema: {
        ...common,
        summary: 'Change the address of a manual order PodFlow holds and has not sent',
        params: orderParams,
        body: addressRequest,
        response: { 200: orderActionResponse, ...refusals },
      },
    },
    async (request) =>
      actions.editAddress(request.auth.userId, request.params.order_id, request.body.address),
  );

  app.post(
    '/orders_app/runs/',
    {
      schema: {
        ...common,
        summary:
          'Act on up to 500 orders on the job queue; ids not the seller’s are reported as not found (Idempotency-Key honoured)',
        headers: idempotencyHeaders,
        body: startRunRequest,
        response: { 200: startRunResponse, ...errors },
      },
    },
    async (request) => {
      const { run } = await runs.start(
        request.auth.userId,
        request.body.action,
        request.body.order_ids,
        request.headers['idempotency-key'],
      );
      return { message: orderMessages.bulkStarted(run.total), run };
    },
  );

  app.get(
    '/orders_app/runs/:run_id/',
    {
      config: { rateLimit: false },
      schema: {
        ...common,
        summary: 'A bulk action with each order’s outcome',
        params: runIdParams,
        response: { 200: orderRun, ...errors },
      },
    },
    async (request) => runs.runOf(request.auth.userId, request.params.run_id),
  );

  app.get(
    '/orders_app/manual/products/',
    {
      schema: {
        ...common,
        summary: "A design's products in each connected Printify shop and Gelato store, with their variants",
        querystring: manualProductsQuery,
        response: { 200: manualProductsResponse, ...errors, 409: errorBody, 502: errorBody },
      },
    },
    async (request) => ({ products: await actions.products(request.auth.userId, request.query.design_id) }),
  );

  app.post(
    '/orders_app/manual/quote/',
    {
      schema: {
        ...common,
        summary: 'What the provider would charge for a manual order’s items and each way of shipping it',
        body: quoteRequest,
        response: { 200: shippingQuote, ...errors, 409: errorBody, 502: errorBody },
      },
    },
    async (request) => actions.quote(request.auth.userId, request.body),
  );

  app.post(
    '/orders_app/manual/',
    {
      schema: {
        ...common,
        summary: 'Create a manual order on Printify or Gelato (Idempotency-Key honoured: never made twice)',
        headers: idempotencyHeaders,
        body: manualOrderRequest,
        response: { 200: orderActionResponse, ...refusals },
      },
    },
    async (request) =>
      actions.createManual(request.auth.userId, request.body, request.headers['idempotency-key']),
  );
};
