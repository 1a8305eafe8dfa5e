import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';

/** POST /subscription_app/billing-portal/: a link to Stripe's billing portal (cancel, change card or plan). */
export function openBillingPortal(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/subscription_app/billing-portal/');
}

/** The billing-portal call as a mutation. */
export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
