import { Readable } from 'node:stream';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@podflow/contract/errors';
import { type OrderSummary, orderMessages, orderStatusWords } from '@podflow/contract/orders';
import {
  orderDetail,
  orderFiltersQuery,
  orderListPage,
  orderListQuery,
  orderParams,
  orderSettings,
  orderSourceList,
  orderSourceMessages,
  orderSummaryCounts,
  saveOrderSettingsResponse,
  sourceParams,
  syncSourceResponse,
} from '@podflow/contract/orders-calls';
import { csvLine } from './orders-csv.ts';
import type { OrdersService } from './orders.service.ts';

type Options = { orders: OrdersService; requireUser: onRequestAsyncHookHandler };

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

/** The Orders screen's reads under /orders_app/ (issue 23): list, detail, counts, CSV, settings, sources. */
export const ordersRoutes: FastifyPluginAsyncZod<Options> = async (app, { orders, requireUser }) => {
  const common = { tags: ['Orders'], security: [{ bearer: [] }] };
  app.addHook('onRequest', requireUser);

  app.get(
    '/orders_app/orders/',
    {
      schema: {
        ...common,
        summary: "The seller's orders, newest first, filtered and searched, a page at a time (cursor)",
        querystring: orderListQuery,
        response: { 200: orderListPage, ...errors },
      },
    },
    async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return orders.list(request.auth.userId, filters, cursor, limit);
    },
  );

  app.get(
    '/orders_app/orders/:order_id/',
    {
      schema: {
        ...common,
        summary: 'One order: items, address, shipments, timeline, costs and links',
        params: orderParams,
        response: { 200: orderDetail, ...errors },
      },
    },
    async (request) => orders.detail(request.auth.userId, request.params.order_id),
  );

  app.get(
    '/orders_app/summary/',
    {
      schema: {
        ...common,
        summary: 'Counts per status, the orders needing attention, and 30 days of orders and margin',
        response: { 200: orderSummaryCounts, 401: errorBody },
      },
    },
    async (request) => orders.summary(request.auth.userId),
  );

  app.get(
    '/orders_app/export.csv',
    {
      schema: {
        ...common,
        summary: 'Every order matching the filters as CSV (one row per order, money in decimals)',
        querystring: orderFiltersQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The CSV file (text/csv)'), ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.auth.userId;
      await orders.checkFilters(userId, request.query);
      const pages = orders.all(userId, request.query);
      async function* lines() {
        yield csvLine(csvHeader);
        for await (const page of pages) yield page.map((order) => csvLine(csvRow(order))).join('');
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(Readable.from(lines()));
    },
  );

  app.get(
    '/orders_app/settings/',
    {
      schema: {
        ...common,
        summary: "The seller's order settings: the daily digest and the days a shipment may lack tracking",
        response: { 200: orderSettings, 401: errorBody },
      },
    },
    async (request) => orders.settings(request.auth.userId),
  );

  app.put(
    '/orders_app/settings/',
    {
      schema: {
        ...common,
        summary: 'Save the order settings',
        body: orderSettings,
        response: { 200: saveOrderSettingsResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({
      message: orderMessages.settingsSaved,
      settings: await orders.saveSettings(request.auth.userId, request.body),
    }),
  );

  app.get(
    '/orders_app/sources/',
    {
      schema: {
        ...common,
        summary: "The seller's shops whose orders PodFlow follows, with their webhooks and last sync",
        response: { 200: orderSourceList, 401: errorBody },
      },
    },
    async (request) => ({ sources: await orders.sources(request.auth.userId) }),
  );

  app.post(
    '/orders_app/sources/:source_id/sync/',
    {
      schema: {
        ...common,
        summary: "Check a shop's orders now (one check at a time per shop)",
        params: sourceParams,
        response: { 200: syncSourceResponse, ...errors, 409: errorBody },
      },
    },
    async (request) => ({
      message: orderSourceMessages.syncStarted,
      source: await orders.syncNow(request.auth.userId, request.params.source_id),
    }),
  );
};

const csvHeader = [
  'Order',
  'Provider',
  'Shop',
  'Provider order id',
  'Created (UTC)',
  'Status',
  'Provider status',
  'Needs attention',
  'Customer',
  'E-mail',
  'Country',
  'Items',
  'Currency',
  'Retail',
  'Cost',
  'Shipping',
  'Margin',
  'Tracking',
  'Store order',
  'Shipped (UTC)',
];

const decimal = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

function csvRow(order: OrderSummary): string[] {
  return [
    order.number,
    order.provider,
    order.shop_title,
    order.provider_order_id,
    order.created_at,
    orderStatusWords[order.status],
    order.provider_status,
    order.attention?.sentence ?? '',
    order.customer,
    order.email ?? '',
    order.country ?? '',
    order.items
      .map((item) => `${item.quantity} × ${item.title}${item.variant ? ` (${item.variant})` : ''}`)
      .join('; '),
    order.money.currency,
    decimal(order.money.retail_cents),
    decimal(order.money.cost_cents),
    decimal(order.money.shipping_cents),
    decimal(order.money.margin_cents),
    order.tracking.map((t) => `${t.carrier} ${t.number}`).join('; '),
    order.store?.number ?? '',
    order.shipped_at ?? '',
  ];
}
