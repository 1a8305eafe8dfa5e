import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@podflow/contract/orders';
import { api } from '../../api/client';

/** GET /orders_app/orders/:order_id/: one order with its address, shipments and timeline. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders_app/orders/${encodeURIComponent(orderId)}/`, { signal });
}

/** One order as query options. */
export function orderQuery(orderId: string) {
  return queryOptions({
    queryKey: ['orders', 'detail', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
  });
}

/** One order; idle without an id. */
export function useOrder(orderId: string | undefined) {
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
