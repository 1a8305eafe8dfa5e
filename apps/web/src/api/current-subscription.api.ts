import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentSubscription } from '@podflow/contract/billing';
import { api } from './client';

/** GET /subscription_app/current-subscription/: the seller's plan, usage against it and the plans' prices. */
export function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return api.get<CurrentSubscription>('/subscription_app/current-subscription/', { signal });
}

/** The current subscription; shared by Account > Subscription and /success (which polls it). */
export const currentSubscriptionQuery = queryOptions({
  queryKey: ['subscription', 'current'],
  queryFn: ({ signal }) => getCurrentSubscription(signal),
});

/** The current subscription as a query; pass enabled false while signed out (the call needs a session). */
export function useCurrentSubscription(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentSubscriptionQuery, enabled: options.enabled ?? true });
}
