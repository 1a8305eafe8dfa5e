import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingRun } from '@podflow/contract/listings';
import { api } from '../../api/client';
import { createListingsKey, listingRunQuery } from './get-listing-run.api';

export interface CreatePrintifyListingsReply {
  message: string;
  run: ListingRun;
}

export interface CreateGelatoListingsReply extends CreatePrintifyListingsReply {
  created_product_ids: string[];
}

/**
 * POST /printify_app/create_printify_listings_v2/: starts a run in the background and answers at
 * once with it; `publish` publishes each product to the shop's sales channel once created.
 */
export function useCreatePrintifyListings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createListingsKey(workspaceId, 'printify'),
    mutationFn: (publish: boolean) =>
      api.post<CreatePrintifyListingsReply>('/printify_app/create_printify_listings_v2/', {
        workspace_id: workspaceId,
        publish,
      }),
    onSuccess: (reply) =>
      queryClient.setQueryData(listingRunQuery(workspaceId, 'printify').queryKey, reply.run),
  });
}

/** POST /gelato_app/create_gelato_listings/: creates the listings and answers when the run is over. */
export function useCreateGelatoListings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createListingsKey(workspaceId, 'gelato'),
    mutationFn: () =>
      api.post<CreateGelatoListingsReply>('/gelato_app/create_gelato_listings/', {
        workspace_id: workspaceId,
      }),
    onSuccess: (reply) =>
      queryClient.setQueryData(listingRunQuery(workspaceId, 'gelato').queryKey, reply.run),
  });
}
