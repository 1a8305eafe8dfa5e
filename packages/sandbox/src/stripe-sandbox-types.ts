/**
 * The Stripe objects the sandbox keeps, as API 2026-07-29.dahlia shows them (the fields PodFlow
 * reads and their close neighbours; docs: providers/stripe.md). Times are Unix seconds.
 */

export type Metadata = Record<string, string>;

export type PriceObject = {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  product: string;
  unit_amount: number;
  type: 'recurring' | 'one_time';
  recurring: { interval: 'month' | 'year'; interval_count: number; usage_type: 'licensed' } | null;
  nickname: string | null;
  lookup_key: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
};

export type ProductObject = {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
  metadata: Metadata;
  created: number;
  livemode: false;
};

export type CouponObject = {
  id: string;
  object: 'coupon';
  name: string;
  percent_off: number;
  amount_off: null;
  currency: null;
  duration: 'once' | 'forever';
  duration_in_months: null;
  valid: boolean;
  times_redeemed: number;
  metadata: Metadata;
  created: number;
  livemode: false;
};

/** Since 2025-09-30.clover a promotion code names its coupon at `promotion.coupon`. */
export type PromotionCodeObject = {
  id: string;
  object: 'promotion_code';
  code: string;
  active: boolean;
  promotion: { type: 'coupon'; coupon: string };
  customer: null;
  expires_at: null;
  max_redemptions: null;
  times_redeemed: number;
  metadata: Metadata;
  created: number;
  livemode: false;
};

export type SessionDiscount = { coupon: string | null; promotion_code: string | null };

export type CheckoutSessionObject = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: 'subscription';
  ui_mode: 'hosted_page';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null; address: null; phone: null } | null;
  subscription: string | null;
  invoice: string | null;
  allow_promotion_codes: boolean | null;
  discounts: SessionDiscount[];
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  currency: string;
  metadata: Metadata;
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
};

export type CustomerObject = {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: null;
  metadata: Metadata;
  created: number;
  livemode: false;
};

export type SubscriptionItemObject = {
  id: string;
  object: 'subscription_item';
  price: PriceObject;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  created: number;
};

export type SubscriptionObject = {
  id: string;
  object: 'subscription';
  customer: string;
  status:
    | 'incomplete'
    | 'incomplete_expired'
    | 'trialing'
    | 'active'
    | 'past_due'
    | 'canceled'
    | 'unpaid'
    | 'paused';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | null };
  collection_method: 'charge_automatically';
  currency: string;
  items: {
    object: 'list';
    data: SubscriptionItemObject[];
    has_more: false;
    total_count: number;
    url: string;
  };
  latest_invoice: string | null;
  start_date: number;
  trial_start: number | null;
  trial_end: number | null;
  metadata: Metadata;
  created: number;
  livemode: false;
};

/** Since 2025-03-31.basil an invoice names its subscription at `parent.subscription_details.subscription`. */
export type InvoiceObject = {
  id: string;
  object: 'invoice';
  customer: string;
  customer_email: string | null;
  status: 'open' | 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  currency: string;
  subtotal: number;
  total: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  hosted_invoice_url: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Metadata };
  };
  period_start: number;
  period_end: number;
  created: number;
  livemode: false;
};

export type PortalSessionObject = {
  id: string;
  object: 'billing_portal.session';
  url: string;
  customer: string;
  return_url: string | null;
  configuration: string;
  flow: null;
  locale: null;
  on_behalf_of: null;
  created: number;
  livemode: false;
};

/** An event as created, with the exact payload delivered and how each delivery attempt went. */
export type SandboxEvent = {
  id: string;
  type: string;
  /** The JSON body posted (Stripe pretty-prints it), byte for byte. */
  payload: string;
  /** The Stripe-Signature header of the latest delivery attempt ('' before any). */
  signature: string;
  /** Each delivery attempt's HTTP status, 0 when the receiver could not be reached. */
  deliveries: number[];
};
