import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OrderAction, OrderRun } from '@podflow/contract/orders';
import { api } from '../../api/client';
import { newRequestKey } from '../../api/request-key';

/** How often a running bulk action is asked how far it got. */
export const runPollMs = 1000;

/**
 * POST /orders_app/runs/ {action, order_ids}: a bulk action on the job queue, answered at once with
 * its run. The Idempotency-Key makes a repeated call (a retry after a lost answer) start nothing new.
 */
export function startOrderRun(
  action: OrderAction,
  orderIds: string[],
  requestKey: string,
): Promise<{ message: string; run: OrderRun }> {
  return api.post('/orders_app/runs/', { action, order_ids: orderIds }, { idempotencyKey: requestKey });
}

/** GET /orders_app/runs/:run_id/: a bulk action's progress, order by order. */
export function getOrderRun(runId: string, signal?: AbortSignal): Promise<OrderRun> {
  return api.get<OrderRun>(`/orders_app/runs/${encodeURIComponent(runId)}/`, { signal });
}

/** Whether a run is still going. */
export function runOpen(run: OrderRun): boolean {
  return run.status === 'Pending' || run.status === 'In Progress';
}

/** A run's progress as query options: polled every second until it finishes. */
export function orderRunQuery(runId: string) {
  return queryOptions({
    queryKey: ['order-runs', runId],
    queryFn: ({ signal }) => getOrderRun(runId, signal),
    refetchInterval: (query) => (query.state.data && !runOpen(query.state.data) ? false : runPollMs),
    staleTime: 0,
  });
}

/** A run's progress; idle without one. */
export function useOrderRun(runId: string | null) {
  return useQuery({ ...orderRunQuery(runId ?? ''), enabled: runId !== null });
}

/** Starting a bulk action as a mutation; one request key per selection and action, so a retry repeats it. */
export function useStartOrderRun() {
  return useMutation({
    mutationFn: ({
      action,
      orderIds,
      requestKey,
    }: {
      action: OrderAction;
      orderIds: string[];
      requestKey?: string;
    }) => startOrderRun(action, orderIds, requestKey ?? newRequestKey()),
  });
}
