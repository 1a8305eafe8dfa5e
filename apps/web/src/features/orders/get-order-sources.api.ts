import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSource } from '@podflow/contract/orders';
import { api } from '../../api/client';

/** GET /orders_app/sources/: the seller's shops that orders come from. */
export async function getOrderSources(signal?: AbortSignal): Promise<OrderSource[]> {
  return (await api.get<{ sources: OrderSource[] }>('/orders_app/sources/', { signal })).sources;
}

/** The shops as query options; polled while one is importing its first orders. */
export const orderSourcesQuery = queryOptions({
  queryKey: ['orders', 'sources'],
  queryFn: ({ signal }) => getOrderSources(signal),
  refetchInterval: (query) => (query.state.data?.some((source) => source.importing) ? 5000 : false),
});

/** The seller's shops. */
export function useOrderSources() {
  return useQuery(orderSourcesQuery);
}

/** POST /orders_app/sources/:source_id/sync/: checks a shop for new and changed orders now. */
export function syncOrderSource(sourceId: string): Promise<{ message: string; source: OrderSource }> {
  return api.post(`/orders_app/sources/${encodeURIComponent(sourceId)}/sync/`);
}

/** "Sync now" as a mutation: the shop's row is the answer. */
export function useSyncOrderSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncOrderSource,
    onSuccess: (reply) =>
      queryClient.setQueryData(orderSourcesQuery.queryKey, (sources) =>
        sources?.map((source) => (source.id === reply.source.id ? reply.source : source)),
      ),
  });
}
