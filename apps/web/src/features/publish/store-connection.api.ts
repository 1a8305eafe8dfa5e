import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopifyInfo, TargetStore, WooCommerceInfo } from '@podflow/contract/stores';
import { api } from '../../api/client';

/** What a workspace's connection to each store holds (its secrets masked). */
export interface StoreConnectionOf {
  shopify: ShopifyInfo;
  woocommerce: WooCommerceInfo;
}

/** What saving a connection sends, besides the workspace. */
export interface SaveStoreBody {
  shopify: { shopify_shop_name: string; shopify_admin_api_token: string; shopify_api_secret: string };
  woocommerce: {
    woocommerce_store_url: string;
    woocommerce_consumer_key: string;
    woocommerce_consumer_secret: string;
  };
}

const paths = {
  shopify: {
    get: '/printify_app/get_shopify_shop_info/',
    save: '/printify_app/save_shopify_shop_info/',
  },
  woocommerce: {
    get: '/printify_app/get_woocommerce_shop_info/',
    save: '/printify_app/save_woocommerce_shop_info/',
  },
} as const;

/**
 * GET get_shopify_shop_info / get_woocommerce_shop_info ?workspace_id=: the workspace's connection
 * to a store, or null when it has none (the server answers an empty list).
 */
export function storeConnectionQuery<S extends TargetStore>(workspaceId: string, store: S) {
  return queryOptions({
    queryKey: ['stores', workspaceId, 'connection', store],
    queryFn: async ({ signal }) => {
      const list = await api.get<StoreConnectionOf[S][]>(paths[store].get, {
        query: { workspace_id: workspaceId },
        signal,
      });
      return list[0] ?? null;
    },
  });
}

/** A workspace's connection to a store. */
export function useStoreConnection<S extends TargetStore>(workspaceId: string, store: S) {
  return useQuery(storeConnectionQuery(workspaceId, store));
}

/**
 * POST save_shopify_shop_info / save_woocommerce_shop_info: checks the values with the store and
 * keeps them; the connection shown becomes the one the server answers.
 */
export function useSaveStoreConnection<S extends TargetStore>(workspaceId: string, store: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveStoreBody[S]) =>
      api.post<{ message: string; info: StoreConnectionOf[S] }>(paths[store].save, {
        workspace_id: workspaceId,
        ...body,
      }),
    onSuccess: (reply) => {
      queryClient.setQueryData(storeConnectionQuery(workspaceId, store).queryKey, reply.info);
    },
  });
}
