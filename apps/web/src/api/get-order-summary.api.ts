import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummaryCounts } from '@podflow/contract/orders';
import { api } from './client';

/** GET /orders_app/summary/: the attention count, the counts per status and the last 30 days. */
export function getOrderSummary(signal?: AbortSignal): Promise<OrderSummaryCounts> {
  return api.get<OrderSummaryCounts>('/orders_app/summary/', { signal });
}

/**
 * The order counts as query options, under the Orders screen's key (['orders', …]) so whatever
 * refreshes the orders refreshes them too; shared by the top bar's badge and the dashboard strip.
 */
export const orderSummaryQuery = queryOptions({
  queryKey: ['orders', 'summary'],
  queryFn: ({ signal }) => getOrderSummary(signal),
  // Orders change on their own (webhooks, the reconcile): a minute-old count is fine for a badge.
  refetchInterval: 60_000,
});

/** The order counts; idle while `enabled` is false (signed out). */
export function useOrderSummary(enabled = true) {
  return useQuery({ ...orderSummaryQuery, enabled });
}
