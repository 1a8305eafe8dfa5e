import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import { api } from '../../api/client';
import { isRunActive } from '../../ui/run-state';

/** How often the latest sync is polled while it is under way. */
export const syncRunPollMs = 1_000;

/** GET /printify_app/store_sync_run/?workspace_id=&store=: the workspace's latest sync to a store. */
export function syncRunQuery(workspaceId: string, store: TargetStore) {
  return queryOptions({
    queryKey: ['stores', workspaceId, 'sync-run', store],
    queryFn: async ({ signal }) => {
      const reply = await api.get<{ run: StoreSyncRun | null }>('/printify_app/store_sync_run/', {
        query: { workspace_id: workspaceId, store },
        signal,
      });
      return reply.run;
    },
    staleTime: 0,
  });
}

/**
 * The latest sync to a store, polled every second while it runs. `onFinish` is called once when a
 * run seen under way here comes to an end (not for one that had ended before the page opened).
 */
export function useSyncRun(workspaceId: string, store: TargetStore, onFinish: (run: StoreSyncRun) => void) {
  const query = useQuery({
    ...syncRunQuery(workspaceId, store),
    refetchInterval: (current) => (isRunActive(current.state.data) ? syncRunPollMs : false),
  });
  const run = query.data ?? null;

  const finished = useEffectEvent(onFinish);
  const seen = useRef<{ id: string; active: boolean } | null>(null);
  useEffect(() => {
    const before = seen.current;
    const active = isRunActive(run);
    if (run && before?.id === run.id && before.active && !active) finished(run);
    seen.current = run ? { id: run.id, active } : null;
  }, [run]);

  return { run, active: isRunActive(run), query };
}

export interface SyncReply {
  message: string;
  run: StoreSyncRun;
}

const syncPaths: Record<TargetStore, string> = {
  shopify: '/printify_app/sync_printify_shopify_metadata/',
  woocommerce: '/printify_app/sync_printify_listings_to_woocommerce/',
};

/**
 * POST sync_printify_shopify_metadata / sync_printify_listings_to_woocommerce: starts a sync in
 * the background and answers at once with its run. `keepImages` (WooCommerce only) is sent as
 * skip_mockups: the metadata is synced and the store's images stay.
 */
export function useStartSync(workspaceId: string, store: TargetStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keepImages: boolean) =>
      api.post<SyncReply>(
        syncPaths[store],
        store === 'woocommerce'
          ? { workspace_id: workspaceId, skip_mockups: keepImages }
          : { workspace_id: workspaceId },
      ),
    onSuccess: (reply) => queryClient.setQueryData(syncRunQuery(workspaceId, store).queryKey, reply.run),
  });
}
