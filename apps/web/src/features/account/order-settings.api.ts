import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSettings } from '@podflow/contract/orders';
import { api } from '../../api/client';

/** GET /orders_app/settings/: the order digest switch and the no-tracking threshold. */
export function getOrderSettings(signal?: AbortSignal): Promise<OrderSettings> {
  return api.get<OrderSettings>('/orders_app/settings/', { signal });
}

/** PUT /orders_app/settings/: saves both, answering the sentence and what was saved. */
export function saveOrderSettings(
  settings: OrderSettings,
): Promise<{ message: string; settings: OrderSettings }> {
  return api.put('/orders_app/settings/', settings);
}

export const orderSettingsQuery = queryOptions({
  queryKey: ['orders', 'settings'],
  queryFn: ({ signal }) => getOrderSettings(signal),
});

/** The order settings. */
export function useOrderSettings() {
  return useQuery(orderSettingsQuery);
}

/** Saving the order settings: the saved values become the cached ones. */
export function useSaveOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderSettings,
    onSuccess: (reply) => queryClient.setQueryData(orderSettingsQuery.queryKey, reply.settings),
  });
}
