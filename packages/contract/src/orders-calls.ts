import { z } from 'zod';
import { idField, text } from './fields.ts';
import { attentionReasons, orderActions, orderProviders, orderStatuses } from './orders.ts';

/**
 * The zod schemas of the Orders screen's reads (issue 23): list, detail, summary, CSV, settings and
 * sources, and the webhook receivers. Each answer mirrors the plain type of orders.ts, so a field
 * that is not there never leaves the server. The actions' schemas are in order-actions-calls.ts.
 */

const day = (label: string) =>
  text(label)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date as YYYY-MM-DD.` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: `${label} is not a date of the calendar.`,
    });

export const orderFiltersQuery = z.object({
  provider: z
    .enum(orderProviders, { error: 'provider must be printify, gelato, shopify or woocommerce.' })
    .optional(),
  source_id: idField('source_id').optional(),
  status: z.enum(orderStatuses, { error: 'status is not an order status.' }).optional(),
  from: day('from').optional(),
  to: day('to').optional(),
  attention: z
    .enum(['true', 'false'], { error: "attention must be 'true' or 'false'." })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  q: text('q').trim().max(200, { error: 'q must be at most 200 characters.' }).optional(),
});
export const orderListQuery = orderFiltersQuery.extend({
  cursor: text('cursor').max(200, { error: 'cursor is not a cursor of this list.' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(200, { error: 'limit must be at most 200.' })
    .default(50),
});
export const orderParams = z.object({ order_id: idField('order_id') });
export const sourceParams = z.object({ source_id: idField('source_id') });

const money = z.object({
  currency: z.string(),
  retail_cents: z.number().int().nullable(),
  cost_cents: z.number().int().nullable(),
  shipping_cents: z.number().int().nullable(),
  margin_cents: z.number().int().nullable(),
});
const tracking = z.object({ carrier: z.string(), number: z.string(), url: z.string().nullable() });
const item = z.object({
  title: z.string(),
  variant: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  design_id: z.string().nullable(),
  design_thumbnail_url: z.string().nullable(),
  mockup_url: z.string().nullable(),
  status: z.string().nullable(),
});
const blocked = z.object(
  Object.fromEntries(
    [...orderActions, 'edit_address'].map((action) => [action, z.string().nullable()]),
  ) as Record<(typeof orderActions)[number] | 'edit_address', z.ZodNullable<z.ZodString>>,
);

export const orderSummary = z.object({
  id: z.string(),
  provider: z.enum(orderProviders),
  source_id: z.string(),
  shop_title: z.string(),
  number: z.string(),
  provider_order_id: z.string(),
  customer: z.string(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  items: z.array(item),
  status: z.enum(orderStatuses),
  provider_status: z.string(),
  attention: z
    .object({ reason: z.enum(attentionReasons), sentence: z.string(), since: z.string() })
    .nullable(),
  money,
  tracking: z.array(tracking),
  store: z
    .object({
      store: z.enum(['shopify', 'woocommerce']),
      number: z.string(),
      financial_status: z.string().nullable(),
      fulfillment_status: z.string().nullable(),
      url: z.string().nullable(),
    })
    .nullable(),
  blocked,
  created_at: z.string(),
  updated_at: z.string(),
  shipped_at: z.string().nullable(),
});

export const orderAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string(),
  region: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  company: z.string().nullable(),
});

export const orderDetail = orderSummary.extend({
  address: orderAddress.nullable(),
  shipments: z.array(
    tracking.extend({ shipped_at: z.string().nullable(), delivered_at: z.string().nullable() }),
  ),
  timeline: z.array(
    z.object({
      at: z.string(),
      text: z.string(),
      origin: z.enum(['webhook', 'reconcile', 'import', 'action']),
    }),
  ),
  provider_url: z.string().nullable(),
  store_url: z.string().nullable(),
});

export const orderListPage = z.object({ orders: z.array(orderSummary), next_cursor: z.string().nullable() });

export const orderSummaryCounts = z.object({
  attention: z.number().int(),
  by_status: z.partialRecord(z.enum(orderStatuses), z.number().int()),
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), margin_cents: z.number().int() })),
  currency: z.string(),
});

export const orderSettings = z.object({
  digest: z.boolean({ error: 'digest must be true or false.' }),
  no_tracking_days: z
    .number({ error: 'no_tracking_days must be a number.' })
    .int({ error: 'no_tracking_days must be a whole number of days.' })
    .min(1, { error: 'no_tracking_days must be at least 1.' })
    .max(60, { error: 'no_tracking_days must be at most 60.' }),
});
export const saveOrderSettingsResponse = z.object({ message: z.string(), settings: orderSettings });

export const orderSource = z.object({
  id: z.string(),
  provider: z.enum(orderProviders),
  shop_title: z.string(),
  connected: z.boolean(),
  importing: z.boolean(),
  last_synced_at: z.string().nullable(),
  problem: z.string().nullable(),
  webhooks: z.enum(['registered', 'manual', 'off']),
  webhook_url: z.string().nullable(),
});
export const orderSourceList = z.object({ sources: z.array(orderSource) });
export const syncSourceResponse = z.object({ message: z.string(), source: orderSource });

/** A webhook receiver's path: the provider and the source's unguessable token. */
export const webhookParams = z.object({
  provider: z.enum(orderProviders),
  token: text('token').min(1).max(100),
});
/** What a provider posts: signed bytes, checked against the source's secret before anything is read. */
export const orderWebhookBody = z.record(z.string(), z.unknown());
export const orderWebhookResponse = z.object({ received: z.literal(true) });

/** The answers of the sources' calls that orders.ts' messages do not hold. */
export const orderSourceMessages = {
  syncStarted: 'Checking this shop for new and changed orders now.',
} as const;
