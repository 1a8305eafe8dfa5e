import { type Catalog, addInterval, totalsOf } from './stripe-sandbox-catalog.ts';
import type {
  CouponObject,
  CustomerObject,
  InvoiceObject,
  Metadata,
  PriceObject,
  SubscriptionObject,
} from './stripe-sandbox-types.ts';
import { type NewEvent, stripeId, unixNow } from './stripe-sandbox-webhooks.ts';

/**
 * Subscriptions and their invoices in the Stripe sandbox: made when a checkout completes, changed
 * as the billing portal changes them, and renewed (paid, or declined → past_due) at a period's end.
 */

export type SubscriptionChange = { cancelAtPeriodEnd?: boolean; cancelNow?: boolean; priceId?: string };

export type NewSubscription = {
  customer: CustomerObject;
  price: PriceObject;
  quantity: number;
  metadata: Metadata;
  trialPeriodDays?: number;
  /** Kept for renewals when its duration is forever. */
  coupon?: CouponObject;
};

const livemode = false as const;
const itemOf = (subscription: SubscriptionObject) => subscription.items.data[0]!;

export function createBilling(context: {
  catalog: Catalog;
  customers: Map<string, CustomerObject>;
  baseUrl: () => string;
  emit: (events: NewEvent[]) => Promise<void>;
}) {
  const { catalog, customers, emit } = context;
  const subscriptions = new Map<string, SubscriptionObject>();
  const invoices = new Map<string, InvoiceObject>();
  /** The coupon a subscription keeps for its renewals (duration forever). */
  const lastingCoupons = new Map<string, CouponObject>();

  /** An invoice of `amount` for the subscription's current period, paid or left open after a decline. */
  function newInvoice(
    subscription: SubscriptionObject,
    amount: number,
    reason: InvoiceObject['billing_reason'],
    paid: boolean,
  ): InvoiceObject {
    const id = stripeId('in_');
    const now = unixNow();
    const invoice: InvoiceObject = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      customer_email: customers.get(subscription.customer)?.email ?? null,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      currency: subscription.currency,
      subtotal: amount,
      total: amount,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      // Smart retries try a declined renewal again a few days later.
      next_payment_attempt: paid ? null : now + 3 * 24 * 3600,
      hosted_invoice_url: `${context.baseUrl()}/i/${id}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      period_start: itemOf(subscription).current_period_start,
      period_end: itemOf(subscription).current_period_end,
      created: now,
      livemode,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  function liveSubscription(id: string): SubscriptionObject {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`No such subscription: '${id}'`);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw new Error(`Subscription ${id} is ${subscription.status}`);
    }
    return subscription;
  }

  return {
    subscriptions,
    invoices,

    /** A paid-for subscription (active, or trialing with a trial), its first invoice paid for `amount`. */
    subscribe(
      input: NewSubscription,
      amount: number,
    ): { subscription: SubscriptionObject; invoice: InvoiceObject } {
      const now = unixNow();
      const trialEnd = input.trialPeriodDays ? now + input.trialPeriodDays * 24 * 3600 : null;
      const id = stripeId('sub_');
      const subscription: SubscriptionObject = {
        id,
        object: 'subscription',
        customer: input.customer.id,
        status: trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        collection_method: 'charge_automatically',
        currency: input.price.currency,
        items: {
          object: 'list',
          data: [
            {
              id: stripeId('si_', 14),
              object: 'subscription_item',
              price: structuredClone(input.price),
              quantity: input.quantity,
              subscription: id,
              current_period_start: now,
              current_period_end: trialEnd ?? addInterval(now, input.price),
              created: now,
            },
          ],
          has_more: false,
          total_count: 1,
          url: `/v1/subscription_items?subscription=${id}`,
        },
        latest_invoice: null,
        start_date: now,
        trial_start: trialEnd ? now : null,
        trial_end: trialEnd,
        metadata: { ...input.metadata },
        created: now,
        livemode,
      };
      subscriptions.set(id, subscription);
      if (input.coupon?.duration === 'forever') lastingCoupons.set(id, input.coupon);
      const invoice = newInvoice(subscription, trialEnd ? 0 : amount, 'subscription_create', true);
      return { subscription, invoice };
    },

    /** As the billing portal does: cancel at period end (or take that back), cancel now, or switch price. */
    update(id: string, change: SubscriptionChange): Promise<void> {
      const subscription = liveSubscription(id);
      const now = unixNow();
      if (change.cancelNow) {
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: now,
          ended_at: now,
          cancel_at: null,
          cancel_at_period_end: false,
          cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
        });
        return emit([{ type: 'customer.subscription.deleted', object: subscription }]);
      }
      const previous: Record<string, unknown> = {};
      if (change.priceId !== undefined && change.priceId !== itemOf(subscription).price.id) {
        const price = catalog.prices.get(change.priceId);
        if (!price || price.type !== 'recurring')
          throw new Error(`No such recurring price: '${change.priceId}'`);
        previous.items = structuredClone(subscription.items);
        itemOf(subscription).price = structuredClone(price);
      }
      const cancel = change.cancelAtPeriodEnd;
      if (cancel !== undefined && cancel !== subscription.cancel_at_period_end) {
        const { cancel_at_period_end, cancel_at, canceled_at, cancellation_details } = subscription;
        Object.assign(previous, { cancel_at_period_end, cancel_at, canceled_at, cancellation_details });
        Object.assign(subscription, {
          cancel_at_period_end: cancel,
          cancel_at: cancel ? itemOf(subscription).current_period_end : null,
          canceled_at: cancel ? now : null,
          cancellation_details: {
            comment: null,
            feedback: null,
            reason: cancel ? 'cancellation_requested' : null,
          },
        });
      }
      if (Object.keys(previous).length === 0) return Promise.resolve();
      return emit([
        { type: 'customer.subscription.updated', object: subscription, previousAttributes: previous },
      ]);
    },

    /**
     * The period ends: a subscription set to cancel ends (deleted); otherwise a renewal invoice is
     * charged: paid moves to the next period (active again if it was past_due), declined leaves
     * the subscription past_due with an open invoice and sends invoice.payment_failed.
     */
    renew(id: string, options: { decline?: boolean } = {}): Promise<void> {
      const subscription = liveSubscription(id);
      const item = itemOf(subscription);
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: 'canceled', ended_at: unixNow(), cancel_at_period_end: false });
        return emit([{ type: 'customer.subscription.deleted', object: subscription }]);
      }
      const previous: Record<string, unknown> = {
        items: structuredClone(subscription.items),
        latest_invoice: subscription.latest_invoice,
      };
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_start, item.price);
      const status = options.decline ? 'past_due' : 'active';
      if (subscription.status !== status) previous.status = subscription.status;
      subscription.status = status;
      const amount = totalsOf(item.price, item.quantity, lastingCoupons.get(id)).total;
      const invoice = newInvoice(subscription, amount, 'subscription_cycle', !options.decline);
      return emit([
        { type: 'customer.subscription.updated', object: subscription, previousAttributes: previous },
        { type: options.decline ? 'invoice.payment_failed' : 'invoice.paid', object: invoice },
      ]);
    },

    /** The customer's current subscription: the newest one still running, else the newest one. */
    subscriptionOf(customer: string): SubscriptionObject | undefined {
      const all = [...subscriptions.values()].filter((s) => s.customer === customer).reverse();
      return all.find((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired') ?? all[0];
    },
  };
}
