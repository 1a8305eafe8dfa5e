import {
  type StripeError,
  invalidParam,
  missingParam,
  noSuch,
  onlyOneOf,
  stripeError,
  unknownParam,
} from './stripe-sandbox-errors.ts';
import { type Param, type Params, isParams, textOf } from './stripe-sandbox-form.ts';
import type {
  CouponObject,
  CustomerObject,
  Metadata,
  PriceObject,
  PromotionCodeObject,
} from './stripe-sandbox-types.ts';

/**
 * What POST /v1/checkout/sessions accepts in subscription mode (docs: providers/stripe.md) and
 * what it refuses, with Stripe's 400 bodies: unknown parameters, the two mutual exclusions, a
 * missing or unknown price, a one-time price, unknown coupons, promotion codes and customers.
 */

export type CheckoutInput = {
  price: PriceObject;
  quantity: number;
  coupon?: CouponObject;
  promotionCode?: PromotionCodeObject;
  customer?: CustomerObject;
  customerEmail?: string;
  clientReferenceId?: string;
  successUrl?: string;
  cancelUrl?: string;
  allowPromotionCodes: boolean | null;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  trialPeriodDays?: number;
  expiresAt: number;
};

export type Lookups = {
  prices: Map<string, PriceObject>;
  coupons: Map<string, CouponObject>;
  promotionCodes: Map<string, PromotionCodeObject>;
  customers: Map<string, CustomerObject>;
};

type Checked<T> = { ok: true; value: T } | { ok: false; error: StripeError };

const allowed = {
  mode: true,
  line_items: true,
  success_url: true,
  cancel_url: true,
  client_reference_id: true,
  customer: true,
  customer_email: true,
  discounts: true,
  allow_promotion_codes: true,
  metadata: true, // any keys, checked below
  subscription_data: ['metadata', 'trial_period_days', 'description'],
  expires_at: true,
  ui_mode: true,
  // Accepted and ignored: they change nothing the sandbox shows.
  locale: true,
  billing_address_collection: true,
  payment_method_types: true,
  payment_method_collection: true,
  automatic_tax: true,
  tax_id_collection: true,
  customer_update: true,
  consent_collection: true,
  expand: true,
} as const satisfies Record<string, readonly string[] | boolean>;

const fail = (error: StripeError) => ({ ok: false as const, error });

/** Checks a create request's params against the sandbox's objects. */
export function checkCheckoutSession(params: Params, lookups: Lookups, now: number): Checked<CheckoutInput> {
  const unknown = unknownParam(params, allowed);
  if (unknown) return fail(unknown);
  if (params.allow_promotion_codes !== undefined && params.discounts !== undefined) {
    return fail(onlyOneOf('allow_promotion_codes', 'discounts'));
  }
  if (params.customer !== undefined && params.customer_email !== undefined) {
    return fail(onlyOneOf('customer', 'customer_email'));
  }
  const mode = textOf(params.mode);
  if (mode === undefined) return fail(missingParam('mode'));
  if (!['payment', 'setup', 'subscription'].includes(mode)) {
    return fail(invalidParam('mode', `Invalid mode: must be one of payment, setup, or subscription`));
  }
  if (mode !== 'subscription') {
    return fail(stripeError(400, 'The Stripe sandbox only supports mode=subscription.', { param: 'mode' }));
  }

  const item = checkLineItem(params.line_items, lookups.prices);
  if (!item.ok) return item;

  let customer: CustomerObject | undefined;
  const customerId = textOf(params.customer);
  if (params.customer !== undefined) {
    customer = customerId === undefined ? undefined : lookups.customers.get(customerId);
    if (!customer) return fail(noSuch('customer', String(customerId ?? ''), 'customer'));
  }
  const customerEmail = textOf(params.customer_email);
  if (params.customer_email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail ?? '')) {
    return fail(invalidParam('customer_email', `Invalid email address: ${customerEmail ?? ''}`));
  }

  const discount = checkDiscounts(params.discounts, lookups);
  if (!discount.ok) return discount;

  const urls: Record<string, string | undefined> = {};
  for (const param of ['success_url', 'cancel_url']) {
    const url = params[param];
    if (url === undefined) continue;
    if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:/i.test(url)) {
      return fail(invalidParam(param, 'Not a valid URL'));
    }
    urls[param] = url;
  }

  const clientReferenceId = textOf(params.client_reference_id);
  if (clientReferenceId !== undefined && clientReferenceId.length > 200) {
    return fail(invalidParam('client_reference_id', 'Invalid string: must be at most 200 characters long'));
  }

  const flags = checkFlags(params, now);
  if (!flags.ok) return flags;
  const metadata = checkMetadata(params.metadata, 'metadata');
  if (!metadata.ok) return metadata;
  const subscriptionData = isParams(params.subscription_data) ? params.subscription_data : {};
  const subscriptionMetadata = checkMetadata(subscriptionData.metadata, 'subscription_data[metadata]');
  if (!subscriptionMetadata.ok) return subscriptionMetadata;
  const trial = optionalInteger(subscriptionData.trial_period_days, 'subscription_data[trial_period_days]');
  if (!trial.ok) return trial;
  if (trial.value !== undefined && (trial.value < 1 || trial.value > 730)) {
    const message = 'The trial period must be between 1 and 730 days.';
    return fail(invalidParam('subscription_data[trial_period_days]', message));
  }

  return {
    ok: true,
    value: {
      ...item.value,
      ...discount.value,
      ...flags.value,
      ...(customer && { customer }),
      ...(customerEmail !== undefined && { customerEmail }),
      ...(clientReferenceId !== undefined && { clientReferenceId }),
      ...(urls.success_url !== undefined && { successUrl: urls.success_url }),
      ...(urls.cancel_url !== undefined && { cancelUrl: urls.cancel_url }),
      metadata: metadata.value,
      subscriptionMetadata: subscriptionMetadata.value,
      ...(trial.value !== undefined && { trialPeriodDays: trial.value }),
    },
  };
}

function checkLineItem(
  lineItems: Param | undefined,
  prices: Map<string, PriceObject>,
): Checked<{ price: PriceObject; quantity: number }> {
  if (lineItems === undefined) return fail(missingParam('line_items'));
  if (!Array.isArray(lineItems) || lineItems.length === 0 || !lineItems.every(isParams)) {
    return fail(invalidParam('line_items', 'Invalid array'));
  }
  if (lineItems.length > 1) {
    return fail(stripeError(400, 'The Stripe sandbox takes one line item.', { param: 'line_items' }));
  }
  const [item = {}] = lineItems as Params[];
  const unknown = unknownParam(item, { price: true, quantity: true, price_data: true }, 'line_items[0]');
  if (unknown) return fail(unknown);
  if (item.price_data !== undefined) {
    const message = 'The Stripe sandbox takes prices by id; price_data is not supported.';
    return fail(stripeError(400, message, { param: 'line_items[0][price_data]' }));
  }
  const priceId = textOf(item.price);
  if (priceId === undefined) return fail(missingParam('line_items[0][price]'));
  const price = prices.get(priceId);
  if (!price) return fail(noSuch('price', priceId, 'line_items[0][price]'));
  if (price.type !== 'recurring') {
    const message = 'You must provide at least one recurring price in `subscription` mode when using prices.';
    return fail(stripeError(400, message, { param: 'line_items' }));
  }
  if (item.quantity === undefined) {
    const message = 'Quantity is required. Add `quantity` to `line_items[0]`';
    return fail(stripeError(400, message, { code: 'parameter_missing', param: 'line_items[0][quantity]' }));
  }
  const quantity = optionalInteger(item.quantity, 'line_items[0][quantity]');
  if (!quantity.ok) return quantity;
  if (!quantity.value || quantity.value < 1) {
    return fail(invalidParam('line_items[0][quantity]', 'Quantity must be at least 1.'));
  }
  return { ok: true, value: { price, quantity: quantity.value } };
}

function checkDiscounts(
  discounts: Param | undefined,
  lookups: Lookups,
): Checked<{ coupon?: CouponObject; promotionCode?: PromotionCodeObject }> {
  if (discounts === undefined) return { ok: true, value: {} };
  if (!Array.isArray(discounts) || !discounts.every(isParams)) {
    return fail(invalidParam('discounts', 'Invalid array'));
  }
  if (discounts.length > 1) {
    return fail(stripeError(400, 'You may only specify one discount.', { param: 'discounts' }));
  }
  const [entry] = discounts as Params[];
  if (!entry) return { ok: true, value: {} };
  const unknown = unknownParam(entry, { coupon: true, promotion_code: true }, 'discounts[0]');
  if (unknown) return fail(unknown);
  if (entry.coupon !== undefined && entry.promotion_code !== undefined) {
    return fail(onlyOneOf('discounts[0][coupon]', 'discounts[0][promotion_code]'));
  }
  const couponId = textOf(entry.coupon);
  if (entry.coupon !== undefined) {
    const coupon = couponId === undefined ? undefined : lookups.coupons.get(couponId);
    if (!coupon) return fail(noSuch('coupon', couponId ?? '', 'discounts[0][coupon]'));
    return { ok: true, value: { coupon } };
  }
  const promotionId = textOf(entry.promotion_code);
  if (entry.promotion_code !== undefined) {
    const promotionCode = promotionId === undefined ? undefined : lookups.promotionCodes.get(promotionId);
    if (!promotionCode)
      return fail(noSuch('promotion code', promotionId ?? '', 'discounts[0][promotion_code]'));
    if (!promotionCode.active) {
      const message = `This promotion code is not active: '${promotionCode.code}'`;
      return fail(invalidParam('discounts[0][promotion_code]', message));
    }
    const coupon = lookups.coupons.get(promotionCode.promotion.coupon);
    return { ok: true, value: { promotionCode, ...(coupon && { coupon }) } };
  }
  return { ok: true, value: {} };
}

function checkFlags(
  params: Params,
  now: number,
): Checked<{ allowPromotionCodes: boolean | null; expiresAt: number }> {
  let allowPromotionCodes: boolean | null = null;
  if (params.allow_promotion_codes !== undefined) {
    const flag = textOf(params.allow_promotion_codes);
    if (flag !== 'true' && flag !== 'false') {
      return fail(invalidParam('allow_promotion_codes', `Invalid boolean: ${String(flag ?? '')}`));
    }
    allowPromotionCodes = flag === 'true';
  }
  const expires = optionalInteger(params.expires_at, 'expires_at');
  if (!expires.ok) return expires;
  const expiresAt = expires.value ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    const message =
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.';
    return fail(invalidParam('expires_at', message));
  }
  if (params.ui_mode !== undefined && !['hosted', 'hosted_page'].includes(textOf(params.ui_mode) ?? '')) {
    return fail(stripeError(400, 'The Stripe sandbox only serves the hosted page.', { param: 'ui_mode' }));
  }
  return { ok: true, value: { allowPromotionCodes, expiresAt } };
}

function checkMetadata(value: Param | undefined, param: string): Checked<Metadata> {
  if (value === undefined || value === '') return { ok: true, value: {} };
  if (!isParams(value)) return fail(invalidParam(param, 'Invalid hash'));
  const entries = Object.entries(value);
  for (const [key, inner] of entries) {
    if (typeof inner !== 'string') return fail(invalidParam(`${param}[${key}]`, 'Invalid string'));
    if (key.length > 40 || inner.length > 500) {
      const message = 'Metadata keys are at most 40 characters and values at most 500.';
      return fail(invalidParam(`${param}[${key}]`, message));
    }
  }
  if (entries.length > 50) return fail(invalidParam(param, 'Metadata holds at most 50 keys.'));
  return { ok: true, value: Object.fromEntries(entries) as Metadata };
}

function optionalInteger(value: Param | undefined, param: string): Checked<number | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    return fail(invalidParam(param, `Invalid integer: ${typeof value === 'string' ? value : 'a hash'}`));
  }
  return { ok: true, value: Number(value) };
}
