import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { OrderFilters, OrderListPage } from '@podflow/contract/orders';
import { api } from '../../api/client';

/** How many orders one page brings. */
export const orderPageSize = 50;

/** GET /orders_app/orders/?<filters>&cursor=&limit=: one page of orders, newest first. */
export function getOrders(
  filters: OrderFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OrderListPage> {
  return api.get<OrderListPage>('/orders_app/orders/', {
    query: { ...filters, attention: filters.attention ? 'true' : undefined, cursor, limit: orderPageSize },
    signal,
  });
}

/** The order list of some filters as infinite query options: each "Load more" adds the next page. */
export function ordersQuery(filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: ['orders', 'list', filters],
    queryFn: ({ pageParam, signal }) => getOrders(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** The order list of some filters; idle while `enabled` is false. */
export function useOrders(filters: OrderFilters, enabled: boolean) {
  return useInfiniteQuery({ ...ordersQuery(filters), enabled });
}

/** After orders changed: the lists, counts and shops are fetched again (an open detail is left as answered). */
export function refreshOrderLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: ['orders'],
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}
