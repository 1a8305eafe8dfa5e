import { billingMessages, type CurrentSubscription } from '@podflow/contract/billing';
import type { Plan } from '@podflow/contract/plans';

/** What a plan card offers at its foot. */
export type PlanOffer =
  /** The subscription is still loading. */
  | { kind: 'loading' }
  /** Nothing to offer (the subscription could not be loaded). */
  | { kind: 'none' }
  /** Subscribe: starts checkout with this price, or sends a signed-out visitor to /login (priceId null). */
  | { kind: 'subscribe'; priceId: string | null }
  /** Subscribe cannot be used, and why. */
  | { kind: 'unavailable'; reason: string }
  /** The seller's plan. */
  | { kind: 'current'; subscription: CurrentSubscription['subscription_plan'] }
  /** A sentence instead of a button: the free plan, or a change that goes through the billing portal. */
  | { kind: 'note'; text: string };

/** What the card of `plan` offers, given the session and (when signed in) the loaded subscription. */
export function offerFor(
  plan: Plan,
  state: { signedIn: boolean; subscription: CurrentSubscription | undefined; failed: boolean },
): PlanOffer {
  const free = plan.priceUsd === 0;
  if (!state.signedIn) {
    return free ? { kind: 'note', text: 'Free with every account' } : { kind: 'subscribe', priceId: null };
  }
  const { subscription } = state;
  if (!subscription) return state.failed ? { kind: 'none' } : { kind: 'loading' };
  const mine = subscription.subscription_plan;
  if (mine.plan === plan.id) return { kind: 'current', subscription: mine };
  if (mine.plan !== 'starter') {
    // One subscription at a time: moving down or across goes through Stripe's billing portal.
    return {
      kind: 'note',
      text: free
        ? `To move to ${plan.name}, cancel your plan in Manage billing.`
        : `To switch to ${plan.name}, use Manage billing.`,
    };
  }
  if (free) return { kind: 'note', text: 'Free with every account' };
  if (!subscription.payments_available)
    return { kind: 'unavailable', reason: billingMessages.paymentsUnavailable };
  const priceId = subscription.prices.find((price) => price.plan === plan.id)?.price_id ?? null;
  if (!priceId) return { kind: 'unavailable', reason: `${plan.name} cannot be bought on this server yet` };
  return { kind: 'subscribe', priceId };
}
