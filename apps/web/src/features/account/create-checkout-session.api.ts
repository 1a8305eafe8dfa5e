import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';

/** What Subscribe sends: a paid plan's Stripe price id and the coupon, when one was entered. */
export interface CheckoutRequest {
  priceId: string;
  couponCode?: string;
}

/** The hosted checkout Stripe opened for it. */
export interface CheckoutSession {
  id: string;
  url: string;
}

/**
 * POST /subscription_app/create-checkout-session/: a Stripe Checkout Session for the plan. The
 * browser goes to its url; the plan changes later, when Stripe's webhook reaches the server.
 */
export function createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
  return api.post<CheckoutSession>('/subscription_app/create-checkout-session/', request);
}

/** The checkout call as a mutation. */
export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
