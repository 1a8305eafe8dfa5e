import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GelatoInfo, ListingProvider, PrintifyInfo } from '@podflow/contract/listings';
import { api } from '../../api/client';

/** What a workspace's connection to each provider holds (its API key masked). */
export interface ConnectionOf {
  printify: PrintifyInfo;
  gelato: GelatoInfo;
}

/** What saving a connection sends, besides the workspace. */
export interface SaveConnectionBody {
  printify: { shop_id: string; apiKey: string; printify_product_id: string };
  gelato: { api_key: string; store_id: string; template_id: string };
}

const paths = {
  printify: {
    get: '/printify_app/fetch_workspace_printify_info/',
    save: '/printify_app/save_printify_template/',
  },
  gelato: {
    get: '/gelato_app/fetch_workspace_gelato_info/',
    save: '/gelato_app/save_gelato_store_config/',
  },
} as const;

/**
 * GET fetch_workspace_printify_info / fetch_workspace_gelato_info ?workspace_id=: the workspace's
 * connection to a provider, or null when it has none (the server answers an empty list).
 */
export function connectionQuery<P extends ListingProvider>(workspaceId: string, provider: P) {
  return queryOptions({
    queryKey: ['listings', workspaceId, 'connection', provider],
    queryFn: async ({ signal }) => {
      const list = await api.get<ConnectionOf[P][]>(paths[provider].get, {
        query: { workspace_id: workspaceId },
        signal,
      });
      return list[0] ?? null;
    },
  });
}

/** A workspace's connection to a provider. */
export function useConnection<P extends ListingProvider>(workspaceId: string, provider: P) {
  return useQuery(connectionQuery(workspaceId, provider));
}

/**
 * POST save_printify_template / save_gelato_store_config: checks the values with the provider and
 * stores them; the connection shown becomes the one the server answers.
 */
export function useSaveConnection<P extends ListingProvider>(workspaceId: string, provider: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveConnectionBody[P]) =>
      api.post<{ message: string; info: ConnectionOf[P] }>(paths[provider].save, {
        workspace_id: workspaceId,
        ...body,
      }),
    onSuccess: (reply) => {
      queryClient.setQueryData(connectionQuery(workspaceId, provider).queryKey, reply.info);
    },
  });
}
