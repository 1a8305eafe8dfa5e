import { randomUUID } from 'node:crypto';
import { type TransportOptions, ProviderError, httpClient } from './http.ts';
import type { ErrorDetail } from './provider-error.ts';

/**
 * Stripe (docs: providers/stripe.md): the calls PodFlow makes to sell its plans — a hosted Checkout
 * Session per Subscribe click, the seller's coupon code, the subscription behind a webhook, and a
 * billing portal link — plus webhook signature checks (stripe-webhook.ts, re-exported here).
 * Requests are form-encoded with Stripe's bracket keys; every POST carries an Idempotency-Key that
 * its retries reuse, so a retry after a lost answer cannot make a second session.
 */

export {
  type StripeEvent,
  type VerifyWebhookOptions,
  WebhookSignatureError,
  signWebhook,
  verifyWebhook,
} from './stripe-webhook.ts';

export type StripeSubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

/** A subscription as API 2025-03-31.basil and later show it: the billing period is per item. */
export type StripeSubscription = {
  id: string;
  customer: string;
  status: StripeSubscriptionStatus;
  /** It ends when the period does (cancelled in the billing portal). */
  cancel_at_period_end: boolean;
  cancel_at?: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  items: {
    data: { id?: string; price: { id: string }; current_period_end: number; current_period_start: number }[];
  };
  latest_invoice?: string | null;
  trial_end?: number | null;
  /** What PodFlow put in subscription_data[metadata] (e.g. the user id). */
  metadata: Record<string, string>;
};

export type StripeCheckoutSession = {
  id: string;
  /** The hosted page to send the seller to; null once complete or expired. */
  url: string | null;
  mode?: 'payment' | 'setup' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  /** paid, unpaid, or no_payment_required (a trial or a 100 % coupon). */
  payment_status: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email?: string | null;
  customer_details?: { email: string | null; name?: string | null } | null;
  /** Set once the session completes. */
  subscription: string | null;
  invoice?: string | null;
  amount_subtotal?: number | null;
  amount_total?: number | null;
  currency?: string | null;
  discounts?: { coupon: string | null; promotion_code: string | null }[];
  metadata?: Record<string, string>;
  success_url?: string | null;
  cancel_url?: string | null;
  expires_at?: number;
  created?: number;
  livemode?: boolean;
};

export type StripePortalSession = {
  id: string;
  /** A short-lived link to the billing portal. */
  url: string;
  customer?: string;
  return_url?: string | null;
};

/** A discount as a Checkout Session takes it: a promotion code's id (promo_...) or a coupon's id. */
export type StripeDiscount = { promotion_code: string } | { coupon: string };

export type CheckoutSessionInput = {
  priceId: string;
  /** PodFlow's user id, echoed on the session and its webhook. */
  clientReferenceId: string;
  /** May hold the literal {CHECKOUT_SESSION_ID}, which Stripe fills in. */
  successUrl: string;
  cancelUrl: string;
  /** An existing customer (cus_...); not with customerEmail. */
  customer?: string;
  /** Prefills the hosted page for a new customer; not with customer. */
  customerEmail?: string;
  discount?: StripeDiscount;
  /** Put on the subscription (subscription_data[metadata]) and on the session (metadata). */
  metadata?: Record<string, string>;
};

export type StripeClientOptions = TransportOptions & {
  secretKey: string;
  /** Default https://api.stripe.com. */
  baseUrl?: string;
  /** The Stripe-Version header; default '2026-07-29.dahlia'. */
  apiVersion?: string;
};

export type StripeClient = ReturnType<typeof stripeClient>;

/** The API version PodFlow is written against (stripe-node's pin at the time). */
export const stripeApiVersion = '2026-07-29.dahlia';

/** Stripe's error body `{ error: { message, code, type } }`: the message, else the code; the code, else the type. */
export function readStripeError(body: unknown): ErrorDetail {
  if (typeof body === 'string') return { reason: body.trim() || undefined };
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const code = text(error.code) ?? text(error.type);
  return { reason: text(error.message) ?? text(error.code), code };
}

/** A Stripe client on the shared HTTP helper (Bearer auth, Stripe-Version, form bodies, idempotency keys). */
export function stripeClient(options: StripeClientOptions) {
  const {
    secretKey,
    baseUrl = 'https://api.stripe.com',
    apiVersion = stripeApiVersion,
    ...transport
  } = options;
  const http = httpClient({
    ...transport,
    provider: 'Stripe',
    baseUrl,
    headers: { Authorization: `Bearer ${secretKey}`, 'Stripe-Version': apiVersion },
    secretValues: [secretKey],
    readError: readStripeError,
  });
  /** A POST with a fresh key per call: its retries (5xx, timeouts included) send the same key, so Stripe answers them with the first result. */
  const post = <T>(path: string, form: Record<string, string>) =>
    http.request<T>('POST', path, { form, headers: { 'Idempotency-Key': randomUUID() }, idempotent: true });
  const get = <T>(path: string, query?: Record<string, string>) => http.request<T>('GET', path, { query });

  return {
    /**
     * POST /v1/checkout/sessions, mode=subscription, one line item; discount as discounts[0][promotion_code]
     * or [coupon]; customer or customer_email (never both); client_reference_id; success_url / cancel_url;
     * subscription_data[metadata]; an Idempotency-Key per call (retries reuse it).
     */
    createCheckoutSession(input: CheckoutSessionInput): Promise<StripeCheckoutSession> {
      const form: Record<string, string> = {
        mode: 'subscription',
        'line_items[0][price]': input.priceId,
        'line_items[0][quantity]': '1',
        client_reference_id: input.clientReferenceId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      };
      if (input.customer !== undefined) form.customer = input.customer;
      else if (input.customerEmail !== undefined) form.customer_email = input.customerEmail;
      if (input.discount && 'promotion_code' in input.discount) {
        form['discounts[0][promotion_code]'] = input.discount.promotion_code;
      } else if (input.discount) {
        form['discounts[0][coupon]'] = input.discount.coupon;
      }
      for (const [key, value] of Object.entries(input.metadata ?? {})) {
        form[`metadata[${key}]`] = value;
        form[`subscription_data[metadata][${key}]`] = value;
      }
      return post<StripeCheckoutSession>('/v1/checkout/sessions', form);
    },

    /**
     * A code a seller typed: an active promotion code with that code (GET /v1/promotion_codes?code=&active=true),
     * else a coupon with that id (GET /v1/coupons/{id}, 404 → none); undefined when neither exists.
     */
    async findDiscount(code: string): Promise<StripeDiscount | undefined> {
      const typed = code.trim();
      if (typed === '') return undefined;
      const promotions = await get<{ data: { id: string }[] }>('/v1/promotion_codes', {
        code: typed,
        active: 'true',
      });
      const promotion = promotions.data[0];
      if (promotion) return { promotion_code: promotion.id };
      try {
        const coupon = await get<{ id: string; valid?: boolean }>(`/v1/coupons/${segment(typed)}`);
        return coupon.valid === false ? undefined : { coupon: coupon.id };
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return undefined;
        throw error;
      }
    },

    retrieveSubscription: (id: string) => get<StripeSubscription>(`/v1/subscriptions/${segment(id)}`),

    retrieveCheckoutSession: (id: string) =>
      get<StripeCheckoutSession>(`/v1/checkout/sessions/${segment(id)}`),

    /** A billing portal link for the customer, coming back to `returnUrl`. */
    createPortalSession: (input: { customer: string; returnUrl: string }) =>
      post<StripePortalSession>('/v1/billing_portal/sessions', {
        customer: input.customer,
        return_url: input.returnUrl,
      }),
  };
}

function segment(id: string): string {
  return encodeURIComponent(id);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
