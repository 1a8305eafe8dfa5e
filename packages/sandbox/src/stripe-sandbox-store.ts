import { createBilling } from './stripe-sandbox-billing.ts';
import {
  type CouponSeed,
  type PriceSeed,
  type PromotionCodeSeed,
  createCatalog,
  findPromotionCodes,
  totalsOf,
} from './stripe-sandbox-catalog.ts';
import type { CheckoutInput } from './stripe-sandbox-checkout.ts';
import type {
  CheckoutSessionObject,
  CouponObject,
  CustomerObject,
  PortalSessionObject,
} from './stripe-sandbox-types.ts';
import { type WebhookSender, stripeId, unixNow } from './stripe-sandbox-webhooks.ts';

/**
 * The Stripe sandbox's state and what happens to it: sessions made by the API and completed on
 * the hosted page (customer, subscription, paid invoice, three events in order), portal sessions,
 * and (in stripe-sandbox-billing.ts) subscriptions changed in the portal or renewed.
 */

const livemode = false as const;
/** The one customer portal configuration a sandbox account has (when `portalConfigured`). */
export const portalConfigurationId = 'bpc_podflow_sandbox';

export function createStripeStore(seed: {
  prices: PriceSeed[];
  coupons: CouponSeed[];
  promotionCodes: PromotionCodeSeed[];
  baseUrl: () => string;
  webhooks: WebhookSender;
}) {
  const catalog = createCatalog(seed);
  const sessions = new Map<string, CheckoutSessionObject>();
  const customers = new Map<string, CustomerObject>();
  const portalSessions = new Map<string, PortalSessionObject>();
  /** The checked params of each session, for its page and its completion. */
  const pending = new Map<string, CheckoutInput>();
  /** Why the hosted page's last payment failed, per open session. */
  const declines = new Map<string, string>();
  const emit = seed.webhooks.emit;
  const billing = createBilling({ catalog, customers, baseUrl: seed.baseUrl, emit });

  /** Sets a session's discount and the money that follows from it. */
  function price(session: CheckoutSessionObject, input: CheckoutInput): void {
    const { subtotal, discount, total } = totalsOf(input.price, input.quantity, input.coupon);
    // A trial charges nothing today.
    const entry = input.promotionCode
      ? { coupon: null, promotion_code: input.promotionCode.id }
      : { coupon: input.coupon?.id ?? null, promotion_code: null };
    Object.assign(session, {
      discounts: input.coupon ? [entry] : [],
      amount_subtotal: subtotal,
      amount_total: input.trialPeriodDays ? 0 : total,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    });
  }

  return {
    ...catalog,
    sessions,
    customers,
    portalSessions,
    declines,
    subscriptions: billing.subscriptions,
    invoices: billing.invoices,
    updateSubscription: billing.update,
    renewSubscription: billing.renew,
    subscriptionOf: billing.subscriptionOf,
    findPromotionCodes: (code: string | undefined, active: boolean | undefined) =>
      findPromotionCodes(catalog, code, active),
    sessionInput: (id: string) => pending.get(id),

    /** A session's discount as its page shows it: the code the seller typed (or the coupon's name) and the coupon. */
    sessionDiscount(id: string): { label: string; coupon: CouponObject } | undefined {
      const input = pending.get(id);
      if (!input?.coupon) return undefined;
      return { label: input.promotionCode?.code ?? input.coupon.name, coupon: input.coupon };
    },

    /** A code typed on the hosted page (allow_promotion_codes): applies it, or false when no active code matches. */
    applyPromotionCode(sessionId: string, code: string): boolean {
      const input = pending.get(sessionId);
      const session = sessions.get(sessionId);
      const promotionCode = findPromotionCodes(catalog, code.trim(), true)[0];
      const coupon = promotionCode && catalog.coupons.get(promotionCode.promotion.coupon);
      if (!input || !session || !promotionCode || !coupon) return false;
      Object.assign(input, { promotionCode, coupon });
      price(session, input);
      return true;
    },

    /** A new open session for checked params. */
    createSession(input: CheckoutInput): CheckoutSessionObject {
      const id = stripeId('cs_test_', 58);
      const session: CheckoutSessionObject = {
        id,
        object: 'checkout.session',
        url: `${seed.baseUrl()}/c/pay/${id}`,
        mode: 'subscription',
        ui_mode: 'hosted_page',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: input.clientReferenceId ?? null,
        customer: input.customer?.id ?? null,
        customer_email: input.customerEmail ?? null,
        customer_details: null,
        subscription: null,
        invoice: null,
        allow_promotion_codes: input.allowPromotionCodes,
        discounts: [],
        amount_subtotal: 0,
        amount_total: 0,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        currency: input.price.currency,
        metadata: input.metadata,
        success_url: input.successUrl ?? null,
        cancel_url: input.cancelUrl ?? null,
        expires_at: input.expiresAt,
        created: unixNow(),
        livemode,
      };
      price(session, input);
      sessions.set(id, session);
      pending.set(id, input);
      return session;
    },

    /**
     * The hosted page's Pay button. A declined card leaves the session open with nothing created,
     * as Checkout does since API 2025-03-31.basil (the subscription only exists once payment succeeds).
     */
    completeCheckout(sessionId: string, options: { decline?: boolean; email?: string } = {}): Promise<void> {
      const session = sessions.get(sessionId);
      const input = pending.get(sessionId);
      if (!session || !input) throw new Error(`No such checkout.session: '${sessionId}'`);
      if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
      if (options.decline) {
        declines.set(sessionId, 'Your card was declined. Try another card.');
        return Promise.resolve();
      }
      declines.delete(sessionId);
      const email = options.email || input.customer?.email || input.customerEmail || null;
      let customer = input.customer;
      if (!customer) {
        customer = {
          id: stripeId('cus_', 14),
          object: 'customer',
          email,
          name: null,
          description: null,
          metadata: {},
          created: unixNow(),
          livemode,
        };
        customers.set(customer.id, customer);
      }
      const { subscription, invoice } = billing.subscribe(
        { ...input, customer, metadata: input.subscriptionMetadata },
        session.amount_total,
      );
      if (input.coupon) input.coupon.times_redeemed += 1;
      if (input.promotionCode) input.promotionCode.times_redeemed += 1;
      Object.assign(session, {
        status: 'complete',
        url: null,
        customer: customer.id,
        customer_details: { email, name: null, address: null, phone: null },
        subscription: subscription.id,
        invoice: invoice.id,
        payment_status: invoice.amount_paid > 0 ? 'paid' : 'no_payment_required',
      });
      return emit([
        { type: 'checkout.session.completed', object: session },
        { type: 'customer.subscription.created', object: subscription },
        { type: 'invoice.paid', object: invoice },
      ]);
    },

    /** POST /v1/checkout/sessions/{id}/expire. */
    expireSession(session: CheckoutSessionObject): Promise<void> {
      Object.assign(session, { status: 'expired', url: null });
      return emit([{ type: 'checkout.session.expired', object: session }]);
    },

    createPortalSession(customer: string, returnUrl: string | null): PortalSessionObject {
      const id = stripeId('bps_');
      const session: PortalSessionObject = {
        id,
        object: 'billing_portal.session',
        url: `${seed.baseUrl()}/p/session/${id}`,
        customer,
        return_url: returnUrl,
        configuration: portalConfigurationId,
        flow: null,
        locale: null,
        on_behalf_of: null,
        created: unixNow(),
        livemode,
      };
      portalSessions.set(id, session);
      return session;
    },
  };
}

export type StripeStore = ReturnType<typeof createStripeStore>;
