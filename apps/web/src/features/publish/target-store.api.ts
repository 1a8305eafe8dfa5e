import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultTargetStore, type TargetStore } from '@podflow/contract/stores';
import { api } from '../../api/client';

/** GET /printify_app/get_target_store/?workspace_id=: the store the workspace publishes to. */
export function targetStoreQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['stores', workspaceId, 'target'],
    queryFn: async ({ signal }) => {
      const reply = await api.get<{ target_store: TargetStore }>('/printify_app/get_target_store/', {
        query: { workspace_id: workspaceId },
        signal,
      });
      return reply.target_store;
    },
  });
}

/**
 * The workspace's target store and a way to change it. SPEC.md section 4: shopify while it loads,
 * when nothing is saved and when loading fails. A change shows at once and is then saved (beyond
 * the spec: the choice is remembered per workspace); the seller's choice stays shown even when a
 * load that started before the save reached the server answers the old store.
 */
export function useTargetStore(workspaceId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(targetStoreQuery(workspaceId));
  const [chosen, setChosen] = useState<{ workspaceId: string; target: TargetStore }>();
  const save = useMutation({
    mutationFn: (target: TargetStore) =>
      api.post<{ target_store: TargetStore }>('/printify_app/save_target_store/', {
        workspace_id: workspaceId,
        target_store: target,
      }),
  });

  const change = (target: TargetStore, onError: (error: unknown) => void) => {
    const { queryKey } = targetStoreQuery(workspaceId);
    // A load still under way must not put back the choice it did not know of.
    void queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData(queryKey, target);
    setChosen({ workspaceId, target });
    save.mutate(target, {
      onSuccess: () => queryClient.setQueryData(queryKey, target),
      onError: (error) => {
        setChosen(undefined);
        onError(error);
      },
    });
  };

  const shown = chosen?.workspaceId === workspaceId ? chosen.target : undefined;
  return { target: shown ?? query.data ?? defaultTargetStore, change, saving: save.isPending };
}
