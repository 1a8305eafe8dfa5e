/**
 * SPEC.md's subscription part (Account > Subscription, /success, /failure, section 9's plans) on
 * Stripe: what the server answers about a seller's plan and usage, and the step's sentences.
 * Plain data and types (no zod), so the web app may import it; the schemas are in billing-calls.ts.
 */
import type { PlanId } from './plans.ts';

/** Where a subscription stands (Stripe's statuses, plus none for the free plan). */
export const subscriptionStatuses = [
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Statuses in which the subscription's plan applies (past_due: Stripe is still retrying the card). */
export const liveSubscriptionStatuses: ReadonlySet<string> = new Set<SubscriptionStatus>([
  'active',
  'trialing',
  'past_due',
]);

/** A plan as the Subscribe buttons need it: its Stripe price id (null for the free plan or when unset). */
export type PlanPrice = { plan: PlanId; price_id: string | null };

/** What the seller uses of the plan: the fullest workspace's designs, stored bytes, AI tokens this month. */
export type PlanUsage = {
  designs_in_fullest_workspace: number;
  design_slots_per_workspace: number;
  storage_bytes_used: number;
  storage_bytes: number;
  ai_tokens_used: number;
  ai_tokens_per_month: number;
};

/** GET /subscription_app/current-subscription/. */
export type CurrentSubscription = {
  subscription_plan: {
    /** SPEC reads this: the current plan's Stripe price id (null on the free plan). */
    price_id: string | null;
    plan: PlanId;
    name: string;
    status: SubscriptionStatus;
    /** The subscription ends at the period's end (cancelled in the billing portal). */
    cancel_at_period_end: boolean;
    current_period_end: string | null;
  };
  usage: PlanUsage;
  /** Every plan's price id, for the Subscribe buttons. */
  prices: PlanPrice[];
  /** False when Stripe is not configured on this server: Subscribe explains instead of failing. */
  payments_available: boolean;
  /** The seller has a Stripe customer, so the billing portal can open. */
  portal_available: boolean;
};

export const billingMessages = {
  paymentsUnavailable: 'Payments are not available on this server yet',
  couponUnknown: (code: string) =>
    `The coupon code "${code}" is not valid. Check it or leave the field empty.`,
  priceUnknown: 'Choose one of the paid plans to subscribe.',
  alreadyOnPlan: 'You are already subscribed to this plan. Use Manage billing to change or cancel it.',
  noCustomer: 'You have no billing account yet: subscribe to a plan first.',
  providerDown: 'The payment provider could not be reached. Try again in a minute.',
  successTitle: 'Subscription successful',
  failureTitle: 'Subscription failed',
  failureText: 'Please try again',
  currentPlan: 'Current Subscription',
  overLimit: 'You are over this plan’s limit: you can still read, download and delete, but not add more.',
} as const;
