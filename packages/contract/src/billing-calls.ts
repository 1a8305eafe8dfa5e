import { z } from 'zod';
import { subscriptionStatuses } from './billing.ts';
import { text } from './fields.ts';

/** The zod schemas of the subscription calls, for the server's validation and OpenAPI document. */

const planId = z.enum(['starter', 'basic', 'premium']);

export const planUsage = z.object({
  designs_in_fullest_workspace: z.number().int(),
  design_slots_per_workspace: z.number().int(),
  storage_bytes_used: z.number(),
  storage_bytes: z.number(),
  ai_tokens_used: z.number().int(),
  ai_tokens_per_month: z.number().int(),
});

export const currentSubscription = z
  .object({
    subscription_plan: z.object({
      price_id: z.string().nullable(),
      plan: planId,
      name: z.string(),
      status: z.enum(subscriptionStatuses),
      cancel_at_period_end: z.boolean(),
      current_period_end: z.string().nullable(),
    }),
    usage: planUsage,
    prices: z.array(z.object({ plan: planId, price_id: z.string().nullable() })),
    payments_available: z.boolean(),
    portal_available: z.boolean(),
  })
  .meta({ id: 'CurrentSubscription' });

export const checkoutRequest = z.object({
  priceId: text('priceId').trim().min(1, { error: 'priceId is required.' }).max(200),
  couponCode: z
    .string()
    .trim()
    .max(200, { error: 'The coupon code is too long.' })
    .optional()
    .transform((code) => code || undefined),
});
export const checkoutResponse = z.object({ id: z.string(), url: z.string() });
export const portalResponse = z.object({ url: z.string() });
export const webhookResponse = z.object({ received: z.boolean() });
