import { z } from 'zod';
import { errorBody } from './errors.ts';
import { idField, text } from './fields.ts';
import { orderActions, orderMessages, productionProviders } from './orders.ts';
import { orderDetail } from './orders-calls.ts';

/**
 * The zod schemas of the order actions (issue 23): one order's send to production, cancel, retry
 * and address edit, bulk runs, and the manual order with its quote. The web app uses the plain
 * types of orders.ts; the answers here are those types.
 */

/** Gelato's limits on a recipient (providers/orders.md "Create"): Printify takes longer values. */
export const gelatoAddressLimits = { name: 25, address: 35, city: 30, zip: 15 } as const;
/** The countries where Gelato needs a state (and PodFlow asks for one whatever the provider). */
export const statesRequiredIn = ['US', 'CA', 'AU'] as const;

const line = (label: string, max: number) =>
  text(label)
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });
const optionalLine = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An address a seller types: each field says what is wrong with it. The bounds are generous
 * (Printify's); a Gelato order is checked against Gelato's shorter ones by the server.
 */
export const orderAddressInput = z
  .object({
    first_name: line('First name', 100),
    last_name: line('Last name', 100),
    email: z
      .email({ error: 'E-mail must be an e-mail address.' })
      .max(254, { error: 'E-mail must be at most 254 characters.' })
      .or(z.literal(''))
      .nullish()
      .transform((value) => value || null),
    phone: optionalLine('Phone', 40),
    country: text('Country')
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter ISO code, like US or DE.' }),
    region: optionalLine('State or region', 100),
    address1: line('Address', 200),
    address2: optionalLine('Address line 2', 200),
    city: line('City', 100),
    zip: line('Post code', 40),
    company: optionalLine('Company', 100),
  })
  .superRefine((address, context) => {
    if ((statesRequiredIn as readonly string[]).includes(address.country) && !address.region) {
      context.addIssue({
        code: 'custom',
        path: ['region'],
        message: `State or region is required for an address in ${address.country}.`,
      });
    }
  });

export const orderActionResponse = z.object({ message: z.string(), order: orderDetail });
export const addressRequest = z.object({ address: orderAddressInput });
/** A refusal of an action: the sentence, the provider's own words, and the order read again. */
export const orderActionRefusal = errorBody
  .extend({ provider_detail: z.string().nullable().optional(), order: orderDetail.optional() })
  .meta({ id: 'OrderActionRefusal' });

export const orderRunItem = z.object({
  order_id: z.string(),
  number: z.string(),
  status: z.enum(['pending', 'done', 'refused', 'failed']),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
});
export const orderRun = z
  .object({
    id: z.string(),
    action: z.enum(orderActions),
    status: z.enum(['Pending', 'In Progress', 'Completed', 'Failed']),
    total: z.number().int(),
    done: z.number().int(),
    refused: z.number().int(),
    failed: z.number().int(),
    items: z.array(orderRunItem),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'OrderRun' });

export const startRunRequest = z.object({
  action: z.enum(orderActions, { error: "action must be 'send_to_production', 'cancel' or 'retry'." }),
  order_ids: z
    .array(idField('order_id'), { error: 'order_ids must be a list of order ids.' })
    .min(1, { error: orderMessages.bulkEmpty })
    .max(500, { error: orderMessages.bulkTooMany }),
});
export const startRunResponse = z.object({ message: z.string(), run: orderRun });
export const runIdParams = z.object({ run_id: idField('run_id') });

export const manualProductsQuery = z.object({ design_id: idField('design_id') });
export const manualOrderProduct = z
  .object({
    provider: z.enum(productionProviders),
    source_id: z.string(),
    shop_title: z.string(),
    product_id: z.string(),
    title: z.string(),
    variants: z.array(z.object({ id: z.string(), title: z.string(), cost_cents: z.number().nullable() })),
  })
  .meta({ id: 'ManualOrderProduct' });
export const manualProductsResponse = z.object({ products: z.array(manualOrderProduct) });

const manualFields = {
  source_id: idField('source_id'),
  design_id: idField('design_id'),
  product_id: idField('product_id'),
  variant_id: idField('variant_id'),
  quantity: z
    .number({ error: 'Quantity must be a number.' })
    .int({ error: 'Quantity must be a whole number.' })
    .min(1, { error: 'Quantity must be at least 1.' })
    .max(100, { error: 'Quantity must be at most 100.' }),
  address: orderAddressInput,
};
export const quoteRequest = z.object(manualFields);
export const shippingQuote = z
  .object({
    items_cents: z.number().nullable(),
    options: z.array(
      z.object({
        method: z.string(),
        name: z.string(),
        price_cents: z.number(),
        currency: z.string(),
        min_days: z.number().nullable(),
        max_days: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'ShippingQuote' });
export const manualOrderRequest = z.object({
  ...manualFields,
  shipping_method: text('shipping_method')
    .trim()
    .min(1, { error: 'Choose a shipping option.' })
    .max(100, { error: 'Choose a shipping option.' }),
});
