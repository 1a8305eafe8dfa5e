import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DesignLineItem } from '@podflow/contract/designs';
import { api } from '../../api/client';

/**
 * GET /workspace/get_workarea_information/?workspace_id=: the workspace's designs with their
 * metadata. Same key and answer as the Prepare Designs list, so the two share the cache; refreshed
 * every 50 minutes like it (SPEC.md section 9) because the thumbnail links expire.
 */
export function workspaceDesignsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['designs', workspaceId],
    queryFn: ({ signal }) =>
      api.get<DesignLineItem[]>('/workspace/get_workarea_information/', {
        query: { workspace_id: workspaceId },
        signal,
      }),
    refetchInterval: 3_000_000,
  });
}

/** The designs of a workspace. */
export function useWorkspaceDesigns(workspaceId: string) {
  return useQuery(workspaceDesignsQuery(workspaceId));
}
